/** Actors of choosing what to buy: product, date, session, price. */
import type { IsoDate } from '../../../src/api/schema.js';
import type { Lang } from '../../../src/domain/lang.js';
import type { DraftProduct, Money } from '../types.js';
import { notProvided } from './not-provided.js';

export interface OpenProductInput {
  productId: string;
  language: Lang;
}

export interface QuotePriceInput {
  productId: string;
  date: IsoDate;
  language: Lang;
}

export const selectionActors = {
  /** The product as the flow needs it; rejects when it cannot be offered alone now. */
  openProduct: notProvided<DraftProduct, OpenProductInput>('openProduct'),
  /** The unit price on a date: PricesAndDates, or /realTimePrices when required. */
  quotePrice: notProvided<Money, QuotePriceInput>('quotePrice'),
};
