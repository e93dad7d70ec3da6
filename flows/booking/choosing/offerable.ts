/**
 * What may be offered on its own now: products that are not only part of a combined
 * product nor only for packages and have a date on sale (src/domain canBeSoldAlone),
 * grouped by provider and product base; a provider or base with nothing to offer is left
 * out. Gift card products (tag `giftcard`) are listed like any other product when they
 * are sellable: the gift card flow sells them as gifts, here they are bought for oneself.
 *
 * Worked out once per catalog and minute (sale windows and cut-offs move with the clock).
 * At 50,000 products that pass took 0.3-0.6 s, each product's visit dates tried in turn
 * (npm run bench): now each group of products with the same sale timing is checked once.
 */
import type { Product, ProductBase, Provider } from '#src/domain/catalog-shapes.js';
import {
  hitColumns,
  type CatalogIndex,
  type HitColumns,
  type ProductEntry,
  type SaleLayout,
  type SearchHit,
} from '#src/domain/catalog.js';
import { soldAloneAt } from '#src/domain/sale-window.js';
import { localNow, providerZone } from '#src/domain/time.js';
import { normalize } from '#flows/understanding/text.js';

export interface OfferableBase {
  base: ProductBase;
  products: ProductEntry[];
}

export interface OfferableProvider {
  provider: Provider;
  bases: OfferableBase[];
}

export interface Offerable {
  /** The catalog the offer was worked out from (its search index). */
  catalog: CatalogIndex;
  providers: OfferableProvider[];
  /** Every offerable product, in catalog order. */
  products: ProductEntry[];
}

/** Which products are on sale at `now` (1) and which not (0), in catalog order. */
function onSale({ entries, groupOf, groups }: SaleLayout, now: Date): Uint8Array {
  // One check per zone (every provider of a zone shares its "now"), one per group.
  const checks = new Map<string, ReturnType<typeof soldAloneAt>>();
  const groupSold = groups.map(({ provider, product }) => {
    const zone = providerZone(provider);
    let check = checks.get(zone);
    if (!check) {
      check = soldAloneAt(localNow(zone, now));
      checks.set(zone, check);
    }
    return check(product) ? 1 : 0;
  });
  const sold = new Uint8Array(entries.length);
  for (let i = 0; i < sold.length; i += 1) sold[i] = groupSold[groupOf[i]!]!;
  return sold;
}

/** The offer of the products on sale, grouped by provider and base in catalog order. */
function offerOf(catalog: CatalogIndex, sold: Uint8Array): Offerable {
  const providers: OfferableProvider[] = [];
  const products: ProductEntry[] = [];
  let [provider, base]: [OfferableProvider?, OfferableBase?] = [];
  catalog.saleLayout.entries.forEach((entry, i) => {
    if (sold[i] !== 1) return;
    if (provider?.provider !== entry.provider) {
      provider = { provider: entry.provider, bases: [] };
      providers.push(provider);
      base = undefined;
    }
    if (base?.base !== entry.base) {
      base = { base: entry.base, products: [] };
      provider.bases.push(base);
    }
    base.products.push(entry);
    products.push(entry);
  });
  return { catalog, providers, products };
}

const sameSale = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

const cache = new WeakMap<CatalogIndex, { minute: string; sold: Uint8Array; offer: Offerable }>();
/** Which of the catalog's products (by their place in its sale layout) an offer holds. */
const soldIn = new WeakMap<Offerable, Uint8Array>();

/**
 * What may be offered at `now`. A new minute checks each group of products on sale at
 * the same moments once (the catalog's sale layout, src/domain soldAloneAt); when nothing
 * changed, the last minute's offer is kept, the same object, so what is worked out per
 * offer (its ids, a search's products) stays.
 */
export function offerable(catalog: CatalogIndex, now: Date): Offerable {
  const minute = now.toISOString().slice(0, 16);
  const cached = cache.get(catalog);
  if (cached?.minute === minute) return cached.offer;
  const sold = onSale(catalog.saleLayout, now);
  const offer = cached && sameSale(cached.sold, sold) ? cached.offer : offerOf(catalog, sold);
  if (offer !== cached?.offer) soldIn.set(offer, sold);
  cache.set(catalog, { minute, sold, offer });
  return offer;
}

/**
 * The offer of a catalog version worked out before the version is served (the catalog
 * service's work ahead), so that the first list of what is on sale does not wait for it
 * within a turn. A later minute checks the groups again and keeps this offer
 * when the same products are on sale.
 */
export const offerAhead = (now: () => Date) =>
  function* (catalog: CatalogIndex): Generator<void> {
    offerable(catalog, now());
    yield; // one step
  };

/** The name a customer sees: the suggested sales name when there is one. */
export const productName = (product: Pick<Product, 'productName' | 'suggestedSalesProductName'>) =>
  product.suggestedSalesProductName ?? product.productName;

/**
 * The name of a product held in the conversation (a draft, a cart line) as the catalog the
 * view is drawn from has it: the catalog is fetched per language, so after a change of
 * language the name follows. The name held when the catalog has no such product.
 */
export const nameNow = (catalog: CatalogIndex | undefined, productId: string, held: string) => {
  const entry = catalog?.product(productId);
  return entry ? productName(entry.product) : held;
};

/** The words of a query that carry meaning (accents, case and stop words dropped). */
export function queryTerms(query: string, catalog?: CatalogIndex): string[] {
  return catalog ? catalog.searchTerms(query) : fallbackTerms(query);
}

const fallbackTerms = (query: string) =>
  normalize(query)
    .split(' ')
    .filter((word) => word.length >= 2);

/**
 * The offered product with this id, or undefined: its place in the catalog's sale layout
 * and the offer's flags say, no table of the offer's products by id (50,000 entries made
 * at the first search of each offer).
 */
export function offeredProduct(offer: Offerable, productId: string): ProductEntry | undefined {
  const layout = offer.catalog.saleLayout;
  const at = layout.position(productId);
  return at !== undefined && soldIn.get(offer)?.[at] === 1 ? layout.entries[at] : undefined;
}

/**
 * The offered product at a place of the catalog's sale layout, or undefined (-1: none),
 * for a pass over many hits: the offer's flags looked up once, no lookup by id.
 */
export function offeredAt(offer: Offerable): (place: number) => ProductEntry | undefined {
  const sold = soldIn.get(offer);
  const { entries } = offer.catalog.saleLayout;
  return (place) => (place >= 0 && sold?.[place] === 1 ? entries[place] : undefined);
}

/** The offered product of hit `at`: by its place when the search gave it, else by id. */
export function offeredHit(offer: Offerable, columns: HitColumns) {
  const atPlace = offeredAt(offer);
  const { place } = columns;
  return (at: number): ProductEntry | undefined => {
    if (columns.kind(at) !== 'product') return undefined;
    return place ? atPlace(place(at)) : offeredProduct(offer, columns.id(at));
  };
}

/** What a search's hits (a query's, kept by the search) found in an offer. */
const foundByOffer = new WeakMap<Offerable, WeakMap<readonly SearchHit[], ProductEntry[]>>();

/**
 * Offerable products that match the query (names, descriptions, tags, bases, providers,
 * places, in either language, one typo away): those matching the most of its words,
 * best first (src/catalog/product-search.ts). The list is shared by later callers of the
 * same query and offer (a view of the results and the message it read ask the same):
 * read it, never change it.
 */
export function searchProducts(offer: Offerable, query: string): ProductEntry[] {
  const hits = offer.catalog.search(query);
  let kept = foundByOffer.get(offer);
  if (!kept) {
    kept = new WeakMap();
    foundByOffer.set(offer, kept);
  }
  let found = kept.get(hits);
  if (!found) {
    found = [];
    // By the hits' columns: a common word's hits are made only when read (lazy-list.ts).
    const columns = hitColumns(hits);
    const offered = offeredHit(offer, columns);
    for (let at = 0; at < columns.length; at += 1) {
      const entry = offered(at);
      if (entry) found.push(entry);
    }
    kept.set(hits, Object.freeze(found) as ProductEntry[]);
  }
  return found;
}
