/** Actors of choosing what to buy: product, date, session, price. */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import type { CartLine, DraftProduct, Money, SessionOffer, TicketTypeOffer } from '../types.js';
import { notProvided } from './not-provided.js';

export interface OpenProductInput {
  productId: string;
  language: Lang;
  /** What is already in the cart: group limits count the people of the same provider. */
  cart: CartLine[];
}

export interface QuotePriceInput {
  productId: string;
  date: IsoDate;
  language: Lang;
}

export interface LoadSessionsInput {
  productId: string;
  language: Lang;
  date: IsoDate;
  /** DatePerTicketEnclosure: the date of each enclosure (else `date` for all). */
  enclosureDates: Record<string, IsoDate>;
  /** The smallest quantity that may be bought: sessions with less room are full. */
  minimumQuantity: number;
}

export interface QuoteTicketTypesInput {
  /** The ticket types' products (DraftProduct.types). */
  productIds: string[];
  date: IsoDate;
  language: Lang;
  /** What the cart holds: minimums count the units of a product already in it. */
  cart: CartLine[];
}

export interface CheckCapacityInput {
  productId: string;
  date: IsoDate;
  language: Lang;
}

export interface CheckCapacityOutput {
  /** Products still sellable that day (capacity ÷ quota tickets); undefined: not limited. */
  products?: number;
}

export const selectionActors = {
  /**
   * The product as the flow needs it: sellable dates (capacity of limited days applied),
   * group limits counted with the cart; rejects when it cannot be offered alone now.
   */
  openProduct: notProvided<DraftProduct, OpenProductInput>('openProduct'),
  /** The sessions of each enclosure with sessions, on its date, with places left. */
  loadSessions: notProvided<SessionOffer[], LoadSessionsInput>('loadSessions'),
  /** Places left on a limited day, when they could not be read with the product. */
  checkCapacity: notProvided<CheckCapacityOutput, CheckCapacityInput>('checkCapacity'),
  /** The unit price on a date: PricesAndDates, or /realTimePrices when required. */
  quotePrice: notProvided<Money, QuotePriceInput>('quotePrice'),
  /**
   * The ticket types sold on a date, each with its unit price (as quotePrice), minimum and
   * the places of a limited day; a type not sold that day is left out.
   */
  quoteTicketTypes: notProvided<TicketTypeOffer[], QuoteTicketTypesInput>('quoteTicketTypes'),
};
