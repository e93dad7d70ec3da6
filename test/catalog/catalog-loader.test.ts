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
import { clientLoader, workerLoader } from '#src/catalog/catalog-loader.js';
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
    const viaWorker = await load('en');
    const viaClient = await clientLoader(createPartnerClient(partner))('en');

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
    expect(viaWorker.digest).toBeUndefined();
  }, 60_000);

  it('shares each distinct date list between products', async () => {
    const { catalog: read } = await workerLoader({ partner: { baseUrl, apiKey: 'test-key' } })(
      'en',
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
