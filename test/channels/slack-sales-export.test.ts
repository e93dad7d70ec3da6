/**
 * `/sales … export` on the real bolt app (a fake receiver hands it the command) against
 * the fake Slack: every page of the search read, the CSV uploaded with the upload trio
 * into the asker's direct messages with the bot, and the reply saying so.
 */
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale, SalesResponse } from '#src/api/sales.js';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { registerStaffApp } from '#src/channels/slack/index.js';
import { readExport } from '#src/channels/slack/listeners/sales-command.js';
import { parseConfig } from '#src/config.js';
import type { SalesFilters } from '#src/conversation/staff/lookups.js';
import { createEventBus } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { commandBody, startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';

class FakeReceiver implements Receiver {
  private app?: App;
  init(app: App): void {
    this.app = app;
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
  async deliver(body: Record<string, unknown>): Promise<unknown> {
    let acked: unknown;
    const event: ReceiverEvent = {
      body,
      ack: async (response) => {
        acked = response;
      },
    };
    await this.app!.processEvent(event);
    return acked;
  }
}

function sale(id: string, name: string, lines: { price: number; status: number }[]): Sale {
  return {
    partnerSaleId: id,
    saleId: `36161391800${id}`,
    activities: lines.map((line) => ({
      productId: 'p',
      productName: 'Museo del mar',
      accessDateTime: '2026-12-01',
      quantity: 2,
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
    client: { fullName: name, email: 'ana@example.com', phoneNumber: '+34600111222' },
  } as unknown as Sale;
}

const PAGES: SalesResponse[] = [
  {
    sales: [sale('P1', 'Ana, "la de Bilbao"', [{ price: 24, status: 2 }])],
    hasNextPage: true,
  } as SalesResponse,
  {
    sales: [sale('P2', '=HYPERLINK("x")', [{ price: 12, status: 4 }])],
    hasNextPage: false,
  } as SalesResponse,
];

let fake: FakeSlack;
let receiver: FakeReceiver;
const asked: [SalesFilters, number][] = [];

beforeAll(async () => {
  fake = await startFakeSlack();
  receiver = new FakeReceiver();
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-export',
    SLACK_SIGNING_SECRET: 'export',
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: 'U1',
  });
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
    store: createMemoryStore(),
    events: createEventBus(),
    logger: silentLogger,
    // 00:30 in Madrid on the 28th: "today" is the 28th there, still the 27th in UTC.
    now: () => new Date('2026-11-27T23:30:00Z'),
  };
  const app = new App({
    token: 'xoxb-export',
    receiver,
    tokenVerificationEnabled: false,
    logger: boltLogger(silentLogger),
    clientOptions: { slackApiUrl: fake.apiUrl },
    convoStore: false,
  });
  registerStaffApp(app, deps);
});

afterAll(async () => {
  await fake?.close();
});

let counter = 0;
function sales(text: string) {
  counter += 1;
  const id = `r${counter}`;
  const body = Object.fromEntries(
    new URLSearchParams(
      commandBody({
        command: '/sales',
        text,
        userId: 'U1',
        channelId: 'C0STAFF',
        responseUrl: fake.responseUrl(id),
        triggerId: `t.${counter}`,
      }),
    ),
  );
  return { id, body };
}

describe('/sales … export', () => {
  it('reads export as the first or last word only', () => {
    expect(readExport('today export')).toEqual({ text: 'today', exporting: true });
    expect(readExport('export email:a@b.es')).toEqual({ text: 'email:a@b.es', exporting: true });
    expect(readExport('name:exporter')).toEqual({ text: 'name:exporter', exporting: false });
  });

  it('uploads every matching sale as CSV to the asker, and says so', async () => {
    const { id, body } = sales('today export');
    await receiver.deliver(body);
    const reply = await fake.waitForResponse((post) => post.id === id);
    expect(JSON.stringify(reply.body)).toContain(
      '2 sales sent to you as a CSV file in your messages with the bot',
    );
    expect(asked).toEqual([
      [{ fromTransactionDateTime: '2026-11-28', toTransactionDateTime: '2026-11-28' }, 1],
      [{ fromTransactionDateTime: '2026-11-28', toTransactionDateTime: '2026-11-28' }, 2],
    ]);
    const file = fake.files.at(-1)!;
    expect(file.filename).toBe('sales-2026-11-28.csv');
    expect(file.channel).toBe('DU1');
    const rows = file.data.toString('utf8').split('\r\n');
    expect(rows[0]).toBe(
      'Sale id,Order number,Status,Customer,E-mail,Phone,Products,First visit,Total,Paid',
    );
    expect(rows[1]).toContain('P1,36161391800P1,');
    expect(rows[1]).toContain('"Ana, ""la de Bilbao""",ana@example.com,+34600111222');
    expect(rows[1]).toMatch(/,24\.00,24\.00$/);
    // A cancelled sale: its total kept, nothing paid; a formula stays text.
    expect(rows[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(rows[2]).toMatch(/,12\.00,0\.00$/);
    expect(rows).toHaveLength(4);
  });

  it('asks which sales when export comes alone', async () => {
    const { body } = sales('export');
    const acked = await receiver.deliver(body);
    expect(JSON.stringify(acked)).toContain('Say which sales to export');
  });
});
