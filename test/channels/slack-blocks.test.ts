import { describe, expect, it } from 'vitest';
import type { Sale } from '#src/api/sales.js';
import { esc, fitLines, section } from '#src/channels/slack/blocks/common.js';
import { exchangeDeadlineText, giftCardMessage } from '#src/channels/slack/blocks/giftcard.js';
import {
  saleBlocks,
  salesMessage,
  saleStatus,
  saleTotal,
} from '#src/channels/slack/blocks/sales.js';
import { cancellationsMessage } from '#src/channels/slack/blocks/cancellations.js';
import {
  activityStatusWord,
  cancellationReasonWord,
  cancellationStatusWord,
} from '#src/conversation/staff/words.js';

function sale(overrides: Partial<Sale> = {}): Sale {
  return {
    partnerSaleId: 'P1',
    saleId: 'S1',
    activities: [
      {
        productId: 'p',
        productName: 'Museum <adult>',
        accessDateTime: '2026-12-01',
        quantity: 2,
        price: 24,
        priceMode: 1,
        status: 2,
        discountCoupons: [],
        tickets: [
          {
            ticketId: 't1',
            ticketName: 'Adult',
            accessDateTime: '2026-12-01',
            sessionTime: '10:00',
            accessCode: '8430000000001',
            questions: [],
          },
          { ticketId: 't2', accessDateTime: '2026-12-01', questions: [] },
        ],
      },
    ],
    accommodations: [],
    combinedProducts: [],
    totalPrice: 24,
    insurancePolicyAmount: 1.5,
    pointOfSaleCustomCodes: [],
    client: { fullName: 'Ana', surname: 'García', email: 'ana@example.com' },
    ...overrides,
  } as Sale;
}

const textOf = (value: unknown): string => JSON.stringify(value);

describe('words', () => {
  it('names the statuses and reasons of the spec, and numbers unknown ones', () => {
    expect([1, 2, 4, 7].map(activityStatusWord)).toEqual([
      'Started',
      'Confirmed',
      'Cancelled',
      'In process',
    ]);
    expect(activityStatusWord(3)).toBe('Status 3');
    expect([0, 1, 2, 3, 9].map(cancellationStatusWord)).toEqual([
      'No status',
      'In process',
      'Accepted',
      'Rejected or failed',
      'Status 9',
    ]);
    expect(cancellationReasonWord(7)).toBe('Payment');
    expect(cancellationReasonWord(undefined)).toBe('No reason given');
  });
});

describe('Block Kit limits', () => {
  it('escapes mrkdwn and keeps section text within 3000 characters', () => {
    expect(esc('a <b> & c')).toBe('a &lt;b&gt; &amp; c');
    const long = section('x'.repeat(5000));
    expect((long.text as { text: string }).text).toHaveLength(3000);
  });

  it('fits many lines into one section, saying how many were left out', () => {
    const text = fitLines(Array.from({ length: 500 }, (_, i) => `line number ${i} with some text`));
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text).toMatch(/… and \d+ more$/);
  });
});

describe('gift card reply', () => {
  it('turns the exchange hours into a deadline on the visit day', () => {
    expect(exchangeDeadlineText(2)).toBe(
      'until 22:00 on the visit day (2 h before the visit day ends)',
    );
    expect(exchangeDeadlineText(24)).toBe(
      'until 00:00 on the visit day (24 h before the visit day ends)',
    );
    expect(exchangeDeadlineText(26)).toBe(
      'until 22:00 1 day before the visit (26 h before the visit day ends)',
    );
    expect(exchangeDeadlineText(0)).toBe(
      'until the end of the visit day (0 h before the visit day ends)',
    );
    expect(exchangeDeadlineText(undefined)).toBe('not stated by the service');
  });

  it('says why a card is not valid, and when the service is not answering', () => {
    expect(
      textOf(
        giftCardMessage('X', {
          ok: false,
          reason: 'refused',
          messages: ['there is no gift card X'],
          codes: ['1300'],
        }),
      ),
    ).toContain('Not valid*: there is no gift card X');
    expect(giftCardMessage('X', { ok: false, reason: 'unavailable' }).text).toMatch(
      /not answering/,
    );
  });

  it('shows an exchanged card as such', () => {
    const message = giftCardMessage('C1', {
      ok: true,
      value: {
        isExchanged: true,
        products: [{ id: 'p1', name: 'Museum' }],
        hoursInAdvanceOfGiftCardExchange: 2,
      },
    });
    expect(message.text).toBe('Gift card C1: already redeemed');
    // Never "valid" once redeemed; what the service does not say is said so.
    expect(textOf(message.blocks)).toContain(
      '*Already redeemed*: it cannot be used again. The service does not say when, nor in which sale, and the bot has no record of redeeming it.',
    );
    expect(textOf(message.blocks)).not.toContain('Valid');
    expect(textOf(message.blocks)).toContain('*Bought in the sale*');
    expect(textOf(message.blocks)).toContain('*Purchaser*\\nnot recorded');
  });
});

describe('sales reply', () => {
  it('sums insurance into the total and names mixed statuses', () => {
    expect(saleTotal(sale())).toBe(25.5);
    const mixed = sale();
    mixed.activities.push({ ...mixed.activities[0]!, status: 7 });
    expect(saleStatus(mixed)).toBe('Confirmed / In process');
  });

  it('lists tickets with access codes, and says when a code is not issued yet', () => {
    const text = textOf(saleBlocks(sale()));
    expect(text).toContain('Museum &lt;adult&gt;');
    expect(text).toContain('Adult (2026-12-01 10:00): access code `8430000000001`');
    expect(text).toContain('t2 (2026-12-01): no access code yet');
    expect(text).toContain('incl. insurance €1.50');
  });

  it('stays under 50 blocks for a full page, with paging buttons carrying the value', () => {
    const message = salesMessage(
      {
        ok: true,
        value: {
          sales: Array.from({ length: 5 }, () => sale()),
          hasNextPage: true,
          hasPreviousPage: true,
        },
      },
      { filters: {}, page: 2, pageValue: (page) => `tok:${page}` },
    );
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    const actions = message.blocks.at(-1) as {
      type: string;
      elements: { action_id: string; value: string }[];
    };
    expect(actions.type).toBe('actions');
    expect(actions.elements.map((e) => [e.action_id, e.value])).toEqual([
      ['sales_page_prev', 'tok:1'],
      ['sales_page_next', 'tok:3'],
    ]);
    expect(textOf(message.blocks)).toContain(
      'Paid on this page (5 sales): *€127.50*; more on the next pages',
    );
  });

  it('adds up only what was paid: a cancelled sale and an unpaid line are counted apart', () => {
    const paid = sale();
    const cancelled = sale();
    cancelled.activities = cancelled.activities.map((activity) => ({ ...activity, status: 4 }));
    const message = salesMessage(
      {
        ok: true,
        value: { sales: [paid, cancelled], hasNextPage: false, hasPreviousPage: false },
      },
      { filters: {}, page: 1, pageValue: () => '' },
    );
    expect(textOf(message.blocks)).toContain(
      'Paid on this page (2 sales): *€25.50*; not counted: 1 cancelled sale (€25.50)',
    );
    expect(textOf(saleBlocks(cancelled))).toContain('cancelled, no access code');
    expect(textOf(saleBlocks(cancelled))).not.toContain('no access code yet');
  });

  it('says when nothing matches, and shows the service refusal', () => {
    const none = salesMessage(
      { ok: true, value: { sales: [], hasNextPage: false, hasPreviousPage: false } },
      { filters: { clientName: 'Nobody' }, page: 1, pageValue: () => '' },
    );
    expect(textOf(none.blocks)).toContain('No sales match these filters.');
    const refused = salesMessage(
      { ok: false, reason: 'refused', messages: ['bad date'], codes: [] },
      { filters: {}, page: 1, pageValue: () => '' },
    );
    expect(refused.text).toBe('Sales: The partner service refused the search: bad date');
  });
});

describe('cancellations reply', () => {
  it('writes status and reason in words with their comments', () => {
    const message = cancellationsMessage(
      {
        ok: true,
        value: {
          cancellationRequests: [
            {
              cancellationRequestId: 'R1',
              partnerSaleId: 'P1',
              status: 3,
              statusComments: 'Too late',
              reason: 1,
            },
          ],
          hasNextPage: false,
          hasPreviousPage: false,
        },
      },
      { filters: { partnerSaleIds: ['P1'] }, page: 1, pageValue: () => '' },
    );
    const text = textOf(message.blocks);
    expect(text).toContain('*Status:* Rejected or failed — _Too late_');
    expect(text).toContain('*Reason:* Change of access dates');
    expect(message.blocks.some((block) => block.type === 'actions')).toBe(false);
  });
});
