/**
 * The Slack staff app in HTTP mode, as in production: the real bolt app mounted on our
 * one HTTP server at /slack/events, the Web API at a local fake (SLACK_API_URL), the
 * sandbox as the partner service, Redis as the store. Requests are signed as Slack signs
 * them; replies are read where Slack would receive them (response URLs, Web API calls).
 */
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { saleCancellationRequestsOperation } from '#src/api/cancellations.js';
import type { PartnerClient } from '#src/api/client.js';
import { salesOperation } from '#src/api/sales.js';
import { startSlack, type SlackChannel } from '#src/channels/slack/index.js';
import { parseConfig } from '#src/config.js';
import { createEventBus, type BotEventBus } from '#src/events.js';
import { createLogger, silentLogger } from '#src/log.js';
import { startHttpServer, type HttpServer } from '#src/server.js';
import { createRedisStore } from '#src/store/redis-store.js';
import { slackIdKey } from '#src/store/keys.js';
import {
  commandBody,
  interactionBody,
  postToSlackApp,
  startFakeSlack,
  type FakeSlack,
  type ResponseUrlPost,
} from '#test/support/fake-slack.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const SECRET = 'test-signing-secret-0123456789';
const BOT_TOKEN = 'xoxb-test-bot-token-secret';
const STAFF = 'U0STAFF';
const STAFF_CHANNEL = 'C0STAFF';
const ALERTS = 'C0ALERTS';
const SALES_FEED = 'C0SALESFEED';
const OUTSIDER = 'U0OUTSIDER';
const GIFT_CARD = '3167250411491835499';

/** Personal data of the sandbox's seeded clients: never to appear in logs or alerts. */
const PERSONAL = [
  'ana.garcia@example.com',
  '+34 600 111 222',
  '12345678Z',
  'elena.navarro@example.com',
  '+34 644 999 000',
  '55667788C',
  'luis.martin@example.com',
];

let sandbox: TestSandbox;
let fake: FakeSlack;
let server: HttpServer;
let slack: SlackChannel;
let events: BotEventBus;
let store: ReturnType<typeof createRedisStore>;
const logLines: string[] = [];
const partnerCalls: string[] = [];
/** While set, partner calls wait for it: shows that Slack is answered before they end. */
let gate: Promise<void> | undefined;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  fake = await startFakeSlack();
  store = createRedisStore(inject('redisUrl'), {
    prefix: `slack-e2e:${randomBytes(4).toString('hex')}:`,
  });
  events = createEventBus();
  const logger = createLogger({
    level: 'debug',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  const client: PartnerClient = {
    async call(operation, request, options) {
      partnerCalls.push(operation.name);
      if (gate) await gate;
      return sandbox.client.call(operation, request, options);
    },
  };
  const config = parseConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: `${STAFF}, U0OTHER`,
    SLACK_STAFF_CHANNELS: STAFF_CHANNEL,
    SLACK_ALERTS_CHANNEL: ALERTS,
    SLACK_SALES_CHANNEL: SALES_FEED,
  });
  slack = await startSlack({
    config: config.slack!,
    lookups: createStaffLookups({ client, logger, language: 'es' }),
    store,
    events,
    logger,
    // 00:30 in Madrid: "today" is the service's day, not UTC's.
    now: () => new Date('2026-06-10T22:30:00Z'),
  });
  server = await startHttpServer({ port: 0, host: '127.0.0.1', routes: [slack.route!], logger });
});

afterAll(async () => {
  await server?.close();
  await slack?.stop();
  await store?.close();
  await fake?.close();
  await sandbox?.close();
});

const eventsUrl = (): string => `${server.url}/slack/events`;

/** Runs a slash command as Slack does; returns the HTTP answer and the reply's id. */
async function command(
  name: string,
  text: string,
  options: { userId?: string; channelId?: string; triggerId?: string } = {},
) {
  const id = randomBytes(6).toString('hex');
  const body = commandBody({
    command: name,
    text,
    userId: options.userId ?? STAFF,
    channelId: options.channelId ?? 'D0DIRECT',
    responseUrl: fake.responseUrl(id),
    triggerId: options.triggerId,
  });
  const answer = await postToSlackApp(eventsUrl(), body, { secret: SECRET });
  return { ...answer, id, request: body };
}

const reply = (id: string): Promise<ResponseUrlPost> =>
  fake.waitForResponse((post) => post.id === id);

/** All mrkdwn/plain text of a list of blocks, for content checks. */
function textOf(blocks: unknown): string {
  const parts: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'text' && typeof inner === 'string') parts.push(inner);
        else walk(inner);
      }
    }
  };
  walk(blocks);
  return parts.join('\n');
}

type Block = {
  type: string;
  block_id?: string;
  elements?: { action_id?: string; value?: string }[];
};

function buttons(blocks: unknown): { action_id?: string; value?: string }[] {
  return (blocks as Block[])
    .filter((block) => block.type === 'actions')
    .flatMap((block) => block.elements ?? []);
}

describe('slash commands', () => {
  it('/giftcard answers at once and sends the card ephemerally after the look-up', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const sent = await command('/giftcard', GIFT_CARD);
    expect(sent.status).toBe(200);
    // Slack has its answer while the partner call is still held.
    expect(fake.responses.some((post) => post.id === sent.id)).toBe(false);
    gate = undefined;
    open();
    const { body } = await reply(sent.id);
    expect(body.response_type).toBe('ephemeral');
    const text = textOf(body.blocks);
    expect(text).toContain('Valid, not exchanged yet');
    expect(text).toContain('Tarjeta regalo: Museo del Mar');
    expect(text).toContain('Elena Navarro Vidal');
    expect(text).toContain('elena.navarro@example.com');
    expect(text).toContain('¡Feliz cumpleaños! Disfruta del museo.');
    expect(text).toContain('until 22:00 on the visit day (2 h before the visit day ends)');
    expect(text).toContain('SaleId 5049250640429850467');
    expect(text).toMatch(/PartnerSaleId hist6\w+/);
  });

  it('/giftcard with an unknown code says it is not valid', async () => {
    const sent = await command('/giftcard', '0000000000000000000');
    expect(sent.status).toBe(200);
    const text = textOf((await reply(sent.id)).body.blocks);
    expect(text).toContain('Not valid');
    expect(text).toContain('0000000000000000000');
  });

  it('/sales help documents the filters in the acknowledgement itself', async () => {
    const sent = await command('/sales', 'help');
    expect(sent.status).toBe(200);
    const body = JSON.parse(sent.body) as { text: string; response_type: string };
    expect(body.response_type).toBe('ephemeral');
    for (const key of [
      'id:',
      'from:',
      'to:',
      'access-from:',
      'access-to:',
      'name:',
      'email:',
      'phone:',
      'doc:',
    ])
      expect(body.text).toContain(key);
  });

  it('/sales with a bad filter explains it without calling the partner', async () => {
    const before = partnerCalls.length;
    const sent = await command('/sales', 'from:2026-13-45');
    const body = JSON.parse(sent.body) as { text: string };
    expect(body.text).toContain('is not a date');
    expect(partnerCalls.length).toBe(before);
  });

  it('/sales by e-mail shows the sale with status in words, tickets, access codes and total', async () => {
    const sent = await command('/sales', 'email:ana.garcia@example.com');
    const { body } = await reply(sent.id);
    expect(body.response_type).toBe('ephemeral');
    const text = textOf(body.blocks);
    expect(text).toContain('stf9gy7i3xawa');
    expect(text).toContain('Ana García López');
    expect(text).toContain('Entrada general adulto');
    expect(text).toContain('Confirmed');
    expect(text).toMatch(/access code `\d{13}`/);
    expect(text).toMatch(/total €\d+\.\d{2}/);
    expect(text).toMatch(/Paid on this page \(1 sale\): \*€\d+\.\d{2}\*/);
    expect(buttons(body.blocks)).toEqual([]);
  });

  it('/sales pages with buttons that replace the ephemeral reply', async () => {
    // The sandbox's seeded sales: more than one page of five.
    const all = (await sandbox.client.call(salesOperation, { pageSize: 50 })).sales.length;
    expect(all).toBeGreaterThan(5);
    expect(all).toBeLessThanOrEqual(10);
    const sent = await command('/sales', `from:2000-01-01`);
    const first = (await reply(sent.id)).body;
    expect(textOf(first.blocks)).toContain('Page 1 · 5 shown');
    const [next, ...others] = buttons(first.blocks);
    expect(others).toEqual([]);
    expect(next?.action_id).toBe('sales_page_next');

    const pageUrl = fake.responseUrl();
    const clicked = await postToSlackApp(
      eventsUrl(),
      interactionBody({
        type: 'block_actions',
        user: { id: STAFF },
        team: { id: 'T0FAKE' },
        api_app_id: 'A0FAKE',
        container: {
          type: 'message',
          message_ts: '1.2',
          channel_id: 'D0DIRECT',
          is_ephemeral: true,
        },
        channel: { id: 'D0DIRECT' },
        trigger_id: `${Date.now()}.next`,
        response_url: pageUrl,
        actions: [
          {
            type: 'button',
            action_id: next!.action_id,
            block_id: 'sales_pager',
            value: next!.value,
            action_ts: '1',
          },
        ],
      }),
      { secret: SECRET },
    );
    expect(clicked.status).toBe(200);
    const second = (await fake.waitForResponse((post) => pageUrl.endsWith(post.id))).body;
    expect(second.replace_original).toBe(true);
    expect(textOf(second.blocks)).toContain(`Page 2 · ${all - 5} shown`);
    expect(buttons(second.blocks).map((button) => button.action_id)).toEqual(['sales_page_prev']);
  });

  it('/sales alone opens the form; its submission updates the modal with the results', async () => {
    const trigger = `${Date.now()}.form`;
    const sent = await command('/sales', '', { triggerId: trigger });
    expect(sent.status).toBe(200);
    const opened = await fake.waitForCall('views.open', (call) => call.args.trigger_id === trigger);
    const view = opened.args.view as {
      callback_id: string;
      private_metadata: string;
      blocks: Block[];
    };
    expect(view.callback_id).toBe('sales_search');
    expect(view.blocks.map((block) => block.block_id)).toEqual([
      'id',
      'from',
      'to',
      'access_from',
      'access_to',
      'name',
      'email',
      'phone',
      'doc',
    ]);

    const submit = (values: Record<string, unknown>, suffix: string) =>
      postToSlackApp(
        eventsUrl(),
        interactionBody({
          type: 'view_submission',
          user: { id: STAFF },
          team: { id: 'T0FAKE' },
          api_app_id: 'A0FAKE',
          trigger_id: `${Date.now()}.${suffix}`,
          view: {
            id: 'V_FORM',
            hash: 'h1',
            callback_id: 'sales_search',
            private_metadata: view.private_metadata,
            state: { values },
          },
        }),
        { secret: SECRET },
      );

    const wrong = await submit(
      {
        from: { value: { type: 'datepicker', selected_date: '2026-11-30' } },
        to: { value: { type: 'datepicker', selected_date: '2026-11-01' } },
      },
      'wrong',
    );
    expect(JSON.parse(wrong.body)).toMatchObject({
      response_action: 'errors',
      errors: { to: expect.any(String) },
    });

    const accepted = await submit(
      { name: { value: { type: 'plain_text_input', value: 'Luis' } } },
      'ok',
    );
    expect(JSON.parse(accepted.body)).toMatchObject({ response_action: 'update' });
    const updated = await fake.waitForCall(
      'views.update',
      (call) => call.args.view_id === 'V_FORM',
    );
    const results = updated.args.view as { blocks: unknown };
    const text = textOf(results.blocks);
    expect(text).toContain('iyh143uykd3qc');
    expect(text).toContain('Entrada parque infantil');
    expect(text).toContain('name:Luis');
  });

  it('/cancellations shows requests with status and reason in words, and pages', async () => {
    const sent = await command('/cancellations', 'stf9gy7i3xawa iyh143uykd3qc');
    const text = textOf((await reply(sent.id)).body.blocks);
    expect(text).toContain('Rejected or failed');
    expect(text).toContain('Accepted');
    expect(text).toContain('In process');
    expect(text).toContain('Change of access dates');
    expect(text).toContain('Common illness');
    expect(text).toContain('Change of number of attendees');

    // Every seeded sale: more than five requests, five per page.
    const sales = await sandbox.client.call(salesOperation, { pageSize: 50 });
    const ids = sales.sales.map((sale) => sale.partnerSaleId!);
    const requests = await sandbox.client.call(saleCancellationRequestsOperation, {
      partnerSaleIds: ids,
      page: 2,
    });
    expect(requests.cancellationRequests.length).toBeGreaterThan(0);
    const many = await command('/cancellations', ids.join(','));
    const first = (await reply(many.id)).body;
    const [next] = buttons(first.blocks);
    expect(next?.action_id).toBe('cancellations_page_next');
    const pageUrl = fake.responseUrl();
    await postToSlackApp(
      eventsUrl(),
      interactionBody({
        type: 'block_actions',
        user: { id: STAFF },
        team: { id: 'T0FAKE' },
        api_app_id: 'A0FAKE',
        container: {
          type: 'message',
          message_ts: '1.3',
          channel_id: 'D0DIRECT',
          is_ephemeral: true,
        },
        channel: { id: 'D0DIRECT' },
        trigger_id: `${Date.now()}.cnext`,
        response_url: pageUrl,
        actions: [
          {
            type: 'button',
            action_id: next!.action_id,
            block_id: 'cancellations_pager',
            value: next!.value,
            action_ts: '1',
          },
        ],
      }),
      { secret: SECRET },
    );
    const second = (await fake.waitForResponse((post) => pageUrl.endsWith(post.id))).body;
    expect(textOf(second.blocks)).toContain(
      `Page 2 · ${requests.cancellationRequests.length} shown`,
    );
  });
});

describe('staff only', () => {
  it('refuses a user outside the staff politely, logs the attempt and calls nothing', async () => {
    const before = partnerCalls.length;
    const sent = await command('/sales', 'email:ana.garcia@example.com', { userId: OUTSIDER });
    expect(sent.status).toBe(200);
    const body = JSON.parse(sent.body) as { text: string; response_type: string };
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toMatch(/^Sorry, this command is only for the booking staff/);
    expect(partnerCalls.length).toBe(before);
    const refused = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find(
        (line) =>
          line.msg === 'slack: refused a request from outside the staff' &&
          line.slackUserId === OUTSIDER,
      );
    expect(refused).toMatchObject({ request: '/sales', slackChannelId: 'D0DIRECT' });
  });

  it('lets anyone use the commands in a staff channel', async () => {
    const sent = await command('/giftcard', GIFT_CARD, {
      userId: OUTSIDER,
      channelId: STAFF_CHANNEL,
    });
    expect(textOf((await reply(sent.id)).body.blocks)).toContain('Valid, not exchanged yet');
  });
});

describe('transport', () => {
  it('rejects a bad signature with 401 and does nothing', async () => {
    const before = partnerCalls.length;
    const id = randomBytes(4).toString('hex');
    const body = commandBody({
      command: '/giftcard',
      text: GIFT_CARD,
      userId: STAFF,
      channelId: 'D1',
      responseUrl: fake.responseUrl(id),
    });
    const answer = await postToSlackApp(eventsUrl(), body, {
      secret: SECRET,
      signWith: 'not-the-secret',
    });
    expect(answer.status).toBe(401);
    expect(partnerCalls.length).toBe(before);
  });

  it('rejects a stale timestamp with 401, even correctly signed', async () => {
    const before = partnerCalls.length;
    const body = commandBody({
      command: '/giftcard',
      text: GIFT_CARD,
      userId: STAFF,
      channelId: 'D1',
      responseUrl: fake.responseUrl(),
    });
    const answer = await postToSlackApp(eventsUrl(), body, {
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    expect(answer.status).toBe(401);
    expect(partnerCalls.length).toBe(before);
  });

  it('does not process a Slack retry (X-Slack-Retry-Num) a second time', async () => {
    const id = randomBytes(6).toString('hex');
    const body = commandBody({
      command: '/giftcard',
      text: GIFT_CARD,
      userId: STAFF,
      channelId: 'D1',
      responseUrl: fake.responseUrl(id),
      triggerId: `${Date.now()}.retry`,
    });
    const before = partnerCalls.length;
    const first = await postToSlackApp(eventsUrl(), body, { secret: SECRET });
    const retry = await postToSlackApp(eventsUrl(), body, {
      secret: SECRET,
      headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
    });
    expect([first.status, retry.status]).toEqual([200, 200]);
    await reply(id);
    const ignored = logLines.find((line) => line.includes('slack: repeated delivery ignored'));
    expect(ignored).toBeDefined();
    expect(JSON.parse(ignored!)).toMatchObject({ retryNum: 1, retryReason: 'http_timeout' });
    await slack.idle();
    expect(fake.responses.filter((post) => post.id === id)).toHaveLength(1);
    expect(partnerCalls.length - before).toBe(1);
  });
});

describe('only the configured workspace', () => {
  it('refuses a command from another workspace, even a staff user in a staff channel', async () => {
    const before = partnerCalls.length;
    const id = randomBytes(6).toString('hex');
    const body = commandBody({
      command: '/sales',
      text: 'ana.garcia@example.com',
      userId: STAFF,
      channelId: STAFF_CHANNEL,
      responseUrl: fake.responseUrl(id),
      teamId: 'T0OTHERCO',
    });
    const answer = await postToSlackApp(eventsUrl(), body, { secret: SECRET });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringContaining('only the workspace it was installed for'),
    });
    await slack.idle();
    expect(partnerCalls.length).toBe(before);
    expect(fake.responses.some((post) => post.id === id)).toBe(false);
    const refused = logLines.find((line) => line.includes('another workspace'));
    expect(JSON.parse(refused!)).toMatchObject({ slackTeamIds: ['T0OTHERCO'] });
  });

  it('refuses a click whose user belongs to another workspace, though the team is ours', async () => {
    const before = partnerCalls.length;
    const id = randomBytes(6).toString('hex');
    await postToSlackApp(
      eventsUrl(),
      interactionBody({
        type: 'block_actions',
        user: { id: STAFF, team_id: 'T0OTHERCO' },
        team: { id: 'T0FAKE' },
        api_app_id: 'A0FAKE',
        container: { type: 'message', message_ts: '1.2', channel_id: STAFF_CHANNEL },
        channel: { id: STAFF_CHANNEL },
        trigger_id: `${Date.now()}.other-team`,
        response_url: fake.responseUrl(id),
        actions: [
          {
            type: 'button',
            action_id: 'sales_page_next',
            block_id: 'sales_pager',
            value: 'x',
            action_ts: '1',
          },
        ],
      }),
      { secret: SECRET },
    );
    const told = await reply(id);
    expect(String(told.body.text)).toContain('only the workspace it was installed for');
    expect(partnerCalls.length).toBe(before);
  });

  it('with SLACK_TEAM_ID, answers the listed workspaces only', async () => {
    const listed = await startSlack({
      config: parseConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: fake.apiUrl,
        SLACK_STAFF_USERS: STAFF,
        SLACK_TEAM_ID: 'T0SECOND, T0THIRD',
      }).slack!,
      lookups: createStaffLookups({ client: sandbox.client, logger: silentLogger, language: 'es' }),
      store,
      events: createEventBus(),
      logger: silentLogger,
    });
    const listedServer = await startHttpServer({
      port: 0,
      host: '127.0.0.1',
      routes: [listed.route!],
      logger: silentLogger,
    });
    try {
      const ask = async (teamId: string) => {
        const body = commandBody({
          command: '/sales',
          text: 'help',
          userId: STAFF,
          channelId: 'D0DIRECT',
          responseUrl: fake.responseUrl(),
          teamId,
        });
        const answer = await postToSlackApp(`${listedServer.url}/slack/events`, body, {
          secret: SECRET,
        });
        return String((JSON.parse(answer.body) as { text: string }).text);
      };
      // The token's own workspace is not listed: refused like any other.
      expect(await ask('T0FAKE')).toContain('only the workspace it was installed for');
      expect(await ask('T0THIRD')).toContain('id:');
      expect(await ask('T0SECOND')).toContain('id:');
    } finally {
      await listedServer.close();
      await listed.stop();
    }
  });
});

describe('alerts', () => {
  it('posts a confirmed sale to the alerts channel, without personal data', async () => {
    events.emit('sale.confirmed', {
      partnerSaleId: 'PSALE123',
      saleIds: ['5049250640429859999'],
      total: { cents: 4250, currency: 'EUR' },
      products: ['Entrada general adulto'],
    });
    const call = await fake.waitForCall('chat.postMessage', (c) =>
      textOf(c.args.blocks).includes('PSALE123'),
    );
    // The sales feed has a channel of its own, apart from what needs acting on.
    expect(call.args.channel).toBe(SALES_FEED);
    expect(call.token).toBe(BOT_TOKEN);
    const text = textOf(call.args.blocks);
    expect(text).toContain('Sale confirmed');
    expect(text).toContain('€42.50');
    expect(text).toContain('Entrada general adulto');
  });

  it('posts a failed reservation and a failed sale with the error, personal data masked', async () => {
    events.emit('reservation.failed', {
      shoppingCartId: 'cartabc123xyz',
      reason: 'No capacity left for 2026-12-01 (client ana.garcia@example.com, +34 600 111 222)',
    });
    events.emit('sale.failed', {
      partnerSaleId: 'PSALE456',
      reason: 'Document 12345678Z rejected [5000]',
    });
    const reservation = await fake.waitForCall('chat.postMessage', (c) =>
      textOf(c.args.blocks).includes('cartabc123xyz'),
    );
    const sale = await fake.waitForCall('chat.postMessage', (c) =>
      textOf(c.args.blocks).includes('PSALE456'),
    );
    const texts = [textOf(reservation.args.blocks), textOf(sale.args.blocks)];
    expect(texts[0]).toContain('Reservation failed');
    expect(texts[0]).toContain('No capacity left for 2026-12-01');
    expect(texts[1]).toContain('Sale failed');
    expect(texts[1]).toContain('[5000]');
    for (const text of texts) for (const item of PERSONAL) expect(text).not.toContain(item);
  });

  it('reports a partner outage once when it starts and once when it ends', async () => {
    const outages = () =>
      fake.calls.filter(
        (call) =>
          call.method === 'chat.postMessage' && /Partner service/.test(textOf(call.args.blocks)),
      );
    events.emit('partner.available', { operation: 'catalog' });
    events.emit('partner.unavailable', { operation: 'sales', kind: 'timeout' });
    events.emit('partner.unavailable', { operation: 'catalog', kind: 'network' });
    events.emit('partner.unavailable', { operation: 'sales', kind: 'http' });
    events.emit('partner.available', { operation: 'giftcard' });
    events.emit('partner.available', { operation: 'sales' });
    await fake.waitForCall('chat.postMessage', (c) =>
      textOf(c.args.blocks).includes('answering again'),
    );
    expect(outages().map((call) => textOf(call.args.blocks))).toEqual([
      expect.stringContaining('Partner service unavailable* — first failure: `sales` (timeout)'),
      expect.stringContaining('Partner service answering again* — `giftcard`'),
    ]);
  });
});

describe('every number staff are shown can be searched', () => {
  it('the order number a customer was given finds its sale', async () => {
    events.emit('sale.confirmed', {
      partnerSaleId: 'stf9gy7i3xawa',
      saleIds: ['3616139180081608727'],
      total: { cents: 1200, currency: 'EUR' },
      products: ['Entrada general adulto'],
    });
    await expect.poll(() => store.get(slackIdKey('3616139180081608727'))).toBeDefined();
    const sent = await command('/sales', '3616139180081608727');
    const text = textOf((await reply(sent.id)).body.blocks);
    expect(text).toContain('Order `3616139180081608727` is the sale `stf9gy7i3xawa`');
    expect(text).toContain('Ana García López');
  });

  it('a failed sale and a failed reservation’s cart say what happened to them', async () => {
    events.emit('sale.failed', {
      partnerSaleId: '6348ce99-2f1b-4c5e-9a0d-1b2c3d4e5f60',
      shoppingCartId: 'u82ycart01',
      reason: 'Document 12345678Z rejected [5000]',
    });
    events.emit('reservation.failed', {
      shoppingCartId: 'k77cart02',
      reason: 'No capacity left',
      order: { products: [{ name: 'Jellyfish aquarium', date: '2026-06-12', quantity: 2 }] },
    });
    await expect.poll(() => store.get(slackIdKey('k77cart02'))).toBeDefined();
    await expect.poll(() => store.get(slackIdKey('u82ycart01'))).toBeDefined();

    const sale = textOf(
      (await reply((await command('/sales', '6348ce99-2f1b-4c5e-9a0d-1b2c3d4e5f60')).id)).body
        .blocks,
    );
    expect(sale).toContain(
      'its sale failed on 2026-06-10 22:30 UTC: Document [document] rejected [5000]',
    );
    expect(sale).toContain('No sales match');
    const cart = textOf((await reply((await command('/sales', 'u82ycart01')).id)).body.blocks);
    expect(cart).toContain('its sale failed');
    expect(cart).toContain('Its sale: `6348ce99-2f1b-4c5e-9a0d-1b2c3d4e5f60`');
    const before = partnerCalls.length;
    const reserved = (await reply((await command('/sales', 'k77cart02')).id)).body;
    expect(textOf(reserved.blocks)).toContain(
      '`k77cart02` (Jellyfish aquarium): its reservation failed on 2026-06-10 22:30 UTC: No capacity left. Nothing was sold or charged under it.',
    );
    expect(partnerCalls.length).toBe(before);
  });

  it('an e-mail, a phone or a name typed alone is searched as such', async () => {
    for (const typed of ['ana.garcia@example.com', 'Ana García López']) {
      const text = textOf((await reply((await command('/sales', typed)).id)).body.blocks);
      expect(text).toContain('stf9gy7i3xawa');
    }
    const phone = textOf(
      (await reply((await command('/sales', '+34 600 111 222')).id)).body.blocks,
    );
    expect(phone).toContain('phone:"+34 600 111 222"');
  });

  it('"today", "yesterday" and "this week" are the service’s days (00:30 in Madrid)', async () => {
    const heading = async (typed: string) =>
      textOf((await reply((await command('/sales', typed)).id)).body.blocks).split('\n')[0];
    expect(await heading('today')).toContain('from:2026-06-11 to:2026-06-11');
    expect(await heading('yesterday')).toContain('from:2026-06-10 to:2026-06-10');
    expect(await heading('this week')).toContain('from:2026-06-08 to:2026-06-11');
  });
});

describe('failure alerts that lead somewhere', () => {
  it('go to the alerts channel, and "Open the case" shows the sale to whoever pressed', async () => {
    events.emit('sale.failed', {
      partnerSaleId: 'stf9gy7i3xawa',
      shoppingCartId: 'cart-open-case',
      reason: 'Sale refused [5001]',
      order: {
        products: [],
        customer: { name: 'Ana García López', email: 'ana.garcia@example.com' },
      },
    });
    const alert = await fake.waitForCall('chat.postMessage', (c) =>
      textOf(c.args.blocks).includes('cart-open-case'),
    );
    expect(alert.args.channel).toBe(ALERTS);
    const text = textOf(alert.args.blocks);
    expect(text).toContain('*Who:* Ana G., an•••@example.com');
    expect(text).toContain('*What to do:* open the case');
    for (const item of PERSONAL) expect(text).not.toContain(item);
    const [open] = buttons(alert.args.blocks);
    expect(open).toMatchObject({ action_id: 'alert_open_case', value: 'stf9gy7i3xawa' });

    const id = randomBytes(6).toString('hex');
    await postToSlackApp(
      eventsUrl(),
      interactionBody({
        type: 'block_actions',
        user: { id: STAFF },
        team: { id: 'T0FAKE' },
        api_app_id: 'A0FAKE',
        container: { type: 'message', message_ts: String(alert.result?.ts), channel_id: ALERTS },
        channel: { id: ALERTS },
        trigger_id: `${Date.now()}.open-case`,
        response_url: fake.responseUrl(id),
        actions: [
          {
            type: 'button',
            action_id: 'alert_open_case',
            block_id: 'alert_actions',
            value: open!.value,
            action_ts: '1',
          },
        ],
      }),
      { secret: SECRET },
    );
    const shown = (await reply(id)).body;
    expect(shown).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(textOf(shown.blocks)).toContain('Ana García López');
    expect(textOf(shown.blocks)).toContain('stf9gy7i3xawa');
  });
});

describe('partner outage alerts across instances', () => {
  it('are posted once per deployment when two instances see the outage, for each outage', async () => {
    const otherEvents = createEventBus();
    const other = await startSlack({
      config: parseConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: fake.apiUrl,
        SLACK_ALERTS_CHANNEL: ALERTS,
      }).slack!,
      lookups: createStaffLookups({ client: sandbox.client, logger: silentLogger, language: 'es' }),
      store,
      events: otherEvents,
      logger: silentLogger,
    });
    try {
      const outageAlerts = () =>
        fake.calls.filter(
          (call) =>
            call.method === 'chat.postMessage' &&
            /Partner service/.test(JSON.stringify(call.args.blocks)),
        ).length;
      const before = outageAlerts();
      for (let outage = 1; outage <= 2; outage += 1) {
        // Each instance sees failures in a row: an outage for both (outage.ts).
        for (let call = 0; call < 3; call += 1) {
          events.emit('partner.unavailable', { operation: 'sales', kind: 'timeout' });
          otherEvents.emit('partner.unavailable', { operation: 'catalog', kind: 'network' });
        }
        await fake.waitForCall(
          'chat.postMessage',
          () => outageAlerts() === before + 2 * outage - 1,
        );
        otherEvents.emit('partner.available', { operation: 'catalog' });
        events.emit('partner.available', { operation: 'sales' });
        await fake.waitForCall('chat.postMessage', () => outageAlerts() === before + 2 * outage);
      }
      // The other instance's queue is done: it posted nothing more.
      await other.stop();
      expect(outageAlerts()).toBe(before + 4);
    } finally {
      await other.stop();
    }
  });
});

describe('logs', () => {
  it('never hold tokens, secrets, e-mails, phones or documents', () => {
    const all = logLines.join('');
    expect(all).toContain('slack: staff app started');
    for (const secret of [BOT_TOKEN, SECRET, ...PERSONAL]) expect(all).not.toContain(secret);
  });
});
