/**
 * /metrics and /healthz of a running bot: turns, partner calls by operation and outcome,
 * and health that follows the partner service going down and coming back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoute } from '../../src/health.js';
import { silentLogger } from '../../src/log.js';
import { startHttpServer, type HttpServer } from '../../src/server.js';
import { startChat, type Chat } from '../support/chat.js';

let chat: Chat;
let server: HttpServer;
beforeAll(async () => {
  chat = await startChat();
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [
      healthRoute({ store: chat.app.store, events: chat.app.events }),
      chat.app.metrics.route,
    ],
    logger: silentLogger,
  });
});
afterAll(async () => {
  await server.close();
  await chat.close();
});

const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name.replace(/[{}"=]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 'NaN');

describe('observability', () => {
  it('counts turns and partner calls in Prometheus text', async () => {
    await chat.start();
    await chat.say('/book');
    await chat.say('/help');
    const response = await fetch(`${server.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await response.text();
    expect(metric(text, 'bot_turns_total{outcome="ok"}')).toBe(2);
    expect(metric(text, 'bot_partner_calls_total{operation="catalog",outcome="ok"}')).toBe(1);
    expect(text).toMatch(
      /bot_partner_call_duration_seconds_bucket\{le="[^"]+",operation="catalog"\} 1/,
    );
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it('reports health, degraded while the partner service is down', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await chat.sandbox.extra('faults', { faults: [{ operation: '*', status: 503 }] });
    await chat.app.catalog.refresh('en').catch(() => undefined);
    const down = await fetch(`${server.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'degraded', store: 'up', partner: 'down' });
    await chat.sandbox.extra('faults', { faults: [] });
    await chat.app.catalog.refresh('en');
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({
      status: 'ok',
      store: 'up',
      partner: 'up',
    });
  });
});
