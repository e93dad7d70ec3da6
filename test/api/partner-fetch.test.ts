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
import { createPartnerFetch, SIDE_BODY, withBodyInside } from '#src/api/partner-fetch.js';
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
const http = createPartnerFetch();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await http.close();
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

/** What ky hands the transport: a Request with its JSON body, headers and signal. */
function kyRequest(path: string, body?: unknown, signal?: AbortSignal): Request {
  return new Request(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: 'ApiKey k' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
}

describe('the partner client’s HTTP calls (undici request)', () => {
  it('sends ky’s request with its body and headers, and reads the whole answer', async () => {
    serve((_request, response) => json(response, 200, { Success: true, ProductId: 'p1' }));
    const answer = await http.fetch(kyRequest('/activity/read?x=1', { ProductId: 'p1' }));
    expect(answer.ok).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('application/json');
    expect(answer.headers.get('retry-after')).toBeNull();
    expect(await answer.json()).toEqual({ Success: true, ProductId: 'p1' });
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', body: '{"ProductId":"p1"}' });
    expect(seen?.url.pathname + seen!.url.search).toBe('/activity/read?x=1');
    expect(seen?.headers.authorization).toBe('ApiKey k');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['content-length']).toBe('18');
  });

  it('sends the body the client hands beside a bodiless Request, as its content', async () => {
    serve((_request, response) => json(response, 200, { Success: true }));
    const bodiless = new Request(`${server.url}/activity/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const send = http.fetch as (input: Request, side: object) => Promise<Response>;
    await send(bodiless, { [SIDE_BODY]: '{"ProductId":"pé"}' });
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', body: '{"ProductId":"pé"}' });
    expect(seen?.headers['content-length']).toBe('19');
  });

  it('adds the service’s headers given once to each request’s own, which win', async () => {
    serve((_request, response) => json(response, 200, { Success: true }));
    const own = createPartnerFetch({ authorization: 'ApiKey k', accept: 'application/json' });
    const staff = new Request(`${server.url}/Sale`, {
      headers: { AdminPartnerUserId: 'staff-7', accept: 'text/plain' },
    });
    await own.fetch(staff);
    await own.close();
    expect(server.seen[0]?.headers).toMatchObject({
      authorization: 'ApiKey k',
      accept: 'text/plain',
      adminpartneruserid: 'staff-7',
    });
  });

  it('gives the body beside the Request to another fetch inside it, as any fetch reads it', async () => {
    serve((_request, response) => json(response, 200, { Success: true }));
    const other = withBodyInside(fetch, { authorization: 'ApiKey k' }) as (
      input: Request,
      side?: object,
    ) => Promise<Response>;
    const bodiless = new Request(`${server.url}/activity/read`, { method: 'POST' });
    const answer = await other(bodiless, { [SIDE_BODY]: '{"ProductId":"p1"}' });
    expect(answer.status).toBe(200);
    expect(server.seen[0]).toMatchObject({ method: 'POST', body: '{"ProductId":"p1"}' });
    expect(server.seen[0]?.headers.authorization).toBe('ApiKey k');
    await other(new Request(`${server.url}/Sale`));
    expect(server.seen[1]).toMatchObject({ method: 'GET', body: '' });
    expect(server.seen[1]?.headers.authorization).toBe('ApiKey k');
  });

  it('gives a refusal’s status and envelope to ky and the client', async () => {
    serve((_request, response) =>
      json(response, 400, { Success: false, ErrorMessage: 'No', ErrorCodes: ['404'] }),
    );
    const answer = await http.fetch(kyRequest('/Sale'));
    expect(answer.ok).toBe(false);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe('{"Success":false,"ErrorMessage":"No","ErrorCodes":["404"]}');
    expect(server.seen[0]?.method).toBe('GET');
  });

  it('decodes an answer sent in parts, a character split between them, and drops a BOM', async () => {
    const bytes = Buffer.from('\uFEFF{"ProductName":"Año nuevo"}');
    const split = bytes.indexOf(Buffer.from('ñ')) + 1; // between the two bytes of ñ
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(bytes.subarray(0, split));
      setTimeout(() => response.end(bytes.subarray(split)), 10);
    });
    const answer = await http.fetch(kyRequest('/activity/read', {}));
    expect(await answer.text()).toBe('{"ProductName":"Año nuevo"}');
  });

  it('stops waiting when the request’s signal aborts (ky’s time limit, the caller)', async () => {
    const controller = new AbortController();
    server.handle(() => controller.abort()); // never answers
    const error = await http
      .fetch(kyRequest('/hang', {}, controller.signal))
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });

  it('keeps one connection alive across calls, refusals included', async () => {
    let calls = 0;
    serve((_request, response) => {
      calls += 1;
      if (calls === 2) json(response, 503, 'busy');
      else json(response, 200, { Success: true });
    });
    const own = createPartnerFetch(); // a pool of its own: no connection of other tests
    for (let call = 0; call < 3; call += 1) {
      await own.fetch(kyRequest('/activity/read', {}));
      // undici gives a connection back one turn of the event loop after its answer.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await own.close();
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(1);
  });
});

describe('the partner client over it: what is retried, what never is', () => {
  let client: PartnerClient;
  beforeEach(() => {
    client = createPartnerClient({
      baseUrl: server.url,
      apiKey: 'secret-key',
      retry: { limit: 2, delayMs: 1 },
      timeoutMs: { 'test-read': 200, 'cart-add': 200, 'cart-confirm': 200, 'cart-sale': 200 },
    });
  });

  it('reads a call’s JSON answer through the transport', async () => {
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
    // The retry sends the body again: it goes beside ky's Request on every attempt.
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
