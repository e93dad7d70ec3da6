/**
 * Health for machines, on a real server over loopback: liveness says the process serves;
 * readiness (and /healthz) says traffic may come: started, the store answering, not
 * draining, whatever the partner service does; neither is ever rate-limited; the
 * channels' routes answer 503 with Retry-After until they are mounted, never 404.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createEventBus } from '#src/events.js';
import { createHealth, expectedRoute, NOT_YET_RETRY_SECONDS } from '#src/health.js';
import { silentLogger } from '#src/log.js';
import { startHttpServer, type AddressLimit, type HttpServer } from '#src/server.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { createRedisStore } from '#src/store/redis-store.js';
import type { Store } from '#src/store/store.js';
import { freePort } from '#test/support/bot-process.js';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const one of opened.splice(0)) await one.close();
});

async function serve(
  store: Store,
  options: { addressLimit?: AddressLimit; storeProbeMs?: number } = {},
): Promise<{ server: HttpServer; health: ReturnType<typeof createHealth> }> {
  const events = createEventBus();
  const health = createHealth({
    store,
    events,
    ...(options.storeProbeMs ? { storeProbeMs: options.storeProbeMs } : {}),
  });
  const server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [...health.publicRoutes, expectedRoute('POST', '/slack/events')],
    logger: silentLogger,
    ...(options.addressLimit ? { addressLimit: options.addressLimit } : {}),
  });
  opened.push(server);
  return { server, health };
}

const get = async (url: string) => {
  const response = await fetch(url);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
};

describe('liveness and readiness', () => {
  it('is live from the start; ready once started, until draining', async () => {
    const { server, health } = await serve(createMemoryStore());
    expect(await get(`${server.url}/livez`)).toEqual({ status: 200, retryAfter: null, body: 'ok' });
    for (const path of ['/readyz', '/healthz']) {
      expect(await get(`${server.url}${path}`)).toEqual({
        status: 503,
        retryAfter: String(NOT_YET_RETRY_SECONDS),
        body: 'unavailable',
      });
    }
    health.started();
    for (const path of ['/readyz', '/healthz', '/livez'])
      expect((await get(`${server.url}${path}`)).status).toBe(200);
    health.draining();
    for (const path of ['/readyz', '/healthz']) {
      const answer = await get(`${server.url}${path}`);
      expect(answer.status).toBe(503);
      // Draining is for good: no "come back later".
      expect(answer.retryAfter).toBeNull();
    }
    expect((await get(`${server.url}/livez`)).status).toBe(200);
    expect((await health.check()).ready).toBe(false);
  });

  it('is not ready while the store does not answer, and ready again when it does', async () => {
    const prefix = `health-${randomUUID()}:`;
    const port = await freePort();
    // A Redis no one listens on: every probe fails or stays unanswered.
    const away = createRedisStore(`redis://127.0.0.1:${port}`, { prefix });
    // Its connection errors are expected here, not news.
    away.redis.on('error', () => undefined);
    const reachable = createRedisStore(inject('redisUrl'), { prefix });
    opened.push(reachable);
    let store: Store = away;
    const switching = new Proxy({} as Store, {
      get: (_target, name: keyof Store) => (store[name] as () => unknown).bind(store),
    });
    const { server, health } = await serve(switching, { storeProbeMs: 300 });
    health.started();
    expect((await get(`${server.url}/readyz`)).status).toBe(503);
    expect((await health.check()).store).toBe('down');
    expect((await get(`${server.url}/livez`)).status).toBe(200);
    store = reachable;
    expect((await get(`${server.url}/readyz`)).status).toBe(200);
    away.redis.disconnect();
  });

  it('is never rate-limited, while the same address is refused elsewhere', async () => {
    const store = createMemoryStore();
    const { server, health } = await serve(store, {
      addressLimit: {
        limit: store.rateLimit(`addr:${randomUUID()}`, 2, 60),
        windowSeconds: 60,
        proxyHops: 0,
      },
    });
    health.started();
    // Two refused requests spend the address's points; the third is refused for them.
    expect((await get(`${server.url}/nowhere`)).status).toBe(404);
    expect((await get(`${server.url}/nowhere`)).status).toBe(404);
    expect((await get(`${server.url}/nowhere`)).status).toBe(429);
    for (let i = 0; i < 5; i += 1) {
      for (const path of ['/livez', '/readyz', '/healthz'])
        expect((await get(`${server.url}${path}`)).status).toBe(200);
    }
  });
});

describe("channels' routes before they are mounted", () => {
  it('answer 503 with Retry-After, never 404, then what the channel answers', async () => {
    const { server } = await serve(createMemoryStore());
    const post = () =>
      fetch(`${server.url}/slack/events`, { method: 'POST', body: 'command=%2Fsale' });
    const early = await post();
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe(String(NOT_YET_RETRY_SECONDS));
    server.mount({
      method: 'POST',
      path: '/slack/events',
      handle(request, response) {
        response.writeHead(200).end(`got ${request.body.toString('utf8')}`);
      },
    });
    const mounted = await post();
    expect(mounted.status).toBe(200);
    expect(await mounted.text()).toBe('got command=%2Fsale');
  });
});
