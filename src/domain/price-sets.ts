/**
 * Price sets: each PricesAndDates entry of a product is a price and the dates it applies
 * to. All access dates of one sale must belong to one entry, so a multi-day choice is
 * offered only within an entry.
 */
import type { PricesAndDates, Product } from './catalog-shapes.js';
import type { IsoDate } from './time.js';

/** The entry whose dates hold `date` (the first, should the service list a date twice). */
export function priceSetOf(
  product: Pick<Product, 'pricesAndDates'>,
  date: IsoDate,
): PricesAndDates | undefined {
  return product.pricesAndDates.find((set) => set.dates.includes(date));
}

/** Whether one entry holds every date (true for no dates; false if a date has no entry). */
export function samePriceSet(
  product: Pick<Product, 'pricesAndDates'>,
  dates: readonly IsoDate[],
): boolean {
  if (dates.length === 0) return true;
  return product.pricesAndDates.some((set) => dates.every((date) => set.dates.includes(date)));
}

/** The dates that may join `date` in one sale: those of its entry, sorted. */
export function datesSharingPriceSet(
  product: Pick<Product, 'pricesAndDates'>,
  date: IsoDate,
): IsoDate[] {
  return [...new Set(priceSetOf(product, date)?.dates ?? [])].sort();
}
