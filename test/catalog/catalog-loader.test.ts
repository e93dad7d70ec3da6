/**
 * The catalog read in a worker thread (catalog-loader.ts, catalog-worker.ts) against an
 * HTTP partner serving a catalog of 2,000 products (twenty parts of the transfer): the
 * same catalog the client reads on the calling thread, its date lists shared, a bad
 * product skipped without sinking the rest, and the worker's warnings logged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallOutcome } from '#src/api/client.js';
import { createPartnerClient } from '#src/api/client.js';
import type { Departure } from '#src/api/departures.js';
import { clientLoader, workerLoader, type LoadedCatalog } from '#src/catalog/catalog-loader.js';
import { createLogger } from '#src/log.js';
import { catalogToWire, generatedCatalog } from '#src/sandbox/seed/index.js';

const PRODUCTS = 2000;
const catalog = generatedCatalog({
  today: '2026-06-10',
  products: PRODUCTS,
  seed: 3,
  language: 'en',
});
const broken = catalog.providers[7]!.productBases[2]!.products[4]!.productId;

/** The wire body, with one product that cannot be read (no ProductId). */
function wireBody(): Record<string, unknown> {
  const wire = catalogToWire(catalog) as {
    Providers: { ProductBases: { Products: Record<string, unknown>[] }[] }[];
  };
  delete wire.Providers[7]!.ProductBases[2]!.Products[4]!.ProductId;
  return { Success: true, Errors: [], ...wire };
}

let server: Server;
let baseUrl: string;
let answer: Record<string, unknown>;

beforeAll(async () => {
  answer = wireBody();
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A load's catalog (a first load is never 'unchanged'). */
function whole(loaded: LoadedCatalog | 'unchanged'): LoadedCatalog {
  if (loaded === 'unchanged') throw new Error('a catalog was expected');
  return loaded;
}

const productIds = (providers: typeof catalog.providers) =>
  providers.flatMap((provider) =>
    provider.productBases.flatMap((base) => base.products.map((product) => product.productId)),
  );

describe('the catalog read in a worker thread', () => {
  it('is the catalog the client reads, the bad product skipped and reported', async () => {
    const outcomes: CallOutcome[] = [];
    const departures: Departure[] = [];
    const partner = { baseUrl, apiKey: 'test-key' };
    const load = workerLoader({
      partner,
      observe: (outcome) => outcomes.push(outcome),
      departures: (_operation, departure) => departures.push(departure),
    });
    const viaWorker = whole(await load('en'));
    const viaClient = whole(await clientLoader(createPartnerClient(partner))('en'));

    expect(viaWorker.catalog).toEqual(viaClient.catalog);
    const ids = productIds(viaWorker.catalog.providers);
    expect(ids).toHaveLength(PRODUCTS - 1);
    expect(ids).not.toContain(broken);
    expect(ids).toEqual(productIds(catalog.providers).filter((id) => id !== broken));
    expect(departures).toContainEqual(
      expect.objectContaining({
        kind: 'skipped',
        count: 1,
        path: expect.stringContaining('Products[]'),
      }),
    );
    expect(outcomes).toEqual([expect.objectContaining({ operation: 'catalog', result: 'ok' })]);
    // Dated: change is told by the date, no digest needed.
    expect(viaWorker.version).toEqual({ lastUpdated: catalog.lastUpdatedDateTime });
    expect(viaClient.version).toEqual(viaWorker.version);
  }, 60_000);

  it('answers a refresh of the version in service unchanged, a newer catalog in full', async () => {
    const partner = { baseUrl, apiKey: 'test-key' };
    const inService = { lastUpdated: catalog.lastUpdatedDateTime! };
    const older = { lastUpdated: '2000-01-01T00:00:00' };
    for (const load of [workerLoader({ partner }), clientLoader(createPartnerClient(partner))]) {
      expect(await load('en', inService)).toBe('unchanged');
      const newer = whole(await load('en', older));
      expect(productIds(newer.catalog.providers)).toHaveLength(PRODUCTS - 1);
    }
    // Undated: told by the content's digest, the same for either loader.
    const { LastUpdatedDateTime: _dropped, ...undated } = answer;
    answer = undated;
    try {
      const worker = workerLoader({ partner });
      const first = whole(await worker('en'));
      expect(first.version.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(whole(await clientLoader(createPartnerClient(partner))('en')).version).toEqual(
        first.version,
      );
      expect(await worker('en', first.version)).toBe('unchanged');
      expect(whole(await worker('en', { digest: 'another' })).version).toEqual(first.version);
    } finally {
      answer = wireBody();
    }
  }, 60_000);

  it('shares each distinct date list between products', async () => {
    const { catalog: read } = whole(
      await workerLoader({ partner: { baseUrl, apiKey: 'test-key' } })('en'),
    );
    const lists = read.providers.flatMap((provider) =>
      provider.productBases.flatMap((base) =>
        base.products.flatMap((product) => [
          product.daysWithLimitedCapacity,
          ...product.pricesAndDates.map((set) => set.dates),
        ]),
      ),
    );
    const distinct = new Set(lists);
    const distinctByContent = new Set(lists.map((dates) => dates.join(',')));
    expect(lists.length).toBeGreaterThan(2 * PRODUCTS);
    expect(distinct.size).toBe(distinctByContent.size);
  }, 60_000);

  it('fails with the reason when the partner cannot be reached', async () => {
    const load = workerLoader({
      partner: {
        baseUrl: 'http://127.0.0.1:9',
        apiKey: 'test-key',
        retry: { limit: 0, delayMs: 1 },
      },
    });
    await expect(load('en')).rejects.toMatchObject({ name: 'CatalogLoadError', kind: 'network' });
  }, 60_000);

  it("writes the worker's warnings with the main thread's logger, at its level", async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(line: Buffer, _encoding, done) {
        lines.push(JSON.parse(line.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger({ level: 'warn', destination });
    await workerLoader({ partner: { baseUrl, apiKey: 'test-key' }, logger })('en');
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        thread: 'catalog-worker',
        operation: 'catalog',
        kind: 'skipped',
        msg: 'partner response departs from the schema',
      }),
    );
    // At 'warn', the worker's debug line of each call is not written.
    expect(lines.filter((line) => line.msg === 'partner call')).toEqual([]);
  }, 60_000);
});
