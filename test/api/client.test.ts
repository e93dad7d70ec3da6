import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogOperation } from '#src/api/catalog.js';
import { createPartnerClient, type PartnerClient } from '#src/api/client.js';
import {
  PartnerEnvelopeError,
  PartnerHttpError,
  PartnerInvalidResponseError,
  PartnerNetworkError,
  PartnerTimeoutError,
} from '#src/api/errors.js';
import { defineOperation } from '#src/api/operation.js';
import { list, optional, text } from '#src/api/schema.js';
import { PassThrough } from 'node:stream';
import { createLogger } from '#src/log.js';
import { json, startTestServer, type TestServer } from '#test/support/http-server.js';

const minimalCatalog = {
  LastUpdatedDateTime: '2026-11-01T10:00:00.1234567',
  Providers: [
    {
      ProviderId: 'prov000000001',
      ProviderName: 'Museo',
      'Ticket enclosures': [{ EnclosureId: 'encl000000001', EnclosureName: 'Entrada' }],
      ProductBases: [
        {
          ProductBaseId: 'base000000001',
          Products: [
            {
              ProductId: 'prod000000001',
              ProductName: 'General',
              PricesAndDates: [{ Price: '20', Currency: 'EUR', Dates: '2026-12-01,2026-12-02' }],
              CancellationConditions: { IsRefundable: 'true', Rules: null },
              Tickets: [{ TicketId: 'tick000000001', IsQuotaTicket: true }],
            },
          ],
        },
      ],
    },
  ],
};

const sessionRead = defineOperation({
  name: 'test-get',
  method: 'GET',
  path: '/Sale',
  request: z.object({ partnerSaleId: optional(text), productIds: optional(list(text)) }),
  response: z.object({}),
  envelope: 'A',
  effect: 'read',
  timeoutMs: 2_000,
});

const write = defineOperation({
  name: 'test-write',
  method: 'POST',
  path: '/ShoppingCart/Sale',
  request: z.object({ shoppingCartId: text }),
  response: z.object({ paymentRedirectUrl: optional(text) }),
  envelope: 'A',
  effect: 'write',
  timeoutMs: 300,
});

let server: TestServer;
let client: PartnerClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  client = createPartnerClient({
    baseUrl: server.url,
    apiKey: 'secret-key',
    retry: { limit: 2, delayMs: 1 },
    timeoutMs: { catalog: 300 },
  });
});

describe('partner client over HTTP', () => {
  it('sends the headers of the service and PascalCase JSON', async () => {
    server.handle((_request, response) => json(response, 200, minimalCatalog));
    await client.call(catalogOperation, { languageCode: 'en', providerIds: ['prov000000001'] });
    const [seen] = server.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url.pathname).toBe('/activity/catalog');
    expect(seen?.headers.authorization).toBe('ApiKey secret-key');
    expect(seen?.headers.accept).toBe('application/json');
    expect(seen?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      LanguageCode: 'en',
      ProviderIds: ['prov000000001'],
    });
  });

  it('normalizes a lenient response into camelCase domain values', async () => {
    server.handle((_request, response) => json(response, 200, minimalCatalog));
    const catalog = await client.call(catalogOperation, {});
    expect(catalog.lastUpdatedDateTime).toBe('2026-11-01T10:00:00');
    const provider = catalog.providers[0]!;
    expect(provider.ticketEnclosures[0]?.ticketEnclosureId).toBe('encl000000001');
    const product = provider.productBases[0]!.products[0]!;
    expect(product.pricesAndDates[0]?.price).toBe(20);
    expect(product.pricesAndDates[0]?.dates).toEqual(['2026-12-01', '2026-12-02']);
    expect(product.cancellationPolicy).toEqual({ isRefundable: true, rules: [] });
    expect(product.minimumNumberByTransaction).toBe(1);
  });

  it('puts GET parameters in the query string, repeating lists', async () => {
    server.handle((_request, response) => json(response, 200, { Success: true }));
    await client.call(sessionRead, { partnerSaleId: 'S 1&2', productIds: ['a', 'b'] });
    const url = server.seen[0]!.url;
    expect(url.searchParams.get('PartnerSaleId')).toBe('S 1&2');
    expect(url.searchParams.getAll('ProductIds')).toEqual(['a', 'b']);
    expect(server.seen[0]?.body).toBe('');
  });

  it('sends AdminPartnerUserId when given', async () => {
    server.handle((_request, response) => json(response, 200, { Success: true }));
    await client.call(write, { shoppingCartId: 'c1' }, { adminPartnerUserId: 'staff-7' });
    expect(server.seen[0]?.headers.adminpartneruserid).toBe('staff-7');
  });

  it('turns envelope A failures into PartnerEnvelopeError with codes and entities', async () => {
    server.handle((_request, response) =>
      json(response, 200, {
        Success: false,
        Errors: [{ ErrorMessage: 'Document required', ErrorCode: 5000 }],
        ErrorEntityBreakDown: [{ Id: 'prod000000001', Name: 'General' }],
      }),
    );
    const error = await client.call(write, { shoppingCartId: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerEnvelopeError);
    const envelope = error as PartnerEnvelopeError;
    expect(envelope.codes).toEqual(['5000']);
    expect(envelope.messages).toEqual(['Document required']);
    expect(envelope.entities).toEqual([{ id: 'prod000000001', name: 'General' }]);
    expect(envelope.ambiguous).toBe(false);
    expect(server.seen).toHaveLength(1);
  });

  it('turns envelope B failures into PartnerEnvelopeError, even with an HTTP error status', async () => {
    server.handle((_request, response) =>
      json(response, 400, {
        Success: false,
        Timestamp: '2026-11-01T10:00:00.1234567',
        ErrorMessage: 'Gift card not found',
        ErrorCodes: ['404'],
      }),
    );
    const error = await client.call(sessionRead, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerEnvelopeError);
    expect((error as PartnerEnvelopeError).status).toBe(400);
    expect((error as PartnerEnvelopeError).messages).toEqual(['Gift card not found']);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a read on 503 and succeeds', async () => {
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls < 3) json(response, 503, 'busy');
      else json(response, 200, minimalCatalog);
    });
    const catalog = await client.call(catalogOperation, {});
    expect(catalog.providers).toHaveLength(1);
    expect(server.seen).toHaveLength(3);
  });

  it('gives up on a read after its retries with PartnerHttpError', async () => {
    server.handle((_request, response) => json(response, 500, 'down'));
    const error = await client.call(catalogOperation, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerHttpError);
    expect((error as PartnerHttpError).status).toBe(500);
    expect((error as PartnerHttpError).ambiguous).toBe(true);
    expect(server.seen).toHaveLength(3);
  });

  it('retries a read that timed out', async () => {
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls === 1) return; // never answers: the client times out
      json(response, 200, minimalCatalog);
    });
    const catalog = await client.call(catalogOperation, {});
    expect(catalog.providers).toHaveLength(1);
    expect(server.seen).toHaveLength(2);
  });

  it('never retries a write: a 503 is reported once, as ambiguous', async () => {
    server.handle((_request, response) => json(response, 503, 'busy'));
    const error = await client.call(write, { shoppingCartId: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerHttpError);
    expect((error as PartnerHttpError).ambiguous).toBe(true);
    expect(server.seen).toHaveLength(1);
  });

  it('never retries a write that timed out', async () => {
    server.handle(() => undefined);
    const error = await client.call(write, { shoppingCartId: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerTimeoutError);
    expect((error as PartnerTimeoutError).ambiguous).toBe(true);
    expect(server.seen).toHaveLength(1);
  });

  it('never retries a write whose connection dropped', async () => {
    server.handle((_request, response) => {
      response.socket?.destroy();
    });
    const error = await client.call(write, { shoppingCartId: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerNetworkError);
    expect(server.seen).toHaveLength(1);
  });

  it('reports malformed JSON as an invalid response', async () => {
    server.handle((_request, response) => json(response, 200, '{"Success": tru'));
    const error = await client.call(write, { shoppingCartId: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerInvalidResponseError);
  });

  it('skips a list element it cannot read, keeps the rest, and reports the departure', async () => {
    const broken = structuredClone(minimalCatalog);
    const product = broken.Providers[0]!.ProductBases[0]!.Products[0]!;
    product.PricesAndDates.push({ Price: '21', Currency: 'EUR', Dates: '2026-12-03' });
    (product.PricesAndDates[0] as { Price: unknown }).Price = 'twenty';
    server.handle((_request, response) => json(response, 200, broken));
    const departures: { operation: string; path: string; kind: string; count: number }[] = [];
    const reading = createPartnerClient({
      baseUrl: server.url,
      apiKey: 'secret-key',
      departures: (operation, departure) => departures.push({ operation, ...departure }),
    });
    const catalog = await reading.call(catalogOperation, {});
    const prices = catalog.providers[0]!.productBases[0]!.products[0]!.pricesAndDates;
    expect(prices.map((price) => price.price)).toEqual([21]);
    expect(departures).toContainEqual({
      operation: 'catalog',
      path: 'Providers[].ProductBases[].Products[].PricesAndDates[]',
      kind: 'skipped',
      count: 1,
    });
    // The price sent as a string is read, and said to have been coerced.
    expect(departures).toContainEqual({
      operation: 'catalog',
      path: 'Providers[].ProductBases[].Products[].PricesAndDates[].Price',
      kind: 'coerced',
      count: 1,
    });
  });

  it('names the wire path when the response itself cannot be read', async () => {
    server.handle((_request, response) => json(response, 200, ['not', 'a', 'catalog']));
    const error = await client.call(catalogOperation, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerInvalidResponseError);
    expect((error as PartnerInvalidResponseError).path).toBe('(root)');
  });

  it('refuses to send a request that fails its own schema', async () => {
    const error = await client
      .call(catalogOperation, { fromDate: '2026-13-01' as never })
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/FromDate/);
    expect(server.seen).toHaveLength(0);
  });

  it('passes a caller abort through without retrying', async () => {
    const controller = new AbortController();
    // The caller gives up once the request has arrived (no answer is ever sent).
    server.handle(() => controller.abort());
    const pending = client.call(catalogOperation, {}, { signal: controller.signal });
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(server.seen).toHaveLength(1);
  });

  it('logs one request id per call and never the key', async () => {
    const sink = new PassThrough();
    const lines: string[] = [];
    sink.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const logged = createPartnerClient({
      baseUrl: server.url,
      apiKey: 'secret-key',
      retry: { limit: 1, delayMs: 1 },
      logger: createLogger({ level: 'debug', destination: sink }),
    });
    server.handle((_request, response) => json(response, 503, 'busy'));
    await logged.call(catalogOperation, {}, { requestId: 'req-42' }).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line) as { msg: string })).toContainEqual(
      expect.objectContaining({ msg: 'partner call retried', retryCount: 1 }),
    );
    for (const line of lines) {
      expect(line).not.toContain('secret-key');
      expect(JSON.parse(line)).toMatchObject({ requestId: 'req-42', operation: 'catalog' });
    }
  });
});
