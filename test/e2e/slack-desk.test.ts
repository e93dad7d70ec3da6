/**
 * The support thread as a desk, end to end in one process: the real bot (createApp +
 * Telegram against the fake Bot API, the sandbox, Redis) hands a customer to a person,
 * and the real bolt app (the staff app's listeners, its Web API at the fake Slack) is the
 * desk. Requests reach bolt through a receiver that hands it the bodies Slack would post.
 * Notes among staff stay in the thread; "🙋 Take this one" makes one voice; a reply to a
 * customer who blocked the bot (403 from the fake Bot API) is marked in the thread.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { createSlackSupportDesk, registerStaffApp } from '#src/channels/slack/index.js';
import { parseConfig } from '#src/config.js';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { createEventBus } from '#src/events.js';
import { createLogger, silentLogger } from '#src/log.js';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import {
  FAKE_TEAM_ID,
  messageEvent,
  startFakeSlack,
  type FakeSlack,
} from '#test/support/fake-slack.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer, startTelegramBot, type TelegramBot } from '#test/support/telegram-bot.js';

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

const SUPPORT = 'C0SUPPORT';
const MARTA = 'U0MARTA';
const BEA = 'U0BEA';

let telegram: FakeTelegram;
let sandbox: TestSandbox;
let slack: FakeSlack;
let bot: TelegramBot;
let receiver: FakeReceiver;
const slackLogs: Record<string, unknown>[] = [];

beforeAll(async () => {
  [telegram, sandbox, slack] = await Promise.all([
    startFakeTelegram(),
    startTestSandbox(),
    startFakeSlack(),
  ]);
  slack.person(MARTA, 'Marta');
  slack.person(BEA, 'Bea');
  bot = await startTelegramBot({
    mode: 'webhook',
    fake: telegram,
    sandbox,
    redisUrl: inject('redisUrl'),
    env: {
      PAYMENT_MODE: 'on-account',
      SLACK_BOT_TOKEN: 'xoxb-desk',
      SLACK_SIGNING_SECRET: 'desk-secret',
      SLACK_SUPPORT_CHANNEL: SUPPORT,
    },
  });
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-desk',
    SLACK_SIGNING_SECRET: 'desk-secret',
    SLACK_API_URL: slack.apiUrl,
    SLACK_STAFF_USERS: `${MARTA},${BEA}`,
    SLACK_TEAM_ID: FAKE_TEAM_ID,
  });
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim() !== '') slackLogs.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  });
  const deps: SlackDeps = {
    config: config.slack!,
    lookups: createStaffLookups({ client: sandbox.client, logger: silentLogger }),
    store: bot.app.store,
    events: createEventBus(),
    logger,
    support: { channel: SUPPORT, line: bot.app.support!.line },
  };
  receiver = new FakeReceiver();
  const app = new App({
    token: 'xoxb-desk',
    receiver,
    tokenVerificationEnabled: false,
    logger: boltLogger(silentLogger),
    clientOptions: { slackApiUrl: slack.apiUrl },
    convoStore: false,
  });
  registerStaffApp(app, deps);
  bot.app.support!.useDesk(createSlackSupportDesk(app.client, SUPPORT, deps));
}, 60_000);

afterAll(async () => {
  await bot?.stop();
  await Promise.all([telegram?.close(), sandbox?.close(), slack?.close()]);
});

/** The customer asks for a person; the thread's id (its first message's ts). */
async function handOff(customer: FakeUser): Promise<string> {
  await bot.act(() => telegram.text(customer, '/start'));
  const before = rootsCount();
  await bot.act(() => telegram.text(customer, 'talk to a person'));
  expect(rootsCount()).toBe(before + 1);
  return String(roots().at(-1)!.result?.ts);
}

const roots = () =>
  slack.calls.filter(
    (call) =>
      call.method === 'chat.postMessage' &&
      call.args.channel === SUPPORT &&
      call.args.thread_ts === undefined,
  );
const rootsCount = () => roots().length;

const said = (customer: FakeUser) =>
  telegram.messages(customer.id).map((message) => message.text ?? '');

const reply = (user: string, threadId: string, text: string) =>
  receiver.deliver(messageEvent({ channel: SUPPORT, user, text, threadTs: threadId }));

let clicks = 0;
async function press(user: string, threadId: string, actionId: string) {
  clicks += 1;
  const root = slack.message(SUPPORT, threadId)!;
  await receiver.deliver({
    type: 'block_actions',
    user: { id: user, team_id: FAKE_TEAM_ID },
    team: { id: FAKE_TEAM_ID },
    api_app_id: 'A0FAKE',
    trigger_id: `t.desk.${clicks}.${randomUUID()}`,
    container: { type: 'message', channel_id: SUPPORT, message_ts: threadId },
    channel: { id: SUPPORT },
    message: { ts: threadId, text: root.text, blocks: root.blocks },
    response_url: slack.responseUrl(`desk${clicks}`),
    actions: [
      { type: 'button', action_id: actionId, block_id: 'support_actions', value: 'thread' },
    ],
  });
}

const rootText = (threadId: string) => JSON.stringify(slack.message(SUPPORT, threadId)?.blocks);
const notes = (threadId: string) =>
  slack.threadReplies(threadId).map((call) => JSON.stringify(call.args.blocks ?? call.args.text));
const toldTo = (user: string, threadId: string) =>
  slack.calls
    .filter(
      (call) =>
        call.method === 'chat.postEphemeral' &&
        call.args.user === user &&
        call.args.thread_ts === threadId,
    )
    .map((call) => String(call.args.text));

describe('private notes and one voice per thread', () => {
  it(
    'notes never reach the customer; the one who took the thread speaks, others are told who has it',
    { timeout: 60_000 },
    async () => {
      const ana = newCustomer();
      const threadId = await handOff(ana);
      expect(rootText(threadId)).toContain('*Open*, nobody has it yet');
      expect(rootText(threadId)).toContain('support_take');
      const before = said(ana).length;

      // Bea to Marta, in the customer's thread: a note.
      await reply(BEA, threadId, `<@${MARTA}> I have this one, thanks`);
      await reply(BEA, threadId, '// paid twice? checking the sales');
      expect(said(ana).length).toBe(before);
      expect(toldTo(BEA, threadId)).toEqual([
        expect.stringContaining('Kept as a note among staff'),
        expect.stringContaining('Kept as a note among staff'),
      ]);

      // Marta takes it: the first message says so.
      await press(MARTA, threadId, 'support_take');
      expect(rootText(threadId)).toContain('*Marta has it*: only their replies reach the customer');
      expect(notes(threadId).at(-1)).toContain('Marta took this conversation');

      // Bea's reply is not sent; she is told who has it.
      await reply(BEA, threadId, 'Hola Ana, soy Bea');
      expect(said(ana).some((text) => text.includes('soy Bea'))).toBe(false);
      expect(toldTo(BEA, threadId).at(-1)).toContain('Marta has this conversation');

      // Marta's reply reaches the customer, with one "you're talking to".
      await reply(MARTA, threadId, 'Hi Ana, how can I help?');
      expect(said(ana).slice(before)).toEqual([
        "You're talking to Marta (staff). Write here; /bot to go back to the bot.",
        'Marta: Hi Ana, how can I help?',
      ]);

      // Bea takes it over: now hers, and Marta is the one told.
      await press(BEA, threadId, 'support_take');
      expect(rootText(threadId)).toContain('*Bea has it*');
      expect(notes(threadId).at(-1)).toContain('Bea took this conversation over from Marta');
      await reply(MARTA, threadId, 'one more thing');
      expect(toldTo(MARTA, threadId).at(-1)).toContain('Bea has this conversation');
      expect(said(ana).some((text) => text.includes('one more thing'))).toBe(false);
    },
  );

  it(
    'the first to reply has the thread, shown on its first message',
    { timeout: 60_000 },
    async () => {
      const ben = newCustomer();
      const threadId = await handOff(ben);
      await reply(BEA, threadId, 'Hello Ben');
      expect(said(ben)).toContain('Bea: Hello Ben');
      expect(rootText(threadId)).toContain('*Bea has it*');
      await reply(MARTA, threadId, 'Hi Ben, Marta here');
      expect(said(ben).some((text) => text.includes('Marta here'))).toBe(false);
      expect(toldTo(MARTA, threadId).at(-1)).toContain('Bea has this conversation');
    },
  );
});

describe('delivery failures, told in the thread', () => {
  it(
    'a reply and the return to a customer who blocked the bot: marked with the reason; the log never says delivered',
    { timeout: 60_000 },
    async () => {
      const cleo = newCustomer();
      const threadId = await handOff(cleo);
      await reply(MARTA, threadId, 'Hi Cleo');
      expect(said(cleo)).toContain('Marta: Hi Cleo');

      await bot.act(() => telegram.block(cleo));
      await reply(MARTA, threadId, 'Are you still there?');
      expect(notes(threadId).at(-1)).toContain(
        "Marta's reply did not reach the customer: the customer has blocked the bot in Telegram",
      );
      const logged = slackLogs.filter(
        (line) => line.msg === 'slack: staff reply' && line.threadTs === threadId,
      );
      expect(logged.map((line) => line.outcome)).toEqual(['delivered', 'undelivered:blocked']);

      await press(MARTA, threadId, 'support_return');
      expect(notes(threadId).at(-1)).toContain(
        'Marta gave the conversation back to the bot. The customer could not be told: the customer has blocked the bot',
      );
      expect(rootText(threadId)).toContain('*Closed*');
      expect(rootText(threadId)).not.toContain('support_take');
    },
  );
});

/** /handoffs as Slack posts it; the ephemeral answer's text. */
async function handoffs(): Promise<string> {
  clicks += 1;
  const id = `handoffs${clicks}`;
  await receiver.deliver({
    token: 'x',
    team_id: FAKE_TEAM_ID,
    channel_id: SUPPORT,
    user_id: MARTA,
    command: '/handoffs',
    text: '',
    response_url: slack.responseUrl(id),
    trigger_id: `t.handoffs.${clicks}.${randomUUID()}`,
  });
  const answer = await slack.waitForResponse((post) => post.id === id);
  return JSON.stringify(answer.body.blocks);
}

describe('handoffs as a queue', () => {
  it(
    '/handoffs lists the open ones with who has them, until they close',
    { timeout: 60_000 },
    async () => {
      const eve = newCustomer();
      const threadId = await handOff(eve);
      const link = `https://fake.slack.test/archives/${SUPPORT}/p${threadId.replace('.', '')}|thread`;
      const lineOf = (list: string) => list.split('\\n').find((line) => line.includes(link));
      expect(lineOf(await handoffs())).toContain('*nobody has it*');
      await press(MARTA, threadId, 'support_take');
      expect(lineOf(await handoffs())).toContain('Marta has it');
      await bot.act(() => telegram.text(eve, '/bot'));
      expect(lineOf(await handoffs())).toBeUndefined();
    },
  );

  it(
    'a customer waiting again after a first answer is raised in the channel; a second handoff links the first',
    { timeout: 60_000 },
    async () => {
      const dora = newCustomer();
      const threadId = await handOff(dora);
      await reply(MARTA, threadId, 'Hello Dora');
      await bot.act(() => telegram.text(dora, 'Can I change the date?'));
      const before = said(dora).length;
      const raised = () =>
        roots().filter((call) => JSON.stringify(call.args.blocks).includes('has waited'));
      const raisedBefore = raised().length;

      // Nobody answered within SUPPORT_TIMEOUT_MINUTES of that message: the job runs.
      const timeout = { kind: 'support', event: { type: 'support.timeout' } } as const;
      await bot.push.run(`tg:${dora.id}`, timeout);
      expect(raised()).toHaveLength(raisedBefore + 1);
      const line = JSON.stringify(raised().at(-1)!.args.blocks);
      expect(line).toContain('*Ana has waited 15 min or more for an answer*');
      expect(line).toContain('Marta has it.');
      expect(line).toContain(
        `<https://fake.slack.test/archives/${SUPPORT}/p${threadId.replace('.', '')}|Open the thread>`,
      );
      // Already answered once: the customer is not offered the bot back again.
      expect(said(dora).length).toBe(before);

      // Answered: a late job raises nothing.
      await reply(MARTA, threadId, 'Yes, which day?');
      await bot.push.run(`tg:${dora.id}`, timeout);
      expect(raised()).toHaveLength(raisedBefore + 1);

      // Back with the bot, then asking again: the new thread links the earlier one.
      await bot.act(() => telegram.text(dora, '/bot'));
      expect(rootText(threadId)).toContain('*Closed*: The customer went back to the bot.');
      await bot.act(() => telegram.text(dora, 'talk to a person'));
      const second = String(roots().at(-1)!.result?.ts);
      expect(second).not.toBe(threadId);
      expect(rootText(second)).toContain(
        `Asked before: <https://fake.slack.test/archives/${SUPPORT}/p${threadId.replace('.', '')}|the earlier thread>, closed`,
      );
    },
  );
});
