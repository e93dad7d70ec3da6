/**
 * Talking to a person from Telegram, the customer's side: the real bot
 * (createApp + startTelegram) against the fake Bot API, the sandbox and Redis, with an
 * in-memory desk in place of Slack. A customer mid-checkout asks in words; the desk gets
 * a thread with the cart; staff's reply reaches the chat once; the customer's answer and a
 * photo reach the thread once; the step's buttons are paused; /bot brings back the same
 * step and cart; with no staff reply in time the customer is offered the bot back.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { createMemoryDesk, type MemoryDesk } from '#test/support/memory-desk.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';
import type { FakeUser } from '#test/support/fake-telegram.js';

const JELLYFISH = /Jellyfish aquarium/;
const ANA = { id: 'U-ana', name: 'Ana' };

describe('handing a Telegram conversation to a person', () => {
  let fake: FakeTelegram;
  let sandbox: TestSandbox;
  let bot: TelegramBot;
  let desk: MemoryDesk;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    sandbox = await startTestSandbox();
    bot = await startTelegramBot({
      mode: 'webhook',
      fake,
      sandbox,
      redisUrl: inject('redisUrl'),
      env: {
        PAYMENT_MODE: 'on-account',
        SLACK_BOT_TOKEN: 'xoxb-test',
        SLACK_SIGNING_SECRET: 'signing-secret',
        SLACK_SUPPORT_CHANNEL: 'C0SUPPORT',
      },
    });
    desk = createMemoryDesk();
    bot.app.support!.useDesk(desk);
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await sandbox?.close();
  });

  /**
   * Two jellyfish tickets in the cart, then "Check out": the first checkout question. Gives
   * the cart's "Check out" button, a button of a view the chat has since moved past.
   */
  async function toCheckout(customer: FakeUser): Promise<{ messageId: number; data: string }> {
    await bot.act(() => fake.text(customer, '/start'));
    await bot.act(() => fake.tapButton(customer, 'Book tickets'));
    await bot.act(() => fake.tapButton(customer, 'Valencia Sea Museum'));
    await bot.act(() => fake.tapButton(customer, /^Tickets$/));
    await bot.act(() => fake.tapButton(customer, JELLYFISH));
    await bot.act(() => fake.tapButton(customer, 'Another date'));
    const calendar = currentView(fake, customer.id);
    const day = fake.buttons(calendar).find((button) => /:d:/.test(button.callback_data ?? ''))!;
    await bot.act(() => fake.tap(customer, calendar.messageId, day.callback_data!));
    await bot.act(() => fake.tapButton(customer, 'Assign one for me'));
    await bot.act(() => fake.tapButton(customer, /^2$/));
    const cart = currentView(fake, customer.id);
    expect(cart.text).toMatch(/Your cart/);
    const checkOut = fake.buttons(cart).find((button) => /Check out/.test(button.text))!;
    const earlier = { messageId: cart.messageId, data: checkOut.callback_data! };
    await bot.act(() => fake.tapButton(customer, 'Check out'));
    return earlier;
  }
  const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)?.params.text;

  const texts = (customer: FakeUser) =>
    fake.messages(customer.id).map((message) => message.text ?? '');

  it(
    'opens a thread with the context, carries both ways, pauses the buttons, and gives the step back',
    { timeout: 90_000 },
    async () => {
      const ana = newCustomer();
      const earlier = await toCheckout(ana);
      const step = currentView(fake, ana.id);
      const stepText = step.text!;
      const stepButtons = fake.buttons(step).map((button) => button.text);

      await bot.act(() => fake.text(ana, 'talk to someone'));
      expect(desk.threads).toHaveLength(1);
      const thread = desk.threads[0]!;
      const { summary } = thread;
      expect(summary.conversationId).toBe(`tg:${ana.id}`);
      expect(summary.customer).toMatchObject({ firstName: 'Ana', language: 'en' });
      expect(summary.step).not.toBe('unknown');
      expect(summary.cart?.lines).toHaveLength(1);
      expect(summary.cart?.lines[0]!.label).toMatch(/Jellyfish aquarium.*2 × €6\.00/);
      expect(summary.cart?.total).toEqual({ cents: 1200, currency: 'EUR' });
      expect(summary.answersFrom).toBeUndefined();
      // The last messages both ways, oldest first, ten at most, the request not among them.
      expect(summary.transcript.length).toBeGreaterThan(2);
      expect(summary.transcript.length).toBeLessThanOrEqual(10);
      expect(summary.transcript.at(-1)!.from).toBe('bot');
      expect(summary.transcript.some((line) => line.from === 'customer')).toBe(true);
      expect(texts(ana)).toContain(
        "I've passed your conversation to our team: a person will answer you here. Write here; /bot to go back to the bot.",
      );
      // The step is shown again, its buttons kept (paused), with the way back.
      const handedOff = currentView(fake, ana.id);
      expect(handedOff.text).toBe(stepText);
      expect(
        fake
          .buttons(handedOff)
          .map((button) => button.text)
          .sort(),
      ).toEqual([...stepButtons, '🤖 Back to the bot'].sort());

      // Staff reply: said once, with who is talking.
      const before = fake.messages(ana.id).length;
      expect(
        await bot.app.support!.line.staffSaid(thread.threadId, ANA, 'Hi! *How* can I help?'),
      ).toBe('delivered');
      const said = fake
        .messages(ana.id)
        .slice(before)
        .map((message) => message.text);
      expect(said).toEqual([
        "You're talking to Ana (staff). Write here; /bot to go back to the bot.",
        'Ana: Hi! *How* can I help?',
      ]);
      expect(fake.callsOf('sendMessage', ana.id).at(-1)!.params.parse_mode).toBeUndefined();

      // The customer's answer and a photo reach the thread, once each (a redelivery too).
      const answer = await bot.act(() => fake.text(ana, 'Can I bring a pram?'));
      fake.redeliver(answer);
      await bot.channel.whenHandled(answer, 2);
      await bot.channel.idle();
      await bot.act(() =>
        fake.photo(ana, Buffer.from('89504e470d0a1a0a', 'hex'), 'The pram, folded'),
      );
      expect(thread.fromCustomer).toHaveLength(2);
      expect(thread.fromCustomer[0]).toEqual({ kind: 'text', text: 'Can I bring a pram?' });
      const photo = thread.fromCustomer[1]!;
      expect(photo.kind).toBe('file');
      if (photo.kind === 'file') {
        expect(photo.file.mime).toMatch(/^image\//);
        expect(photo.file.data.subarray(0, 4).toString('hex')).toBe('89504e47');
        expect(photo.caption).toBe('The pram, folded');
      }
      // Nothing else was said to the customer meanwhile.
      expect(fake.messages(ana.id).slice(before + 2)).toEqual([]);

      // A tap on the step's buttons is paused and changes nothing.
      await bot.act(() => fake.tapButton(ana, stepButtons[0]!));
      expect(texts(ana).at(-1)).toBe(
        "The bot's buttons are paused while you talk to a person. Write here, or /bot to go back to the bot.",
      );
      expect(thread.fromCustomer).toHaveLength(2);

      // So is a tap on a button of an earlier message (the cart's "Check out"): the same
      // words as its toast, nothing to the desk, nothing said, the step unchanged.
      const shownBefore = fake.messages(ana.id).length;
      const viewBefore = currentView(fake, ana.id);
      await bot.act(() => fake.tap(ana, earlier.messageId, earlier.data));
      expect(lastAnswer()).toBe(
        "The bot's buttons are paused while you talk to a person. Write here, or /bot to go back to the bot.",
      );
      expect(thread.fromCustomer).toHaveLength(2);
      expect(fake.messages(ana.id)).toHaveLength(shownBefore);
      expect(currentView(fake, ana.id)).toEqual(viewBefore);

      // Staff send the cart: the customer reads it.
      expect(await bot.app.support!.line.sendCart(thread.threadId, ANA)).toBe('sent');
      expect(texts(ana).at(-1)).toMatch(
        /^Our team sends you your cart:\n🛒 Your cart:\n1\. Jellyfish aquarium/,
      );

      // /bot: the same step and cart, the thread told.
      await bot.act(() => fake.text(ana, '/bot'));
      const back = currentView(fake, ana.id);
      expect(back.text).toBe(stepText);
      expect(fake.buttons(back).map((button) => button.text)).toEqual(stepButtons);
      expect(texts(ana)).toContain("You're back with the bot. We carry on where we left off:");
      expect(thread.notes).toEqual(['The customer went back to the bot.']);
      // Staff can no longer write to it.
      expect(await bot.app.support!.line.staffSaid(thread.threadId, ANA, 'Still there?')).toBe(
        'closed',
      );
      expect(texts(ana)).not.toContain('Ana: Still there?');
      await bot.act(() => fake.text(ana, '/cart'));
      expect(currentView(fake, ana.id).text).toMatch(/Jellyfish aquarium[\s\S]*2 × €6\.00/);

      // Back with the bot, the same earlier button is simply out of date.
      const cartShown = currentView(fake, ana.id).text;
      await bot.act(() => fake.tap(ana, earlier.messageId, earlier.data));
      expect(lastAnswer()).toBe('That button is from an earlier step: use the latest message.');
      expect(currentView(fake, ana.id).text).toBe(cartShown);
      expect(thread.fromCustomer).toHaveLength(2);
    },
  );

  it("gives staff's words and name to the customer without control or bidi characters", async () => {
    const eva = newCustomer();
    await bot.act(() => fake.text(eva, '/help'));
    await bot.act(() => fake.tapButton(eva, '🙋 Talk to a person'));
    const thread = desk.threads.at(-1)!;
    expect(thread.summary.conversationId).toBe(`tg:${eva.id}`);
    const before = fake.messages(eva.id).length;
    const staff = { id: 'U-rlo', name: '\u202EAna\u2066\u0007' };
    const text = 'Your refund\u202E: fdp.exe\u0000\u001b[31m red\u009b\u200F\n\tdone\u2069\u0007';
    expect(await bot.app.support!.line.staffSaid(thread.threadId, staff, text)).toBe('delivered');
    await bot.channel.idle();
    const said = fake
      .messages(eva.id)
      .slice(before)
      .map((message) => message.text);
    expect(said).toEqual([
      "You're talking to Ana (staff). Write here; /bot to go back to the bot.",
      'Ana: Your refund: fdp.exe red\n\tdone',
    ]);
  });

  it('offers the bot back when no staff answers in time, and staff can return it', async () => {
    const luis = newCustomer();
    await bot.act(() => fake.text(luis, '/help'));
    expect(fake.buttons(currentView(fake, luis.id)).map((button) => button.text)).toContain(
      '🙋 Talk to a person',
    );
    await bot.act(() => fake.tapButton(luis, '🙋 Talk to a person'));
    const thread = desk.threads.at(-1)!;
    expect(thread.summary.conversationId).toBe(`tg:${luis.id}`);
    expect(thread.summary.cart).toBeUndefined();

    // The job SUPPORT_TIMEOUT_MINUTES after the opening, as the app's scheduler runs it.
    sandbox.sandbox.clock.advance(15 * 60_000);
    await bot.push.run(`tg:${luis.id}`, { kind: 'support', event: { type: 'support.timeout' } });
    await bot.channel.idle();
    expect(texts(luis)).toContain(
      'Nobody from the team has answered in 15 minutes. You can keep waiting here, or go back to the bot.',
    );
    expect(fake.buttons(currentView(fake, luis.id)).map((button) => button.text)).toContain(
      '🤖 Back to the bot',
    );
    expect(thread.notes).toEqual([
      'No staff reply in 15 min: the customer was offered the bot back.',
    ]);
    // Once.
    const reply = await bot.push.run(`tg:${luis.id}`, {
      kind: 'support',
      event: { type: 'support.timeout' },
    });
    expect(reply?.ignored).toBe(true);

    expect(await bot.app.support!.line.returnToBot(thread.threadId, ANA)).toBe('returned');
    await bot.channel.idle();
    expect(texts(luis)).toContain("You're back with the bot. We carry on where we left off:");
    expect(currentView(fake, luis.id).text).toMatch(/booking assistant/);
    expect(await bot.app.support!.line.returnToBot(thread.threadId, ANA)).toBe('closed');
  });
});
