/**
 * A gift card's message, written by the purchaser and read by the holder (in Telegram)
 * and by staff (in Slack), arrives as plain text: its terminal escapes, bidi overrides
 * and zero-width characters removed; Telegram gets it with no parse mode, Slack escaped
 * with no automatic links.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { giftCardOperation } from '#src/api/giftcards.js';
import { giftCardMessage } from '#src/channels/slack/blocks/giftcard.js';
import { HISTORIC_GIFT_CARD } from '#src/sandbox/cart/history.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';
import { currentView } from '#test/support/telegram-customer.js';

const HOSTILE = 'Happy\x1b[2J\u202e birthday\u200b <!channel> https://evil.test *Ana*';
// Controls are what this test looks for.
/* eslint-disable no-control-regex */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
/* eslint-enable no-control-regex */

let fake: FakeTelegram;
let sandbox: TestSandbox;
let bot: TelegramBot;
beforeAll(async () => {
  fake = await startFakeTelegram();
  sandbox = await startTestSandbox();
  const card = sandbox.sandbox.context().state.cart.giftCards.get(HISTORIC_GIFT_CARD);
  if (!card) throw new Error('the seeded gift card is missing');
  card.message = HOSTILE;
  bot = await startTelegramBot({ mode: 'polling', fake, sandbox, redisUrl: inject('redisUrl') });
});
afterAll(async () => {
  await bot.stop();
  await sandbox.close();
  await fake.close();
});

describe('free text shown to another person', () => {
  it('a gift card message arrives clean in Telegram, sent with no parse mode', async () => {
    const ana = newCustomer();
    await bot.act(() => fake.text(ana, '/start'));
    await bot.act(() => fake.text(ana, '/giftcard'));
    await bot.act(() => fake.text(ana, HISTORIC_GIFT_CARD));
    const shown = currentView(fake, ana.id).text ?? '';
    expect(shown).toContain('Happy birthday <!channel> https://evil.test *Ana*');
    expect(shown).not.toMatch(UNSAFE);
    const sent = fake.calls.filter((call) => /^(send|edit)Message/.test(call.method));
    expect(sent.length).toBeGreaterThan(0);
    for (const call of sent) expect(call.params).not.toHaveProperty('parse_mode');
  });

  it('a gift card message arrives clean in Slack, escaped, with no automatic links', async () => {
    const response = await sandbox.client.call(giftCardOperation, {
      giftCardIdentifier: HISTORIC_GIFT_CARD,
    });
    expect(response.message).toBe(HOSTILE); // as the partner gives it
    const message = giftCardMessage(HISTORIC_GIFT_CARD, { ok: true, value: response });
    const json = JSON.stringify(message.blocks);
    expect(json).toContain('Happy birthday &lt;!channel&gt; https://evil.test *Ana*');
    expect(json).not.toMatch(UNSAFE);
    expect(json).not.toContain('\\u001b');
    for (const block of message.blocks) {
      if (block.type === 'section' && block.text)
        expect(block.text).toMatchObject({ verbatim: true });
    }
  });
});
