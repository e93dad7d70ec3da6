/**
 * A chat that floods is slowed: over RATE_LIMIT_CHAT_MESSAGES per
 * RATE_LIMIT_CHAT_SECONDS what it sends is skipped and it is told once; another chat is
 * not slowed. The limit is counted in Redis, so every instance shares it. The window here
 * is long (10 minutes): nothing depends on how fast the test runs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRedisStore } from '#src/store/redis-store.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';

let fake: FakeTelegram;
let sandbox: TestSandbox;
let bot: TelegramBot;

beforeAll(async () => {
  fake = await startFakeTelegram();
  sandbox = await startTestSandbox();
  bot = await startTelegramBot({
    mode: 'webhook',
    fake,
    sandbox,
    redisUrl: inject('redisUrl'),
    env: { RATE_LIMIT_CHAT_MESSAGES: '5', RATE_LIMIT_CHAT_SECONDS: '600' },
  });
});
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  await sandbox?.close();
});

const SLOW_DOWN = /You are going a bit fast/;
const HELP = /I can help you book tickets/;

describe('a chat that floods', () => {
  it('is slowed with one notice, and another chat is not', { timeout: 60_000 }, async () => {
    const ana = newCustomer();
    const ben = newCustomer();
    // Twelve messages at once: five are read, the rest skipped, one notice. Ben writes
    // four times in the middle of them.
    await bot.act(() => {
      let last = 0;
      for (let i = 0; i < 12; i += 1) {
        last = fake.text(ana, '/help');
        if (i % 3 === 1) last = fake.text(ben, '/help');
      }
      return last;
    });
    const toAna = fake.messages(ana.id).map((message) => message.text ?? '');
    expect(toAna.filter((text) => SLOW_DOWN.test(text))).toHaveLength(1);
    expect(toAna.filter((text) => HELP.test(text))).toHaveLength(5);
    // Still over: skipped, and not told again within the window.
    await bot.act(() => fake.text(ana, '/help'));
    const again = fake.messages(ana.id).map((message) => message.text ?? '');
    expect(again.filter((text) => SLOW_DOWN.test(text))).toHaveLength(1);
    expect(again.filter((text) => HELP.test(text))).toHaveLength(5);
    // Ben is not slowed by Ana: every message of his, during her flood and after it, is
    // answered (his own five), none skipped, and he is never told to slow down.
    await bot.act(() => fake.text(ben, '/help'));
    const toBen = fake.messages(ben.id).map((message) => message.text ?? '');
    expect(toBen.filter((text) => HELP.test(text))).toHaveLength(5);
    expect(toBen.some((text) => SLOW_DOWN.test(text))).toBe(false);
  });

  it('is counted once across instances (two stores on one Redis)', async () => {
    const prefix = `test-${randomUUID()}:`;
    const one = createRedisStore(inject('redisUrl'), { prefix });
    const two = createRedisStore(inject('redisUrl'), { prefix });
    try {
      const a = one.rateLimit('chat', 3, 600);
      const b = two.rateLimit('chat', 3, 600);
      const taken = [];
      for (let i = 0; i < 4; i += 1) {
        taken.push(await a.take('tg:1'));
        taken.push(await b.take('tg:1'));
      }
      expect(taken.filter(Boolean)).toHaveLength(3);
      // Another key has its own points.
      expect(await b.take('tg:2')).toBe(true);
    } finally {
      // Only what this test made: the limiter's keys under its own prefix.
      const keys = await one.redis.keys(`${prefix}*`);
      if (keys.length > 0) await one.redis.del(...keys.map((key) => key.slice(prefix.length)));
      await one.close();
      await two.close();
    }
  });
});
