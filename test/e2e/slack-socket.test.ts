/**
 * The Slack staff app in Socket Mode (SLACK_APP_TOKEN set): bolt asks the Web API fake
 * for a WebSocket URL with the app token, connects to the fake's socket, and answers
 * slash commands delivered as envelopes; no HTTP route is offered. Replies in a support
 * thread arrive as Events API envelopes (the handoff service is stood in for by a
 * SupportLine that records what reaches it; test/e2e/handoff.test.ts runs the real one).
 */
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSlack, type SlackChannel } from '#src/channels/slack/index.js';
import { parseConfig } from '#src/config.js';
import type { SupportLine } from '#src/conversation/handoff/ports.js';
import { createEventBus } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import {
  FAKE_TEAM_ID,
  messageEvent,
  startFakeSlack,
  type FakeSlack,
} from '#test/support/fake-slack.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const APP_TOKEN = 'xapp-1-test-app-token';
const BOT_TOKEN = 'xoxb-test-bot-token';

let sandbox: TestSandbox;
let fake: FakeSlack;
let slack: SlackChannel;
const SUPPORT = 'C0SUPPORT';
const staffSaid: { threadId: string; name: string; text: string }[] = [];
const line: SupportLine = {
  async staffSaid(threadId, staff, text) {
    staffSaid.push({ threadId, name: staff.name, text });
    return 'delivered';
  },
  returnToBot: async () => 'returned',
  sendCart: async () => 'sent',
  take: async () => ({ taken: true }),
  resendTickets: async () => 'none',
  sendFile: async () => 'delivered',
};

beforeAll(async () => {
  sandbox = await startTestSandbox();
  fake = await startFakeSlack();
  fake.person('U0STAFF', 'Marta');
  const config = parseConfig({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: 'unused-in-socket-mode',
    SLACK_APP_TOKEN: APP_TOKEN,
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: 'U0STAFF',
  });
  slack = await startSlack({
    config: config.slack!,
    lookups: createStaffLookups({ client: sandbox.client, logger: silentLogger }),
    store: createMemoryStore(),
    events: createEventBus(),
    logger: silentLogger,
    support: { channel: SUPPORT, line },
  });
});

afterAll(async () => {
  await slack?.stop();
  await fake?.close();
  await sandbox?.close();
});

it('connects with the app token and has no HTTP route', async () => {
  expect(slack.mode).toBe('socket');
  expect(slack.route).toBeUndefined();
  const open = await fake.waitForCall('apps.connections.open');
  expect(open.token).toBe(APP_TOKEN);
  await fake.socket.connected();
});

it('answers a slash command delivered over the socket, and refuses outsiders', async () => {
  const payload = (userId: string, responseId: string) => ({
    token: 'deprecated',
    team_id: FAKE_TEAM_ID,
    channel_id: 'D0DIRECT',
    user_id: userId,
    command: '/giftcard',
    text: '3167250411491835499',
    api_app_id: 'A0FAKE',
    response_url: fake.responseUrl(responseId),
    trigger_id: `${Date.now()}.${responseId}`,
  });
  const ack = await fake.socket.send('slash_commands', payload('U0STAFF', 'staff'));
  expect(ack.payload ?? {}).toEqual({});
  const reply = await fake.waitForResponse((post) => post.id === 'staff');
  expect(JSON.stringify(reply.body.blocks)).toContain('Valid, not exchanged yet');

  const refused = await fake.socket.send('slash_commands', payload('U0NOBODY', 'nobody'));
  expect(refused.payload).toMatchObject({ response_type: 'ephemeral' });
  expect(String(refused.payload?.text)).toMatch(/only for the booking staff/);
});

it('passes a staff reply in a support thread once, though the envelope comes twice', async () => {
  const { threadId } = await slack.desk!.openThread({
    conversationId: 'tg:1',
    customer: { language: 'en' },
    step: 'home',
    transcript: [],
  });
  const event = messageEvent({
    channel: SUPPORT,
    user: 'U0STAFF',
    text: 'Hi!',
    threadTs: threadId,
  });
  const first = await fake.socket.send('events_api', event);
  const again = await fake.socket.send('events_api', event, 1);
  expect([first.envelope_id, again.envelope_id].every(Boolean)).toBe(true);
  await slack.idle();
  expect(staffSaid).toEqual([{ threadId, name: 'Marta', text: 'Hi!' }]);
});
