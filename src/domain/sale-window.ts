/**
 * When a product may be sold for a visit date: the product's sale window, the cut-off
 * before the visit and the earliest sale moment, all in provider-local wall-clock time
 * (see time.ts). `now` is always the provider-local date-time of the moment of sale
 * (`providerNow(provider, instant)`).
 */
import type { Product } from './catalog-shapes.js';
import { addDays, addHours, dateOf, startOfDay, type IsoDate, type IsoDateTime } from './time.js';

export type SaleTimingProduct = Pick<
  Product,
  | 'startIsActiveDate'
  | 'endIsActiveDate'
  | 'hoursInAdvanceOfPurchase'
  | 'maxHoursInAdvanceOfPurchase'
  | 'pricesAndDates'
>;

/** 00:00 of the day after the visit: the origin of the spec's hour counts. */
const dayAfter = (visit: IsoDate): IsoDateTime => startOfDay(addDays(visit, 1));

/**
 * The moment sale closes for a visit: HoursInAdvanceOfPurchase hours before 00:00 of the
 * day after it (4 for 15 August: 15 August 20:00). Absent, sale closes at the end of the
 * visit day. At the cut-off itself the product is no longer sold.
 */
export function saleCutoff(product: SaleTimingProduct, visit: IsoDate): IsoDateTime {
  return addHours(dayAfter(visit), -(product.hoursInAdvanceOfPurchase ?? 0));
}

/**
 * The earliest moment of sale for a visit, or undefined when there is none. Hours are
 * counted before 00:00 of the day after the visit (240 for 15 August: 6 August 00:00);
 * a date-time is the moment itself. Zero or negative hours would forbid every sale, so
 * they are read as "no earliest moment" (an unset number on the service's side).
 */
export function earliestSaleMoment(
  product: SaleTimingProduct,
  visit: IsoDate,
): IsoDateTime | undefined {
  const rule = product.maxHoursInAdvanceOfPurchase;
  if (rule === undefined) return undefined;
  if (rule.kind === 'moment') return rule.at;
  return rule.hours > 0 ? addHours(dayAfter(visit), -rule.hours) : undefined;
}

/**
 * The end of the product's sale window. A value at exactly midnight is read as the whole
 * day (the service sends bare dates as well as date-times, and a date means its day).
 */
function windowEnd(end: IsoDateTime): IsoDateTime {
  return end.endsWith('T00:00:00') ? (`${end.slice(0, 10)}T23:59:59` as IsoDateTime) : end;
}

/** Whether `now` lies in the product's sale window (StartIsActiveDate..EndIsActiveDate). */
export function inSaleWindow(product: SaleTimingProduct, now: IsoDateTime): boolean {
  const { startIsActiveDate: start, endIsActiveDate: end } = product;
  return (start === undefined || now >= start) && (end === undefined || now <= windowEnd(end));
}

export type SaleCheck =
  | { ok: true }
  | { ok: false; reason: 'no-price-for-date' }
  | { ok: false; reason: 'outside-sale-window' }
  | { ok: false; reason: 'too-late'; cutoff: IsoDateTime }
  | { ok: false; reason: 'too-early'; opensAt: IsoDateTime };

/** Whether the product is on sale for `visit` at `now`, and if not, why. */
export function checkSale(product: SaleTimingProduct, visit: IsoDate, now: IsoDateTime): SaleCheck {
  if (!product.pricesAndDates.some((set) => set.dates.includes(visit))) {
    return { ok: false, reason: 'no-price-for-date' };
  }
  if (!inSaleWindow(product, now)) return { ok: false, reason: 'outside-sale-window' };
  return checkTiming(product, visit, now);
}

/** The checks of a visit date itself: the cut-off and the earliest sale moment. */
function checkTiming(product: SaleTimingProduct, visit: IsoDate, now: IsoDateTime): SaleCheck {
  const cutoff = saleCutoff(product, visit);
  if (now >= cutoff) return { ok: false, reason: 'too-late', cutoff };
  const opensAt = earliestSaleMoment(product, visit);
  if (opensAt !== undefined && now < opensAt) return { ok: false, reason: 'too-early', opensAt };
  return { ok: true };
}

export function isSellableOn(
  product: SaleTimingProduct,
  visit: IsoDate,
  now: IsoDateTime,
): boolean {
  return checkSale(product, visit, now).ok;
}

/**
 * The visit dates on sale at `now`, optionally within from..to (inclusive), sorted. The
 * dates are the price sets' own and the sale window does not depend on the visit, so
 * each date is checked for its cut-off and earliest moment only (checkSale's other
 * checks once), and those by the visits they allow (`firstNotTooLate`, `lastNotTooEarly`):
 * a product's hundreds of dates are listed on each opening, compared as text.
 */
export function sellableDates(
  product: SaleTimingProduct,
  now: IsoDateTime,
  range: { from?: IsoDate; to?: IsoDate } = {},
): IsoDate[] {
  const visits = visitsOnSale(product, now);
  if (!visits) return [];
  const { first, last } = visits;
  const from = range.from !== undefined && range.from > first ? range.from : first;
  const to = last === undefined || (range.to !== undefined && range.to < last) ? range.to : last;
  const seen = new Set<IsoDate>();
  const dates: IsoDate[] = [];
  for (const set of product.pricesAndDates) {
    for (const date of set.dates) {
      if (date < from || (to !== undefined && date > to) || seen.has(date)) continue;
      seen.add(date);
      dates.push(date);
    }
  }
  return dates.sort();
}

/**
 * Whether a product may be offered on its own: not only part of a combined product, not
 * only in a package, and with at least one date on sale.
 */
export function canBeSoldAlone(
  product: SaleTimingProduct &
    Pick<Product, 'canOnlyBeSoldAsPartOfCombinedProduct' | 'isForPackaging'>,
  now: IsoDateTime,
): boolean {
  if (product.canOnlyBeSoldAsPartOfCombinedProduct || product.isForPackaging) return false;
  // The first date on sale is enough: listing them all is what browsing 50,000 products
  // cannot afford (npm run bench). As in sellableDates, the window is checked once.
  const visits = visitsOnSale(product, now);
  if (!visits) return false;
  const { first, last } = visits;
  return product.pricesAndDates.some((set) =>
    set.dates.some((visit) => visit >= first && (last === undefined || visit <= last)),
  );
}

/**
 * The visits a product sells at `now`, as bounds (the sale window checked, then the
 * first visit not too late and the last not too early; no last: none too early), or
 * undefined when it sells none.
 */
function visitsOnSale(
  product: SaleTimingProduct,
  now: IsoDateTime,
): { first: IsoDate; last?: IsoDate } | undefined {
  if (!inSaleWindow(product, now)) return undefined;
  const last = lastNotTooEarly(product, now);
  if (last === null) return undefined;
  const first = firstNotTooLate(product, now);
  return last === undefined ? { first } : { first, last };
}

/**
 * The first visit whose cut-off is after `now`. A visit's cut-off moves forward with the
 * visit, so the visits not too late are those from this one on; the search starts where
 * the hours put it and `saleCutoff` decides each step (dates compare as text: the
 * catalog's are yyyy-MM-dd).
 */
function firstNotTooLate(product: SaleTimingProduct, now: IsoDateTime): IsoDate {
  const late = (date: IsoDate) => now >= saleCutoff(product, date);
  let visit = dateOf(addHours(now, product.hoursInAdvanceOfPurchase ?? 0));
  while (!late(addDays(visit, -1))) visit = addDays(visit, -1);
  while (late(visit)) visit = addDays(visit, 1);
  return visit;
}

/**
 * The last visit whose earliest moment of sale is not after `now` (the earliest moment
 * moves forward with the visit too): undefined when no visit is too early, null when
 * every one is (a moment still ahead).
 */
function lastNotTooEarly(product: SaleTimingProduct, now: IsoDateTime): IsoDate | undefined | null {
  const rule = product.maxHoursInAdvanceOfPurchase;
  if (rule === undefined) return undefined;
  if (rule.kind === 'moment') return now < rule.at ? null : undefined;
  if (rule.hours <= 0) return undefined;
  const early = (date: IsoDate) => now < earliestSaleMoment(product, date)!;
  let visit = addDays(dateOf(addHours(now, rule.hours)), -1);
  while (!early(addDays(visit, 1))) visit = addDays(visit, 1);
  while (early(visit)) visit = addDays(visit, -1);
  return visit;
}

type AloneProduct = SaleTimingProduct &
  Pick<Product, 'canOnlyBeSoldAsPartOfCombinedProduct' | 'isForPackaging'>;

/** A date list in calendar order: the list itself when it is (as catalogs send them). */
const sortedLists = new WeakMap<readonly IsoDate[], readonly IsoDate[]>();
function sorted(dates: readonly IsoDate[]): readonly IsoDate[] {
  let list = sortedLists.get(dates);
  if (!list) {
    list = dates.every((date, i) => i === 0 || dates[i - 1]! <= date) ? dates : [...dates].sort();
    sortedLists.set(dates, list);
  }
  return list;
}

/** The first date of a sorted list on or after `from`, or undefined. */
function firstFrom(dates: readonly IsoDate[], from: IsoDate): IsoDate | undefined {
  let [low, high] = [0, dates.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (dates[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return dates[low];
}

/**
 * `canBeSoldAlone` of many products at one `now` (what is on sale, for a whole catalog):
 * the same answers, without trying visit dates one by one. A visit's cut-off and earliest
 * moment both move forward with the visit, so the visits not too late are those from a
 * first date on, and those not too early run up to a last date: both depend only on
 * `now` and the product's hour counts, worked out once per count (the reference functions
 * above decide them exactly: the estimate is only where the search starts). A product is
 * then on sale when one of its dates lies between the two.
 */
export function soldAloneAt(now: IsoDateTime): (product: AloneProduct) => boolean {
  // The first visit whose cut-off is after now, per HoursInAdvanceOfPurchase.
  const firstByHours = new Map<number, IsoDate>();
  // The last visit whose earliest moment is not after now, per MaxHoursInAdvance (hours).
  const lastByHours = new Map<number, IsoDate | undefined | null>();

  const fromDate = (product: AloneProduct): IsoDate => {
    const hours = product.hoursInAdvanceOfPurchase ?? 0;
    let visit = firstByHours.get(hours);
    if (visit === undefined) {
      visit = firstNotTooLate(product, now);
      firstByHours.set(hours, visit);
    }
    return visit;
  };

  // Undefined: no visit is too early; null: every visit is.
  const toDate = (product: AloneProduct): IsoDate | undefined | null => {
    const rule = product.maxHoursInAdvanceOfPurchase;
    if (rule === undefined || rule.kind === 'moment') return lastNotTooEarly(product, now);
    if (!lastByHours.has(rule.hours)) lastByHours.set(rule.hours, lastNotTooEarly(product, now));
    return lastByHours.get(rule.hours);
  };

  return (product) => {
    if (product.canOnlyBeSoldAsPartOfCombinedProduct || product.isForPackaging) return false;
    if (product.pricesAndDates.length === 0 || !inSaleWindow(product, now)) return false;
    const to = toDate(product);
    if (to === null) return false;
    const from = fromDate(product);
    return product.pricesAndDates.some((set) => {
      const first = firstFrom(sorted(set.dates), from);
      return first !== undefined && (to === undefined || first <= to);
    });
  };
}

/**
 * What decides whether a product can be sold alone at a given local "now", as one text:
 * products with the same key are on sale at the same moments, so a catalog's products
 * can be checked once per key (catalogs repeat a few sale rules and date lists: the
 * season's weekdays, its weekends). Date lists count by identity (`listId`): a list read
 * once and shared (src/api/catalog.ts) is one list.
 */
export function saleTimingKey(
  product: AloneProduct,
  listId: (dates: readonly IsoDate[]) => number,
): string {
  const rule = product.maxHoursInAdvanceOfPurchase;
  return [
    product.canOnlyBeSoldAsPartOfCombinedProduct || product.isForPackaging ? 'x' : '',
    product.startIsActiveDate ?? '',
    product.endIsActiveDate ?? '',
    product.hoursInAdvanceOfPurchase ?? '',
    rule === undefined ? '' : rule.kind === 'moment' ? rule.at : rule.hours,
    product.pricesAndDates.map((set) => listId(set.dates)).join(','),
  ].join('|');
}
