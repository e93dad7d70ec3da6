/**
 * /sales paging on the real bolt app against the fake Slack, with a partner stub that
 * pages by number, newest first, as the service does: a sale made between two pages
 * shows neither twice nor is lost, and Previous shows the same sales as before.
 */
import { randomUUID } from 'node:crypto';
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '#src/api/sales.js';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { registerStaffApp } from '#src/channels/slack/index.js';
import { parseConfig } from '#src/config.js';
import { SALES_PAGE_SIZE } from '#src/conversation/staff/lookups.js';
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

const sale = (id: string): Sale =>
  ({
    partnerSaleId: id,
    activities: [],
    accommodations: [],
    combinedProducts: [],
    totalPrice: 10,
    pointOfSaleCustomCodes: [],
  }) as unknown as Sale;

/** The partner's sales, newest first. */
const partnerSales: Sale[] = Array.from({ length: 12 }, (_, index) => sale(`S${12 - index}`));

let fake: FakeSlack;
let receiver: FakeReceiver;

beforeAll(async () => {
  fake = await startFakeSlack();
  receiver = new FakeReceiver();
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-cursor',
    SLACK_SIGNING_SECRET: 'cursor',
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: 'U1',
  });
  const deps: SlackDeps = {
    config: config.slack!,
    lookups: {
      sales: (_filters, page) => {
        const start = (page - 1) * SALES_PAGE_SIZE;
        return Promise.resolve({
          ok: true,
          value: {
            sales: partnerSales.slice(start, start + SALES_PAGE_SIZE),
            hasNextPage: start + SALES_PAGE_SIZE < partnerSales.length,
            hasPreviousPage: page > 1,
          },
        });
      },
      giftCard: () => Promise.reject(new Error('not asked')),
      cancellations: () => Promise.reject(new Error('not asked')),
    },
    store: createMemoryStore(),
    events: createEventBus(),
    logger: silentLogger,
  };
  const app = new App({
    token: 'xoxb-cursor',
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

interface Shown {
  ids: string[];
  buttons: Record<string, string>;
}

/** The sale ids a reply shows, in order, and its paging buttons' values by action. */
function shown(body: unknown): Shown {
  const text = JSON.stringify(body);
  const ids = [...text.matchAll(/\*(S\d+)\*/g)].map((match) => match[1]!);
  const blocks = (
    body as { blocks: { type: string; elements?: { action_id: string; value: string }[] }[] }
  ).blocks;
  const buttons = Object.fromEntries(
    blocks
      .filter((block) => block.type === 'actions')
      .flatMap((block) => block.elements ?? [])
      .map((button) => [button.action_id, button.value]),
  );
  return { ids: [...new Set(ids)], buttons };
}

async function command(text: string): Promise<Shown> {
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
  return shown((await fake.waitForResponse((post) => post.id === id)).body);
}

async function press(action: string, value: string): Promise<Shown> {
  counter += 1;
  const id = `b${counter}`;
  await receiver.deliver({
    type: 'block_actions',
    user: { id: 'U1' },
    team: { id: 'T0FAKE' },
    api_app_id: 'A0FAKE',
    trigger_id: `t.${counter}.${randomUUID()}`,
    container: { type: 'message', channel_id: 'C0STAFF' },
    channel: { id: 'C0STAFF' },
    response_url: fake.responseUrl(id),
    actions: [
      { type: 'button', action_id: action, block_id: 'sales_pager', value, action_ts: '1' },
    ],
  });
  return shown((await fake.waitForResponse((post) => post.id === id)).body);
}

describe('/sales paging with a cursor', () => {
  it('shows no sale twice and loses none when a sale is made between two pages', async () => {
    const first = await command('from:2026-11-01 to:2026-11-30');
    expect(first.ids).toEqual(['S12', 'S11', 'S10', 'S9', 'S8']);

    // A new sale: the partner's page 2 now begins with S8, already shown.
    partnerSales.unshift(sale('S13'));
    const second = await press('sales_page_next', first.buttons.sales_page_next!);
    expect(second.ids).toEqual(['S7', 'S6', 'S5', 'S4']);
    const third = await press('sales_page_next', second.buttons.sales_page_next!);
    expect(third.ids).toEqual(['S3', 'S2', 'S1']);
    expect(third.buttons.sales_page_next).toBeUndefined();

    // Back: the first page as it was shown, though the partner's page 1 changed.
    const back = await press('sales_page_prev', second.buttons.sales_page_prev!);
    expect(back.ids).toEqual(['S12', 'S11', 'S10', 'S9', 'S8']);
  });
});
