/**
 * The local catalog. The spec calls querying the catalog per sale a misuse: it is
 * fetched once per language, kept indexed in memory, and replaced only when a refresh
 * shows a later LastUpdatedDateTime. Turns read it synchronously after the first load.
 */
import { catalogOperation } from '../api/catalog.js';
import type { PartnerClient } from '../api/client.js';
import type { Logger } from '../log.js';
import { silentLogger } from '../log.js';
import { indexCatalog, type CatalogIndex } from './catalog-index.js';

export interface CatalogService {
  /** The catalog in `language`, fetched on first use (concurrent callers share one fetch). */
  get(language: string): Promise<CatalogIndex>;
  /** Fetches again; swaps the index only when LastUpdatedDateTime moved forward. */
  refresh(language: string): Promise<'updated' | 'unchanged'>;
  /** Languages loaded so far (what a scheduled refresh should cover). */
  languages(): string[];
}

export function createCatalogService(
  client: PartnerClient,
  options: { logger?: Logger } = {},
): CatalogService {
  const logger = options.logger ?? silentLogger;
  const loaded = new Map<string, Promise<CatalogIndex>>();

  const fetchIndex = async (language: string): Promise<CatalogIndex> => {
    const catalog = await client.call(catalogOperation, { languageCode: language });
    logger.info(
      { language, lastUpdated: catalog.lastUpdatedDateTime, providers: catalog.providers.length },
      'catalog loaded',
    );
    return indexCatalog(catalog);
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
      // Both are yyyy-MM-ddThh:mm:ss strings in one zone: text order is time order.
      if (current && next.catalog.lastUpdatedDateTime <= current.catalog.lastUpdatedDateTime) {
        return 'unchanged';
      }
      loaded.set(language, Promise.resolve(next));
      return 'updated';
    },

    languages: () => [...loaded.keys()],
  };
}
