/**
 * A full booking in Telegram, in long-polling and in webhook mode: the real bot
 * (createApp + startTelegram) against a fake Bot API, the sandbox and Redis. The
 * customer taps buttons (edited in place), picks the date on the calendar (after moving
 * to the next month), shares their phone as a contact, and gets the tickets as QR codes.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { answerCheckout, currentView } from '#test/support/telegram-customer.js';

const JELLYFISH = /Jellyfish aquarium/;

describe.each(['polling', 'webhook'] as const)('a booking in Telegram (%s)', (mode) => {
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

  it('starts as configured: commands in each language, the webhook or long polling', () => {
    const commands = fake.callsOf('setMyCommands');
    expect(commands.map((call) => call.params.language_code)).toEqual([
      undefined,
      'es',
      'en',
      'ca',
      'fr',
      'de',
      'it',
    ]);
    const english = commands[2]!.params.commands as { command: string }[];
    expect(english.map((command) => command.command)).toEqual([
      'start',
      'book',
      'cart',
      'mybookings',
      'giftcard',
      'language',
      'help',
      'cancel',
      'forget',
      'human',
      'bot',
    ]);
    if (mode === 'webhook') {
      expect(fake.webhook()?.url).toBe(`${bot.server!.url}/telegram/webhook`);
      expect(fake.webhook()?.secret).toMatch(/^secret-/);
      expect(fake.callsOf('getUpdates')).toHaveLength(0);
    } else {
      // No webhook was set: polling asks, and has nothing to take over.
      expect(fake.callsOf('getWebhookInfo')).toHaveLength(1);
      expect(fake.callsOf('deleteWebhook')).toHaveLength(0);
      expect(fake.webhook()).toBeUndefined();
    }
  });

  it('books from /start to the tickets', { timeout: 90_000 }, async () => {
    const ana = newCustomer();
    await bot.act(() => fake.text(ana, '/start'));
    const home = currentView(fake, ana.id);
    expect(home.text).toMatch(/booking assistant/);
    const homeId = home.messageId;

    // Taps edit the same message in place.
    await bot.act(() => fake.tapButton(ana, 'Book tickets'));
    expect(currentView(fake, ana.id).messageId).toBe(homeId);
    expect(currentView(fake, ana.id).text).toMatch(/What would you like to book/);
    await bot.act(() => fake.tapButton(ana, 'Valencia Sea Museum'));
    await bot.act(() => fake.tapButton(ana, /^Tickets$/));
    await bot.act(() => fake.tapButton(ana, JELLYFISH));
    expect(currentView(fake, ana.id).text).toMatch(/From €\d+\.\d\d/);
    expect(currentView(fake, ana.id).messageId).toBe(homeId);
    expect(fake.callsOf('answerCallbackQuery')).toHaveLength(4);

    // The calendar: the month header, arrows, available days as buttons.
    await bot.act(() => fake.tapButton(ana, 'Another date'));
    const dateView = currentView(fake, ana.id);
    expect(dateView.text).toMatch(/Which day/);
    const firstMonth = fake
      .buttons(dateView)
      .find((button) => /^[A-Z][a-z]+ \d{4}$/.test(button.text));
    expect(firstMonth).toBeDefined();
    expect(fake.buttons(dateView).some((button) => button.text === '·')).toBe(true);
    const redraws = fake.callsOf('editMessageReplyMarkup', ana.id).length;
    await bot.act(() => fake.tapButton(ana, '▶'));
    expect(fake.callsOf('editMessageReplyMarkup', ana.id).length).toBe(redraws + 1);
    const nextMonth = currentView(fake, ana.id);
    const title = fake.buttons(nextMonth).find((button) => /^[A-Z][a-z]+ \d{4}$/.test(button.text));
    expect(title?.text).not.toBe(firstMonth?.text);
    const day =
      fake
        .buttons(nextMonth)
        .find((button) => /:d:\d{4}-\d{2}-15$/.test(button.callback_data ?? '')) ??
      fake.buttons(nextMonth).find((button) => /:d:/.test(button.callback_data ?? ''))!;
    const date = day.callback_data!.split(':d:')[1]!;
    await bot.act(() => fake.tap(ana, nextMonth.messageId, day.callback_data!));

    const sessionView = currentView(fake, ana.id);
    expect(sessionView.text).toMatch(/session/i);
    await bot.act(() => fake.tapButton(ana, 'Assign one for me'));
    expect(currentView(fake, ana.id).text).toMatch(/How many/);
    await bot.act(() => fake.tapButton(ana, /^2$/));

    // Notices go as new messages; the cart is a new message and the old one lost its buttons.
    const cart = currentView(fake, ana.id);
    expect(cart.text).toMatch(/Your cart/);
    expect(cart.text).toMatch(/2 × €6\.00/);
    expect(cart.messageId).toBeGreaterThan(homeId);
    expect(
      fake.messages(ana.id).find((message) => message.messageId === homeId)?.inlineKeyboard,
    ).toBeUndefined();
    expect(
      fake.messages(ana.id).some((message) => /is in your cart/.test(message.text ?? '')),
    ).toBe(true);

    await bot.act(() => fake.tapButton(ana, 'Check out'));
    await answerCheckout(bot, fake, ana);
    expect(currentView(fake, ana.id).text).toMatch(/Check your order/);
    expect(currentView(fake, ana.id).text).toContain('Ana García');

    // The phone was asked with the contact button, which went away afterwards.
    const contactAsk = fake
      .messages(ana.id)
      .find((message) => JSON.stringify(message.replyKeyboard ?? {}).includes('request_contact'));
    expect(contactAsk).toBeDefined();
    const later = fake
      .messages(ana.id)
      .filter((message) => message.messageId > contactAsk!.messageId);
    expect(later.some((message) => message.replyKeyboard?.remove_keyboard === true)).toBe(true);

    await bot.act(() => fake.tapButton(ana, 'Reserve'));
    expect(currentView(fake, ana.id).text).toMatch(/Held until/);
    await bot.act(() => fake.tapButton(ana, 'Confirm and pay'));

    const done = fake
      .messages(ana.id)
      .find((message) => /Purchase confirmed/.test(message.text ?? ''));
    expect(done).toBeDefined();
    const photos = fake.callsOf('sendPhoto', ana.id);
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      expect(photo.files.photo?.type ?? 'image/png').toMatch(/png|octet/);
      expect(photo.files.photo!.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(String(photo.params.caption)).toMatch(/Jellyfish aquarium/);
      expect(String(photo.params.caption)).toMatch(/Code: \S+/);
    }
    const [year, month, dayOfMonth] = date.split('-');
    expect(String(photos[0]!.params.caption)).toContain(`${dayOfMonth}/${month}/${year}`);

    // Every tap was answered, once, without error.
    const taps = fake.updates().filter((update) => 'callback_query' in update);
    const answers = fake.callsOf('answerCallbackQuery');
    expect(answers).toHaveLength(taps.length);
    expect(answers.every((call) => call.error === undefined)).toBe(true);
  });
});
