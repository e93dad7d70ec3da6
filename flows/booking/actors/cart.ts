/** Actors that change or read the partner's cart and sales. */
import type { Answer, QuestionsProfileAnswers } from '../../../src/api/common.js';
import type { IsoDate } from '../../../src/api/schema.js';
import type { Lang } from '../../../src/domain/lang.js';
import type { ClientDetails, Reservation, SessionChoice } from '../types.js';
import { notProvided } from './not-provided.js';

export interface AddToCartInput {
  shoppingCartId: string;
  productId: string;
  accessDate: IsoDate;
  quantity: number;
  sessions: SessionChoice[];
  /** Ticket answers, one list per attendee of each ticket. */
  ticketAnswers: { ticketId: string; attendee: number; answers: Answer[] }[];
}

export interface ReserveInput {
  shoppingCartId: string;
  language: Lang;
  questionsProfiles: QuestionsProfileAnswers[];
}

export interface SellInput {
  shoppingCartId: string;
  partnerSaleId: string;
  client?: ClientDetails;
  insurancePolicyId?: string;
  questionsProfiles: QuestionsProfileAnswers[];
  paymentMethodType?: number;
}

export interface SellOutput {
  saleIds: string[];
  paymentUrl?: string;
}

export const cartActors = {
  /** POST /ShoppingCart/Add; resolves with the item's id inside the partner cart. */
  addToCart: notProvided<{ cartItemId: string }, AddToCartInput>('addToCart'),
  /** POST /ShoppingCart/Confirm: the reservation. */
  reserve: notProvided<Reservation, ReserveInput>('reserve'),
  /** POST /ShoppingCart/Sale, reconciled with GET /Sale after an ambiguous failure. */
  sell: notProvided<SellOutput, SellInput>('sell'),
};
