/**
 * A partner without a debit contract (the sandbox's default): the service bills the
 * partner, so the bot takes the customer's money in Telegram before the Sale. The real
 * grammY bot against the fake Bot API, the sandbox and Redis; the bot's clock is the
 * sandbox's, so a reservation lapses when the test moves the clock.
 *
 * Three bots, as three operators would configure them: a payment provider in EUR,
 * Telegram Stars, and no payment at all.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { chargesOf } from '#src/conversation/bookings-record.js';
import type { BotEvents } from '#src/events.js';
import { withLease } from '#src/store/store.js';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { answerCheckout, currentView } from '#test/support/telegram-customer.js';

interface Chat {
  fake: FakeTelegram;
  bot: TelegramBot;
}

let sandbox: TestSandbox;
let card: Chat;
let stars: Chat;
let unpaid: Chat;
let polling: Chat;

async function startChat(
  env: Record<string, string>,
  mode: 'webhook' | 'polling' = 'webhook',
): Promise<Chat> {
  const fake = await startFakeTelegram();
  const bot = await startTelegramBot({
    mode,
    fake,
    sandbox,
    redisUrl: inject('redisUrl'),
    env,
    now: () => sandbox.sandbox.clock.now(),
  });
  return { fake, bot };
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  card = await startChat({ TELEGRAM_PAYMENT_PROVIDER_TOKEN: '284685063:TEST:fake' });
  stars = await startChat({
    TELEGRAM_PAYMENT_PROVIDER_TOKEN: '',
    PAYMENT_CURRENCY: 'XTR',
    PAYMENT_STARS_PER_EUR: '50',
  });
  unpaid = await startChat({});
  polling = await startChat({ TELEGRAM_PAYMENT_PROVIDER_TOKEN: '284685063:TEST:fake' }, 'polling');
}, 60_000);
afterAll(async () => {
  for (const chat of [card, stars, unpaid, polling]) {
    await chat?.bot.stop();
    await chat?.fake.close();
  }
  await sandbox?.close();
});
beforeEach(async () => {
  await sandbox.extra('reset', {});
});

const saleCalls = async () =>
  ((await sandbox.extra('stats')) as { calls: Record<string, number> }).calls['cart-sale'] ?? 0;

/** "Total: €12.00" of the reservation's view, in cents. */
function reservedCents(text: string): number {
  const amount = /Total: [^\d]*([\d,]+\.\d{2})/.exec(text)?.[1];
  if (amount === undefined) throw new Error(`no total in: ${text}`);
  return Math.round(Number(amount.replace(/,/g, '')) * 100);
}

/** From /start to a reserved order of one jellyfish ticket; the reserved total in cents. */
async function reserveJellyfish({ fake, bot }: Chat, ana: FakeUser): Promise<number> {
  await bot.act(() => fake.text(ana, '/start'));
  await bot.act(() => fake.tapButton(ana, 'Book tickets'));
  await bot.act(() => fake.tapButton(ana, 'Valencia Sea Museum'));
  await bot.act(() => fake.tapButton(ana, /^Tickets$/));
  await bot.act(() => fake.tapButton(ana, /Jellyfish aquarium/));
  await bot.act(() => fake.tapButton(ana, 'Another date'));
  const calendar = currentView(fake, ana.id);
  const day = fake.buttons(calendar).find((button) => /:d:/.test(button.callback_data ?? ''))!;
  await bot.act(() => fake.tap(ana, calendar.messageId, day.callback_data!));
  await bot.act(() => fake.tapButton(ana, 'Assign one for me'));
  await bot.act(() => fake.tapButton(ana, /^1$/));
  await bot.act(() => fake.tapButton(ana, 'Check out'));
  await answerCheckout(bot, fake, ana);
  await bot.act(() => fake.tapButton(ana, 'Reserve'));
  const view = currentView(fake, ana.id).text ?? '';
  expect(view).toMatch(/Held until/);
  return reservedCents(view);
}

/** Pays the newest invoice: pre-checkout (answered ok), then the successful payment. */
async function pay({ fake, bot }: Chat, ana: FakeUser): Promise<number> {
  const { updateId, queryId } = fake.preCheckout(ana);
  await bot.act(() => updateId);
  expect(fake.answer(queryId)).toMatchObject({ ok: true });
  return bot.act(() => fake.paid(ana, queryId));
}

const said = (fake: FakeTelegram, ana: FakeUser, pattern: RegExp) =>
  fake.messages(ana.id).filter((message) => pattern.test(message.text ?? '')).length;

describe('payment in Telegram, before the Sale (no debit contract)', () => {
  it(
    'invoices the reserved total, sells once after the payment, and keeps the charge ids',
    { timeout: 60_000 },
    async () => {
      const { fake, bot } = card;
      const ana = newCustomer();
      const reserved = await reserveJellyfish(card, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));

      const [invoice, ...more] = fake.invoices(ana.id);
      expect(more).toHaveLength(0);
      expect(invoice!.currency).toBe('EUR');
      expect(invoice!.prices.map((price) => price.label)).toEqual([
        expect.stringMatching(/Jellyfish aquarium.* × 1$/),
      ]);
      expect(invoice!.totalAmount).toBe(reserved);
      expect(invoice!.providerToken).toBe('284685063:TEST:fake');
      expect(fake.webhook()).toBeDefined();
      expect(await saleCalls()).toBe(0);

      const { updateId, queryId } = fake.preCheckout(ana);
      await bot.act(() => updateId);
      expect(fake.answer(queryId)).toMatchObject({ ok: true });
      expect(fake.answer(queryId)!.afterMs).toBeLessThan(10_000);
      expect(await saleCalls()).toBe(0);

      const paid = await bot.act(() => fake.paid(ana, queryId));
      expect(await saleCalls()).toBe(1);
      expect(said(fake, ana, /Purchase confirmed/)).toBe(1);
      expect(fake.callsOf('sendPhoto', ana.id).length).toBeGreaterThan(0);

      // Telegram delivers the payment again: nothing is sold twice, no second tickets.
      const photos = fake.callsOf('sendPhoto', ana.id).length;
      fake.redeliver(paid);
      await bot.channel.whenHandled(paid, 2).catch(() => undefined);
      await bot.channel.idle();
      expect(await saleCalls()).toBe(1);
      expect(fake.callsOf('sendPhoto', ana.id)).toHaveLength(photos);

      const charges = Object.values(await chargesOf(bot.app.store, `tg:${ana.id}`));
      const charge = fake.charges().at(-1)!;
      expect(charges).toEqual([
        {
          chargeId: charge.telegramChargeId,
          providerChargeId: charge.providerChargeId,
          amount: reserved,
          currency: 'EUR',
        },
      ]);
    },
  );

  it(
    'answers the pre-checkout at once while the conversation is busy',
    { timeout: 60_000 },
    async () => {
      const { fake, bot } = card;
      const ana = newCustomer();
      await reserveJellyfish(card, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      // Another turn holds the conversation (a slow partner call, say).
      let release!: () => void;
      let taken!: () => void;
      const isTaken = new Promise<void>((resolve) => (taken = resolve));
      const held = withLease(
        bot.app.store,
        `conv:tg:${ana.id}`,
        { leaseMs: 30_000, waitMs: 1_000 },
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            taken();
          }),
      );
      await isTaken;
      const { updateId, queryId } = fake.preCheckout(ana);
      await bot.act(() => updateId);
      release();
      await held;
      expect(fake.answer(queryId)).toMatchObject({ ok: true });
      expect(await saleCalls()).toBe(0);
    },
  );

  it(
    'asks for pre-checkout queries and sells after the payment in long polling too',
    {
      timeout: 60_000,
    },
    async () => {
      const { fake, bot } = polling;
      const asked = fake.callsOf('getUpdates').at(-1)!.params.allowed_updates;
      expect(asked).toEqual(expect.arrayContaining(['pre_checkout_query', 'message']));
      expect(card.fake.callsOf('setWebhook').at(-1)!.params.allowed_updates).toEqual(
        expect.arrayContaining(['pre_checkout_query', 'message']),
      );
      const ana = newCustomer();
      await reserveJellyfish(polling, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      expect(await saleCalls()).toBe(0);
      await pay(polling, ana);
      expect(await saleCalls()).toBe(1);
      expect(said(fake, ana, /Purchase confirmed/)).toBe(1);
    },
  );

  it(
    'refuses a pre-checkout once the reservation lapsed, then a new reservation is paid and sold once',
    { timeout: 60_000 },
    async () => {
      const { fake, bot } = card;
      const ana = newCustomer();
      await reserveJellyfish(card, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      const first = fake.invoices(ana.id).at(-1)!;

      const charged = fake.charges().length;
      await sandbox.extra('clock', { advanceMinutes: 16 });
      const refused = fake.preCheckout(ana, first);
      await bot.act(() => refused.updateId);
      expect(fake.answer(refused.queryId)).toMatchObject({
        ok: false,
        errorMessage: expect.stringMatching(/reservation has expired/),
      });
      expect(fake.charges()).toHaveLength(charged);
      // The chat says so at once, with the one-tap re-reserve; the order is the same.
      expect(currentView(fake, ana.id).text).toMatch(/reservation expired and nothing was charged/);
      await bot.act(() => fake.tapButton(ana, 'Reserve again'));
      expect(currentView(fake, ana.id).text).toMatch(/Jellyfish aquarium/);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      const second = fake.invoices(ana.id).at(-1)!;
      expect(second.payload).not.toBe(first.payload);

      // A payment that failed at the provider: nothing arrives; the customer pays again.
      const declined = fake.preCheckout(ana, second);
      await bot.act(() => declined.updateId);
      expect(fake.answer(declined.queryId)).toMatchObject({ ok: true });
      expect(await saleCalls()).toBe(0);

      await pay(card, ana);
      expect(await saleCalls()).toBe(1);
      expect(said(fake, ana, /Purchase confirmed/)).toBe(1);
      // The first invoice can no longer be paid.
      const late = fake.preCheckout(ana, first);
      await bot.act(() => late.updateId);
      expect(fake.answer(late.queryId)).toMatchObject({ ok: false });
    },
  );

  it('a Sale refused after the payment: reserved again and sold', { timeout: 60_000 }, async () => {
    const { fake, bot } = card;
    const ana = newCustomer();
    await reserveJellyfish(card, ana);
    await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
    await sandbox.extra('faults', {
      faults: [
        { operation: 'cart-sale', failure: { code: '1204', message: 'no capacity' }, times: 1 },
      ],
    });
    await pay(card, ana);
    expect(await saleCalls()).toBe(2);
    expect(said(fake, ana, /Purchase confirmed/)).toBe(1);
    expect(said(fake, ana, /refund/i)).toBe(0);
  });

  it(
    'a Sale that cannot be made after a card payment: staff alerted with the charge ids, the customer told, the cart kept',
    { timeout: 60_000 },
    async () => {
      const { fake, bot } = card;
      const ana = newCustomer();
      const alerts: BotEvents['payment.refund-needed'][0][] = [];
      bot.app.events.on('payment.refund-needed', (event) => alerts.push(event));
      const reserved = await reserveJellyfish(card, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      await sandbox.extra('faults', {
        faults: [{ operation: 'cart-sale', failure: { code: '1204', message: 'no capacity' } }],
      });
      await pay(card, ana);

      const charge = fake.charges().at(-1)!;
      expect(alerts).toEqual([
        expect.objectContaining({
          chargeId: charge.telegramChargeId,
          providerChargeId: charge.providerChargeId,
          amount: reserved,
          currency: 'EUR',
        }),
      ]);
      expect(said(fake, ana, /staff have been alerted and will refund/)).toBe(1);
      expect(said(fake, ana, /Purchase confirmed/)).toBe(0);
      expect(fake.callsOf('refundStarPayment')).toHaveLength(0);
      // Back to the cart, its line still there.
      expect(currentView(fake, ana.id).text).toMatch(/Jellyfish aquarium/);
    },
  );

  it(
    'with Telegram Stars: one price in stars, and a Sale that cannot be made is refunded',
    { timeout: 60_000 },
    async () => {
      const { fake, bot } = stars;
      const ana = newCustomer();
      const reserved = await reserveJellyfish(stars, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      const invoice = fake.invoices(ana.id).at(-1)!;
      expect(invoice.currency).toBe('XTR');
      expect(invoice.providerToken).toBe('');
      expect(invoice.prices).toHaveLength(1);
      expect(invoice.totalAmount).toBe(Math.ceil((reserved * 50) / 100));

      await sandbox.extra('faults', {
        faults: [{ operation: 'cart-sale', failure: { code: '1204', message: 'no capacity' } }],
      });
      await pay(stars, ana);
      expect(fake.callsOf('refundStarPayment')).toHaveLength(1);
      expect(fake.charges().at(-1)).toMatchObject({ refunded: true, userId: ana.id });
      expect(said(fake, ana, /has been refunded/)).toBe(1);
      expect(said(fake, ana, /Purchase confirmed/)).toBe(0);
    },
  );

  it(
    'with no payment configured: nothing is sold, the customer is told, the cart kept',
    { timeout: 60_000 },
    async () => {
      const { fake, bot } = unpaid;
      const ana = newCustomer();
      await reserveJellyfish(unpaid, ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      expect(said(fake, ana, /paying is not available here/)).toBe(1);
      expect(fake.invoices(ana.id)).toHaveLength(0);
      expect(await saleCalls()).toBe(0);
      expect(currentView(fake, ana.id).text).toMatch(/Jellyfish aquarium/);
      expect(
        bot.logs.some(
          (line) => line.level === 40 && /^TELEGRAM_PAYMENT_PROVIDER_TOKEN is unset/.test(line.msg),
        ),
      ).toBe(true);
    },
  );
});
