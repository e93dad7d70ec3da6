/**
 * What the customer waits for in Telegram, with the real bot, the sandbox and Redis: the
 * sandbox holds the partner calls the test names, so what happens while a call is out is
 * seen as it is, without timing anything. A tap is answered while its partner call is
 * still out; a turn that waits shows "typing…" (the typing clock is the test's, moved by
 * hand) and stops once answered; the reads the checkout needs go out while the customer
 * reads the cart (no insurance quote: the ticket is free to cancel), and the checkout
 * asks for them no more. The purchase is confirmed as soon as the Sale is, while its
 * tickets are still looked up.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TypingTimers } from '#src/channels/telegram/typing.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { booking } from '#test/support/telegram-booking-script.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';

/** Timers that run only when the test says: the typing clock. */
function handTimers() {
  const pending = new Set<{ run: () => void; ms: number }>();
  const timers: TypingTimers = {
    set(run, ms) {
      const timer = { run, ms };
      pending.add(timer);
      return timer;
    },
    clear(handle) {
      pending.delete(handle as { run: () => void; ms: number });
    },
  };
  /** Runs the timers due after `ms` (the clock moved that far), as setTimeout would. */
  const advance = (ms: number) => {
    for (const timer of [...pending]) {
      if (timer.ms > ms) continue;
      pending.delete(timer);
      timer.run();
    }
  };
  return { timers, pending, advance };
}

/** Partner calls held at the sandbox's door: each waits until the test lets it in. */
function door() {
  const holding = new Set<string>();
  const held: { operation: string; release: () => void }[] = [];
  return {
    hold: (...operations: string[]) => operations.forEach((operation) => holding.add(operation)),
    held,
    arriving(operation: string): Promise<void> {
      if (!holding.has(operation)) return Promise.resolve();
      return new Promise((release) => held.push({ operation, release }));
    },
    releaseAll() {
      holding.clear();
      for (const call of held.splice(0)) call.release();
    },
  };
}

describe('what the customer waits for in Telegram', () => {
  let fake: FakeTelegram;
  let sandbox: TestSandbox;
  let bot: TelegramBot;
  const clock = handTimers();
  const gate = door();

  beforeAll(async () => {
    fake = await startFakeTelegram();
    sandbox = await startTestSandbox({ arriving: (operation) => gate.arriving(operation) });
    bot = await startTelegramBot({
      mode: 'polling',
      fake,
      sandbox,
      redisUrl: inject('redisUrl'),
      env: { PAYMENT_MODE: 'on-account' },
      typing: { timers: clock.timers },
    });
  });
  afterAll(async () => {
    gate.releaseAll();
    await bot?.stop();
    await fake?.close();
    await sandbox?.close();
  });

  it(
    'answers a tap while its partner call is out, shows "typing…" while the turn waits, and fetches the checkout\'s reads ahead',
    { timeout: 90_000 },
    async () => {
      const stats = async () =>
        ((await sandbox.extra('stats')) as { calls: Record<string, number> }).calls;
      const ana = newCustomer();
      const step = (name: string) => booking.find((item) => item.name === name)!;
      const play = async (name: string) => {
        await bot.act(() => step(name).act(fake, ana));
        expect(currentView(fake, ana.id).text).toMatch(step(name).expect);
      };

      // A turn that needs no partner call answers before "typing…" is due: none is shown.
      await play('/start');
      expect(clock.pending.size).toBe(0);
      expect(fake.callsOf('sendChatAction', ana.id)).toHaveLength(0);
      for (const name of ['book', 'place', 'category', 'product', 'date']) await play(name);

      // The day's tap needs the capacity of its sessions: that call is held at the door.
      gate.hold('availablecapacity');
      const answered = fake.callsOf('answerCallbackQuery').length;
      const day = step('day').act(fake, ana);
      await fake.until(() => gate.held.length === 1, 10_000, 'the capacity call');
      // The tap is answered while the partner call is still out (held: not answered).
      await fake.until(
        () => fake.callsOf('answerCallbackQuery').length > answered,
        10_000,
        "the tap's answer",
      );
      expect(gate.held.map((call) => call.operation)).toEqual(['availablecapacity']);
      // The turn waits past 300 ms: "typing…" shows, and again every 4.5 s while it waits.
      expect([...clock.pending].map((timer) => timer.ms)).toEqual([300]);
      clock.advance(300);
      await fake.until(() => fake.callsOf('sendChatAction', ana.id).length === 1);
      expect(fake.callsOf('sendChatAction', ana.id)[0]!.params).toMatchObject({
        action: 'typing',
      });
      expect([...clock.pending].map((timer) => timer.ms)).toEqual([4500]);
      gate.releaseAll();
      await bot.channel.whenHandled(day);
      await bot.channel.idle();
      expect(currentView(fake, ana.id).text).toMatch(step('day').expect);
      // Answered: typing stops.
      expect(clock.pending.size).toBe(0);
      await play('session');

      // The Add changes the cart: the checkout's questions are asked for while the
      // customer reads it. No insurance quote: the feeding is free to cancel.
      gate.hold('insurancepolicycheck', 'checkticketsquestions');
      await play('quantity');
      await fake.until(() => gate.held.length === 1, 10_000, 'the read asked ahead');
      expect(gate.held.map((call) => call.operation)).toEqual(['checkticketsquestions']);
      gate.releaseAll();
      const before = await stats();

      // The checkout and the details take what was fetched ahead; the Confirm and the Sale
      // go to the partner, each once.
      for (const name of ['check out', 'details', 'share contact', 'reserve', 'pay']) {
        await play(name);
      }
      const after = await stats();
      expect(after.insurancepolicycheck ?? 0).toBe(0);
      expect(after.checkticketsquestions).toBe(before.checkticketsquestions);
      expect((after['cart-confirm'] ?? 0) - (before['cart-confirm'] ?? 0)).toBe(1);
      expect((after['cart-sale'] ?? 0) - (before['cart-sale'] ?? 0)).toBe(1);
    },
  );

  it(
    'says the purchase is confirmed, with its order number, while the tickets are looked up; the tickets follow',
    { timeout: 90_000 },
    async () => {
      const bea = newCustomer();
      const step = (name: string) => booking.find((item) => item.name === name)!;
      for (const { name, act, expect: shows } of booking) {
        if (name === 'pay') break;
        await bot.act(() => act(fake, bea));
        expect(currentView(fake, bea.id).text).toMatch(shows);
      }
      const shown = fake.messages(bea.id).length;
      const sent = () => fake.messages(bea.id).slice(shown);

      // The Sale answers; the tickets' look-up (GET /Sale) is held at the door.
      gate.hold('sales');
      const pay = step('pay').act(fake, bea);
      await fake.until(() => gate.held.length === 1, 10_000, 'the tickets look-up');
      expect(gate.held.map((call) => call.operation)).toEqual(['sales']);
      await fake.until(
        () => sent().some((message) => /^✅ Paid: your order/.test(message.text ?? '')),
        10_000,
        'the confirmation',
      );
      // Confirmed with the order's number while the look-up is still out: no ticket yet.
      const confirmation = sent().find((message) =>
        /^✅ Paid: your order/.test(message.text ?? ''),
      )!;
      expect(confirmation.text).toMatch(/your order \S+ is bought/);
      expect(sent().filter((message) => message.photo !== undefined)).toHaveLength(0);
      expect(gate.held).toHaveLength(1);

      // The look-up answers: the receipt and the tickets follow, below the confirmation.
      gate.releaseAll();
      await bot.channel.whenHandled(pay);
      await bot.channel.idle();
      const after = sent();
      const first = after.indexOf(confirmation);
      const tickets = after.filter((message) => message.photo !== undefined);
      expect(tickets.length).toBeGreaterThan(0);
      expect(tickets.every((ticket) => after.indexOf(ticket) > first)).toBe(true);
      expect(currentView(fake, bea.id).text).toMatch(/Here are your tickets/);
    },
  );
});
