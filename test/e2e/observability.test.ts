/**
 * /metrics and health of a running bot: turns, partner calls by operation and outcome,
 * and health that follows the partner service going down and coming back. As main.ts
 * mounts them: /metrics and the detailed /health on the metrics listener, /healthz
 * (status only) on the public one.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEventBus } from '#src/events.js';
import { createHealth } from '#src/health.js';
import { silentLogger } from '#src/log.js';
import { startHttpServer, type HttpServer } from '#src/server.js';
import { createRedisStore } from '#src/store/redis-store.js';
import { startChat, type Chat } from '#test/support/chat.js';

let chat: Chat;
let server: HttpServer;
let metricsServer: HttpServer;
beforeAll(async () => {
  chat = await startChat();
  const health = createHealth({ store: chat.app.store, events: chat.app.events });
  health.started();
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: health.publicRoutes,
    logger: silentLogger,
    onRefused: (reason) => chat.app.metrics.refused(reason),
  });
  metricsServer = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [chat.app.metrics.route, health.detailRoute],
    logger: silentLogger,
  });
});
afterAll(async () => {
  await server.close();
  await metricsServer.close();
  await chat.close();
});

const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name.replace(/[{}"=]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 'NaN');

describe('observability', () => {
  it('counts turns and partner calls in Prometheus text', async () => {
    await chat.start();
    await chat.say('/book');
    await chat.say('/help');
    const response = await fetch(`${metricsServer.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await response.text();
    expect(metric(text, 'bot_turns_total{outcome="ok"}')).toBe(2);
    expect(metric(text, 'bot_partner_calls_total{operation="catalog",outcome="ok"}')).toBe(1);
    expect(text).toMatch(
      /bot_partner_call_duration_seconds_bucket\{le="[^"]+",operation="catalog"\} 1/,
    );
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it('serves /metrics and the detail only on the metrics listener', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/health`)).status).toBe(404);
    expect((await fetch(`${metricsServer.url}/metrics`)).status).toBe(200);
    expect((await fetch(`${metricsServer.url}/healthz`)).status).toBe(404);
    // The two refused on the public server are counted.
    const text = await (await fetch(`${metricsServer.url}/metrics`)).text();
    expect(metric(text, 'bot_http_refused_total{reason="not-found"}')).toBe(2);
  });

  it('reports the partner service down in the detail only: /healthz and /readyz stay 200', async () => {
    const up = await fetch(`${server.url}/healthz`);
    expect(up.status).toBe(200);
    expect(await up.text()).toBe('ok');
    await chat.sandbox.extra('faults', { faults: [{ operation: '*', status: 503 }] });
    await chat.app.catalog.refresh('en').catch(() => undefined);
    for (const path of ['/healthz', '/readyz', '/livez']) {
      const during = await fetch(`${server.url}${path}`);
      expect(during.status).toBe(200);
      expect(await during.text()).toBe('ok');
    }
    const detail = await fetch(`${metricsServer.url}/health`);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toEqual({
      status: 'degraded',
      ready: true,
      started: true,
      draining: false,
      store: 'up',
      partner: 'down',
      channels: {},
    });
    expect(
      metric(await (await fetch(`${metricsServer.url}/metrics`)).text(), 'bot_partner_up'),
    ).toBe(0);
    await chat.sandbox.extra('faults', { faults: [] });
    await chat.app.catalog.refresh('en');
    expect(await (await fetch(`${metricsServer.url}/health`)).json()).toEqual({
      status: 'ok',
      ready: true,
      started: true,
      draining: false,
      store: 'up',
      partner: 'up',
      channels: {},
    });
    expect(
      metric(await (await fetch(`${metricsServer.url}/metrics`)).text(), 'bot_partner_up'),
    ).toBe(1);
  });

  it('/healthz writes nothing to the store', async () => {
    const prefix = `healthz-${randomUUID()}:`;
    const store = createRedisStore(inject('redisUrl'), { prefix });
    const health = createHealth({ store, events: createEventBus() });
    health.started();
    const probe = await startHttpServer({
      port: 0,
      host: '127.0.0.1',
      routes: health.publicRoutes,
      logger: silentLogger,
    });
    try {
      for (let i = 0; i < 5; i += 1) expect((await fetch(`${probe.url}/healthz`)).status).toBe(200);
      // 200: the store answered. Yet no key under this store's prefix: the probe read.
      const plain = new Redis(inject('redisUrl'));
      try {
        expect(await plain.keys(`${prefix}*`)).toEqual([]);
        // The same look-up finds a key the store does write.
        await store.claim('written', 60);
        expect(await plain.keys(`${prefix}*`)).toHaveLength(1);
      } finally {
        await plain.quit();
      }
    } finally {
      await probe.close();
      await store.close();
    }
  });
});
