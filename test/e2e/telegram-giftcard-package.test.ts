/**
 * A gift card redeemed and a package bought in Telegram, in long-polling and in webhook
 * mode: the real bot against a fake Bot API, the sandbox and Redis. The customer types
 * the seeded card's code, books what it gives, pays €0.00 and gets the tickets; then
 * the card is said to be redeemed. A package is chosen from home: people (a child and
 * their age), dates on the calendar, an accommodation, then the usual checkout.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { giftCardOperation } from '#src/api/giftcards.js';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { answerCheckout, currentView } from '#test/support/telegram-customer.js';

/** The sandbox's seeded gift card, not yet redeemed (docs/sandbox.md). */
const SEEDED_CARD = '3167250411491835499';

describe.each(['polling', 'webhook'] as const)(
  'gift cards and packages in Telegram (%s)',
  (mode) => {
    let fake: FakeTelegram;
    let sandbox: TestSandbox;
    let bot: TelegramBot;

    beforeAll(async () => {
      fake = await startFakeTelegram();
      sandbox = await startTestSandbox();
      // About the booking steps in Telegram, not about taking the money (that is
      // telegram-invoice.test.ts): the operator sells on account.
      bot = await startTelegramBot({
        mode,
        fake,
        sandbox,
        redisUrl: inject('redisUrl'),
        env: { PAYMENT_MODE: 'on-account' },
      });
    });
    afterAll(async () => {
      await bot?.stop();
      await fake?.close();
      await sandbox?.close();
    });

    /** The day buttons of the calendar shown now. */
    const days = (user: FakeUser) =>
      fake
        .buttons(currentView(fake, user.id))
        .filter((button) => /:d:\d{4}-\d{2}-\d{2}$/.test(button.callback_data ?? ''));

    async function tapDay(user: FakeUser, index: number): Promise<string> {
      const view = currentView(fake, user.id);
      const offered = days(user);
      expect(offered.length).toBeGreaterThan(0);
      const day = offered[Math.min(index, offered.length - 1)]!;
      await bot.act(() => fake.tap(user, view.messageId, day.callback_data!));
      return day.callback_data!.split(':d:')[1]!;
    }

    /** From the reserved order to the confirmation: the message and the ticket photos. */
    async function pay(user: FakeUser) {
      await bot.act(() => fake.tapButton(user, 'Reserve'));
      const reserved = currentView(fake, user.id).text ?? '';
      expect(reserved).toMatch(/Your order is reserved/);
      expect(reserved).toMatch(/Held until/);
      await bot.act(() => fake.tapButton(user, 'Confirm and pay'));
      const done = fake
        .messages(user.id)
        .find((message) => /Purchase confirmed/.test(message.text ?? ''));
      expect(done).toBeDefined();
      return { reserved, done: done!, photos: fake.callsOf('sendPhoto', user.id) };
    }

    it(
      'redeems the seeded gift card to tickets, then says it was redeemed',
      {
        timeout: 90_000,
      },
      async () => {
        const ana = newCustomer();
        await bot.act(() => fake.text(ana, '/start'));
        await bot.act(() => fake.text(ana, '/giftcard'));
        expect(currentView(fake, ana.id).text).toMatch(/Type the gift card's code/);
        await bot.act(() => fake.text(ana, SEEDED_CARD));
        const card = currentView(fake, ana.id).text ?? '';
        expect(card).toContain(`Gift card ${SEEDED_CARD}`);
        expect(card).toMatch(/Gift card: Sea Museum/);

        await bot.act(() => fake.tapButton(ana, 'Book "Gift card: Sea Museum"'));
        // The open-date ticket is booked for today; a day is asked only when today is out.
        if (days(ana).length > 0) await tapDay(ana, 0);
        expect(currentView(fake, ana.id).text).toMatch(
          /With the gift card: 1 × "Gift card: Sea Museum", .*Price: €0\.00/,
        );
        await bot.act(() => fake.tapButton(ana, 'Continue'));
        const cart = currentView(fake, ana.id).text ?? '';
        expect(cart).toMatch(/Your cart/);
        expect(cart).toMatch(/Gift card: Sea Museum/);
        expect(cart).toMatch(/Total: €0\.00/);

        await bot.act(() => fake.tapButton(ana, 'Check out'));
        await answerCheckout(bot, fake, ana);
        expect(currentView(fake, ana.id).text).toMatch(/Total to pay: €0\.00/);
        const { photos } = await pay(ana);
        expect(photos.length).toBeGreaterThan(0);
        for (const photo of photos) {
          expect(photo.files.photo!.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
          expect(String(photo.params.caption)).toMatch(/Gift card: Sea Museum/);
          expect(String(photo.params.caption)).toMatch(/Code: \d{13}/);
        }
        const exchanged = await sandbox.client.call(giftCardOperation, {
          giftCardIdentifier: SEEDED_CARD,
        });
        expect(exchanged.isExchanged).toBe(true);

        // Checking it again: already redeemed, nothing to book.
        await bot.act(() => fake.text(ana, '/giftcard'));
        await bot.act(() => fake.text(ana, SEEDED_CARD));
        const again = currentView(fake, ana.id);
        expect(again.text).toMatch(/has already been redeemed: it cannot be used again/);
        expect(fake.buttons(again).map((button) => button.text)).toEqual([
          '🔑 Try another code',
          '🏠 Home',
        ]);
      },
    );

    it(
      'buys a package: people with a child, dates, an accommodation, the sale',
      {
        timeout: 90_000,
      },
      async () => {
        const ana = newCustomer();
        await bot.act(() => fake.text(ana, '/start'));
        await bot.act(() => fake.tapButton(ana, 'Packages'));
        expect(currentView(fake, ana.id).text).toMatch(/packages\. Which one/);
        await bot.act(() => fake.tapButton(ana, 'Escapada Atlántico'));
        expect(currentView(fake, ana.id).text).toMatch(/How many adults/);
        await bot.act(() => fake.tapButton(ana, /^2$/));
        expect(currentView(fake, ana.id).text).toMatch(/children aged 2 to 17/);
        await bot.act(() => fake.tapButton(ana, /^1$/));
        expect(currentView(fake, ana.id).text).toMatch(/babies/);
        await bot.act(() => fake.tapButton(ana, /^0$/));
        expect(currentView(fake, ana.id).text).toBe(
          'How old is child 1 in room 1? Type the age (2 to 17).',
        );
        await bot.act(() => fake.text(ana, '1'));
        expect(
          fake
            .messages(ana.id)
            .some((message) => /Under 2 counts as a baby/.test(message.text ?? '')),
        ).toBe(true);
        await bot.act(() => fake.text(ana, '8'));
        expect(currentView(fake, ana.id).text).toContain('2 adults, 1 child (aged 8)');
        await bot.act(() => fake.tapButton(ana, 'Continue'));

        // Check-in on the calendar, two nights typed, the activity on a day of the stay.
        expect(currentView(fake, ana.id).text).toMatch(/When do you arrive/);
        await tapDay(ana, 3);
        expect(currentView(fake, ana.id).text).toMatch(/How many nights/);
        await bot.act(() => fake.text(ana, '2'));
        expect(currentView(fake, ana.id).text).toMatch(
          /Which day would you like to do the activity/,
        );
        await tapDay(ana, 1);
        const stays = currentView(fake, ana.id);
        expect(stays.text).toMatch(/2 adults, 1 child \(aged 8\) · .*\(2 nights\)/);
        expect(fake.buttons(stays).some((button) => /Hotel Faro Sur/.test(button.text))).toBe(true);

        // Cheapest first, ten a page: the hotel may be on the next page on some dates.
        if (!fake.buttons(stays).some((button) => /^Hotel Dunas del Faro/.test(button.text)))
          await bot.act(() => fake.tapButton(ana, '▶'));
        await bot.act(() => fake.tapButton(ana, /^Hotel Dunas del Faro/));
        const offer = currentView(fake, ana.id).text ?? '';
        expect(offer).toMatch(/Hotel Dunas del Faro/);
        const price = /Price of the whole package: €(\d+\.\d\d)/.exec(offer)?.[1];
        expect(price).toBeDefined();
        await bot.act(() => fake.tapButton(ana, 'Add to cart'));
        const cart = currentView(fake, ana.id).text ?? '';
        expect(cart).toMatch(/Your cart/);
        expect(cart).toMatch(/Hotel Dunas del Faro \(2 nights\)/);

        await bot.act(() => fake.tapButton(ana, 'Check out'));
        await answerCheckout(bot, fake, ana);
        expect(currentView(fake, ana.id).text).toMatch(/Check your order/);
        const { reserved, photos } = await pay(ana);
        expect(reserved).toContain('Hotel Dunas del Faro');
        expect(reserved).toContain(`Total: €${price}`);
        expect(photos.length).toBeGreaterThan(0);
        for (const photo of photos) {
          expect(photo.files.photo!.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
        }
      },
    );
  },
);
