// PLACEHOLDER (replaced by the cart helper): cart-*, giftcard, sales, salecancellationrequest.
import type { Handlers } from '../context.js';
export const cartHandlers: Handlers = {};
