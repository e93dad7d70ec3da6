/**
 * What may be offered on its own now: products that are not only part of a combined
 * product nor only for packages and have a date on sale (src/domain canBeSoldAlone),
 * grouped by provider and product base; a provider or base with nothing to offer is left
 * out. Gift card products (tag `giftcard`) are listed like any other product when they
 * are sellable: the gift card flow sells them as gifts, here they are bought for oneself.
 *
 * Worked out once per catalog and minute (sale windows and cut-offs move with the clock).
 */
import type { Product, ProductBase, Provider } from '../../../../src/api/catalog.js';
import type { CatalogIndex, ProductEntry } from '../../../../src/catalog/catalog-index.js';
import { canBeSoldAlone } from '../../../../src/domain/sale-window.js';
import { providerNow } from '../../../../src/domain/time.js';
import { normalize } from '../../../../src/conversation/interpret.js';

export interface OfferableBase {
  base: ProductBase;
  products: ProductEntry[];
}

export interface OfferableProvider {
  provider: Provider;
  bases: OfferableBase[];
}

export interface Offerable {
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
  const result = { providers, products };
  cache.set(catalog, { minute, offerable: result });
  return result;
}

/** The name a customer sees: the suggested sales name when there is one. */
export const productName = (product: Pick<Product, 'productName' | 'suggestedSalesProductName'>) =>
  product.suggestedSalesProductName ?? product.productName;

const STOP_WORDS = new Set(
  [
    // Spanish
    'de del la las el los un una unos unas lo le para por con sin en y o a al que es son',
    'hay se me mi mis tu su quiero busco buscar gustaria tienes teneis cuanto cuanta cuesta',
    'como donde cuando hola gracias favor algo',
    // English
    'the a an of for to and or in on at with without is are it its i me my you your we',
    'want looking look find any some how much many what where when can do does there',
    'hello hi please thanks something',
  ]
    .join(' ')
    .split(' '),
);

/** The words of a query that carry meaning (accents, case and punctuation dropped). */
export function queryTerms(query: string): string[] {
  return [...new Set(normalize(query).split(' '))].filter(
    (word) => word.length >= 2 && !STOP_WORDS.has(word),
  );
}

function haystack({ provider, base, product }: ProductEntry): string[] {
  const texts = [
    product.productName,
    product.suggestedSalesProductName,
    product.productDescription,
    ...product.tags,
    base.productBaseName,
    ...base.tags,
    provider.providerName,
    ...provider.tags,
  ];
  return normalize(texts.filter(Boolean).join(' ')).split(' ');
}

/** A term matches a word it begins, or a word that begins it (plurals: "museos", "museo"). */
const matches = (term: string, word: string) =>
  word.startsWith(term) || (term.length >= 5 && word.length >= 4 && term.startsWith(word));

/**
 * Offerable products whose names, descriptions or tags (with their base's and provider's)
 * match the query: those matching the most of its words, at least one; products whose
 * own name matches come first.
 */
export function searchProducts(offer: Offerable, query: string): ProductEntry[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored = offer.products.map((entry) => {
    const words = haystack(entry);
    const name = normalize(productName(entry.product)).split(' ');
    const score = terms.filter((term) => words.some((word) => matches(term, word))).length;
    const inName = terms.filter((term) => name.some((word) => matches(term, word))).length;
    return { entry, score, inName };
  });
  const best = Math.max(0, ...scored.map((item) => item.score));
  if (best === 0) return [];
  return scored
    .filter((item) => item.score === best)
    .sort((a, b) => b.inName - a.inName)
    .map((item) => item.entry);
}
