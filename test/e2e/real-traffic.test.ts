/**
 * A catalog served as real traffic comes: product names and descriptions in HTML, and an
 * enclosure's SessionsGroupSessionContents as a list (the vendor's shape). The customer
 * sees the card in plain text and gets the session step.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startChat } from '#test/support/chat.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';

const MARKUP = /<\/?[a-z]|&[a-z]+;|&#\d+;/i;

let fake: FakeTelegram;
let sandbox: TestSandbox;
let bot: TelegramBot;
beforeAll(async () => {
  fake = await startFakeTelegram();
  sandbox = await startTestSandbox();
  const catalog = sandbox.sandbox.context().data.catalog('en');
  let names = 0;
  let groups = 0;
  for (const provider of catalog.providers) {
    for (const enclosure of provider.ticketEnclosures) {
      const sessions = enclosure.sessions;
      if (sessions?.sessionsGroupSessionContents === undefined) continue;
      // Served as the vendor sends it: a list of groups.
      (sessions as { sessionsGroupSessionContents: unknown }).sessionsGroupSessionContents = [
        sessions.sessionsGroupSessionContents,
      ];
      groups += 1;
    }
    for (const base of provider.productBases)
      for (const product of base.products) {
        if (!/Jellyfish/.test(product.productName)) continue;
        product.productName = `<span style="font-size: 14px;">${product.productName.replace(' ', '&nbsp;')}</span>`;
        product.productDescription = `<p>Feeding time at the&nbsp;tanks.<br>Bring the <b>kids</b>!</p><ul><li>Guided</li></ul>`;
        names += 1;
      }
  }
  if (names === 0 || groups === 0) throw new Error('the demo catalog changed: no jellyfish');
  bot = await startTelegramBot({ mode: 'polling', fake, sandbox, redisUrl: inject('redisUrl') });
});
afterAll(async () => {
  await bot.stop();
  await sandbox.close();
  await fake.close();
});

describe('a catalog served as real traffic comes', () => {
  it('shows an HTML name and description as plain text, and keeps the session step', async () => {
    const ana = newCustomer();
    await bot.act(() => fake.text(ana, '/start'));
    await bot.act(() => fake.tapButton(ana, 'Book tickets'));
    await bot.act(() => fake.tapButton(ana, 'Valencia Sea Museum'));
    await bot.act(() => fake.tapButton(ana, /^Tickets$/));
    const list = currentView(fake, ana.id);
    const labels = fake.buttons(list).map((button) => button.text);
    expect(labels.some((label) => /Jellyfish aquarium/.test(label))).toBe(true);
    for (const label of labels) expect(label).not.toMatch(MARKUP);

    await bot.act(() => fake.tapButton(ana, /Jellyfish aquarium/));
    const card = currentView(fake, ana.id).text ?? '';
    expect(card).toContain('Jellyfish aquarium');
    expect(card).toContain('Feeding time at the tanks.');
    expect(card).not.toMatch(MARKUP);

    await bot.act(() => fake.tapButton(ana, 'Another date'));
    const calendar = currentView(fake, ana.id);
    const day = fake.buttons(calendar).find((button) => /:d:/.test(button.callback_data ?? ''))!;
    await bot.act(() => fake.tap(ana, calendar.messageId, day.callback_data!));
    const step = currentView(fake, ana.id);
    expect(step.text ?? '').toMatch(/session/i);
    expect(fake.buttons(step).map((button) => button.text)).toContain('🎲 Assign one for me');
  });

  it('the same in the JSON-lines chat', async () => {
    const chat = await startChat({ sandbox });
    try {
      await chat.start();
      await chat.pick('Book tickets');
      await chat.pick('Sea Museum');
      await chat.pick(/^Tickets$/);
      for (const option of chat.last().options) expect(option.label).not.toMatch(MARKUP);
      await chat.pick(/Jellyfish aquarium/);
      const card = chat.last();
      expect(card.text).toContain('Jellyfish aquarium');
      expect(card.text).toContain('Feeding time at the tanks.');
      expect(card.text).not.toMatch(MARKUP);
      // The last day the card offers, so that its sessions are all ahead.
      const days = card.options.filter((option) => option.id.startsWith('date:'));
      expect(days.length).toBeGreaterThan(0);
      await chat.choose(days.at(-1)!.id);
      expect(chat.last().text).toMatch(/^Choose the session of "Jellyfish aquarium"/);
      expect(chat.last().options.some((option) => option.id.startsWith('session:'))).toBe(true);
    } finally {
      await chat.close();
    }
  });
});
