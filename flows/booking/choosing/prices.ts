/**
 * What a product costs as the customer sees it before choosing: the unit price of a price
 * set (src/domain/pricing.ts: retail, commission and taxes), the lowest over the sets that
 * still hold a sellable date ("from"), and the price of each day.
 */
import type { PricesAndDates } from '#src/domain/catalog-shapes.js';
import type { IsoDate } from '#src/domain/time.js';
import type { ProductEntry } from '#src/domain/catalog.js';
import { priceInputOf, quotePrice } from '#src/domain/pricing.js';
import type { Money } from '#flows/booking/types.js';

export function unitOf(entry: ProductEntry, set: PricesAndDates): Money {
  const quote = quotePrice(priceInputOf(entry.product, set), 1);
  return { cents: quote.unit, currency: quote.currency };
}

/** The lowest unit price over the price sets that hold a sellable date. */
export function fromPrice(entry: ProductEntry, dates: readonly string[]): Money | undefined {
  const sellable = new Set<string>(dates);
  return lowestOf(entry, (set) => set.dates.some((date) => sellable.has(date)));
}

/**
 * The lowest unit price over the price sets that hold a date from `today` on: a list's
 * "from", asked of every product it shows, without gathering their hundreds of dates.
 */
export function fromPriceSince(entry: ProductEntry, today: IsoDate): Money | undefined {
  return lowestOf(entry, (set) => set.dates.some((date) => date >= today));
}

function lowestOf(entry: ProductEntry, holds: (set: PricesAndDates) => boolean): Money | undefined {
  let lowest: Money | undefined;
  for (const set of entry.product.pricesAndDates) {
    if (!holds(set)) continue;
    const unit = unitOf(entry, set);
    if (!lowest || unit.cents < lowest.cents) lowest = unit;
  }
  return lowest;
}

/**
 * The unit price on each day: the first price set that holds it. A date view asks it of
 * every day on sale (its "from" and its buttons), so the days' sets are found in one map
 * and each set is priced once, not once per day. The answer is shared: read it,
 * never change it.
 *
 * Kept for the products priced latest (`PRICED_PRODUCTS`): a turn draws its view before
 * and after the input, and the next turn again, so the same product's map of hundreds of
 * days would be built several times a turn. A product of another catalog
 * (a refresh) is another entry; the oldest are let go, so the memory stays bounded at any
 * catalog size.
 */
export function priceByDay(entry: ProductEntry): (date: IsoDate) => Readonly<Money> | undefined {
  let priced = pricedProducts.get(entry);
  if (priced) pricedProducts.delete(entry);
  else priced = pricesOfDays(entry);
  pricedProducts.set(entry, priced);
  if (pricedProducts.size > PRICED_PRODUCTS) {
    pricedProducts.delete(pricedProducts.keys().next().value!);
  }
  return priced;
}

/** How many products' day prices `priceByDay` keeps (each a map of its days). */
const PRICED_PRODUCTS = 64;

/** The products priced latest, least recent first. */
const pricedProducts = new Map<ProductEntry, (date: IsoDate) => Readonly<Money> | undefined>();

function pricesOfDays(entry: ProductEntry): (date: IsoDate) => Readonly<Money> | undefined {
  const setOf = new Map<string, PricesAndDates>();
  for (const set of entry.product.pricesAndDates) {
    for (const date of set.dates) if (!setOf.has(date)) setOf.set(date, set);
  }
  const units = new Map<PricesAndDates, Money>();
  return (date) => {
    const set = setOf.get(date);
    if (set === undefined) return undefined;
    let unit = units.get(set);
    if (unit === undefined) {
      unit = Object.freeze(unitOf(entry, set));
      units.set(set, unit);
    }
    return unit;
  };
}
