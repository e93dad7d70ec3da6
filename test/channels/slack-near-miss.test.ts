/**
 * A search for one e-mail or sale id that finds nothing, on the real bolt app against the
 * fake Slack: the closest of the recent sales' (a typo or two for an e-mail, one
 * character for an id) is offered; nothing close, nothing offered.
 */
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '#src/api/sales.js';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { registerStaffApp } from '#src/channels/slack/index.js';
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
  async deliver(body: Record<string, unknown>): Promise<void> {
    const event: ReceiverEvent = { body, ack: async () => undefined };
    await this.app!.processEvent(event);
  }
}

const sale = (id: string, saleId: string, email: string): Sale =>
  ({
    partnerSaleId: id,
    saleId,
    activities: [],
    accommodations: [],
    combinedProducts: [],
    totalPrice: 10,
    pointOfSaleCustomCodes: [],
    client: { fullName: 'Ana', email },
  }) as unknown as Sale;

const RECENT = [
  sale('stf9gy7i3xawa', '3616139180081608727', 'ana.garcia@example.com'),
  sale('k2m8zq1x9p0aa', '3616139180081608999', 'bea@example.org'),
];
const asked: SalesFilters[] = [];

let fake: FakeSlack;
let receiver: FakeReceiver;

beforeAll(async () => {
  fake = await startFakeSlack();
  receiver = new FakeReceiver();
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-near',
    SLACK_SIGNING_SECRET: 'near',
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: 'U1',
  });
  const deps: SlackDeps = {
    config: config.slack!,
    lookups: {
      sales: (filters) => {
        asked.push(filters);
        // Only the recent sales' read (a date range) finds anything.
        const sales = filters.fromTransactionDateTime ? RECENT : [];
        return Promise.resolve({
          ok: true,
          value: { sales, hasNextPage: false, hasPreviousPage: false },
        });
      },
      giftCard: () => Promise.reject(new Error('not asked')),
      cancellations: () => Promise.reject(new Error('not asked')),
    },
    store: createMemoryStore(),
    events: createEventBus(),
    logger: silentLogger,
    now: () => new Date('2026-11-27T12:00:00Z'),
  };
  const app = new App({
    token: 'xoxb-near',
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

async function salesReply(text: string): Promise<string> {
  counter += 1;
  const id = `c${counter}`;
  await receiver.deliver(
    Object.fromEntries(
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
    ),
  );
  return JSON.stringify((await fake.waitForResponse((post) => post.id === id)).body);
}

describe('a near miss', () => {
  it('offers the closest e-mail of the recent sales for a mistyped one', async () => {
    asked.length = 0;
    const reply = await salesReply('ana.garcia@exmaple.com');
    expect(reply).toContain('No sales match');
    expect(reply).toContain(
      'Did you mean `ana.garcia@example.com`? Try `/sales ana.garcia@example.com`.',
    );
    expect(asked.at(-1)).toEqual({
      fromTransactionDateTime: '2026-10-28',
      toTransactionDateTime: '2026-11-27',
    });
  });

  it('offers the sale id or order number one character off', async () => {
    expect(await salesReply('stf9gy7i3xawb')).toContain('Did you mean `stf9gy7i3xawa`?');
    expect(await salesReply('3616139180081608728')).toContain(
      'Did you mean `3616139180081608727`?',
    );
  });

  it('offers nothing when nothing is close', async () => {
    const reply = await salesReply('someone.else@example.net');
    expect(reply).toContain('No sales match');
    expect(reply).not.toContain('Did you mean');
    // Two characters off is another id, not a typo of one.
    expect(await salesReply('stf9gy7i3xazz')).not.toContain('Did you mean');
  });
});
