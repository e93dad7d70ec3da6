/**
 * Gift cards (steps/giftcards): one being bought, a code being checked and redeemed, and
 * the events of their steps.
 */
import type { IsoDate } from '#src/domain/time.js';

export interface GiftCardFlow {
  buying?: GiftCardPurchase;
  /** The code being checked (typed, or checked again after a refused Add). */
  code?: string;
  check?: GiftCardCheck;
}

/** What the buyer types for a gift card: the message, the recipient's name and e-mail. */
export type GiftCardTextField = 'message' | 'name' | 'email';

/** A gift card being bought: its products (one provider) and who it is for. */
export interface GiftCardPurchase {
  products: { productId: string; providerId: string }[];
  message?: string;
  recipientName?: string;
  recipientEmail?: string;
}

/** A gift card as GET /activity/giftcard described it. */
export interface GiftCardCheck {
  code: string;
  exchanged: boolean;
  /** HoursInAdvanceOfGiftCardExchange: hours before 00:00 of the day after the visit. */
  hoursInAdvance?: number;
  /** The purchaser's message. */
  message?: string;
  /** Who the card is for (the check's Client). */
  holder?: string;
  products: GiftCardProduct[];
}

/** A product a gift card gives, as the check named it. */
export interface GiftCardProduct {
  productId: string;
  name: string;
  /** Currency of the product's prices (the redemption line is 0 in it). */
  currency: string;
  /** The first visit date whose exchange was still open when the card was checked. */
  firstDate?: IsoDate;
  /** The provider takes no access date (DemandAccessDate false): the purchase date only. */
  purchaseDateOnly?: boolean;
}

/** The marker of a draft that redeems a gift card. */
export interface GiftCardRedemption {
  code: string;
  hoursInAdvance?: number;
  firstDate?: IsoDate;
  currency: string;
}

export type GiftCardEvent =
  /** Gift cards (steps/giftcards): the menu, buying one, redeeming one. */
  | { type: 'giftcard.menu' }
  /** `amount`: a card of an amount was asked for ("una tarjeta regalo de 50 euros"). */
  | { type: 'giftcard.buy'; amount?: number }
  /** `code`: the code a message gave with the wish to redeem ("el código es …"). */
  | { type: 'giftcard.redeem'; code?: string }
  | { type: 'giftcard.toggle'; productId: string; providerId: string }
  | { type: 'giftcard.next' }
  | { type: 'giftcard.text'; field: GiftCardTextField; value: string }
  | { type: 'giftcard.skip' }
  | { type: 'giftcard.add' }
  | { type: 'giftcard.code'; code: string }
  | { type: 'giftcard.use' }
  | { type: 'giftcard.another' };
