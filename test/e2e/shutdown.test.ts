/**
 * SIGTERM: the bot as a real process (webhook mode against the fake Bot API, the sandbox
 * as partner, a private Redis). With everything up, a turn in flight when the signal
 * comes is finished (its reply reaches the customer) and the process exits. With Redis,
 * the Bot API and the partner service all gone, the process still exits: the stop has a
 * deadline (SHUTDOWN_TIMEOUT_SECONDS).
 */
import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '#test/support/bot-process.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { saying, startMain, type MainProcess } from '#test/support/main-process.js';
import { startRedisServer } from '#test/support/redis-server.js';
import { startTestSandbox } from '#test/support/sandbox.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

async function startBot(env: Record<string, string> = {}) {
  const redis = await startRedisServer();
  closers.push(() => redis.stop());
  const sandbox = await startTestSandbox();
  closers.push(() => sandbox.close());
  const telegram = await startFakeTelegram();
  closers.push(() => telegram.close());
  const port = await freePort();
  const bot = startMain({
    PORT: String(port),
    METRICS_PORT: '0',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    REDIS_URL: redis.url,
    PARTNER_API_URL: sandbox.sandbox.url,
    PARTNER_API_KEY: 'sandbox-key',
    PARTNER_LANGUAGE: 'en',
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.url,
    TELEGRAM_WEBHOOK_SECRET: `shutdown-${randomInt(1e9)}`,
    ...env,
  });
  closers.push(() => bot.kill());
  await bot.logged(saying('listening'), 'listening');
  return { redis, sandbox, telegram, bot };
}

const customer = () => ({
  id: 720_000_000 + randomInt(1000),
  firstName: 'Ana',
  languageCode: 'en',
});

/** Resolves once `telegram` holds a call of the bot's (a turn is waiting on it). */
async function holding(telegram: FakeTelegram, bot: MainProcess): Promise<void> {
  while (telegram.holding() === 0) {
    if (bot.child.exitCode !== null) throw new Error('the bot exited');
    await new Promise((later) => setTimeout(later, 10));
  }
}

describe('SIGTERM', () => {
  it('logs the drain, finishes the turn in flight, and exits', { timeout: 60_000 }, async () => {
    const { telegram, bot } = await startBot();
    const ana = customer();
    // The turn's first message is held at the Bot API: the turn is in flight.
    telegram.holdNext('sendMessage', 1_500);
    telegram.text(ana, '/start');
    await holding(telegram, bot);

    bot.child.kill('SIGTERM');
    const exit = await bot.exited;

    expect(exit.code, JSON.stringify(bot.logs)).toBe(0);
    expect(bot.logs.filter(saying('shutting down'))).toHaveLength(1);
    // The held message went out: the process waited for the turn.
    expect(telegram.messages(ana.id).length).toBeGreaterThan(0);
  });

  it(
    'exits with Redis, the Bot API and the partner service all gone',
    { timeout: 60_000 },
    async () => {
      const { redis, sandbox, telegram, bot } = await startBot({ SHUTDOWN_TIMEOUT_SECONDS: '3' });
      const ana = customer();
      // A turn waits on the Bot API, which then never answers, as Redis and the partner go.
      telegram.holdNext('sendMessage', 600_000);
      telegram.text(ana, '/start');
      await holding(telegram, bot);
      await redis.stop();
      await sandbox.close();

      bot.child.kill('SIGTERM');
      const exit = await bot.exited;

      expect(exit.signal).toBeNull();
      expect(bot.logs.filter(saying('shutting down'))).toHaveLength(1);
      // Nothing of ioredis's own on stderr: its connection errors went through the logger.
      expect(bot.logs.filter((line) => String(line.raw ?? '').includes('ioredis'))).toEqual([]);
    },
  );
});
