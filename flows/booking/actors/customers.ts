/** A customer's details remembered with their consent (src/conversation/customer-memory.ts). */
import type { ClientDetails } from '../types.js';
import { notProvided } from './not-provided.js';

export const customerActors = {
  /** The details this chat asked to be remembered, if any. */
  recallCustomer: notProvided<ClientDetails | null, { userKey: string }>('recallCustomer'),
  /** Remembers the buyer's details for the next purchase (the customer said yes). */
  rememberCustomer: notProvided<void, { userKey: string; client: ClientDetails }>(
    'rememberCustomer',
  ),
  /**
   * Erases what was remembered (/forget); gives a new ShoppingCartId, for the cart that
   * follows (the one the conversation had held answers, and goes).
   */
  forgetCustomer: notProvided<{ nextShoppingCartId: string }, { userKey: string }>(
    'forgetCustomer',
  ),
};
