/**
 * The staff app's listeners on a bolt App with a fake receiver (events handed straight
 * to `app.processEvent`), a stub partner client, and the fake Slack for replies.
 */
import { randomUUID } from 'node:crypto';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { Writable } from 'node:stream';
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '#src/api/client.js';
import { PartnerTimeoutError } from '#src/api/errors.js';
import type { SalesResponse } from '#src/api/sales.js';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import { registerStaffApp } from '#src/channels/slack/index.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { saveSearch, pageValue } from '#src/channels/slack/search-state.js';
import { parseConfig } from '#src/config.js';
import { createEventBus } from '#src/events.js';
import { createLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { Store } from '#src/store/store.js';
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
  /** Delivers a body; resolves with what the app acknowledged, once it has finished. */
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

let fake: FakeSlack;
let receiver: FakeReceiver;
let store: Store;
let call: PartnerClient['call'];
const logs: string[] = [];

beforeAll(async () => {
  fake = await startFakeSlack();
  receiver = new FakeReceiver();
  store = createMemoryStore();
  const logger = createLogger({
    level: 'debug',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-unit',
    SLACK_SIGNING_SECRET: 'unit',
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: 'U1,U2',
  });
  const deps: SlackDeps = {
    config: config.slack!,
    lookups: createStaffLookups({
      client: { call: (operation, request, options) => call(operation, request, options) },
      logger,
    }),
    store,
    events: createEventBus(),
    logger,
  };
  const app = new App({
    token: 'xoxb-unit',
    receiver,
    tokenVerificationEnabled: false,
    logger: boltLogger(logger),
    clientOptions: { slackApiUrl: fake.apiUrl },
    convoStore: false,
  });
  registerStaffApp(app, deps);
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  call = () => Promise.reject(new Error('no partner call expected'));
});

let counter = 0;
function slashCommand(command: string, text: string, userId = 'U1') {
  counter += 1;
  const id = `r${counter}`;
  const body = Object.fromEntries(
    new URLSearchParams(
      commandBody({
        command,
        text,
        userId,
        channelId: 'D1',
        responseUrl: fake.responseUrl(id),
        triggerId: `t.${counter}`,
      }),
    ),
  );
  return { id, body };
}

function button(
  actionId: string,
  value: string,
  options: { userId?: string; view?: boolean } = {},
) {
  counter += 1;
  const id = `b${counter}`;
  return {
    id,
    body: {
      type: 'block_actions',
      user: { id: options.userId ?? 'U1' },
      team: { id: 'T0FAKE' },
      api_app_id: 'A0FAKE',
      trigger_id: `t.${counter}.${randomUUID()}`,
      container: options.view
        ? { type: 'view', view_id: 'V9' }
        : { type: 'message', channel_id: 'D1' },
      ...(options.view
        ? { view: { id: 'V9', hash: 'h9', private_metadata: '{"channelId":"D1"}' } }
        : { channel: { id: 'D1' }, response_url: fake.responseUrl(id) }),
      actions: [{ type: 'button', action_id: actionId, block_id: 'pager', value, action_ts: '1' }],
    },
  };
}

const replyText = async (id: string): Promise<string> =>
  JSON.stringify((await fake.waitForResponse((post) => post.id === id)).body);

const onePage: SalesResponse = {
  sales: [],
  hasNextPage: false,
  hasPreviousPage: true,
};

describe('failures after the acknowledgement', () => {
  it('says the partner is not answering when the look-up times out', async () => {
    call = () =>
      Promise.reject(new PartnerTimeoutError({ operation: 'giftcard', requestId: 'r' }, 10));
    const { id, body } = slashCommand('/giftcard', 'CODE1');
    await receiver.deliver(body);
    expect(await replyText(id)).toContain('The partner service is not answering right now');
  });

  it('tells the person when a listener fails, and logs the error without personal data', async () => {
    call = () => Promise.reject(new TypeError('cannot read client ana@example.com'));
    const { id, body } = slashCommand('/sales', 'email:ana@example.com');
    await receiver.deliver(body);
    expect(await replyText(id)).toContain('Something went wrong on our side');
    const failure = logs.find((line) => line.includes('slack: a listener failed'));
    expect(failure).toContain('cannot read client [e-mail]');
    expect(logs.join('')).not.toContain('ana@example.com');
  });
});

describe('paging buttons', () => {
  it('answer a forged or expired token with "expired", without calling the partner', async () => {
    const { id, body } = button('sales_page_next', 'nosuchtoken:2');
    await receiver.deliver(body);
    expect(await replyText(id)).toContain('This search has expired');
  });

  it('do not page another user\u2019s search', async () => {
    const token = await saveSearch(store, { kind: 'sales', filters: {}, userId: 'U1' });
    const { id, body } = button('sales_page_next', pageValue(token, 2), { userId: 'U2' });
    await receiver.deliver(body);
    expect(await replyText(id)).toContain('This search has expired');
  });

  it('refuse someone outside the staff in a new ephemeral message', async () => {
    const { id, body } = button('cancellations_page_next', 'x:2', { userId: 'U3' });
    await receiver.deliver(body);
    const reply = (await fake.waitForResponse((post) => post.id === id)).body;
    expect(reply).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(String(reply.text)).toMatch(/only for the booking staff/);
  });

  it('do not mix a cancellations token into sales', async () => {
    const token = await saveSearch(store, {
      kind: 'cancellations',
      filters: { partnerSaleIds: ['P'] },
      userId: 'U1',
    });
    const { id, body } = button('sales_page_next', pageValue(token, 2));
    await receiver.deliver(body);
    expect(await replyText(id)).toContain('This search has expired');
  });

  it('update the modal in place when the results are in a view', async () => {
    const pages: number[] = [];
    call = (async (_operation: unknown, request: { page?: number }) => {
      pages.push(request.page ?? 0);
      return onePage;
    }) as PartnerClient['call'];
    const token = await saveSearch(store, {
      kind: 'sales',
      filters: { clientName: 'Ana' },
      userId: 'U1',
    });
    const { body } = button('sales_page_next', pageValue(token, 2), { view: true });
    await receiver.deliver(body);
    const update = await fake.waitForCall('views.update', (c) => c.args.view_id === 'V9');
    expect(update.args.hash).toBe('h9');
    expect(JSON.stringify(update.args.view)).toContain('Sales* — name:Ana');
    expect(pages).toEqual([2]);
  });
});
