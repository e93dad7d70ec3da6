/**
 * The partner's catalog as the booking reads it: lookups of a product with its base and
 * provider, a ticket, an enclosure, a session, and the search of products by what a
 * customer types. The index is built once per catalog version (src/catalog), and reaches
 * the flows through what the conversation layer gives them (a view's deps, an actor's
 * input), so a turn never scans the catalog and the flows never build one.
 */
import type {
  Catalog,
  CatalogSession,
  Product,
  ProductBase,
  Provider,
  Ticket,
  TicketEnclosure,
} from './catalog-shapes.js';

export interface ProductEntry {
  provider: Provider;
  base: ProductBase;
  product: Product;
}

export interface SessionEntry {
  provider: Provider;
  enclosure: TicketEnclosure;
  session: CatalogSession;
}

export interface SearchHit {
  kind: 'product' | 'combined';
  /** ProductId or CombinedProductId. */
  id: string;
  providerId: string;
  score: number;
  /** How many of the query's words it matched. */
  matched: number;
}

/**
 * What a pass over a search's hits reads of each (its kind and id), without making the
 * hit: a common word's hits are a lazy list (lazy-list.ts), a hit per product of the
 * catalog, and the finder and the browse list only pick the offered ones from it.
 */
export interface HitColumns {
  length: number;
  kind(at: number): SearchHit['kind'];
  id(at: number): string;
  /** The hit's place in the catalog's sale layout (-1 for none), when the search knows it. */
  place?(at: number): number;
}

const columnsOf = new WeakMap<readonly SearchHit[], HitColumns>();

/** Gives a search's (lazy) hits their columns; the same list back. */
export function withColumns(hits: SearchHit[], columns: Omit<HitColumns, 'length'>): SearchHit[] {
  columnsOf.set(hits, { length: hits.length, ...columns });
  return hits;
}

/** The kind and id of each hit: read from its columns when it has them, else from it. */
export function hitColumns(hits: readonly SearchHit[]): HitColumns {
  return (
    columnsOf.get(hits) ?? {
      length: hits.length,
      kind: (at) => hits[at]!.kind,
      id: (at) => hits[at]!.id,
    }
  );
}

/**
 * The catalog's products laid out for working out what is on sale now (the booking's
 * offer): every entry in catalog order, each in a group of entries that are on sale at
 * the same moments (one zone, one saleTimingKey: src/domain/sale-window.ts), so that a
 * new minute checks a group once, not each of 50,000 products.
 */
export interface SaleLayout {
  readonly entries: readonly ProductEntry[];
  /** The group of each entry: `entries[i]` is in group `groupOf[i]`. */
  readonly groupOf: Uint32Array;
  /** One entry of each group, by group number. */
  readonly groups: readonly ProductEntry[];
  /** The place in `entries` of the product with this id (what `product(id)` gives). */
  position(productId: string): number | undefined;
}

export interface CatalogIndex {
  readonly catalog: Catalog;
  readonly saleLayout: SaleLayout;
  provider(providerId: string): Provider | undefined;
  product(productId: string): ProductEntry | undefined;
  /** An enclosure of the provider of a product. */
  enclosure(providerId: string, enclosureId: string): TicketEnclosure | undefined;
  ticket(productId: string, ticketId: string): Ticket | undefined;
  session(sessionId: string): SessionEntry | undefined;
  products(): Iterable<ProductEntry>;
  /** Products and combined products matching the most words of `query`, best first. */
  search(query: string): SearchHit[];
  /** The words of a query that carry meaning (what the search looks for). */
  searchTerms(query: string): string[];
  /**
   * The words most of the catalog holds ("activity" in a catalog of activities): a search
   * of one finds most products, which the layers above work out ahead per version.
   */
  commonWords(): readonly string[];
}
