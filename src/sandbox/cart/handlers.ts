/**
 * The cart area's operations: the cart (Add, Remove, Confirm, CancelConfirm, Sale), the
 * gift card check, the sale list and the cancellation request list.
 */
import type { Handlers } from '../context.js';
import { saleCancellationRequestsHandler } from './cancellation-requests.js';
import { cartAddHandler, cartRemoveHandler } from './edit.js';
import { giftCardHandler } from './gift-cards.js';
import { cartCancelConfirmHandler, cartConfirmHandler } from './reservation.js';
import { cartSaleHandler } from './sale.js';
import { salesHandler } from './sales-list.js';

export const cartHandlers: Handlers = {
  'cart-add': cartAddHandler,
  'cart-remove': cartRemoveHandler,
  'cart-confirm': cartConfirmHandler,
  'cart-cancelconfirm': cartCancelConfirmHandler,
  'cart-sale': cartSaleHandler,
  giftcard: giftCardHandler,
  sales: salesHandler,
  salecancellationrequest: saleCancellationRequestsHandler,
};
