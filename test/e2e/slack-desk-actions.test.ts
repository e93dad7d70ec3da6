/**
 * What staff do for a customer from Slack, end to end in one process: the real bot
 * (createApp + Telegram against the fake Bot API, the sandbox, Redis) and the real bolt
 * app (the staff app's listeners, its Web API at the fake Slack) as the desk, as in
 * slack-desk.test.ts. "🎟️ Resend the tickets" sends the last sale's tickets again as after
 * the sale; a file shared in the thread reaches the customer as a document, and one to a
 * customer who blocked the bot is marked in the thread; asking to cancel and for a refund
 * is offered a person in one tap, with nothing bought.
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
import { createLogger, silentLogger } from '#src/log.js';
import {
  startFakeTelegram,
  type FakeTelegram,
  type FakeUser,
} from '#test/support/fake-telegram.js';
import {
  FAKE_BOT_USER_ID,
  FAKE_TEAM_ID,
  messageEvent,
  startFakeSlack,
  type FakeSlack,
} from '#test/support/fake-slack.js';
import { booking } from '#test/support/telegram-booking-script.js';
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
const BOT_TOKEN = 'xoxb-desk';

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
    events: bot.app.events,
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
/** The customer buys two jellyfish tickets in Telegram (the booking script). */
async function buy(customer: FakeUser): Promise<void> {
  for (const step of booking) await bot.act(() => step.act(telegram, customer));
  expect(said(customer).some((text) => /Purchase confirmed/.test(text))).toBe(true);
}

/** The tickets' photos the customer got (sendPhoto), their captions. */
const ticketPhotos = (customer: FakeUser) =>
  telegram.callsOf('sendPhoto', customer.id).map((call) => String(call.params.caption));

/** A staff member shares a file in the thread, with what they wrote with it. */
const share = (user: string, threadId: string, text: string, data: Buffer, name: string) =>
  receiver.deliver(
    messageEvent({
      channel: SUPPORT,
      user,
      text,
      threadTs: threadId,
      parentUserId: FAKE_BOT_USER_ID,
      subtype: 'file_share',
      files: [slack.shareFile(name, 'application/pdf', data)],
    }),
  );

describe('resending the tickets from the thread', () => {
  it(
    'sends the last sale’s tickets again as after the sale, and says so in the thread',
    { timeout: 90_000 },
    async () => {
      const ana = newCustomer();
      await bot.act(() => telegram.text(ana, '/start'));
      await buy(ana);
      const first = ticketPhotos(ana);
      expect(first).toHaveLength(2);
      const threadId = await handOff(ana);
      expect(rootText(threadId)).toContain('support_tickets');
      expect(rootText(threadId)).toContain('Resend the tickets');

      await press(MARTA, threadId, 'support_tickets');
      // The resend runs after the button's acknowledgement: its note in the thread ends it.
      const sale = bot.logs.find((line) => line.msg === 'sale confirmed')!;
      await expect
        .poll(() => notes(threadId).at(-1), { timeout: 30_000 })
        .toContain(
          `Marta sent the customer the tickets of the sale \`${String(sale.partnerSaleId)}\` again.`,
        );
      expect(said(ana)).toContain('🎟️ Marta (staff) sends you your tickets again:');
      // The same tickets, drawn as after the sale: a QR photo each, the same codes.
      expect(ticketPhotos(ana).slice(first.length)).toEqual(first);
    },
  );

  it('a customer with no sale: staff are told, nothing is sent', { timeout: 60_000 }, async () => {
    const ben = newCustomer();
    const threadId = await handOff(ben);
    const before = said(ben).length;
    await press(BEA, threadId, 'support_tickets');
    await expect
      .poll(() => slack.responses.map((post) => JSON.stringify(post.body)), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining('has no sale made with the bot that has tickets'));
    expect(said(ben).length).toBe(before);
    expect(ticketPhotos(ben)).toEqual([]);
  });
});

describe('a file from staff', () => {
  it(
    'reaches the customer as a document after the words; to a customer who blocked the bot, marked',
    { timeout: 60_000 },
    async () => {
      const cleo = newCustomer();
      const threadId = await handOff(cleo);
      const pdf = Buffer.from('%PDF-1.4 the invoice');
      await share(MARTA, threadId, 'Here is your invoice', pdf, 'invoice.pdf');
      expect(slack.downloads.at(-1)?.token).toBe(BOT_TOKEN);
      // The words, then the file (a message with no text).
      expect(said(cleo).slice(-3)).toEqual([
        "You're talking to Marta (staff). Write here; /bot to go back to the bot.",
        'Marta: Here is your invoice',
        '',
      ]);
      const [document] = telegram.callsOf('sendDocument', cleo.id);
      expect(document?.files.document?.name).toBe('invoice.pdf');
      expect(document?.files.document?.bytes.equals(pdf)).toBe(true);

      // A file that mentions a teammate is a note: never downloaded, never sent.
      const downloads = slack.downloads.length;
      await share(MARTA, threadId, `<@${BEA}> is this the right one?`, pdf, 'draft.pdf');
      expect(slack.downloads.length).toBe(downloads);
      expect(telegram.callsOf('sendDocument', cleo.id)).toHaveLength(1);

      await bot.act(() => telegram.block(cleo));
      await share(MARTA, threadId, '', pdf, 'ticket.pdf');
      expect(notes(threadId).at(-1)).toContain(
        'The file Marta shared did not reach the customer: the customer has blocked the bot in Telegram',
      );
    },
  );
});

describe('cancelling and a refund', () => {
  it(
    'asked with nothing bought: said so, and a person one tap away who gets a thread',
    { timeout: 60_000 },
    async () => {
      const dora = newCustomer();
      await bot.act(() => telegram.text(dora, '/start'));
      await bot.act(() => telegram.text(dora, 'I need to cancel my booking and get a refund'));
      const view = telegram.lastKeyboard(dora.id)!;
      expect(view.text).toMatch(/cannot find any booking of yours/);
      const person = telegram.buttons(view).find((button) => button.text === '🙋 Talk to a person');
      expect(person).toBeDefined();
      const before = rootsCount();
      await bot.act(() => telegram.tap(dora, view.messageId, person!.callback_data!));
      expect(rootsCount()).toBe(before + 1);
      expect(said(dora).join('\n')).toContain("I've passed your conversation to our team");
    },
  );
});
