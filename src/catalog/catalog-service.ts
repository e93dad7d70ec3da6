/**
 * The local catalog. The spec calls querying the catalog per sale a misuse: it is
 * fetched once per language, kept indexed in memory, and replaced only when a refresh
 * shows it changed: a later LastUpdatedDateTime, or, when the service leaves that date
 * out (real catalogs do), different content. Turns read it synchronously after the
 * first load.
 *
 * A version is served only once it is whole: read (catalog-loader.ts), indexed and its
 * search built, each in slices that let turns run in between. Until then a refresh leaves
 * the version in service as it is, and the first load is what `get` waits for.
 */
import type { PartnerClient } from '#src/api/client.js';
import type { Logger } from '#src/log.js';
import { silentLogger } from '#src/log.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import { indexCatalogInSlices } from './catalog-index.js';
import { clientLoader, type CatalogLoader } from './catalog-loader.js';
import { buildProductSearch } from './product-search.js';

export interface CatalogService {
  /** The catalog in `language`, fetched on first use (concurrent callers share one fetch). */
  get(language: string): Promise<CatalogIndex>;
  /**
   * Fetches again; swaps the index only when the catalog changed: LastUpdatedDateTime
   * moved forward, or, when either copy has no such date, its content differs.
   */
  refresh(language: string): Promise<'updated' | 'unchanged'>;
  /** Languages loaded so far (what a scheduled refresh should cover). */
  languages(): string[];
}

export function createCatalogService(
  client: PartnerClient,
  options: {
    logger?: Logger;
    /** Where catalogs come from; default: `client`, on this thread. */
    load?: CatalogLoader;
  } = {},
): CatalogService {
  const logger = options.logger ?? silentLogger;
  const load = options.load ?? clientLoader(client);
  const loaded = new Map<string, Promise<CatalogIndex>>();
  // The content's digest per index, for catalogs that come without LastUpdatedDateTime.
  const digests = new WeakMap<CatalogIndex, string>();

  const fetchIndex = async (language: string): Promise<CatalogIndex> => {
    const began = performance.now();
    const { catalog, digest } = await load(language);
    const read = performance.now();
    const index = await indexCatalogInSlices(catalog);
    await buildProductSearch(index);
    if (digest !== undefined) digests.set(index, digest);
    logger.info(
      {
        language,
        lastUpdated: catalog.lastUpdatedDateTime,
        providers: catalog.providers.length,
        readMs: Math.round(read - began),
        indexMs: Math.round(performance.now() - read),
      },
      'catalog loaded',
    );
    return index;
  };

  const changed = (current: CatalogIndex | undefined, next: CatalogIndex): boolean => {
    if (!current) return true;
    const [was, now] = [current.catalog.lastUpdatedDateTime, next.catalog.lastUpdatedDateTime];
    // Both are yyyy-MM-ddThh:mm:ss strings in one zone: text order is time order.
    if (was !== undefined && now !== undefined) return now > was;
    return digests.get(current) !== digests.get(next);
  };

  return {
    get(language) {
      let pending = loaded.get(language);
      if (!pending) {
        pending = fetchIndex(language);
        // A failed first load must not stick: the next turn tries again.
        pending.catch(() => loaded.delete(language));
        loaded.set(language, pending);
      }
      return pending;
    },

    async refresh(language) {
      const current = await loaded.get(language)?.catch(() => undefined);
      const next = await fetchIndex(language);
      if (!changed(current, next)) return 'unchanged';
      loaded.set(language, Promise.resolve(next));
      return 'updated';
    },

    languages: () => [...loaded.keys()],
  };
}
