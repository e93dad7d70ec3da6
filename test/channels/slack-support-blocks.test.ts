/**
 * The support thread's messages: masked contact details, customer text that
 * Slack cannot read as markup, the transcript, the buttons and their retirement.
 */
import { describe, expect, it } from 'vitest';
import {
  customerReply,
  handoffThread,
  noteReply,
  slackTime,
  SUPPORT_RETURN_ACTION,
  SUPPORT_SEND_CART_ACTION,
  transcriptReply,
  withoutButtons,
} from '#src/channels/slack/blocks/support.js';
import { maskEmail, maskPhone } from '#src/channels/slack/scrub.js';
import { slackToPlain } from '#src/channels/slack/support/slack-text.js';
import type { HandoffSummary } from '#src/conversation/handoff/ports.js';

const summary = (overrides: Partial<HandoffSummary> = {}): HandoffSummary => ({
  conversationId: 'tg:4242',
  customer: {
    firstName: 'Ana <@U0BOSS>',
    language: 'es',
    email: 'ana.garcia@example.com',
    phone: '+34 600 111 222',
  },
  step: 'checkout: asking for the e-mail',
  cart: {
    lines: [
      { label: 'Museo del Mar — Adult × 2', amount: { cents: 2400, currency: 'EUR' } },
      { label: 'Guided tour & more', amount: { cents: 1000, currency: 'EUR' } },
    ],
    total: { cents: 3400, currency: 'EUR' },
    reservation: { id: 'CART-77', expiresAt: '2026-06-10T08:15:00Z' },
  },
  lastSale: { partnerSaleId: 'PS-1', total: { cents: 1200, currency: 'EUR' } },
  transcript: [
    { from: 'customer', text: 'hola', at: '2026-06-10T07:58:00Z' },
    { from: 'bot', text: 'Your e-mail?', at: '2026-06-10T07:58:01Z' },
  ],
  ...overrides,
});

/** All text of a message's blocks. */
const textOf = (blocks: unknown): string => JSON.stringify(blocks);

describe('contact details in a channel', () => {
  it('shows enough to recognise an e-mail and a phone, not to copy them', () => {
    expect(maskEmail('ana.garcia@example.com')).toBe('an•••@example.com');
    expect(maskEmail('al@example.com')).toBe('a•••@example.com');
    expect(maskEmail('not an address')).toBe('[e-mail]');
    expect(maskPhone('+34 600 111 222')).toBe('•••222');
    expect(maskPhone('12')).toBe('[phone]');
  });

  it('the summary carries the masked details and never the whole ones', () => {
    const text = textOf(handoffThread(summary()).blocks);
    expect(text).toContain('an•••@example.com');
    expect(text).toContain('•••222');
    expect(text).not.toContain('ana.garcia@');
    expect(text).not.toContain('600 111');
  });
});

describe('the thread’s first message', () => {
  it('says who, where, the cart, the reservation, the last sale, and has both buttons', () => {
    const message = handoffThread(summary());
    const text = textOf(message.blocks);
    expect(text).toContain('Spanish');
    expect(text).toContain('checkout: asking for the e-mail');
    expect(text).toContain('Museo del Mar — Adult × 2 — €24.00');
    expect(text).toContain('Guided tour &amp; more');
    expect(text).toContain('Total: €34.00');
    expect(text).toContain('CART-77');
    expect(text).toContain('2026-06-10 08:15 UTC');
    expect(text).toContain('PS-1');
    expect(text).not.toContain('Outside support hours');
    const actions = message.blocks.filter((block) => block.type === 'actions');
    expect(actions).toHaveLength(1);
    expect(JSON.stringify(actions)).toContain(SUPPORT_RETURN_ACTION);
    expect(JSON.stringify(actions)).toContain(SUPPORT_SEND_CART_ACTION);
    expect(message.text).toContain('asks to talk to a person');
  });

  it('escapes what the customer chose as a name, so it cannot mention anyone', () => {
    const message = handoffThread(summary());
    expect(textOf(message.blocks)).toContain('Ana &lt;@U0BOSS&gt;');
    expect(textOf(message.blocks)).not.toContain('<@U0BOSS>');
    expect(message.text).not.toContain('<@U0BOSS>');
  });

  it('says when staff answer again outside support hours', () => {
    const text = textOf(handoffThread(summary({ answersFrom: '2026-06-11T07:00:00Z' })).blocks);
    expect(text).toContain('Outside support hours');
    expect(text).toContain('2026-06-11 07:00 UTC');
  });

  it('says the cart is empty when there is none', () => {
    const text = textOf(handoffThread(summary({ cart: undefined, lastSale: undefined })).blocks);
    expect(text).toContain('*Cart:* empty');
    expect(text).not.toContain('Last sale');
  });

  it('writes times for Slack to show in each reader’s zone, with a UTC fallback', () => {
    expect(slackTime('2026-06-10T08:15:00Z')).toBe(
      '<!date^1781079300^{date_short_pretty} {time}|2026-06-10 08:15 UTC>',
    );
  });

  it('retires its buttons and keeps the rest', () => {
    const { blocks } = handoffThread(summary());
    const after = withoutButtons(blocks, 'Back with the bot.');
    expect(after).toHaveLength(blocks.length);
    expect(after.some((block) => block.type === 'actions')).toBe(false);
    expect(textOf(after)).toContain('Back with the bot.');
    expect(textOf(after)).toContain('CART-77');
  });
});

describe('customer text in the thread', () => {
  it('is plain text: not read as mrkdwn, &, < and > escaped, links not unfurled', () => {
    const reply = customerReply('*hola* <!channel> & <https://evil.test|bank>');
    expect(reply).toEqual({
      text: 'Customer: *hola* &lt;!channel&gt; &amp; &lt;https://evil.test|bank&gt;',
      mrkdwn: false,
      unfurl_links: false,
      unfurl_media: false,
    });
  });

  it('is passed whole: the longest Telegram message, escaped, and the ten last messages', () => {
    const longest = `${'&'.repeat(4095)}!`;
    expect(customerReply(longest).text).toBe(`Customer: ${'&amp;'.repeat(4095)}!`);
    const lines = Array.from({ length: 10 }, (_, index) => ({
      from: 'customer' as const,
      text: `${String(index)}${'x'.repeat(498)}.`,
      at: '2026-06-10T07:58:00Z',
    }));
    const transcript = transcriptReply(lines).text.split('\n');
    expect(transcript).toHaveLength(11);
    expect(transcript.at(-1)).toBe(`[Customer 07:58] 9${'x'.repeat(498)}.`);
  });

  it('drops invisible and control characters', () => {
    expect(customerReply('a\u202eb\u0007c').text).toBe('Customer: abc');
  });

  it('the transcript lists the last messages oldest first, scrubbed and plain', () => {
    const reply = transcriptReply([
      {
        from: 'customer',
        text: 'mi correo es ana.garcia@example.com <b>',
        at: '2026-06-10T07:58:00Z',
      },
      { from: 'bot', text: 'Gracias', at: '2026-06-10T07:58:01Z' },
      { from: 'staff', text: 'Hola, soy Marta', at: '2026-06-10T07:59:00Z' },
    ]);
    expect(reply.mrkdwn).toBe(false);
    expect(reply.text.split('\n')).toEqual([
      'Last messages (UTC):',
      '[Customer 07:58] mi correo es [e-mail] &lt;b&gt;',
      '[Bot 07:58] Gracias',
      '[Staff 07:59] Hola, soy Marta',
    ]);
    expect(transcriptReply([]).text).toBe('No messages yet.');
  });

  it('a note escapes what it quotes', () => {
    expect(textOf(noteReply('Marta <x> gave it back').blocks)).toContain('Marta &lt;x&gt;');
  });
});

describe('staff text to the customer', () => {
  it('turns Slack markup into plain text', () => {
    expect(slackToPlain('See <https://museo.test/a|the page> &amp; <https://museo.test/b>')).toBe(
      'See the page (https://museo.test/a) & https://museo.test/b',
    );
    expect(slackToPlain('write to <mailto:info@museo.test|info@museo.test>')).toBe(
      'write to info@museo.test',
    );
    expect(slackToPlain('ask <@U123> in <#C1|ventas> &lt;3')).toBe('ask @… in #ventas <3');
  });
});
