/**
 * Where the catalog service gets a catalog from. In the bot: a worker thread fetches and
 * reads it (catalog-worker.ts) and the main thread takes it in part by part, never held
 * up for more than a few milliseconds (no event-loop stall over 30 ms at 50,000
 * products). In tests and tools: the client, on the calling thread.
 *
 * Either way the date lists come out shared (shared-dates.ts), and the catalog comes with
 * its version (catalog-version.ts). Asked with the version in service (a refresh), a loader
 * answers 'unchanged' for a catalog that would not replace it, before taking it in.
 */
import { Worker } from 'node:worker_threads';
import { catalogOperation, type Catalog } from '#src/api/catalog.js';
import type { CallOutcome, PartnerClient } from '#src/api/client.js';
import type { Departure } from '#src/api/departures.js';
import type { IsoDate } from '#src/api/schema.js';
import type { Logger } from '#src/log.js';
import type { Level } from 'pino';
import {
  restoreDates,
  type CatalogWorkerInput,
  type MainMessage,
  type WorkerMessage,
} from './catalog-transfer.js';
import { replaces, versionOf, type CatalogVersion } from './catalog-version.js';
import { createDateTable, shareProductDates } from './shared-dates.js';
import { createValueTable, type ValueTable } from './shared-values.js';
import { yieldToLoop } from './slices.js';

export interface LoadedCatalog {
  catalog: Catalog;
  version: CatalogVersion;
}

/**
 * The catalog of `language`; given `known` (the version in service), 'unchanged' when the
 * catalog read would not replace it (catalog-version.ts), without taking it in.
 */
export type CatalogLoader = (
  language: string,
  known?: CatalogVersion,
) => Promise<LoadedCatalog | 'unchanged'>;

/** The catalog through `client`, read on this thread (tests, tools, small catalogs). */
export function clientLoader(client: PartnerClient): CatalogLoader {
  return async (language, known) => {
    const catalog = await client.call(catalogOperation, { languageCode: language });
    const version = versionOf(catalog);
    if (known && !replaces(version, known)) return 'unchanged';
    const table = createDateTable();
    for (const provider of catalog.providers)
      for (const base of provider.productBases)
        for (const product of base.products) shareProductDates(product, table);
    return { catalog, version };
  };
}

/** A failed load in the worker, as the main thread learns of it. */
export class CatalogLoadError extends Error {
  override name = 'CatalogLoadError';
  constructor(
    message: string,
    /** The PartnerError's kind when the partner call failed (timeout, envelope, …). */
    readonly kind?: string,
  ) {
    super(message);
  }
}

export interface WorkerLoaderOptions {
  partner: CatalogWorkerInput['partner'];
  /** Writes the worker's log lines (its partner call's warnings), at its level. */
  logger?: Logger;
  /** Told of the worker's partner call, as the client's own `observe` is. */
  observe?: (outcome: CallOutcome) => void;
  departures?: (operation: string, departure: Departure) => void;
}

let tsxApi: string | undefined;

/** The worker's entry, run through tsx when this code runs as TypeScript. */
function startWorker(input: CatalogWorkerInput): Worker {
  const entry = new URL(
    `./catalog-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
    import.meta.url,
  );
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: input });
  // A worker does not inherit the parent's module hooks (Node 20): tsx loads the entry.
  // Resolved once: under tsx, resolving waits on the loader's thread.
  tsxApi ??= import.meta.resolve('tsx/esm/api');
  const tsx = tsxApi;
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData: input });
}

/** A line of the worker's logger, written by `logger` at its level, naming the worker. */
function relog(logger: Logger, line: string): void {
  const { level, time: _time, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
  const label = logger.levels.labels[level as number] as Level | undefined;
  if (label) logger[label]({ thread: 'catalog-worker', ...fields }, msg as string);
}

/** The catalog through a worker thread of its own, taken in part by part. */
export function workerLoader(options: WorkerLoaderOptions): CatalogLoader {
  return (language, known) =>
    new Promise<LoadedCatalog | 'unchanged'>((resolve, reject) => {
      const worker = startWorker({
        language,
        partner: options.partner,
        ...(options.logger ? { logLevel: options.logger.level } : {}),
        ...(known ? { known } : {}),
      });
      let loaded: (LoadedCatalog & { dates: IsoDate[][] }) | undefined;
      let parts = 0;
      // Dropped once the catalog is whole: the worker's listener outlives the load.
      let values: ValueTable | undefined = createValueTable();
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
        void worker.terminate();
      };
      const ask = () => worker.postMessage({ type: 'next' } satisfies MainMessage);
      worker.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'outcome':
            options.observe?.(message.outcome);
            return;
          case 'departure':
            options.departures?.(message.operation, message.departure);
            return;
          case 'log':
            if (options.logger) relog(options.logger, message.line);
            return;
          case 'failed':
            finish(() => reject(new CatalogLoadError(message.message, message.kind)));
            return;
          case 'unchanged':
            finish(() => resolve('unchanged'));
            return;
          case 'head':
            loaded = { catalog: message.catalog, version: message.version, dates: message.dates };
            parts = message.parts;
            break;
          case 'part':
            // Before the date lists are back (they are shared already): a price set is
            // shared with its list's number in it, and the list put back once.
            values?.share(message.providers);
            restoreDates(message.providers, loaded!.dates);
            loaded!.catalog.providers.push(...message.providers);
            parts -= 1;
            break;
        }
        if (parts === 0) {
          values = undefined;
          const { catalog, version } = loaded!;
          finish(() => resolve({ catalog, version }));
        } else void yieldToLoop().then(ask);
      });
      worker.on('error', (error) => finish(() => reject(error)));
      worker.on('exit', (code) =>
        finish(() => reject(new CatalogLoadError(`the catalog's worker stopped (${code})`))),
      );
    });
}
