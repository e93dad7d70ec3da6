/**
 * Lookups over one catalog: a product with its base and provider, a ticket with its
 * enclosure, a session with its enclosure. Built once per catalog version, so a turn
 * never scans the catalog. Used by the bot and by the sandbox alike; the bot indexes in
 * slices (indexCatalogInSlices), so that a large catalog never holds a turn up.
 */
import type {
  Catalog,
  CatalogSession,
  Product,
  ProductBase,
  Provider,
  Ticket,
  TicketEnclosure,
} from '#src/api/catalog.js';
import { inSlices } from './slices.js';

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

export interface CatalogIndex {
  readonly catalog: Catalog;
  provider(providerId: string): Provider | undefined;
  product(productId: string): ProductEntry | undefined;
  /** An enclosure of the provider of a product. */
  enclosure(providerId: string, enclosureId: string): TicketEnclosure | undefined;
  ticket(productId: string, ticketId: string): Ticket | undefined;
  session(sessionId: string): SessionEntry | undefined;
  products(): Iterable<ProductEntry>;
}

/** The lookups of a catalog, filled provider by provider. */
function indexer(catalog: Catalog) {
  const providers = new Map<string, Provider>();
  const products = new Map<string, ProductEntry>();
  const enclosures = new Map<string, TicketEnclosure>();
  const sessions = new Map<string, SessionEntry>();

  const add = (provider: Provider): void => {
    providers.set(provider.providerId, provider);
    for (const enclosure of provider.ticketEnclosures) {
      enclosures.set(`${provider.providerId}/${enclosure.ticketEnclosureId}`, enclosure);
      for (const session of enclosure.sessions?.sessionSessionContents ?? []) {
        sessions.set(session.sessionId, { provider, enclosure, session });
      }
    }
    for (const base of provider.productBases) {
      for (const product of base.products) {
        products.set(product.productId, { provider, base, product });
      }
    }
  };

  const index = (): CatalogIndex => ({
    catalog,
    provider: (id) => providers.get(id),
    product: (id) => products.get(id),
    enclosure: (providerId, enclosureId) => enclosures.get(`${providerId}/${enclosureId}`),
    ticket: (productId, ticketId) =>
      products.get(productId)?.product.tickets.find((ticket) => ticket.ticketId === ticketId),
    session: (id) => sessions.get(id),
    products: () => products.values(),
  });

  return { add, index };
}

export function indexCatalog(catalog: Catalog): CatalogIndex {
  const { add, index } = indexer(catalog);
  for (const provider of catalog.providers) add(provider);
  return index();
}

/** The same, provider by provider in slices, the event loop served between them. */
export async function indexCatalogInSlices(catalog: Catalog): Promise<CatalogIndex> {
  const { add, index } = indexer(catalog);
  await inSlices(catalog.providers, add);
  return index();
}
