/**
 * The HTTP server refuses before it reads, on a real server over loopback: an unknown
 * route or a request without the route's header check is answered at once, a body over
 * the route's limit is refused (by its Content-Length, or when the stream passes it), a
 * slow body is cut at the timeout, and refusals are counted with one log line per
 * interval. A client address that keeps being refused is answered 429 before anything
 * is read, counted in Redis so instances share it; webhooks that passed their check are
 * never limited.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createLogger, silentLogger } from '#src/log.js';
import {
  startHttpServer,
  type AddressLimit,
  type HttpServer,
  type Refusal,
  type Route,
} from '#src/server.js';
import { memoryRateLimit } from '#src/store/rate-limits.js';
import { createRedisStore } from '#src/store/redis-store.js';
import type { RateLimit } from '#src/store/store.js';

let server: HttpServer | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const close of closers.splice(0).reverse()) await close();
});

const handled: string[] = [];
const refusals: Refusal[] = [];
let logLines: string[] = [];

const route: Route = {
  method: 'POST',
  path: '/hook',
  maxBodyBytes: 1000,
  authorize: (headers) => headers['x-secret'] === 'right',
  handle(request, response) {
    handled.push(request.body.toString('utf8'));
    response.writeHead(200).end('ok');
  },
};

/** Anyone may call it (as the payment returns): every call counts. */
const open_: Route = {
  method: 'GET',
  path: '/return',
  limitedPerAddress: true,
  handle(_request, response) {
    response.writeHead(200).end('thanks');
  },
};

/** Checks its caller in the body (as Slack's signature): a refusal of its own. */
const signed: Route = {
  method: 'POST',
  path: '/signed',
  handle(request, response) {
    response.writeHead(request.body.toString('utf8') === 'signed' ? 200 : 401).end();
  },
};

async function start(
  limits: { requestTimeoutMs?: number; refusedLogIntervalMs?: number } = {},
  addressLimit?: AddressLimit,
) {
  handled.length = 0;
  refusals.length = 0;
  logLines = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [route, open_, signed],
    logger: createLogger({ destination }),
    limits,
    ...(addressLimit ? { addressLimit } : {}),
    onRefused: (reason) => refusals.push(reason),
  });
  return server;
}

/** Opens a request and sends its headers only; the body is the caller's to write. */
function open(
  base: string,
  headers: Record<string, string | number>,
  path = '/hook',
): { request: ClientRequest; response: Promise<{ status: number; body: string }> } {
  const request = httpRequest(`${base}${path}`, { method: 'POST', headers });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (answer: IncomingMessage) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { request, response };
}

describe('http server limits', () => {
  it('refuses a large body without the secret on its headers, before reading it', async () => {
    const { url } = await start();
    // 50 MB announced, not a byte of it sent: the answer comes anyway.
    const { request, response } = open(url, { 'content-length': 50_000_000, 'x-secret': 'no' });
    expect((await response).status).toBe(401);
    request.destroy();
    expect(handled).toEqual([]);
    expect(refusals).toEqual(['unauthorized']);
  });

  it('refuses a Content-Length over the route limit before reading, and a stream that passes it', async () => {
    const { url } = await start();
    const announced = open(url, { 'content-length': 5000, 'x-secret': 'right' });
    expect((await announced.response).status).toBe(413);
    announced.request.destroy();

    const streamed = open(url, { 'transfer-encoding': 'chunked', 'x-secret': 'right' });
    streamed.request.write('x'.repeat(600));
    streamed.request.write('x'.repeat(600));
    expect((await streamed.response).status).toBe(413);
    streamed.request.destroy();
    expect(handled).toEqual([]);
    expect(refusals).toEqual(['too-large', 'too-large']);

    const fine = await fetch(`${url}/hook`, {
      method: 'POST',
      headers: { 'x-secret': 'right' },
      body: 'hello',
    });
    expect(fine.status).toBe(200);
    expect(handled).toEqual(['hello']);
  });

  it('cuts a slow body at the timeout', async () => {
    const { url } = await start({ requestTimeoutMs: 200 });
    const slow = open(url, { 'content-length': 100, 'x-secret': 'right' });
    slow.request.write('only part of it');
    expect((await slow.response).status).toBe(408);
    slow.request.destroy();
    expect(handled).toEqual([]);
    expect(refusals).toEqual(['timeout']);
  });

  it('answers unknown routes 404, counts every refusal, and logs one line per interval', async () => {
    const { url } = await start({ refusedLogIntervalMs: 3_600_000 });
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${url}/nothing`)).status).toBe(404);
    expect(refusals).toEqual(['not-found', 'not-found', 'not-found', 'not-found', 'not-found']);
    const lines = logLines.filter((line) => line.includes('http: requests refused'));
    expect(lines).toHaveLength(1);
  });
});

const perAddress = (limit: RateLimit, proxyHops = 0): AddressLimit => ({
  limit,
  windowSeconds: 600,
  proxyHops,
});

/** A limit whose spent points the test can wait for (a route's own refusal is counted after its answer). */
function observed(limit: RateLimit): RateLimit & { taken: () => Promise<void> } {
  const waiting: (() => void)[] = [];
  return {
    async take(key) {
      const allowed = await limit.take(key);
      for (const done of waiting.splice(0)) done();
      return allowed;
    },
    spent: (key) => limit.spent(key),
    taken: () => new Promise((done) => waiting.push(done)),
  };
}

const hook = (url: string, secret: string, body = 'hello') =>
  fetch(`${url}/hook`, { method: 'POST', headers: { 'x-secret': secret }, body });

describe('limit per client address', () => {
  // The window is long (10 minutes): nothing depends on how fast the test runs.
  const fresh = () => memoryRateLimit(`test-${randomUUID()}`, 3, 600);

  it('answers 429 before reading once an address has been refused enough, and counts it', async () => {
    const { url } = await start({ refusedLogIntervalMs: 3_600_000 }, perAddress(fresh()));
    expect((await fetch(`${url}/nothing`)).status).toBe(404);
    expect((await hook(url, 'wrong')).status).toBe(401);
    expect((await fetch(`${url}/nothing`)).status).toBe(404);
    // Spent: even a known route is refused, on its headers, 50 MB announced and unsent.
    const big = open(url, { 'content-length': 50_000_000 }, '/signed');
    const answer = await big.response;
    big.request.destroy();
    expect(answer.status).toBe(429);
    const again = await fetch(`${url}/nothing`);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('600');
    expect(refusals).toEqual([
      'not-found',
      'unauthorized',
      'not-found',
      'rate-limited',
      'rate-limited',
    ]);
    const lines = logLines.filter((line) => line.includes('http: requests refused'));
    expect(lines).toHaveLength(1);
    // The webhook's own servers, with the secret, are served all the same.
    expect((await hook(url, 'right')).status).toBe(200);
    expect(handled).toEqual(['hello']);
  });

  it('never counts requests that passed the header check', async () => {
    const { url } = await start({}, perAddress(fresh()));
    for (let i = 0; i < 10; i += 1)
      expect((await hook(url, 'right', `update ${i}`)).status).toBe(200);
    expect(handled).toHaveLength(10);
    // The address has all its points: three refusals before a 429.
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${url}/nothing`)).status).toBe(404);
    expect((await fetch(`${url}/nothing`)).status).toBe(429);
  });

  it('counts every call of a route anyone may call', async () => {
    const { url } = await start({}, perAddress(fresh()));
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${url}/return`)).status).toBe(200);
    expect((await fetch(`${url}/return`)).status).toBe(429);
    expect(refusals).toEqual(['rate-limited']);
  });

  it("counts a route's own refusals (a bad signature in the body)", async () => {
    const limit = observed(fresh());
    const { url } = await start({}, perAddress(limit));
    const post = (body: string) => fetch(`${url}/signed`, { method: 'POST', body });
    expect((await post('signed')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const taken = limit.taken();
      expect((await post('forged')).status).toBe(401);
      await taken;
    }
    expect((await post('signed')).status).toBe(429);
  });

  it('reads the client from X-Forwarded-For only behind the proxies configured', async () => {
    const { url } = await start({}, perAddress(fresh(), 1));
    const from = (forwarded: string) =>
      fetch(`${url}/nothing`, { headers: { 'x-forwarded-for': forwarded } });
    // The address our one proxy saw is the last; what the client wrote before it is not.
    for (let i = 0; i < 3; i += 1)
      expect((await from(`10.0.0.${i}, 203.0.113.7`)).status).toBe(404);
    expect((await from('10.0.0.9, 203.0.113.7')).status).toBe(429);
    expect((await from('203.0.113.8')).status).toBe(404);
    await server!.close();

    // No proxy: the header is anyone's to write, and ignored.
    const direct = await start({}, perAddress(fresh()));
    for (let i = 0; i < 3; i += 1)
      expect(
        (
          await fetch(`${direct.url}/nothing`, {
            headers: { 'x-forwarded-for': `198.51.100.${i}` },
          })
        ).status,
      ).toBe(404);
    expect((await fetch(`${direct.url}/nothing`)).status).toBe(429);
  });

  it("is shared by a deployment's instances on one Redis, and not by another deployment's", async () => {
    const redisUrl = inject('redisUrl');
    const stores = [
      createRedisStore(redisUrl),
      createRedisStore(redisUrl),
      createRedisStore(redisUrl),
    ];
    closers.push(async () => {
      for (const store of stores) await store.close();
    });
    // main.ts names the limit by the deployment's public host; here, by a name of the test's.
    const deployment = `addr:${randomUUID()}`;
    const servers: HttpServer[] = [];
    for (const [index, store] of stores.entries()) {
      const name = index < 2 ? deployment : `addr:${randomUUID()}`;
      const instance = await startHttpServer({
        port: 0,
        host: '127.0.0.1',
        routes: [route],
        logger: silentLogger,
        addressLimit: perAddress(store.rateLimit(name, 3, 600)),
      });
      servers.push(instance);
      closers.push(() => instance.close());
    }
    const [one, two, other] = servers.map((instance) => instance.url) as [string, string, string];
    expect((await fetch(`${one}/nothing`)).status).toBe(404);
    expect((await fetch(`${two}/nothing`)).status).toBe(404);
    expect((await fetch(`${one}/nothing`)).status).toBe(404);
    expect((await fetch(`${two}/nothing`)).status).toBe(429);
    expect((await fetch(`${one}/nothing`)).status).toBe(429);
    // Another bot on the same Redis, from the same address, has its own count.
    expect((await fetch(`${other}/nothing`)).status).toBe(404);
  });
});
