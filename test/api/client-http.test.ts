import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cartAddOperation,
  cartConfirmOperation,
  cartSaleOperation,
  type CartAddRequest,
} from '#src/api/cart.js';
import { createPartnerClient, type PartnerClient } from '#src/api/client.js';
import { PartnerError } from '#src/api/errors.js';
import { defineOperation, type Operation } from '#src/api/operation.js';
import { salesOperation } from '#src/api/sales.js';
import { optional, text } from '#src/api/schema.js';
import { json, startTestServer, type TestServer } from '#test/support/http-server.js';

const read = defineOperation({
  name: 'test-read',
  method: 'POST',
  path: '/activity/read',
  request: z.object({ productId: optional(text) }),
  response: z.object({ productId: optional(text) }),
  envelope: 'B',
  effect: 'read',
  timeoutMs: 2_000,
});

let server: TestServer;
/** The client port of each request the server saw, in order: which connection it came on. */
let ports: number[];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.seen.length = 0;
  ports = [];
});

/** Answers with `answer`, noting the connection each request came on. */
function serve(answer: Parameters<TestServer['handle']>[0]): void {
  server.handle((request, response) => {
    ports.push(response.socket?.remotePort ?? 0);
    return answer(request, response);
  });
}

describe('the partner client on ky and Node’s fetch', () => {
  it('keeps one connection alive across calls, refusals included', async () => {
    let calls = 0;
    serve((_request, response) => {
      calls += 1;
      if (calls === 2) json(response, 503, 'busy');
      else json(response, 200, { Success: true });
    });
    const client = createPartnerClient({
      baseUrl: server.url,
      apiKey: 'k',
      retry: { limit: 0, delayMs: 1 },
    });
    for (let call = 0; call < 3; call += 1) {
      await client.call(read, {}).catch(() => undefined);
      // A connection goes back to the pool one turn of the event loop after its answer.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(1);
  });
});

describe('the partner client: what is retried, what never is', () => {
  let client: PartnerClient;
  beforeEach(() => {
    client = createPartnerClient({
      baseUrl: server.url,
      apiKey: 'secret-key',
      retry: { limit: 2, delayMs: 1 },
      timeoutMs: { 'test-read': 200, 'cart-add': 200, 'cart-confirm': 200, 'cart-sale': 200 },
    });
  });

  it('reads a call’s JSON answer', async () => {
    serve((_request, response) => json(response, 200, { Success: true, ProductId: 'p1' }));
    expect(await client.call(read, { productId: 'p1' })).toEqual({ productId: 'p1' });
    expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({ ProductId: 'p1' });
  });

  it('sends a call’s JSON and a GET’s query through another fetch given to the client', async () => {
    const other = createPartnerClient({ baseUrl: server.url, apiKey: 'k', fetch });
    serve((_request, response) => json(response, 200, { Success: true, ProductId: 'p1' }));
    expect(await other.call(read, { productId: 'p1' })).toEqual({ productId: 'p1' });
    expect(await other.call(salesOperation, { partnerSaleId: 'PS-1' })).toMatchObject({
      sales: [],
    });
    expect(server.seen.map((seen) => [seen.method, seen.url.search, seen.body])).toEqual([
      ['POST', '', '{"ProductId":"p1"}'],
      ['GET', '?PartnerSaleId=PS-1', ''],
    ]);
  });

  it('retries a read whose connection dropped, on a new connection', async () => {
    let calls = 0;
    serve((_request, response) => {
      calls += 1;
      if (calls === 1) response.socket?.destroy();
      else json(response, 200, { Success: true, ProductId: 'p1' });
    });
    expect(await client.call(read, { productId: 'p1' })).toEqual({ productId: 'p1' });
    // The retry sends the body again.
    expect(server.seen.map((seen) => seen.body)).toEqual([
      '{"ProductId":"p1"}',
      '{"ProductId":"p1"}',
    ]);
  });

  it('retries a read that timed out, then gives up with a timeout', async () => {
    server.handle(() => undefined); // never answers
    const error = await client.call(read, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', ambiguous: true });
    expect(server.seen).toHaveLength(3);
  });

  const writes: [string, Operation, unknown][] = [
    ['Add', cartAddOperation, { shoppingCartId: 'c1' } satisfies CartAddRequest],
    ['Confirm', cartConfirmOperation, { shoppingCartId: 'c1' }],
    ['Sale', cartSaleOperation, { shoppingCartId: 'c1', partnerSaleId: 's1' }],
  ];
  const failures: [string, string, Parameters<TestServer['handle']>[0]][] = [
    ['a 503', 'http', (_request, response) => json(response, 503, 'busy')],
    ['no answer in time', 'timeout', () => undefined],
    ['a dropped connection', 'network', (_request, response) => response.socket?.destroy()],
  ];
  for (const [name, operation, request] of writes) {
    for (const [failure, kind, answer] of failures) {
      it(`never retries ${name} after ${failure}: one request, an ambiguous ${kind} error`, async () => {
        server.handle(answer);
        const error = await client.call(operation, request as never).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PartnerError);
        expect(error).toMatchObject({ kind, ambiguous: true });
        expect(server.seen).toHaveLength(1);
      });
    }
  }
});
