/**
 * /mybookings shows the customer's own sales made in this conversation, with status and
 * access codes, and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputFor, museumBooking } from '#test/support/booking-script.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

/**
 * These tests are about which sales /mybookings lists, not about taking the money: the operator sells on
 * account on purpose (PAYMENT_MODE=on-account), so a partner without a debit contract
 * sells at "Confirm and pay" (payments: telegram-invoice.test.ts).
 */
const ON_ACCOUNT = { PAYMENT_MODE: 'on-account' };

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

async function book(chat: Chat): Promise<void> {
  let view = (await chat.start()).at(-1)!;
  for (const step of museumBooking) {
    const input = inputFor(step, view);
    view = ('choose' in input ? await chat.choose(input.choose) : await chat.say(input.text)).at(
      -1,
    )!;
  }
  expect(view.text).toMatch(/Purchase confirmed/);
}

describe('/mybookings', () => {
  it(
    'lists this conversation’s sales with status and codes, and only those',
    { timeout: 60_000 },
    async () => {
      const ana = await startChat({ sandbox, env: ON_ACCOUNT });
      const bruno = await startChat({ sandbox, env: ON_ACCOUNT });
      try {
        await book(ana);
        const codes = (ana.last().tickets ?? []).map((ticket) => ticket.accessCode);
        expect(codes.length).toBeGreaterThan(0);

        const mine = (await ana.say('/mybookings')).at(-1)!;
        expect(mine.text).toMatch(/Your bookings/);
        expect(mine.text).toMatch(/General admission, adult|Sea Museum: adult/);
        expect(mine.text).toMatch(/confirmed/);
        // What it cost, as on the receipt.
        expect(mine.text).toMatch(/^ {3}Total: €\d+\.\d\d$/m);
        for (const code of codes) expect(mine.text).toContain(code);

        // Another customer (another conversation on another app) sees none of it.
        await bruno.start();
        await bruno.say('/language');
        await bruno.choose('lang:en');
        const theirs = (await bruno.say('/mybookings')).at(-1)!;
        expect(theirs.text).toMatch(/no bookings/);
        for (const code of codes) expect(theirs.text).not.toContain(code);
      } finally {
        await ana.close();
        await bruno.close();
      }
    },
  );

  it('sends the tickets of a booking again, as after the purchase', async () => {
    const ana = await startChat({ sandbox, env: ON_ACCOUNT });
    try {
      await book(ana);
      const sold = ana.last().tickets ?? [];
      expect(sold.length).toBeGreaterThan(0);
      await ana.say('/mybookings');
      const option = ana.last().options.find((o) => o.id === 'tickets:1');
      expect(option?.label).toMatch(/^🎟️ Tickets: .+ \(.+\)$/);
      const again = await ana.choose('tickets:1');
      const view = again.at(-1)!;
      expect(view.text).toBe('🎟️ Here are your tickets again:');
      expect(view.tickets?.map((ticket) => ticket.accessCode)).toEqual(
        sold.map((ticket) => ticket.accessCode),
      );
      // Back to the list, and a forged booking id is not taken.
      await ana.choose('back');
      expect(ana.last().text).toMatch(/Your bookings/);
      const forged = await ana.send({
        kind: 'event',
        event: { type: 'bookings.tickets', partnerSaleId: 'someone-else' },
      });
      expect(forged.at(-1)!.tickets).toBeUndefined();
    } finally {
      await ana.close();
    }
  });
});
