/**
 * The local catalog. The spec calls querying the catalog per sale a misuse: it is
 * fetched once per language, kept indexed in memory, and replaced only when a refresh
 * shows it changed: a later LastUpdatedDateTime, or, when the service leaves that date
 * out (real catalogs do), different content. Turns read it synchronously after the
 * first load.
 *
 * A version is served only once it is whole: read (catalog-loader.ts), indexed, its
 * search built and the layers' work per version done (`ahead`), each in slices that let
 * turns run in between. Until then a refresh leaves the version in service as it is, and
 * the first load is what `get` waits for. A refresh that finds the version in service
 * ends before the catalog is taken in (catalog-version.ts). A refresh that is empty or
 * has under half the products of the version in service is not served (`shrunk`).
 */
import type { Catalog } from '#src/api/catalog.js';
import type { PartnerClient } from '#src/api/client.js';
import type { BotEventBus } from '#src/events.js';
import type { Logger } from '#src/log.js';
import { silentLogger } from '#src/log.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import { indexCatalogInSlices } from './catalog-index.js';
import { clientLoader, type CatalogLoader } from './catalog-loader.js';
import { replaces, type CatalogVersion } from './catalog-version.js';
import { buildProductSearch } from './product-search.js';
import { inSlices } from './slices.js';

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
    /**
     * Work per catalog version of the layers above (what turns would otherwise work out
     * within one), a step per item, run in slices before the version is served.
     */
    ahead?: readonly ((index: CatalogIndex) => Iterable<unknown>)[];
    /** Told of a catalog not put in service ('catalog.rejected'): staff alerts, metrics. */
    events?: BotEventBus;
  } = {},
): CatalogService {
  const logger = options.logger ?? silentLogger;
  const load = options.load ?? clientLoader(client);
  const loaded = new Map<string, Promise<CatalogIndex>>();
  const versions = new WeakMap<CatalogIndex, CatalogVersion>();
  // Products of the last catalog put in service, per language: what a refresh is held to.
  const served = new Map<string, number>();

  // Given the version in service, 'unchanged' when the catalog read would not replace it:
  // told by the loader before the catalog is taken in, indexed and searched (seconds of
  // slices at 50,000 products, and a heap twice the size while the old one is served).
  const fetchIndex = async (
    language: string,
    known?: CatalogVersion,
  ): Promise<CatalogIndex | 'unchanged'> => {
    const began = performance.now();
    const read = await load(language, known);
    // A loader that does not compare (a test's) is held to the same rule here.
    if (read === 'unchanged' || (known && !replaces(read.version, known))) return 'unchanged';
    const { catalog, version } = read;
    const inService = known === undefined ? undefined : served.get(language);
    if (inService !== undefined && shrunk(catalog, inService)) {
      const products = productCount(catalog);
      logger.error(
        { language, products, inService },
        'catalog not put in service: empty or under half the products of the one in service',
      );
      options.events?.emit('catalog.rejected', { language, products, inService });
      return 'unchanged';
    }
    const taken = performance.now();
    const index = await indexCatalogInSlices(catalog);
    await buildProductSearch(index);
    for (const work of options.ahead ?? []) await inSlices(work(index), () => {});
    versions.set(index, version);
    served.set(language, productCount(catalog));
    logger.info(
      {
        language,
        lastUpdated: catalog.lastUpdatedDateTime,
        providers: catalog.providers.length,
        readMs: Math.round(taken - began),
        indexMs: Math.round(performance.now() - taken),
      },
      'catalog loaded',
    );
    return index;
  };

  const firstLoad = async (language: string): Promise<CatalogIndex> => {
    const index = await fetchIndex(language);
    // Without a version to compare with, a loader has nothing to call unchanged.
    if (index === 'unchanged')
      throw new Error("the catalog's loader answered a first load 'unchanged'");
    return index;
  };

  return {
    get(language) {
      let pending = loaded.get(language);
      if (!pending) {
        pending = firstLoad(language);
        // A failed first load must not stick: the next turn tries again.
        pending.catch(() => loaded.delete(language));
        loaded.set(language, pending);
      }
      return pending;
    },

    async refresh(language) {
      const current = await loaded.get(language)?.catch(() => undefined);
      const next = await fetchIndex(language, current && versions.get(current));
      if (next === 'unchanged') return 'unchanged';
      loaded.set(language, Promise.resolve(next));
      return 'updated';
    },

    languages: () => [...loaded.keys()],
  };
}

/** Products of a catalog, every provider and category counted. */
function productCount(catalog: Catalog): number {
  let count = 0;
  for (const provider of catalog.providers)
    for (const base of provider.productBases) count += base.products.length;
  return count;
}

/**
 * Whether a refreshed catalog lost what the one in service had: empty, or under half its
 * products. A service that answers with part of its data (a provider down behind it, a
 * page left out) would otherwise take most of the offer away until the next refresh; the
 * catalog in service is kept instead, and staff are told.
 */
function shrunk(catalog: Catalog, inService: number): boolean {
  const products = productCount(catalog);
  return products === 0 || products * 2 < inService;
}
