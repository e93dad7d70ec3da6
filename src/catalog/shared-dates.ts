/**
 * Date lists shared between products. A catalog repeats a handful of date lists (the
 * weekdays of the season, its weekends) in every product's prices and limited days: 50,000
 * products read as 100,000 arrays of some 45 strings each, hundreds of megabytes for a few
 * distinct lists. Read once, each distinct list is kept once and every product points to
 * it (read-only, as every reader of the catalog already treats it).
 *
 * The same table carries the lists from the catalog's worker to the main thread: the
 * worker sends each list once, and products name theirs by number (catalog-transfer.ts).
 */
import type { Product } from '#src/api/catalog.js';
import type { IsoDate } from '#src/api/schema.js';

export interface DateTable {
  /** The distinct lists, in the order first seen. */
  readonly lists: IsoDate[][];
  /** The number of a list in `lists`, adding it when new. */
  numberOf(dates: readonly IsoDate[]): number;
}

export function createDateTable(): DateTable {
  const lists: IsoDate[][] = [];
  const numbers = new Map<string, number>();
  // Lists already shared when read (src/api/catalog.ts) are known by identity: no join.
  const byIdentity = new Map<readonly IsoDate[], number>();
  return {
    lists,
    numberOf(dates) {
      const known = byIdentity.get(dates);
      if (known !== undefined) return known;
      const key = dates.join(',');
      let number = numbers.get(key);
      if (number === undefined) {
        number = lists.length;
        lists.push(dates.slice());
        numbers.set(key, number);
      }
      byIdentity.set(dates, number);
      return number;
    },
  };
}

/** Points the product's date lists to the table's copy of each (in place). */
export function shareProductDates(product: Product, table: DateTable): void {
  product.daysWithLimitedCapacity = table.lists[table.numberOf(product.daysWithLimitedCapacity)]!;
  for (const set of product.pricesAndDates) set.dates = table.lists[table.numberOf(set.dates)]!;
}
