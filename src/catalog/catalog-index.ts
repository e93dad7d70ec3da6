/**
 * Lookups over one catalog (src/domain/catalog.ts says what they are): a product with
 * its base and provider, a ticket with its enclosure, a session with its enclosure, the
 * products grouped by sale timing (what a new minute checks), and the product search. Built once per catalog version, so a turn never scans the catalog.
 * Used by the bot and by the sandbox alike; the bot indexes in slices
 * (indexCatalogInSlices), so that a large catalog never holds a turn up.
 */
import type { Catalog, Provider, TicketEnclosure } from '#src/api/catalog.js';
import type { CatalogIndex, ProductEntry, SessionEntry } from '#src/domain/catalog.js';
import { saleTimingKey } from '#src/domain/sale-window.js';
import { providerZone, type IsoDate } from '#src/domain/time.js';
import { productSearch } from './product-search.js';
import { inSlices } from './slices.js';

/** The lookups of a catalog, filled provider by provider. */
function indexer(catalog: Catalog) {
  const providers = new Map<string, Provider>();
  // Each product's place in `entries` (the sale layout's list): the lookup by id.
  const positions = new Map<string, number>();
  const enclosures = new Map<string, TicketEnclosure>();
  const sessions = new Map<string, SessionEntry>();
  // The sale layout: entries in catalog order, grouped by zone and sale timing.
  const entries: ProductEntry[] = [];
  const groupOf: number[] = [];
  const groups: ProductEntry[] = [];
  const groupByKey = new Map<string, number>();
  const lists = new Map<readonly IsoDate[], number>();
  const listId = (dates: readonly IsoDate[]) => {
    let id = lists.get(dates);
    if (id === undefined) lists.set(dates, (id = lists.size));
    return id;
  };

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
        const entry = { provider, base, product };
        positions.set(product.productId, entries.length);
        const key = `${providerZone(provider)}|${saleTimingKey(product, listId)}`;
        let group = groupByKey.get(key);
        if (group === undefined) {
          group = groups.push(entry) - 1;
          groupByKey.set(key, group);
        }
        entries.push(entry);
        groupOf.push(group);
      }
    }
  };

  const product = (id: string): ProductEntry | undefined => {
    const at = positions.get(id);
    return at === undefined ? undefined : entries[at];
  };

  const index = (): CatalogIndex => {
    const built: CatalogIndex = {
      catalog,
      saleLayout: {
        entries,
        groupOf: Uint32Array.from(groupOf),
        groups,
        position: (id) => positions.get(id),
      },
      provider: (id) => providers.get(id),
      product,
      enclosure: (providerId, enclosureId) => enclosures.get(`${providerId}/${enclosureId}`),
      ticket: (productId, ticketId) =>
        product(productId)?.product.tickets.find((ticket) => ticket.ticketId === ticketId),
      session: (id) => sessions.get(id),
      products: function* () {
        for (const at of positions.values()) yield entries[at]!;
      },
      search: (query) => productSearch(built).search(query),
      searchTerms: (query) => productSearch(built).terms(query),
      commonWords: () => productSearch(built).commonWords(),
    };
    return built;
  };

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
