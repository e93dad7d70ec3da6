/**
 * The day's summary on the real bolt client against the fake Slack, with the clock set
 * and the timer in the test's hands: when it is due (Madrid's hour), what it counts
 * (paid only, refunds to make, open handoffs), once per day whoever runs it.
 */
import { App } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale, SalesResponse } from '#src/api/sales.js';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import {
  nextSummaryAt,
  startDailySummary,
  summaryDay,
  type SummaryTimer,
} from '#src/channels/slack/daily-summary.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { createHandoffQueue } from '#src/channels/slack/support/queue.js';
import { parseConfig } from '#src/config.js';
import type { SupportLine } from '#src/conversation/handoff/ports.js';
import type { SalesFilters } from '#src/conversation/staff/lookups.js';
import { createEventBus } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';

function sale(id: string, lines: { price: number; status: number }[]): Sale {
  return {
    partnerSaleId: id,
    saleId: `S${id}`,
    activities: lines.map((line) => ({
      productId: 'p',
      productName: 'Museum',
      accessDateTime: '2026-11-27',
      quantity: 1,
      price: line.price,
      priceMode: 1,
      status: line.status,
      discountCoupons: [],
      tickets: [],
    })),
    accommodations: [],
    combinedProducts: [],
    totalPrice: lines.reduce((sum, line) => sum + line.price, 0),
    pointOfSaleCustomCodes: [],
    client: { fullName: 'Ana' },
  } as unknown as Sale;
}

const PAGES: SalesResponse[] = [
  {
    sales: [sale('P1', [{ price: 24, status: 2 }]), sale('P2', [{ price: 12, status: 4 }])],
    hasNextPage: true,
  } as SalesResponse,
  // A paid line and one still waiting for its payment: only the paid one counts.
  {
    sales: [
      sale('P3', [
        { price: 12, status: 2 },
        { price: 10, status: 1 },
      ]),
    ],
    hasNextPage: false,
  } as SalesResponse,
];

let fake: FakeSlack;
let client: App['client'];
beforeAll(async () => {
  fake = await startFakeSlack();
  const app = new App({
    token: 'xoxb-summary',
    signingSecret: 'summary',
    tokenVerificationEnabled: false,
    logger: boltLogger(silentLogger),
    clientOptions: { slackApiUrl: fake.apiUrl },
  });
  client = app.client;
});
afterAll(async () => {
  await fake?.close();
});

describe('when the summary is due', () => {
  it("is the configured hour in Madrid's time, today or tomorrow, whatever the season", () => {
    // 18:30 in Madrid (winter, UTC+1): 20:00 is today's.
    expect(nextSummaryAt(new Date('2026-11-27T17:30:00Z'), 20).toISOString()).toBe(
      '2026-11-27T19:00:00.000Z',
    );
    // 21:00 in Madrid: tomorrow's.
    expect(nextSummaryAt(new Date('2026-11-27T20:00:00Z'), 20).toISOString()).toBe(
      '2026-11-28T19:00:00.000Z',
    );
    // Summer (UTC+2).
    expect(nextSummaryAt(new Date('2026-07-01T10:00:00Z'), 20).toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
    // At midnight the day told of is the one that ended.
    expect(summaryDay(new Date('2026-11-27T23:00:00Z'), 0)).toBe('2026-11-27');
    expect(summaryDay(new Date('2026-11-27T19:00:00Z'), 20)).toBe('2026-11-27');
  });
});

describe('the daily summary', () => {
  it("posts the day's paid sales, revenue, refunds and open handoffs at the hour, once a day", async () => {
    let clock = new Date('2026-11-27T17:30:00Z');
    const store = createMemoryStore();
    const events = createEventBus();
    const asked: [SalesFilters, number][] = [];
    const config = parseConfig({
      SLACK_BOT_TOKEN: 'xoxb-summary',
      SLACK_SIGNING_SECRET: 'summary',
      SLACK_API_URL: fake.apiUrl,
      SLACK_SALES_CHANNEL: 'C0SALES',
      SLACK_DAILY_SUMMARY_HOUR: '20',
    });
    expect(config.slack!.dailySummaryHour).toBe(20);
    const deps: SlackDeps = {
      config: config.slack!,
      lookups: {
        sales: (filters, page) => {
          asked.push([filters, page]);
          return Promise.resolve({ ok: true, value: PAGES[page - 1]! });
        },
        giftCard: () => Promise.reject(new Error('not asked')),
        cancellations: () => Promise.reject(new Error('not asked')),
      },
      store,
      events,
      logger: silentLogger,
      support: { channel: 'C0SUPPORT', line: {} as SupportLine },
      now: () => clock,
    };
    const queue = createHandoffQueue(store, 'C0SUPPORT', () => clock);
    const at = clock.toISOString();
    await queue.change('1.1', () => ({ threadId: '1.1', openedAt: at, lastCustomerAt: at }));
    await queue.change('2.2', () => ({
      threadId: '2.2',
      openedAt: at,
      lastCustomerAt: at,
      assignee: 'Bea',
    }));

    const timers: { ms: number; run: () => Promise<void> }[] = [];
    const timer: SummaryTimer = (ms, run) => {
      timers.push({ ms, run });
      return () => undefined;
    };
    const summary = startDailySummary(client, 'C0SALES', deps, 20, timer);
    expect(timers.map((entry) => entry.ms)).toEqual([90 * 60 * 1000]);

    // A payment taken with no sale made: a refund to make by hand (a repeat counts once).
    const refund = { chargeId: 'ch1', amount: 2400, currency: 'EUR', reason: 'sale refused' };
    events.emit('payment.refund-needed', refund);
    events.emit('payment.refund-needed', refund);
    await expect
      .poll(() => store.get('slack:delivery:refunds-needed:C0SALES:2026-11-27'))
      .toBeDefined();

    clock = new Date('2026-11-27T19:00:00Z');
    await timers[0]!.run();
    const posted = await fake.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === 'C0SALES',
    );
    const text = JSON.stringify(posted.args.blocks);
    expect(asked).toEqual([
      [{ fromTransactionDateTime: '2026-11-27', toTransactionDateTime: '2026-11-27' }, 1],
      [{ fromTransactionDateTime: '2026-11-27', toTransactionDateTime: '2026-11-27' }, 2],
    ]);
    expect(text).toContain("The day's figures — 2026-11-27");
    expect(text).toContain('2 paid sales (1 cancelled sale not counted)');
    expect(text).toContain('Paid: *€36.00*');
    expect(text).toContain('1 refund to make by hand* (€24.00)');
    expect(text).toContain('2 open handoffs*, 1 with nobody on it');
    // The next one is tomorrow's at the same hour.
    expect(timers.map((entry) => entry.ms)).toEqual([90 * 60 * 1000, 24 * 60 * 60 * 1000]);

    // Another instance's timer the same day posts nothing more.
    await summary.postNow();
    expect(fake.calls.filter((call) => call.method === 'chat.postMessage')).toHaveLength(1);
    summary.stop();
  });
});
