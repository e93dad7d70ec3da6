/**
 * The understanding layer's product finder over the local catalog: what the search
 * finds among what can be offered now (products alone, combined products on sale), each
 * product with its ticket types.
 *
 * A query most products match ("activity" in a catalog of 50,000 activities) finds them
 * all, and the reader looks at a few (the best two, the first of a place): a found
 * product's name and ticket types are worked out when read, and the list of a query is
 * kept per offer (a message is read more than once in a turn, and again next minute).
 */
import {
  hitColumns,
  type CatalogIndex,
  type ProductEntry,
  type SearchHit,
} from '#src/domain/catalog.js';
import { lazyList } from '#src/domain/lazy-list.js';
import { productPersonKind, ticketTypeSiblings } from '#src/domain/people.js';
import type { TicketType } from '#flows/understanding/quantities.js';
import {
  nameTicketType,
  withNameTypes,
  type FoundProduct,
  type ProductFinder,
} from '#flows/understanding/understand.js';
import { combinedDates, searchCombined } from '#flows/booking/steps/combined/offer.js';
import { offerable, offeredHit, productName, searchProducts, type Offerable } from './offerable.js';

/**
 * The ticket type each product's name names (nameTicketType), by its place in the catalog's
 * sale layout: 0 none, else 1 + its place in TYPE_CODES. Worked out ahead, once per catalog
 * version (nameTypesAhead, in slices before the version is served): a message naming one
 * ticket type ("2 adult activity") has the understanding read every hit's name, and for a
 * common word's 50,000 hits that was 0.5-1 s of the turn.
 */
const nameTypes = new WeakMap<CatalogIndex, Uint8Array>();
const TYPE_CODES: readonly TicketType[] = ['adult', 'child', 'senior', 'baby'];

/** Works out each product's name type, a product per step (for the catalog service's slices). */
export function* nameTypesAhead(catalog: CatalogIndex): Generator<void> {
  const { entries } = catalog.saleLayout;
  const codes = new Uint8Array(entries.length);
  for (let at = 0; at < entries.length; at += 1) {
    const type = nameTicketType(productName(entries[at]!.product));
    codes[at] = type === undefined ? 0 : TYPE_CODES.indexOf(type) + 1;
    yield;
  }
  nameTypes.set(catalog, codes);
}

/** A product hit, its name and ticket types read from the catalog when asked for. */
class FoundCatalogProduct implements FoundProduct {
  readonly #hit: SearchHit;
  readonly #entry: ProductEntry;
  #types?: FoundProduct['types'] | null;

  constructor(hit: SearchHit, entry: ProductEntry) {
    this.#hit = hit;
    this.#entry = entry;
  }

  get kind(): 'product' {
    return 'product';
  }

  get id(): string {
    return this.#hit.id;
  }

  get providerId(): string {
    return this.#hit.providerId;
  }

  get score(): number {
    return this.#hit.score;
  }

  get name(): string {
    return productName(this.#entry.product);
  }

  /** Absent when the product has no ticket types. */
  get types(): FoundProduct['types'] {
    if (this.#types === undefined) {
      const siblings = ticketTypeSiblings(this.#entry.base, this.#entry.product);
      this.#types =
        siblings.length > 0
          ? Object.fromEntries(
              siblings.map((sibling) => [productPersonKind(sibling)!, sibling.productId]),
            )
          : null;
    }
    return this.#types ?? undefined;
  }
}

/**
 * What a search's hits (a query's, kept by the search) found in an offer. Kept across
 * minutes while the offer stays (the same object when nothing changed): only a combined
 * product is on sale by its products' dates now, so a list with a combined product is
 * kept for its minute alone. A common word's list has a product per product of the
 * catalog: made again each minute, it would hold a turn at 50,000 products.
 */
const foundByOffer = new WeakMap<
  Offerable,
  WeakMap<readonly SearchHit[], { minute?: string; products: FoundProduct[] }>
>();

export function catalogFinder(catalog: CatalogIndex, now: Date): ProductFinder {
  const offer = offerable(catalog, now);
  const minute = now.toISOString().slice(0, 16);
  let found = foundByOffer.get(offer);
  if (!found) {
    found = new WeakMap();
    foundByOffer.set(offer, found);
  }
  // One pass over the hits' columns picks the offered ones (a number each); a found
  // product, and the hit it reads, is made when the reader reads it (lazy-list.ts): a
  // common word's list has a product per product of the catalog and a turn reads a few.
  // byMinute: a combined product among the hits (on sale or not).
  const find = (hits: readonly SearchHit[]): { products: FoundProduct[]; byMinute: boolean } => {
    const columns = hitColumns(hits);
    const offered = offeredHit(offer, columns);
    const picked = new Uint32Array(columns.length);
    const combinedFound: FoundProduct[] = []; // by place in the list; few
    let count = 0;
    let byMinute = false;
    for (let at = 0; at < columns.length; at += 1) {
      if (columns.kind(at) === 'product') {
        if (offered(at)) picked[count++] = at;
        continue;
      }
      byMinute = true;
      const hit = hits[at]!;
      const combined = catalog.catalog.combinedProducts.find((c) => c.combinedProductId === hit.id);
      const dates = combined && combinedDates(catalog, combined.productIds, now);
      if (combined && dates && dates.length > 0) {
        combinedFound[count] = { ...hit, name: combined.combinedProductName };
        picked[count++] = at;
      }
    }
    const products = lazyList(count, (index) => {
      const kept = combinedFound[index];
      if (kept) return kept;
      const at = picked[index]!;
      return new FoundCatalogProduct(hits[at]!, offered(at)!);
    });
    // Each name's ticket type, when worked out ahead for this catalog version (a combined
    // product's is read from its name).
    const codes = nameTypes.get(catalog);
    if (!codes) return { products, byMinute };
    const { place } = columns;
    const layout = catalog.saleLayout;
    const nameType = (index: number) => {
      if (combinedFound[index]) return undefined;
      const at = picked[index]!;
      const code = codes[place ? place(at) : layout.position(columns.id(at))!]!;
      return code === 0 ? null : TYPE_CODES[code - 1]!;
    };
    return { products: withNameTypes(products, nameType), byMinute };
  };
  return (query) => {
    const hits = catalog.search(query);
    let kept = found.get(hits);
    if (!kept || (kept.minute !== undefined && kept.minute !== minute)) {
      const { products, byMinute } = find(hits);
      kept = { ...(byMinute ? { minute } : {}), products };
      found.set(hits, kept);
    }
    return kept.products;
  };
}

/**
 * The first search of each of the catalog's common words in the offer, worked out with the
 * version (the catalog service's work ahead, after offerAhead): a word most products hold
 * ("activity") has the finder and the browse list each pick the offered products among
 * its 50,000 hits, kept per offer, and that first pass, run by V8 for the first time,
 * would hold the first search's turn. A step per word and list.
 */
export const commonSearchesAhead = (now: () => Date) =>
  function* (catalog: CatalogIndex): Generator<void> {
    for (const word of catalog.commonWords()) {
      catalogFinder(catalog, now())(word);
      yield;
      const offer = offerable(catalog, now());
      searchProducts(offer, word);
      searchCombined(offer, now(), word);
      yield;
    }
  };
