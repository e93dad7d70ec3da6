/**
 * Actors of gift cards: checking a card by its redemption code (GET /activity/giftcard)
 * and adding a gift card bought to the cart (POST /ShoppingCart/Add with a GiftCards
 * item). Redeeming a card reuses the selection actors and `addToCart` (the draft's
 * `giftCard` marker sets GiftCardIdentifier).
 */
import type { Lang } from '#src/domain/lang.js';
import type { Cart, GiftCardCheck, GiftCardPurchase } from '../types.js';
import type { AddToCartOutput } from './cart.js';
import { notProvided } from './not-provided.js';

export interface CheckGiftCardInput {
  code: string;
  language: Lang;
}

export interface AddGiftCardInput {
  cart: Cart;
  purchase: GiftCardPurchase;
  language: Lang;
  /** The cart is reserved now: the reservation is released before adding. */
  reserved: boolean;
}

export const giftCardActors = {
  /**
   * The card, with the first visit date still open for exchange per product; a code the
   * service does not know (an error envelope) rejects with a Refusal saying so.
   */
  checkGiftCard: notProvided<GiftCardCheck, CheckGiftCardInput>('checkGiftCard'),
  /** Add of the GiftCards item; resolves with the cart and the card's line. */
  addGiftCard: notProvided<AddToCartOutput, AddGiftCardInput>('addGiftCard'),
};
