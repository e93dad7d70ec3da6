/**
 * What the bot sends on its own in Telegram: a debit partner's customer pays on the
 * payment page, the page calls our /payments/return/ok, and the tickets arrive as QR
 * codes; a payment that fails there gives the order back, reserved again, to pay once
 * more; a reservation left to expire is explained with a one-tap re-reserve.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { answerCheckout, currentView } from '#test/support/telegram-customer.js';

let fake: FakeTelegram;
let sandbox: TestSandbox;
let bot: TelegramBot;

beforeAll(async () => {
  fake = await startFakeTelegram();
  sandbox = await startTestSandbox();
  bot = await startTelegramBot({ mode: 'webhook', fake, sandbox, redisUrl: inject('redisUrl') });
});
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  await sandbox?.close();
});

async function until(predicate: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** From /start to a reserved order of one jellyfish ticket on the first day offered. */
async function reserveJellyfish(ana: FakeUser): Promise<void> {
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
  expect(currentView(fake, ana.id).text).toMatch(/Held until/);
}

/** "Confirm and pay" for a debit partner: the payment page's link the bot gave. */
async function confirmAndPay(ana: FakeUser): Promise<string> {
  await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
  const all = fake
    .messages(ana.id)
    .map((m) => `${m.text ?? ''} ${JSON.stringify(m.inlineKeyboard ?? [])}`);
  return /(http:\/\/127\.0\.0\.1:\d+\/__sandbox\/pay\/[\w-]+)/.exec(all.join('\n'))![1]!;
}

/** The customer pays on the payment page. */
async function payAt(link: string): Promise<void> {
  await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=ok',
  });
}

describe('messages the bot sends on its own', () => {
  beforeEach(async () => {
    await sandbox.extra('reset', {});
  });

  it('sends the tickets when the payment page reports a payment', { timeout: 60_000 }, async () => {
    await sandbox.extra('reset', { options: { debitPartner: true } });
    const ana = newCustomer();
    await reserveJellyfish(ana);
    await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
    const all = fake
      .messages(ana.id)
      .map((message) => `${message.text ?? ''} ${JSON.stringify(message.inlineKeyboard ?? [])}`);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/__sandbox\/pay\/[\w-]+)/.exec(all.join('\n'))?.[1];
    expect(link).toBeDefined();
    expect(fake.callsOf('sendPhoto', ana.id)).toHaveLength(0);

    const paid = await fetch(link!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=ok',
    });
    expect(paid.status).toBe(200);
    await until(() => fake.callsOf('sendPhoto', ana.id).length > 0, 'the tickets');
    expect(
      fake.messages(ana.id).some((message) => /Purchase confirmed/.test(message.text ?? '')),
    ).toBe(true);
    const caption = String(fake.callsOf('sendPhoto', ana.id)[0]!.params.caption);
    expect(caption).toMatch(/Jellyfish aquarium/);
  });

  it(
    'tickets are never lost: a dropped upload is retried; one that keeps failing comes at the next message',
    { timeout: 60_000 },
    async () => {
      await sandbox.extra('reset', { options: { debitPartner: true } });
      const ana = newCustomer();
      const sentPhotos = () => fake.callsOf('sendPhoto', ana.id).filter((c) => !c.error);
      const failedPhotos = () => fake.callsOf('sendPhoto', ana.id).filter((c) => c.error);
      await reserveJellyfish(ana);
      const link = await confirmAndPay(ana);

      // Every attempt fails this time: the purchase is confirmed, the photo is kept.
      fake.failNext('sendPhoto', 500, 'Internal Server Error: upload dropped', 3);
      await payAt(link);
      await until(
        () => fake.messages(ana.id).some((m) => /Purchase confirmed/.test(m.text ?? '')),
        'the confirmation',
      );
      await until(() => failedPhotos().length === 3, 'three attempts');
      expect(sentPhotos()).toHaveLength(0);

      // The buttons of the confirmation still answer, and the tickets come with the next update.
      await bot.act(() => fake.text(ana, 'hello'));
      await until(() => sentPhotos().length > 0, 'the kept tickets');
      expect(String(sentPhotos()[0]!.params.caption)).toMatch(/Jellyfish aquarium/);
    },
  );

  it(
    'tickets are never lost: one dropped upload is tried again at once',
    { timeout: 60_000 },
    async () => {
      await sandbox.extra('reset', { options: { debitPartner: true } });
      const ana = newCustomer();
      await reserveJellyfish(ana);
      const link = await confirmAndPay(ana);
      fake.failNext('sendPhoto', 500, 'Internal Server Error: upload dropped');
      await payAt(link);
      await until(
        () => fake.callsOf('sendPhoto', ana.id).filter((c) => !c.error).length > 0,
        'the tickets',
      );
      expect(fake.callsOf('sendPhoto', ana.id).filter((c) => c.error)).toHaveLength(1);
    },
  );

  it('/mybookings sends the tickets again as QR photos', { timeout: 60_000 }, async () => {
    await sandbox.extra('reset', { options: { debitPartner: true } });
    const ana = newCustomer();
    await reserveJellyfish(ana);
    const link = await confirmAndPay(ana);
    await payAt(link);
    const delivered = () => fake.callsOf('sendPhoto', ana.id).filter((c) => !c.error);
    await until(() => delivered().length > 0, 'the tickets');
    const first = delivered().length;
    await bot.act(() => fake.text(ana, '/mybookings'));
    await bot.act(() => fake.tapButton(ana, /^🎟️ Tickets: /));
    await until(() => delivered().length === 2 * first, 'the tickets again');
    expect(
      delivered()
        .slice(first)
        .map((c) => String(c.params.caption)),
    ).toEqual(
      delivered()
        .slice(0, first)
        .map((c) => String(c.params.caption)),
    );
    expect(currentView(fake, ana.id).text).toMatch(/Here are your tickets again/);
  });

  it(
    'return URLs: 100 repeated notifications make one look-up and one after it; forged and replayed tokens tell nobody',
    { timeout: 60_000 },
    async () => {
      await sandbox.extra('reset', { options: { debitPartner: true } });
      const ana = newCustomer();
      await reserveJellyfish(ana);
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      const all = fake
        .messages(ana.id)
        .map((m) => `${m.text ?? ''} ${JSON.stringify(m.inlineKeyboard ?? [])}`);
      const payToken = /\/__sandbox\/pay\/([\w-]+)/.exec(all.join('\n'))?.[1];
      const sale = sandbox.sandbox.context().state.cart.sales.byPaymentToken(payToken!)!;
      const { returnUrlKo, returnUrlOk } = sale.payment!;
      expect(returnUrlKo).toMatch(/\/payments\/return\/ko\?sale=[\w-]{43}$/);
      expect(returnUrlKo).not.toContain(sale.cartId!);

      const before = fake.messages(ana.id).length;
      const lookups = async () =>
        ((await sandbox.extra('stats')) as { calls: Record<string, number> }).calls.sales ?? 0;
      const lookupsBefore = await lookups();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => fetch(returnUrlKo).then((r) => r.status)),
      );
      expect(new Set(answers)).toEqual(new Set([200]));
      await until(() => fake.messages(ana.id).length > before, 'the answer to the notifications');
      await new Promise((resolve) => setTimeout(resolve, 500));
      // One turn for the burst, and one more for the calls that came while it ran (they may
      // have come after its look-up): "not paid yet" said at most twice, not 100 times.
      const said = fake.messages(ana.id).slice(before);
      const notYet = said.filter((m) => /cannot see the payment yet/.test(m.text ?? '')).length;
      expect(notYet).toBeGreaterThanOrEqual(1);
      expect(notYet).toBeLessThanOrEqual(2);
      const looked = (await lookups()) - lookupsBefore;
      expect(looked).toBeGreaterThanOrEqual(1);
      expect(looked).toBeLessThanOrEqual(2);

      // A token signed with another secret, and the cart id as the old URLs had it.
      const forged = returnUrlOk.replace(/sale=[\w-]{43}/, `sale=${'A'.repeat(43)}`);
      expect((await fetch(forged)).status).toBe(404);
      const byCart = returnUrlOk.replace(/sale=[\w-]{43}/, `cart=${sale.cartId!}`);
      expect((await fetch(byCart)).status).toBe(404);

      // Paid: the tickets come; the same return URL afterwards is a replay, and tells nobody.
      const paid = await fetch(`${sandbox.sandbox.url}/__sandbox/pay/${payToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=ok',
      });
      expect(paid.status).toBe(200);
      await until(() => fake.callsOf('sendPhoto', ana.id).length > 0, 'the tickets');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const settled = fake.messages(ana.id).length;
      expect((await fetch(returnUrlOk)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fake.messages(ana.id)).toHaveLength(settled);
    },
  );

  it(
    'a failed payment keeps the order: reserved again, paid on the second try, sold once',
    { timeout: 60_000 },
    async () => {
      await sandbox.extra('reset', { options: { debitPartner: true } });
      const ana = newCustomer();
      await reserveJellyfish(ana);
      const linkOf = () => {
        const all = fake
          .messages(ana.id)
          .map(
            (message) => `${message.text ?? ''} ${JSON.stringify(message.inlineKeyboard ?? [])}`,
          );
        return [...all.join('\n').matchAll(/(http:\/\/127\.0\.0\.1:\d+\/__sandbox\/pay\/[\w-]+)/g)]
          .map((match) => match[1]!)
          .at(-1);
      };
      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      const first = linkOf()!;
      const failed = await fetch(first, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=ko',
      });
      expect(failed.status).toBe(200);
      await until(
        () =>
          fake
            .messages(ana.id)
            .some((m) => /reserved again: you can pay once more/.test(m.text ?? '')),
        'the order reserved again',
      );
      // The same order, held again, without building it anew (drawn after the notice).
      await until(
        () => /Held until/.test(currentView(fake, ana.id).text ?? ''),
        'the order held again',
      );
      const view = currentView(fake, ana.id);
      expect(view.text).toMatch(/Jellyfish aquarium/);

      await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));
      const second = linkOf()!;
      expect(second).not.toBe(first);
      await fetch(second, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=ok',
      });
      await until(() => fake.callsOf('sendPhoto', ana.id).length > 0, 'the tickets');
      const stats = (await sandbox.extra('stats')) as { calls: Record<string, number> };
      expect(stats.calls['cart-sale']).toBe(2);
      expect(
        fake.messages(ana.id).filter((message) => /Purchase confirmed/.test(message.text ?? '')),
      ).toHaveLength(1);
    },
  );

  it(
    'explains an expired reservation and offers to reserve again',
    { timeout: 60_000 },
    async () => {
      await sandbox.extra('reset', { options: { reservationMinutes: 0.1 } });
      const ana = newCustomer();
      await reserveJellyfish(ana);
      await until(
        () =>
          fake.messages(ana.id).some((message) => /reservation expired/i.test(message.text ?? '')),
        'the expiry message',
        // The expiry is a delayed job of the scheduler: on a loaded runner it may come
        // well after the reservation's 6 s; the test's own limit bounds the wait.
        45_000,
      );
      const view = currentView(fake, ana.id);
      expect(fake.buttons(view).map((button) => button.text)).toContain('🔁 Reserve again');
      await bot.act(() => fake.tapButton(ana, 'Reserve again'));
      expect(currentView(fake, ana.id).text).toMatch(/Held until|Reserved again/);
    },
  );
});
