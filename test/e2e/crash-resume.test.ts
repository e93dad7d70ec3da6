/**
 * Kill and resume: two bot processes (webhook mode) share Redis and the sandbox; one
 * of them is killed with SIGKILL in the middle of a turn at the steps of a booking (the
 * step's partner call held in flight by sandbox latency, so the process dies while the
 * call is out; the service still acts on it), then started again. The customer either
 * taps (or types) again, or Telegram delivers the same update again; whichever instance
 * takes it, the conversation goes on from where it was: nothing lost, no Add or Sale
 * made twice (effect records, reconciled with GET /Sale). A reservation that lapsed
 * while the instance was down (sandbox clock) is explained and offered again. All of it
 * on one Redis server, then on a Redis Cluster.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BookingContext } from '#flows/booking/types.js';
import { createRedisStore } from '#src/store/redis-store.js';
import type { RedisTarget } from '#src/store/redis-target.js';
import { booking, type Step } from '#test/support/telegram-booking-script.js';
import type { FakeUser } from '#test/support/fake-telegram.js';
import type { BotProcess } from '#test/support/bot-process.js';
import {
  startCluster,
  watchChat,
  type ChatWatch,
  type Cluster,
} from '#test/support/bot-cluster.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer } from '#test/support/telegram-bot.js';

let sandbox: TestSandbox;
let cluster: Cluster;
/** The Redis the instances share in the running block. */
let redis: RedisTarget;

const LATENCY_MS = 1_500;
/** How long the customer waits before trying again. */
const RETRY_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  kills: number;
  resumed: number;
  failures: string[];
}

/**
 * Drives `steps` for one customer, killing instances where the steps say so (when
 * `killing`). After a kill the update is delivered again (every other kill, as Telegram
 * does for an update it saw no answer to) or the customer acts again, every couple of
 * seconds while nothing happens, as a person would; the kill counts as resumed when the
 * chat gets to the step's view.
 */
async function drive(chat: ChatWatch, steps: Step[], tally: Tally, killing: boolean) {
  const { fake } = cluster;
  let turn = 0;
  /** The instances in turn, waiting for one killed before to be back. */
  const nextVictim = async (): Promise<BotProcess> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const bot = cluster.bots[turn % cluster.bots.length]!;
      if (bot.running()) {
        turn += 1;
        return bot;
      }
      if (Date.now() > deadline) throw failure(`${bot.name} did not come back`);
      await sleep(20);
    }
  };
  /** What went wrong, with what the chat shows and what the instances logged last. */
  const failure = (what: string) => {
    const logs = cluster.bots
      .flatMap((bot) => bot.logs)
      .filter((line) => line.level >= 30)
      .slice(-12)
      .map(
        (line) => `${String(line.instance)}: ${line.msg} ${JSON.stringify(line.updateId ?? '')}`,
      );
    return new Error(`${what}; the chat shows: ${chat.view()?.text}\n${logs.join('\n')}`);
  };
  const calls = async (op: string | undefined) => (op ? ((await cluster.calls())[op] ?? 0) : 0);

  for (const step of steps) {
    const since = chat.mark();
    if (!killing || step.killOn === undefined) {
      step.act(fake, chat.user);
      if (!(await chat.waitFor(step.expect, since)))
        throw failure(`${step.name}: no ${step.expect}`);
      await chat.quiet(150);
      continue;
    }
    const style = tally.kills % 2 === 0 ? 'again' : 'redeliver';
    let updateId: number | undefined;
    let attempts = 0;
    const retry = (): number => {
      attempts += 1;
      if (style === 'redeliver' && attempts <= 3 && updateId !== undefined) {
        fake.redeliver(updateId);
        return updateId;
      }
      try {
        return step.act(fake, chat.user);
      } catch (error) {
        // The button is not on screen this moment: the instance that took the step over
        // is between removing the old view's buttons and sending the next view. A person
        // taps what shows next; the step is retried (or found resumed) on the next round.
        if (error instanceof Error && error.message.startsWith('no button')) return -1;
        throw error;
      }
    };
    const ops = step.killOn.length > 0 ? step.killOn : [undefined];
    for (const [index, op] of ops.entries()) {
      const bot = await nextVictim();
      const before = await calls(op);
      if (op) {
        await sandbox.extra('faults', {
          faults: [{ operation: op, latencyMs: LATENCY_MS, times: 1 }],
        });
      }
      const send = () => cluster.via(bot, index === 0 ? () => step.act(fake, chat.user) : retry);
      let sent = send();
      updateId ??= sent;
      let sentAt = Date.now();
      // In the middle of the turn: the partner call is out (or the update was taken).
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (op ? (await calls(op)) > before : cluster.deliveredTo.get(sent)?.includes(bot.name))
          break;
        if (Date.now() > deadline) throw failure(`${step.name}: ${op ?? 'update'} never seen`);
        // A retry that came while the instance killed before still held the turn was
        // answered "one moment" (or ignored): try again.
        if (index > 0 && Date.now() - sentAt > RETRY_MS) {
          sent = send();
          sentAt = Date.now();
        }
        await sleep(5);
      }
      await bot.kill();
      tally.kills += 1;
      void bot.start();
    }
    await sandbox.extra('faults', { faults: [] });

    // Telegram, or the customer, tries again until the step's view shows.
    const deadline = Date.now() + 30_000;
    let resumed = chat.shows(step.expect, since);
    while (!resumed && Date.now() < deadline) {
      retry();
      resumed = await chat.waitFor(step.expect, since, RETRY_MS);
    }
    if (!resumed) {
      tally.failures.push(`${step.name}: ${chat.view()?.text ?? ''}`);
      throw failure(`${step.name}: not resumed`);
    }
    tally.resumed += ops.length;
    await chat.quiet();
  }
  // Every instance back before the next test.
  await Promise.all(cluster.bots.map((bot) => bot.start()));
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

/** The one sale the service has under the PartnerSaleId of the customer's conversation. */
async function soldTo(user: FakeUser) {
  const store = createRedisStore(redis);
  try {
    const saved = await store.get<{ snapshot: { context: BookingContext } }>(`conv:tg:${user.id}`);
    const partnerSaleId = saved!.value.snapshot.context.sale!.partnerSaleId;
    const sales = await cluster.salesOf(partnerSaleId);
    expect(sales).toHaveLength(1);
    return sales[0]!;
  } finally {
    await store.close();
  }
}

const targets: [string, RedisTarget][] = [
  ['one Redis server', inject('redisUrl')],
  ['a Redis Cluster', { cluster: inject('redisCluster') }],
];

describe.each(targets)('on %s', (on, target) => {
  beforeAll(async () => {
    redis = target;
    sandbox = await startTestSandbox();
    cluster = await startCluster({
      sandbox,
      redis,
      names: ['a', 'b'],
      // About crashes and resuming, not about taking the money: sold on account, on purpose.
      env: { PAYMENT_MODE: 'on-account' },
      seed: 8,
    });
  }, 60_000);
  afterAll(async () => {
    console.log(
      `conversations resumed after kills on ${on}: ${tally.resumed + singleKills.resumed} of ${tally.kills + singleKills.kills}`,
    );
    await cluster?.close();
    await sandbox?.close();
  });

  const singleKills = { kills: 0, resumed: 0 };
  const tally: Tally = { kills: 0, resumed: 0, failures: [] };

  describe('kill -9 in the middle of a turn, then resume', () => {
    it(
      'goes on with the booking after every kill, with one Sale',
      { timeout: 150_000 },
      async () => {
        const ana = newCustomer();
        const chat = watchChat(cluster.fake, ana);
        await drive(chat, booking, tally, true);
        expect(tally.failures).toEqual([]);
        expect(tally.resumed).toBe(tally.kills);

        // One Sale at the service, of what the customer chose: two tickets, once.
        const calls = await cluster.calls();
        expect(calls['cart-sale']).toBe(1);
        const messages = cluster.fake.messages(ana.id);
        expect(
          messages.filter((message) => /Purchase confirmed/.test(message.text ?? '')),
        ).toHaveLength(1);
        const sale = await soldTo(ana);
        expect(sale.activities).toHaveLength(1);
        expect(sale.activities[0]!.tickets).toHaveLength(2);
        expect(cluster.fake.callsOf('sendPhoto', ana.id)).toHaveLength(2);
      },
    );
  });

  describe('a reservation that lapsed while the instance was down', () => {
    it('is explained, offered again, and sold once', { timeout: 60_000 }, async () => {
      const ben = newCustomer();
      const chat = watchChat(cluster.fake, ben);
      const upToPay = booking.slice(
        0,
        booking.findIndex((step) => step.name === 'pay'),
      );
      await drive(chat, upToPay, { kills: 0, resumed: 0, failures: [] }, false);
      const salesBefore = (await cluster.calls())['cart-sale'] ?? 0;

      // The Sale is out when the instance dies; the service only gets to it once the
      // reservation has lapsed (the sandbox's clock moved past the hold), and refuses it.
      const [bot] = cluster.bots.filter((instance) => instance.running());
      await sandbox.extra('faults', {
        faults: [{ operation: 'cart-sale', latencyMs: LATENCY_MS, times: 1 }],
      });
      let since = chat.mark();
      cluster.via(bot!, () => cluster.fake.tapButton(ben, 'Confirm and pay'));
      await until(async () => ((await cluster.calls())['cart-sale'] ?? 0) > salesBefore);
      await bot!.kill();
      singleKills.kills += 1;
      await sandbox.extra('clock', { advanceMinutes: 20 });
      void bot!.start();

      // The customer taps again: the sale is reconciled (not there), tried again with the
      // same PartnerSaleId, refused as lapsed, and the reservation is offered again.
      let resumed = false;
      for (let tries = 0; !resumed && tries < 12; tries += 1) {
        cluster.fake.tapButton(ben, 'Confirm and pay');
        resumed = await chat.waitFor(
          /reservation expired and nothing was charged/,
          since,
          RETRY_MS,
        );
      }
      expect(resumed).toBe(true);
      singleKills.resumed += 1;
      await chat.quiet();

      since = chat.mark();
      cluster.fake.tapButton(ben, 'Reserve again');
      expect(await chat.waitFor(/Held until/, since)).toBe(true);
      await chat.quiet();
      since = chat.mark();
      cluster.fake.tapButton(ben, 'Confirm and pay');
      expect(await chat.waitFor(/Purchase confirmed/, since)).toBe(true);
      await chat.quiet();

      // One sale: the refused attempts left nothing at the service.
      const sale = await soldTo(ben);
      expect(sale.activities[0]!.tickets).toHaveLength(2);
      // The instance killed back before the next test (not killed again while it starts).
      await Promise.all(cluster.bots.map((bot) => bot.start()));
    });
  });

  describe('a turn saved but never shown', () => {
    it(
      'answers the same button tapped again with where the conversation is',
      {
        timeout: 60_000,
      },
      async () => {
        const eve = newCustomer();
        const chat = watchChat(cluster.fake, eve);
        // Up to the review, then its optional questions: several in a row with a "Skip".
        const upToReview = booking.slice(
          0,
          booking.findIndex((step) => step.name === 'reserve'),
        );
        await drive(chat, upToReview, { kills: 0, resumed: 0, failures: [] }, false);
        expect(chat.view()?.text).toMatch(/Check your order/);
        let step = chat.mark();
        cluster.fake.tapButton(eve, /Optional questions/);
        expect(await chat.waitFor(/agenda/, step)).toBe(true);
        step = chat.mark();
        cluster.fake.tapButton(eve, 'Skip');
        expect(await chat.waitFor(/How did you hear/, step)).toBe(true);
        await chat.quiet();

        // "Skip" is taken and saved; the instance dies before the next question is shown.
        const [bot] = cluster.bots.filter((instance) => instance.running());
        cluster.fake.holdNext('editMessageText', LATENCY_MS);
        const since = chat.mark();
        cluster.via(bot!, () => cluster.fake.tapButton(eve, 'Skip'));
        await until(async () => cluster.fake.holding() > 0);
        await bot!.kill();
        singleKills.kills += 1;
        void bot!.start();

        // The chat still asks the first survey question; the customer taps "Skip" again. The
        // next question has a "Skip" too: taken again, it would skip a question nobody saw.
        expect(chat.view()?.text).toMatch(/How did you hear/);
        let resumed = false;
        for (let tries = 0; !resumed && tries < 12; tries += 1) {
          cluster.fake.tapButton(eve, 'Skip');
          resumed = await chat.waitFor(/Comments for the provider/, since, RETRY_MS);
        }
        expect(resumed).toBe(true);
        singleKills.resumed += 1;
        await chat.quiet();
        expect(chat.view()?.text).toMatch(/Comments for the provider/);
        const next = chat.mark();
        cluster.fake.tapButton(eve, 'Skip');
        expect(await chat.waitFor(/Date of birth/, next)).toBe(true);
        // The instance killed back before the instances close.
        await Promise.all(cluster.bots.map((bot) => bot.start()));
      },
    );
  });
});
