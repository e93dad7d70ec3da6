/**
 * The bot as a real process refuses a large body before reading it: 80
 * connections each sending 24 MB to the Telegram webhook without its secret are answered
 * on their headers (401, then 429 once the address has been refused enough), and the
 * process's resident memory (its own process_resident_memory_bytes, on the metrics
 * listener) grows by less than 20 MB over them, where reading them would take 1.9 GB.
 * And /metrics is served on METRICS_PORT, never on PORT.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBotProcess, type BotProcess } from '#test/support/bot-process.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const MB = 1024 * 1024;
const BODY_BYTES = 24 * MB;
const CONNECTIONS = 80;
/** One megabyte written again and again: the test's own memory stays flat. */
const CHUNK = Buffer.alloc(MB, 'x');

let fake: FakeTelegram;
let sandbox: TestSandbox;
let bot: BotProcess;
let metricsUrl: string;

beforeAll(async () => {
  fake = await startFakeTelegram();
  sandbox = await startTestSandbox();
  bot = await createBotProcess({
    name: 'refuse',
    env: {
      PARTNER_API_URL: sandbox.sandbox.url,
      PARTNER_API_KEY: 'sandbox-key',
      PARTNER_LANGUAGE: 'en',
      REDIS_URL: inject('redisUrl'),
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.url,
      TELEGRAM_WEBHOOK_SECRET: 'the-right-secret',
    },
    webhookSet: (url, since) =>
      fake
        .callsOf('setWebhook')
        .some((call) => call.params.url === url && call.at >= since && call.error === undefined),
  });
  await bot.start();
  const listening = bot.logs.find((line) => line.msg === 'listening');
  metricsUrl = `http://127.0.0.1:${String(listening?.metricsPort)}`;
}, 60_000);
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  await sandbox?.close();
});

const metric = async (name: string): Promise<number> => {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const escaped = name.replace(/[{}"=]/g, '\\$&');
  return Number(new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text)?.[1] ?? '0');
};

/**
 * Sends a 24 MB body without the secret, a megabyte at a time, until the server answers
 * (or closes the connection on what it will not read); the status, or 0 for a reset
 * before the answer could be read.
 */
function sendLargeBody(webhook: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest(webhook, {
      method: 'POST',
      headers: { 'content-length': BODY_BYTES, 'content-type': 'application/json' },
    });
    let answered = false;
    let sent = 0;
    const finish = (status: number) => {
      if (answered) return;
      answered = true;
      request.destroy();
      resolve(status);
    };
    request.on('response', (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
    });
    request.on('error', () => finish(0));
    const write = () => {
      while (!answered && sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) {
          request.once('drain', write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe('the public server of a running bot', () => {
  it('serves /metrics on METRICS_PORT only, never on PORT', async () => {
    expect((await fetch(`${bot.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${bot.url}/health`)).status).toBe(404);
    const metrics = await fetch(`${metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^process_resident_memory_bytes /m);
  });
});

describe('a large body without the secret', () => {
  it('is refused before it is read, 80 times over', { timeout: 120_000 }, async () => {
    // Warm up (the first refusals allocate what every later one reuses).
    for (let i = 0; i < 3; i += 1) await sendLargeBody(bot.webhook);
    const before = await metric('process_resident_memory_bytes');
    const refusedBefore =
      (await metric('bot_http_refused_total{reason="unauthorized"}')) +
      (await metric('bot_http_refused_total{reason="rate-limited"}')) +
      (await metric('bot_http_refused_total{reason="evicted"}'));

    const statuses = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => sendLargeBody(bot.webhook)),
    );
    const after = await metric('process_resident_memory_bytes');

    // Answered on the headers: 401 without the secret, 429 once the address was refused
    // RATE_LIMIT_ADDRESS_REQUESTS times (60); a reset where the client was still writing,
    // or where the connection was closed to make room (beyond the address's 32).
    expect(statuses.filter((status) => ![401, 429, 0].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status !== 0).length).toBeGreaterThan(0);
    const refusedAfter =
      (await metric('bot_http_refused_total{reason="unauthorized"}')) +
      (await metric('bot_http_refused_total{reason="rate-limited"}')) +
      (await metric('bot_http_refused_total{reason="evicted"}'));
    expect(refusedAfter - refusedBefore).toBe(CONNECTIONS);
    expect(after - before).toBeLessThan(20 * MB);
    // Nothing of them reached the bot as an update.
    expect(bot.logs.some((line) => line.msg === 'telegram: update failed')).toBe(false);
  });
});
