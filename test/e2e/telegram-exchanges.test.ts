/**
 * A Telegram update's exchanges with Redis, on the real bot (grammY
 * against the fake Bot API, the sandbox, Redis): one that comes to a turn takes the
 * conversation's lease in its first exchange and makes three on one server (counted on the
 * store's connection: its beginning, the turn's end, its own end); one that comes to none
 * leaves the conversation free; and a message that gets to the chat's order before a tap
 * whose answer is slow is not held up by the lease that tap took. On a Redis Cluster the
 * exchanges are split by slot (not counted), and the same updates do the same.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Cluster, Redis } from 'ioredis';
import { conversationKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';

const HELP = /I can help you book tickets/;
const BUSY = /Still working on your previous request/;

describe.each([
  ['one server', {}],
  ['a Redis Cluster', { REDIS_CLUSTER_NODES: inject('redisCluster').join(',') }],
] as const)('a Telegram update on %s', (where, env) => {
  let fake: FakeTelegram;
  let sandbox: TestSandbox;
  let bot: TelegramBot;
  let store: Store & { redis: Redis | Cluster };
  /** Round trips on the store's connection (a pipeline is one), while counting. */
  let trips = 0;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    sandbox = await startTestSandbox();
    bot = await startTelegramBot({
      mode: 'webhook',
      fake,
      sandbox,
      redisUrl: inject('redisUrl'),
      env,
    });
    store = bot.app.store as Store & { redis: Redis | Cluster };
    const connection = store.redis as unknown as {
      sendCommand(command: unknown, stream?: unknown): unknown;
    };
    const send = connection.sendCommand.bind(connection);
    const pipelines = new WeakSet<object>();
    connection.sendCommand = (command, stream) => {
      // A lease's renewal comes with time, not with the update: a turn slower than a
      // quarter of its lease (a loaded machine) renews it. Not one of the update's exchanges.
      if (/\bat (?:Object\.|Held\.)?extend \(/.test(new Error().stack ?? ''))
        return send(command, stream);
      const pipeline = typeof stream === 'object' && stream !== null && 'isPipeline' in stream;
      if (!pipeline) trips += 1;
      else if (!pipelines.has(stream)) {
        pipelines.add(stream);
        trips += 1;
      }
      return send(command, stream);
    };
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await sandbox?.close();
  });

  /** The round trips the store made while `action`'s update was handled (`times` times). */
  const exchanges = async (action: () => number, times = 1) => {
    const before = trips;
    await bot.act(action, times);
    return trips - before;
  };

  /** Whether the chat's conversation is free now (no lease left behind). */
  const free = async (chatId: number) => {
    const key = conversationKey(`tg:${chatId}`);
    try {
      const lock = await store.lock(key, { ttlMs: 1_000, waitMs: 0, read: key });
      await lock.release();
      return true;
    } catch {
      return false;
    }
  };

  it('comes to a turn in three exchanges: a message typed, a choice tapped', async () => {
    const ana = newCustomer();
    const first = await exchanges(() => fake.text(ana, '/help'));
    const typed = await exchanges(() => fake.text(ana, '/start'));
    const tapped = await exchanges(() => fake.tapButton(ana, 'Book tickets'));
    if (where === 'one server') expect([first, typed, tapped]).toEqual([3, 3, 3]);
    const texts = fake.messages(ana.id).map((message) => message.text ?? '');
    expect(texts.some((text) => HELP.test(text))).toBe(true);
    expect(fake.lastKeyboard(ana.id)?.text).toMatch(/What would you like to book/);
    expect(await free(ana.id)).toBe(true);
  });

  it('keeps no conversation waiting for updates that come to no turn', async () => {
    const ben = newCustomer();
    await bot.act(() => fake.text(ben, '/start'));
    // Redelivered, with its done mark: begun and ended, the lease freed with it.
    const updateId = await bot.act(() => fake.text(ben, '/help'));
    const again = await exchanges(() => {
      fake.redeliver(updateId);
      return updateId;
    }, 2);
    if (where === 'one server') expect(again).toBe(2);
    expect(await free(ben.id)).toBe(true);
    // A tap on a view the chat has moved past: answered so, no turn, nothing held.
    await bot.act(() => fake.text(ben, '/start'));
    const home = fake.lastKeyboard(ben.id)!;
    const book = fake.buttons(home).find((button) => button.text.includes('Book tickets'))!;
    await bot.act(() => fake.tap(ben, home.messageId, book.callback_data!));
    await bot.act(() => fake.tap(ben, home.messageId, book.callback_data!));
    const answered = fake.callsOf('answerCallbackQuery').at(-1)?.params;
    expect(answered).toMatchObject({ text: expect.stringMatching(/earlier step/) });
    expect(await free(ben.id)).toBe(true);
  });

  it(
    'answers a message that gets to the chat first while a tap before it waits for its answer',
    { timeout: 60_000 },
    async () => {
      const cleo = newCustomer();
      await bot.act(() => fake.text(cleo, '/start'));
      // The tap takes the conversation's lease with its update, then waits on Telegram.
      fake.holdNext('answerCallbackQuery', 3_000);
      const tap = fake.tapButton(cleo, 'Book tickets');
      await fake.until(() => fake.holding() > 0, 10_000, 'the tap to wait for its answer');
      const message = fake.text(cleo, '/help');
      await bot.channel.whenHandled(message);
      await bot.channel.whenHandled(tap);
      await bot.channel.idle();
      const texts = fake.messages(cleo.id).map((sent) => sent.text ?? '');
      expect(texts.filter((text) => HELP.test(text))).toHaveLength(1);
      expect(texts.some((text) => BUSY.test(text))).toBe(false);
      expect(bot.logs.some((line) => /turn dropped|turn failed/.test(line.msg))).toBe(false);
      expect(await free(cleo.id)).toBe(true);
    },
  );
});
