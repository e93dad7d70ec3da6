/**
 * A combined product being chosen (steps/combined), and its events.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { Money } from './money.js';
import type { Wish } from './selection.js';

/** A combined product being chosen: its products, sellable dates, quantity and price. */
export interface CombinedDraft {
  combinedProductId: string;
  /** Filled in when opened (openCombined). */
  product?: {
    name: string;
    providerId: string;
    parts: { productId: string; name: string }[];
    /** Days on which every product is on sale. */
    dates: IsoDate[];
    minimumQuantity: number;
    maximumQuantity?: number;
    /** Some product of it is worth insuring (insurable, not free to cancel). */
    insurable: boolean;
    /** The combined price of the days the card shows, read when opened (where it could be). */
    prices?: Record<IsoDate, Money>;
  };
  accessDate?: IsoDate;
  quantity?: number;
  /** The combined price of one unit (all its products), from /realTimePrices. */
  unitPrice?: Money;
}

export type CombinedEvent =
  /** A combined product from browse, then added once priced (with what a message said of it). */
  { type: 'combined.pick'; combinedProductId: string; wish?: Wish } | { type: 'combined.add' };
