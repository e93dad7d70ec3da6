/**
 * Which combined products browse offers under a provider: those whose products are all in
 * the catalog and share a day on sale now. Pure, over the local catalog.
 */
import type { IsoDate } from '#src/domain/time.js';
import { hitColumns, type CatalogIndex, type SearchHit } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { sellableDates } from '#src/domain/sale-window.js';
import { providerNow } from '#src/domain/time.js';
import type { Option } from '#flows/view.js';
import type { BookingEvent } from '#flows/booking/types.js';
import type { Offerable } from '#flows/booking/choosing/offerable.js';

const entryLabel = (name: string, _lang: Lang) => `🎫 ${name}`;

export interface CombinedEntry {
  combinedProductId: string;
  name: string;
}

/** The days on which every product of a combined product is on sale now. */
export function combinedDates(
  catalog: CatalogIndex,
  productIds: readonly string[],
  now: Date,
): IsoDate[] | undefined {
  let common: IsoDate[] | undefined;
  for (const productId of productIds) {
    const entry = catalog.product(productId);
    if (!entry) return undefined;
    const dates = sellableDates(entry.product, providerNow(entry.provider, now));
    common = common === undefined ? dates : common.filter((date) => dates.includes(date));
  }
  return common;
}

/** The combined products offered under a provider (its first product's). */
export function combinedEntries(
  catalog: CatalogIndex,
  now: Date,
  providerId: string,
): CombinedEntry[] {
  return catalog.catalog.combinedProducts.flatMap((combined) => {
    const first = catalog.product(combined.productIds[0] ?? '');
    if (first?.provider.providerId !== providerId) return [];
    const dates = combinedDates(catalog, combined.productIds, now);
    if (!dates || dates.length === 0) return [];
    return [{ combinedProductId: combined.combinedProductId, name: combined.combinedProductName }];
  });
}

/** Browse's options for the combined products of a provider. */
export function combinedOptions(
  catalog: CatalogIndex,
  now: Date,
  providerId: string,
  lang: Lang,
): Option<BookingEvent>[] {
  return combinedEntries(catalog, now, providerId).map((entry) => combinedOption(entry, lang));
}

/** A combined product as a browse option. */
export const combinedOption = (entry: CombinedEntry, lang: Lang): Option<BookingEvent> => ({
  id: `combined:${entry.combinedProductId}`,
  label: entryLabel(entry.name, lang),
  event: { type: 'combined.pick', combinedProductId: entry.combinedProductId },
});

/**
 * Where a search's hits (a query's, kept by the search) have combined products: a few
 * among a common word's 50,000, found once per list, not at each view of its results.
 */
const combinedPlaces = new WeakMap<readonly SearchHit[], number[]>();

function combinedAmong(hits: readonly SearchHit[]): number[] {
  let places = combinedPlaces.get(hits);
  if (!places) {
    // By the hits' columns: a common word's hits are made only when read (lazy-list.ts).
    const columns = hitColumns(hits);
    places = [];
    for (let at = 0; at < columns.length; at += 1)
      if (columns.kind(at) === 'combined') places.push(at);
    combinedPlaces.set(hits, places);
  }
  return places;
}

/** Combined products on sale now that match a search (src/catalog/product-search.ts). */
export function searchCombined(offer: Offerable, now: Date, query: string): CombinedEntry[] {
  const { catalog } = offer;
  const hits = catalog.search(query);
  const columns = hitColumns(hits);
  const found: CombinedEntry[] = [];
  for (const at of combinedAmong(hits)) {
    const id = columns.id(at);
    const combined = catalog.catalog.combinedProducts.find((c) => c.combinedProductId === id);
    const dates = combined && combinedDates(catalog, combined.productIds, now);
    if (combined && dates && dates.length > 0)
      found.push({
        combinedProductId: combined.combinedProductId,
        name: combined.combinedProductName,
      });
  }
  return found;
}
