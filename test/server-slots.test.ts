/**
 * The public server's connection slots and its answers when the store fails, on a real
 * server over loopback: connections whose headers are slow (or never come) are closed at
 * the headers timeout; one address cannot hold more than its share of connections, nor
 * many addresses more than the listener's, and a request with the webhook's secret (or a
 * customer's request) is served however many slow connections are open; a connection
 * that carried the secret is never closed to make room. Unauthenticated bodies share one
 * budget for the process (503 unread beyond it). With the address limit's store failing
 * or never answering, a request without credentials is answered 503 with Retry-After at
 * once, and the webhook with its secret is served all the same.
 */
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#src/log.js';
import {
  startHttpServer,
  type AddressLimit,
  type HttpServer,
  type Refusal,
  type Route,
  type ServerLimits,
} from '#src/server.js';
import { memoryRateLimit } from '#src/store/rate-limits.js';
import { createRedisStore } from '#src/store/redis-store.js';
import type { RateLimit } from '#src/store/store.js';
import { startRedisServer } from '#test/support/redis-server.js';

let server: HttpServer | undefined;
const sockets: Socket[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
  for (const close of closers.splice(0).reverse()) await close();
});

const SECRET = 'the-webhook-secret';
const refusals: Refusal[] = [];

const webhook: Route = {
  method: 'POST',
  path: '/hook',
  authorize: (headers) => headers['x-secret'] === SECRET,
  handle(request, response) {
    response.writeHead(200).end(`got ${request.body.length}`);
  },
};
/** A route anyone may call (as the payment returns or /healthz). */
const customer: Route = {
  method: 'GET',
  path: '/return',
  handle(_request, response) {
    response.writeHead(200).end('thanks');
  },
};
/** Checks its caller in the body, as Slack's signature: reads up to 1000 bytes. */
const signed: Route = {
  method: 'POST',
  path: '/signed',
  maxBodyBytes: 1000,
  handle(request, response) {
    const good = request.body.toString('utf8') === 'signed';
    response.writeHead(good ? 200 : 401).end();
    return good ? 'authenticated' : 'unauthenticated';
  },
};

async function start(limits: Partial<ServerLimits>, addressLimit?: AddressLimit) {
  refusals.length = 0;
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [webhook, customer, signed],
    logger: silentLogger,
    limits,
    ...(addressLimit ? { addressLimit } : {}),
    onRefused: (reason) => refusals.push(reason),
  });
  return server;
}

const portOf = (url: string) => Number(new URL(url).port);

/** A connection that sends the first line of a request and nothing more. */
function slowHeaders(url: string, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: portOf(url), host: '127.0.0.1', localAddress }, () => {
      socket.write('GET /return HTTP/1.1\r\nHost: x\r\n');
      resolve(socket);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed || socket.readableEnded) resolve();
    else socket.once('close', () => resolve());
    socket.resume();
  });

/** One request on a fresh connection (no pooling: each takes a slot of its own). */
function send(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent } = {},
): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: options.agent ?? false,
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
      );
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const hook = (url: string, agent?: Agent) =>
  send(url, '/hook', {
    method: 'POST',
    headers: { 'x-secret': SECRET },
    body: 'update',
    ...(agent ? { agent } : {}),
  });

describe('connection slots', () => {
  it('closes a connection whose headers do not come within the headers timeout', async () => {
    const { url } = await start({ headersTimeoutMs: 200 });
    const silent = connect(portOf(url), '127.0.0.1');
    sockets.push(silent);
    const slow = await slowHeaders(url);
    await Promise.all([closed(silent), closed(slow)]);
    expect((await send(url, '/return')).status).toBe(200);
  });

  it('serves the webhook and a customer with one address holding many slow connections', async () => {
    const { url } = await start({ connectionsPerAddress: 8, maxConnections: 20 });
    const slow = await Promise.all(Array.from({ length: 60 }, () => slowHeaders(url)));
    // The address keeps its 8 newest; the older ones were closed to make room.
    await Promise.all(slow.slice(0, 52).map(closed));
    expect(slow.slice(52).every((socket) => !socket.destroyed)).toBe(true);
    expect((await hook(url)).status).toBe(200);
    expect((await send(url, '/return')).status).toBe(200);
    expect(refusals.filter((reason) => reason === 'evicted').length).toBeGreaterThanOrEqual(52);
  });

  it('serves the webhook with the listener full of slow connections from many addresses', async () => {
    const { url } = await start({ connectionsPerAddress: 8, maxConnections: 20 });
    // 127.0.0.2 … 127.0.0.9: each under its own share, together over the listener's.
    const slow: Socket[] = [];
    for (let host = 2; host < 10; host += 1)
      for (let i = 0; i < 5; i += 1) slow.push(await slowHeaders(url, `127.0.0.${host}`));
    await Promise.all(slow.slice(0, 20).map(closed));
    expect((await hook(url)).status).toBe(200);
    expect((await send(url, '/return')).status).toBe(200);
  });

  it('never closes a connection that carried the secret to make room', async () => {
    const { url } = await start({ connectionsPerAddress: 4, maxConnections: 8 });
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => keepAlive.destroy());
    expect((await hook(url, keepAlive)).status).toBe(200);
    const [proven] = Object.values(keepAlive.freeSockets).flat();
    expect(proven).toBeDefined();
    const slow = await Promise.all(Array.from({ length: 30 }, () => slowHeaders(url)));
    await Promise.all(slow.slice(0, 26).map(closed));
    expect(proven!.destroyed).toBe(false);
    // The same connection, still open, serves the next update.
    expect((await hook(url, keepAlive)).status).toBe(200);
    expect(Object.values(keepAlive.freeSockets).flat()).toEqual([proven]);
  });

  it('reserves a slot for a body-signed caller once proved (a Slack signature)', async () => {
    const { url } = await start({ connectionsPerAddress: 4, maxConnections: 8 });
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(async () => keepAlive.destroy());
    const post = (body: string) => send(url, '/signed', { method: 'POST', body, agent: keepAlive });
    expect((await post('signed')).status).toBe(200);
    const [proven] = Object.values(keepAlive.freeSockets).flat();
    const slow = await Promise.all(Array.from({ length: 20 }, () => slowHeaders(url)));
    await Promise.all(slow.slice(0, 16).map(closed));
    expect(proven!.destroyed).toBe(false);
  });
});

describe('the budget of unauthenticated bodies', () => {
  /** A post that sends part of its body and waits: its share of the budget stays taken. */
  function partialPost(url: string, length: number) {
    const request = httpRequest(`${url}/signed`, {
      method: 'POST',
      headers: { 'content-length': length },
      agent: false,
    });
    const answer = new Promise<number>((resolve) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => resolve(0));
    });
    request.write('x');
    return { request, answer };
  }

  it('answers 503 unread beyond it, and has room again when a body is done', async () => {
    const { url } = await start({ unauthenticatedBodyBytes: 2000 });
    const first = partialPost(url, 1000);
    const second = partialPost(url, 1000);
    // Both bodies are being read (the server answers neither yet); a third has no room.
    const refused = await send(url, '/signed', { method: 'POST', body: 'signed' });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refusals).toEqual(['busy']);
    // The webhook with its secret never waits for the budget.
    expect((await hook(url)).status).toBe(200);
    first.request.end('x'.repeat(999));
    expect(await first.answer).toBe(401);
    expect((await send(url, '/signed', { method: 'POST', body: 'signed' })).status).toBe(200);
    second.request.destroy();
  });
});

const limitOf = (limit: RateLimit): AddressLimit => ({ limit, windowSeconds: 600, proxyHops: 0 });

describe('the address limit with its store failing', () => {
  const never: RateLimit = {
    take: () => new Promise(() => undefined),
    spent: () => new Promise(() => undefined),
  };
  const failing: RateLimit = {
    take: () => Promise.reject(new Error('store down')),
    spent: () => Promise.reject(new Error('store down')),
  };

  it.each([
    ['never answers', never],
    ['fails', failing],
  ])(
    'answers 503 with Retry-After when the store %s, and serves the webhook',
    async (_name, limit) => {
      const { url } = await start({ addressLimitTimeoutMs: 100 }, limitOf(limit));
      const answer = await send(url, '/return');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect((await send(url, '/nothing')).status).toBe(503);
      expect(refusals).toEqual(['unavailable', 'unavailable']);
      expect((await hook(url)).status).toBe(200);
    },
  );

  it('answers 503 when the Redis server behind the limit stops', async () => {
    const redis = await startRedisServer();
    closers.push(() => redis.stop());
    const store = createRedisStore(redis.url);
    closers.push(() => store.close().catch(() => undefined));
    const limit = store.rateLimit(`addr:${randomUUID()}`, 100, 600);
    const { url } = await start({ addressLimitTimeoutMs: 300 }, limitOf(limit));
    expect((await send(url, '/return')).status).toBe(200);
    await redis.stop();
    expect((await send(url, '/return')).status).toBe(503);
    expect((await hook(url)).status).toBe(200);
  });
});

describe('counting an unauthenticated caller', () => {
  it('counts a body-signed route’s unauthenticated callers against the address', async () => {
    const { url } = await start({}, limitOf(memoryRateLimit(`test-${randomUUID()}`, 3, 600)));
    for (let i = 0; i < 3; i += 1)
      expect((await send(url, '/signed', { method: 'POST', body: 'forged' })).status).toBe(401);
    expect((await send(url, '/signed', { method: 'POST', body: 'signed' })).status).toBe(429);
    expect(refusals).toEqual(['unauthorized', 'unauthorized', 'unauthorized', 'rate-limited']);
  });
});
