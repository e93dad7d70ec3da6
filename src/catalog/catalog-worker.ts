/**
 * The catalog's worker thread: fetches the catalog of one language, reads it (JSON, the
 * lenient schema: seconds of work for 50,000 products), shares its date lists, and hands
 * it to the main thread in parts, one each time the main thread asks (catalog-transfer.ts).
 * One worker per load: it ends with its load, and its memory with it.
 */
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { catalogOperation } from '#src/api/catalog.js';
import { createPartnerClient } from '#src/api/client.js';
import { PartnerError } from '#src/api/errors.js';
import { createLogger } from '#src/log.js';
import {
  numberDates,
  partsOf,
  type CatalogWorkerInput,
  type MainMessage,
  type WorkerMessage,
} from './catalog-transfer.js';
import { replaces, versionOf } from './catalog-version.js';
import { createDateTable } from './shared-dates.js';

const port = parentPort!;
const input = workerData as CatalogWorkerInput;
const send = (message: WorkerMessage) => port.postMessage(message);

async function load(): Promise<void> {
  // Its warnings (a retry, a failure, a departure from the schema) are the main thread's
  // to write: a line at a time, as the worker's own logger writes them.
  const logger = createLogger({
    level: input.logLevel ?? 'silent',
    secrets: [input.partner.apiKey],
    // The main thread's logger writes the lines again, with the process's fields.
    base: {},
    destination: new Writable({
      write(line: Buffer, _encoding, done) {
        send({ type: 'log', line: line.toString() });
        done();
      },
    }),
  });
  const client = createPartnerClient({
    ...input.partner,
    logger,
    observe: (outcome) => send({ type: 'outcome', outcome }),
    departures: (operation, departure) => send({ type: 'departure', operation, departure }),
  });
  const catalog = await client.call(catalogOperation, { languageCode: input.language });
  const version = versionOf(catalog);
  // A refresh of the version in service: nothing for the main thread to take in.
  if (input.known && !replaces(version, input.known)) {
    send({ type: 'unchanged' });
    return;
  }
  const table = createDateTable();
  numberDates(catalog.providers, table);
  const parts = partsOf(catalog.providers);
  send({
    type: 'head',
    catalog: { ...catalog, providers: [] },
    dates: table.lists,
    parts: parts.length,
    version,
  });
  let next = 0;
  port.on('message', (message: MainMessage) => {
    if (message.type !== 'next') return;
    const part = parts[next];
    if (!part) return;
    // Let go of each part once sent: the worker's memory shrinks as the main thread's grows.
    parts[next] = [];
    next += 1;
    send({ type: 'part', providers: part });
  });
}

load().catch((error: unknown) => {
  send({
    type: 'failed',
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof PartnerError ? { kind: error.kind } : {}),
  });
});
