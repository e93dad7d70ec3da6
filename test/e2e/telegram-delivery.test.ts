/**
 * Telegram's limits and delivery quirks, against the real bot (createApp +
 * startTelegram), a fake Bot API, the sandbox and Redis: stale, repeated and forged
 * button taps, redelivered updates, flood waits (429), a restart in the middle of a
 * booking, and a customer who blocked the bot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';

let fake: FakeTelegram;
let sandbox: TestSandbox;
const bots: TelegramBot[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(async () => {
  for (const bot of bots.splice(0)) await bot.stop();
  await fake?.close();
});

async function start(
  mode: 'polling' | 'webhook' = 'polling',
  reuseFake = false,
): Promise<TelegramBot> {
  if (!reuseFake) fake = await startFakeTelegram();
  const bot = await startTelegramBot({ mode, fake, sandbox, redisUrl: inject('redisUrl') });
  bots.push(bot);
  return bot;
}

/** /start, then to the museum's ticket products. */
async function toProducts(bot: TelegramBot, user: FakeUser): Promise<void> {
  await bot.act(() => fake.text(user, '/start'));
  await bot.act(() => fake.tapButton(user, 'Book tickets'));
  await bot.act(() => fake.tapButton(user, 'Valencia Sea Museum'));
  await bot.act(() => fake.tapButton(user, /^Tickets$/));
}

/** On to the quantity of the jellyfish feeding, on the first day of the calendar. */
async function toQuantity(bot: TelegramBot, user: FakeUser): Promise<void> {
  await toProducts(bot, user);
  await bot.act(() => fake.tapButton(user, 'Jellyfish'));
  await bot.act(() => fake.tapButton(user, 'Another date'));
  const calendar = currentView(fake, user.id);
  const day = fake.buttons(calendar).find((button) => /:d:/.test(button.callback_data ?? ''))!;
  await bot.act(() => fake.tap(user, calendar.messageId, day.callback_data!));
  await bot.act(() => fake.tapButton(user, 'Assign one for me'));
  expect(currentView(fake, user.id).text).toMatch(/How many/);
}

interface Saved {
  snapshot: { value: unknown };
}

async function conversation(bot: TelegramBot, user: FakeUser) {
  return (await bot.app.store.get<Saved>(`conv:tg:${user.id}`))?.value.snapshot.value;
}

const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)?.params.text;

describe('button taps', () => {
  it('answers a tap on an earlier message politely and changes nothing', async () => {
    const bot = await start();
    const ana = newCustomer();
    await toProducts(bot, ana);
    const products = currentView(fake, ana.id);
    const old = fake.buttons(products).find((button) => /Jellyfish/.test(button.text))!;

    // A typed command moves on: a new message; the old one loses its buttons.
    await bot.act(() => fake.text(ana, '/cart'));
    expect(
      fake.messages(ana.id).find((m) => m.messageId === products.messageId)?.inlineKeyboard,
    ).toBeUndefined();
    const before = await conversation(bot, ana);
    const sent = fake.messages(ana.id).length;

    await bot.act(() => fake.tap(ana, products.messageId, old.callback_data!));
    expect(lastAnswer()).toBe('That button is from an earlier step: use the latest message.');
    expect(fake.messages(ana.id)).toHaveLength(sent);
    expect(await conversation(bot, ana)).toEqual(before);
  });

  it('lets the conversation refuse a button its state has moved past', async () => {
    const bot = await start();
    const ana = newCustomer();
    await toProducts(bot, ana);
    // The conversation moves on without this chat seeing it (as another instance could).
    await bot.app.engine.handle(`tg:${ana.id}`, { kind: 'text', text: '/cart' });

    await bot.act(() => fake.tapButton(ana, 'Jellyfish'));
    expect(lastAnswer()).toBeUndefined();
    const texts = fake.messages(ana.id).map((message) => message.text ?? '');
    expect(texts.some((text) => /no longer valid/.test(text))).toBe(true);
    expect(currentView(fake, ana.id).text).toMatch(/cart/i);
  });

  it('takes a double tap once', async () => {
    const bot = await start();
    const ana = newCustomer();
    await toQuantity(bot, ana);
    const quantity = currentView(fake, ana.id);
    const two = fake.buttons(quantity).find((button) => button.text === '2')!;

    const first = fake.tap(ana, quantity.messageId, two.callback_data!);
    const second = fake.tap(ana, quantity.messageId, two.callback_data!);
    await bot.channel.whenHandled(first);
    await bot.channel.whenHandled(second);
    await bot.channel.idle();

    const answers = fake
      .callsOf('answerCallbackQuery')
      .slice(-2)
      .map((call) => call.params.text);
    expect(answers).toContain('One moment, I am on it.');
    const cart = currentView(fake, ana.id).text ?? '';
    expect(cart).toMatch(/Your cart/);
    expect(cart).toMatch(/1\. Jellyfish/);
    expect(cart).not.toMatch(/\n2\. /);
    expect(
      fake.messages(ana.id).filter((message) => /is in your cart/.test(message.text ?? '')),
    ).toHaveLength(1);
  });

  it("refuses forged button data, and another chat's buttons", async () => {
    const bot = await start();
    const ana = newCustomer();
    const eve = newCustomer();
    await toProducts(bot, ana);
    const anaButton = fake
      .buttons(currentView(fake, ana.id))
      .find((button) => /Jellyfish/.test(button.text))!;
    const before = await conversation(bot, ana);

    for (const data of [
      'garbage',
      'AAAAAAAAAAAAAAAA:o:0',
      `${anaButton.callback_data!.split(':')[0]}:o:99`,
    ]) {
      await bot.act(() => fake.tap(ana, currentView(fake, ana.id).messageId, data));
      expect(lastAnswer()).toBe('This button is not valid.');
    }
    await bot.act(() => fake.tap(eve, 1, anaButton.callback_data!));
    expect(lastAnswer()).toBe('This button is not valid.');

    expect(fake.messages(eve.id)).toHaveLength(0);
    expect(await conversation(bot, eve)).toBeUndefined();
    expect(await conversation(bot, ana)).toEqual(before);
    expect(fake.callsOf('answerCallbackQuery').every((call) => call.error === undefined)).toBe(
      true,
    );
  });
});

describe('deliveries', () => {
  it('handles a redelivered webhook update once', async () => {
    const bot = await start('webhook');
    const ana = newCustomer();
    const updateId = await bot.act(() => fake.text(ana, '/start'));
    const sent = fake.messages(ana.id).length;

    fake.redeliver(updateId);
    await bot.channel.whenHandled(updateId, 2);
    await bot.channel.idle();
    // Answered once handled (a repeat is stored already): the fake records the answer then.
    const answered = () => fake.deliveries.filter((d) => d.updateId === updateId).length >= 2;
    await fake.until(answered, 10_000, 'the redelivery answered');

    expect(fake.deliveries.filter((delivery) => delivery.updateId === updateId)).toEqual([
      { updateId, status: 200 },
      { updateId, status: 200 },
    ]);
    expect(fake.messages(ana.id)).toHaveLength(sent);
    expect(bot.logs.some((line) => line.msg === 'telegram: repeated update ignored')).toBe(true);
  });

  it('refuses webhook calls without the secret', async () => {
    const bot = await start('webhook');
    const response = await fetch(`${bot.server!.url}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'wrong' },
      body: JSON.stringify({ update_id: 1, message: { text: '/start' } }),
    });
    expect(response.status).toBe(401);
    const missing = await fetch(`${bot.server!.url}/telegram/webhook`, {
      method: 'POST',
      body: JSON.stringify({ update_id: 2 }),
    });
    expect(missing.status).toBe(401);
  });

  it('waits out a flood wait (429 retry_after) and sends', async () => {
    const bot = await start();
    const ana = newCustomer();
    fake.floodWait('sendMessage', 1);
    await bot.act(() => fake.text(ana, '/start'));

    const sends = fake.callsOf('sendMessage', ana.id);
    // One refusal only: the retry came after retry_after (an early one is refused again).
    expect(sends.map((call) => call.error?.code ?? 200)).toEqual([429, 200]);
    expect(currentView(fake, ana.id).text).toMatch(/booking assistant/);
  });

  it('goes on with the booking after a restart, old buttons included', async () => {
    for (const mode of ['polling', 'webhook'] as const) {
      const first = await start(mode);
      const ana = newCustomer();
      await toProducts(first, ana);
      const products = currentView(fake, ana.id);
      const handled = fake.updates().at(-1)!;
      await first.stop();
      bots.splice(bots.indexOf(first), 1);

      // Sent while no bot runs; and an update already handled comes again.
      const tap = fake.tapButton(ana, 'Jellyfish');
      fake.inject(handled);
      const second = await start(mode, true);
      await second.channel.whenHandled(tap);
      await second.channel.whenHandled(handled.update_id as number);
      await second.channel.idle();

      const card = currentView(fake, ana.id);
      expect(card.messageId).toBe(products.messageId);
      expect(card.text).toMatch(/Jellyfish aquarium: feeding time/);
      await second.act(() => fake.tapButton(ana, 'Another date'));
      expect(currentView(fake, ana.id).text).toMatch(/Which day/);
      expect(second.logs.some((line) => line.msg === 'telegram: repeated update ignored')).toBe(
        true,
      );

      await second.stop();
      bots.splice(bots.indexOf(second), 1);
      await fake.close();
    }
  }, 60_000);
});

describe('a customer who blocked the bot', () => {
  it('is logged at info, without errors, and others are still served', async () => {
    const bot = await start();
    const ana = newCustomer();
    const ben = newCustomer();
    await bot.act(() => fake.text(ana, '/start'));
    await bot.act(() => fake.block(ana));
    // A message sent just before blocking, and a push (e.g. a payment outcome) after.
    await bot.act(() => fake.text(ana, '/help'));
    expect(await bot.push.send(`tg:${ana.id}`, { type: 'command.help' })).toBe(true);
    await bot.act(() => fake.text(ben, '/start'));

    const refused = fake.calls.filter(
      (call) => Number(call.params.chat_id) === ana.id && call.error,
    );
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.every((call) => call.error?.code === 403)).toBe(true);
    expect(currentView(fake, ben.id).text).toMatch(/booking assistant/);
    const info = bot.logs.filter((line) => line.level === 30).map((line) => line.msg);
    expect(info).toContain('telegram: the customer blocked the bot');
    expect(info.filter((msg) => /cannot be reached/.test(msg))).toHaveLength(2);
    expect(bot.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
