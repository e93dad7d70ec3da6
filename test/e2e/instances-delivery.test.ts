/**
 * Two instances of the bot (real processes, `npm start` with Telegram in webhook mode)
 * share Redis and the sandbox behind one webhook address: every update goes to either
 * instance (seeded random), and Telegram may deliver the same update again to the other.
 * The booking goes on whichever instance takes each step; a redelivered update is
 * handled once; and 50 concurrent "Confirm and pay" taps of one reserved cart, spread
 * over both instances, make exactly one sale. On one Redis server, then on a Redis
 * Cluster.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BookingContext } from '#flows/booking/types.js';
import { telegramUpdateKey } from '#src/store/keys.js';
import { createRedisStore } from '#src/store/redis-store.js';
import type { RedisTarget } from '#src/store/redis-target.js';
import {
  startCluster,
  watchChat,
  type ChatWatch,
  type Cluster,
} from '#test/support/bot-cluster.js';
import type { FakeUser } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer } from '#test/support/telegram-bot.js';
import { booking, type Step } from '#test/support/telegram-booking-script.js';

let sandbox: TestSandbox;
let cluster: Cluster;
/** The Redis the instances share in the running block. */
let redis: RedisTarget;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Runs `steps` in the chat, each update going wherever the balancer sends it. */
async function book(chat: ChatWatch, steps: Step[], onStep?: (updateId: number) => Promise<void>) {
  for (const step of steps) {
    const since = chat.mark();
    const updateId = step.act(cluster.fake, chat.user);
    if (!(await chat.waitFor(step.expect, since))) {
      throw new Error(`${step.name}: no ${step.expect}; the chat shows: ${chat.view()?.text}`);
    }
    await chat.quiet(150);
    await onStep?.(updateId);
  }
}

/** Whether an update's handling has ended (runOnce's done mark, src/store/store.ts). */
async function handled(updateId: number): Promise<boolean> {
  const store = createRedisStore(redis);
  try {
    return (
      (await store.get(`${telegramUpdateKey(cluster.fake.botId, updateId)}:done`)) !== undefined
    );
  } finally {
    await store.close();
  }
}

/** The PartnerSaleId the conversation made for its cart (context.sale). */
async function partnerSaleIdOf(user: FakeUser): Promise<string> {
  const store = createRedisStore(redis);
  try {
    const saved = await store.get<{ snapshot: { context: BookingContext } }>(`conv:tg:${user.id}`);
    return saved!.value.snapshot.context.sale!.partnerSaleId;
  } finally {
    await store.close();
  }
}

const targets: [string, RedisTarget][] = [
  ['one Redis server', inject('redisUrl')],
  ['a Redis Cluster', { cluster: inject('redisCluster') }],
];

describe.each(targets)('two instances behind one webhook, on %s', (_, target) => {
  beforeAll(async () => {
    redis = target;
    sandbox = await startTestSandbox();
    cluster = await startCluster({
      sandbox,
      redis,
      names: ['a', 'b'],
      // About delivery across instances, not about taking the money: sold on account, on purpose.
      env: { PAYMENT_MODE: 'on-account' },
      seed: 20_260_501,
    });
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await sandbox?.close();
  });

  it(
    'books whichever instance takes each update, and handles a redelivery to the other once',
    { timeout: 60_000 },
    async () => {
      const ana = newCustomer();
      const chat = watchChat(cluster.fake, ana);
      const salesBefore = (await cluster.calls())['cart-sale'] ?? 0;
      const repeats: number[] = [];

      await book(chat, booking, async (updateId) => {
        // Telegram delivers the update again (no answer seen in time), to the other one.
        const took = cluster.deliveredTo.get(updateId) ?? [];
        expect(took).toHaveLength(1);
        const other = cluster.bots.find((bot) => bot.name !== took[0])!;
        // The first delivery handled to its end (tickets sent after the confirmation
        // included), so that whatever the chat shows next would be the redelivery's.
        await until('the first delivery to be handled', () => handled(updateId));
        await chat.quiet(150);
        const since = chat.mark();
        cluster.via(other, () => {
          cluster.fake.redeliver(updateId);
          return updateId;
        });
        await until('the redelivery to be ignored', () =>
          other.logs.some(
            (line) =>
              line.msg === 'telegram: repeated update ignored' && line.updateId === updateId,
          ),
        );
        await chat.quiet(150);
        expect(chat.mark(), `redelivery of the step before ${chat.view()?.text}`).toBe(since);
        repeats.push(updateId);
      });

      expect(repeats).toHaveLength(booking.length);
      // Both instances served the conversation.
      const served = new Map<string, number>();
      for (const id of repeats) {
        const first = cluster.deliveredTo.get(id)![0]!;
        served.set(first, (served.get(first) ?? 0) + 1);
      }
      expect([...served.keys()].sort()).toEqual(['a', 'b']);
      // One sale, its tickets sent once.
      expect(((await cluster.calls())['cart-sale'] ?? 0) - salesBefore).toBe(1);
      expect(await cluster.salesOf(await partnerSaleIdOf(ana))).toHaveLength(1);
      expect(
        cluster.fake.messages(ana.id).filter((m) => /Purchase confirmed/.test(m.text ?? '')),
      ).toHaveLength(1);
      expect(cluster.fake.callsOf('sendPhoto', ana.id)).toHaveLength(2);
    },
  );

  it(
    'sells once under 50 concurrent duplicate confirmations across two instances',
    { timeout: 60_000 },
    async () => {
      const ben = newCustomer();
      const chat = watchChat(cluster.fake, ben);
      const pay = booking.findIndex((step) => step.name === 'pay');
      await book(chat, booking.slice(0, pay));
      const salesBefore = (await cluster.calls())['cart-sale'] ?? 0;

      // The reserved view's "Confirm and pay" button, tapped 50 times at once: 25
      // deliveries of one update (Telegram retrying it) and 25 taps of their own
      // (new update_id and callback query each), half to each instance.
      const view = cluster.fake.lastKeyboard(ben.id)!;
      const button = cluster.fake
        .buttons(view)
        .find((candidate) => /Confirm and pay/.test(candidate.text))!;
      const tapUpdate = (updateId: number) => ({
        update_id: updateId,
        callback_query: {
          id: `dup-${ben.id}-${updateId}`,
          from: { id: ben.id, is_bot: false, first_name: 'Ana', language_code: 'en' },
          chat_instance: `ci-${ben.id}`,
          data: button.callback_data,
          message: {
            message_id: view.messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: ben.id, type: 'private', first_name: 'Ana' },
            text: view.text,
          },
        },
      });
      const base = 9_000_000 + Math.floor(Math.random() * 1_000_000);
      const updates = [
        ...Array.from({ length: 25 }, () => tapUpdate(base)),
        ...Array.from({ length: 25 }, (_, index) => tapUpdate(base + 1 + index)),
      ];
      const since = chat.mark();
      const statuses = await Promise.all(
        updates.map((update, index) => cluster.post(cluster.bots[index % 2]!, update)),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect(await chat.waitFor(/Purchase confirmed/, since)).toBe(true);
      await chat.quiet(500);

      const sales = await cluster.salesOf(await partnerSaleIdOf(ben));
      console.log(
        `sales under 50 concurrent duplicate confirmations across two instances: ${sales.length}`,
      );
      expect(sales).toHaveLength(1);
      expect(((await cluster.calls())['cart-sale'] ?? 0) - salesBefore).toBe(1);
      expect(
        cluster.fake.messages(ben.id).filter((m) => /Purchase confirmed/.test(m.text ?? '')),
      ).toHaveLength(1);
      // The tickets follow the confirmation (a QR code each, slow on a loaded machine):
      // both sent, once.
      await until('the tickets', () => cluster.fake.callsOf('sendPhoto', ben.id).length >= 2);
      await chat.quiet(500);
      expect(cluster.fake.callsOf('sendPhoto', ben.id)).toHaveLength(2);
      // Each callback query (26 distinct ones) answered once, none with an error.
      const answers = cluster.fake
        .callsOf('answerCallbackQuery')
        .filter((call) => String(call.params.callback_query_id).startsWith(`dup-${ben.id}-`));
      expect(answers).toHaveLength(26);
      expect(new Set(answers.map((call) => call.params.callback_query_id)).size).toBe(26);
      expect(answers.every((call) => call.error === undefined)).toBe(true);
    },
  );
});
