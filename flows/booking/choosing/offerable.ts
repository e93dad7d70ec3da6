/**
 * What may be offered on its own now: products that are not only part of a combined
 * product nor only for packages and have a date on sale (src/domain canBeSoldAlone),
 * grouped by provider and product base; a provider or base with nothing to offer is left
 * out. Gift card products (tag `giftcard`) are listed like any other product when they
 * are sellable: the gift card flow sells them as gifts, here they are bought for oneself.
 *
 * Worked out once per catalog and minute (sale windows and cut-offs move with the clock).
 */
import type { Product, ProductBase, Provider } from '#src/api/catalog.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import { canBeSoldAlone } from '#src/domain/sale-window.js';
import { providerNow } from '#src/domain/time.js';
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

const cache = new WeakMap<CatalogIndex, { minute: string; offerable: Offerable }>();

export function offerable(catalog: CatalogIndex, now: Date): Offerable {
  const minute = now.toISOString().slice(0, 16);
  const cached = cache.get(catalog);
  if (cached?.minute === minute) return cached.offerable;
  const providers: OfferableProvider[] = [];
  const products: ProductEntry[] = [];
  for (const provider of catalog.catalog.providers) {
    const local = providerNow(provider, now);
    const bases: OfferableBase[] = [];
    for (const base of provider.productBases) {
      const entries = base.products
        .filter((product) => canBeSoldAlone(product, local))
        .map((product) => ({ provider, base, product }));
      if (entries.length > 0) bases.push({ base, products: entries });
      products.push(...entries);
    }
    if (bases.length > 0) providers.push({ provider, bases });
  }
  const result = { catalog, providers, products };
  cache.set(catalog, { minute, offerable: result });
  return result;
}

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

/** The products of an offer by id, for filtering search hits (once per offer). */
const offeredById = new WeakMap<Offerable, Map<string, ProductEntry>>();
function offered(offer: Offerable): Map<string, ProductEntry> {
  let byId = offeredById.get(offer);
  if (!byId) {
    byId = new Map(offer.products.map((entry) => [entry.product.productId, entry]));
    offeredById.set(offer, byId);
  }
  return byId;
}

/**
 * Offerable products that match the query (names, descriptions, tags, bases, providers,
 * places, in either language, one typo away): those matching the most of its words,
 * best first (src/catalog/product-search.ts).
 */
export function searchProducts(offer: Offerable, query: string): ProductEntry[] {
  const byId = offered(offer);
  return offer.catalog.search(query).flatMap((hit) => {
    const entry = hit.kind === 'product' ? byId.get(hit.id) : undefined;
    return entry ? [entry] : [];
  });
}
