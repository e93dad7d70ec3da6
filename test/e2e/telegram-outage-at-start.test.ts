/**
 * The Bot API out of reach when the bot starts: the bot as a real process in long-polling
 * mode, its TELEGRAM_API_ROOT at a loopback port that takes connections and never
 * answers (a network that drops packets). The start is logged in one line and shown as
 * down in the detailed health while the public server serves; once the Bot API answers
 * there, the channel starts (tried again with backoff) and a customer is served.
 */
import { randomInt } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from '#test/support/bot-process.js';
import { startFakeTelegram } from '#test/support/fake-telegram.js';
import { saying, startMain } from '#test/support/main-process.js';
import { startTestSandbox } from '#test/support/sandbox.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

/** A server on `port` that takes connections and never answers, until closed. */
async function blackHole(port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

describe('the Bot API out of reach at start', () => {
  it(
    'logs it, shows it down, serves meanwhile, and starts Telegram once it answers',
    { timeout: 120_000 },
    async () => {
      const apiPort = await freePort();
      const silent = await blackHole(apiPort);
      closers.push(() => silent.close());
      const sandbox = await startTestSandbox();
      closers.push(() => sandbox.close());
      const port = await freePort();
      const metricsPort = await freePort();
      const token = `${randomInt(100000, 999999)}:FAKE-${randomInt(1e9)}`;
      const bot = startMain({
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        REDIS_URL: inject('redisUrl'),
        PARTNER_API_URL: sandbox.sandbox.url,
        PARTNER_API_KEY: 'sandbox-key',
        PARTNER_LANGUAGE: 'en',
        TELEGRAM_BOT_TOKEN: token,
        TELEGRAM_API_ROOT: `http://127.0.0.1:${apiPort}`,
      });
      closers.push(() => bot.kill());
      const channels = async () =>
        (
          (await (await fetch(`http://127.0.0.1:${metricsPort}/health`)).json()) as {
            channels: Record<string, string>;
          }
        ).channels;

      const couldNotStart = (line: Record<string, unknown>) =>
        saying('channel could not start')(line) && line.channel === 'telegram';
      await bot.logged(couldNotStart, 'the start failure logged');
      await bot.logged(saying('listening'), 'listening');
      expect(bot.logs.filter(couldNotStart)).toHaveLength(1);
      expect((await channels()).telegram).toBe('down');
      // The public server serves meanwhile (its health answers, whatever it says).
      expect([200, 503]).toContain((await fetch(`http://127.0.0.1:${port}/healthz`)).status);

      await silent.close();
      const telegram = await startFakeTelegram({ port: apiPort, token });
      closers.push(() => telegram.close());
      await bot.logged(saying('telegram: channel started'), 'Telegram started');
      expect((await channels()).telegram).toBe('up');
      // Tried again quietly: still the one line about the failure.
      expect(bot.logs.filter(couldNotStart)).toHaveLength(1);

      const ana = { id: 730_000_000 + randomInt(1000), firstName: 'Ana', languageCode: 'en' };
      telegram.text(ana, '/start');
      await telegram.until(() => telegram.messages(ana.id).length > 0, 30_000, 'a reply');
    },
  );
});
