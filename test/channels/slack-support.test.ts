/**
 * The support threads' Slack side on a bolt App with a fake receiver (bodies
 * handed straight to `app.processEvent`), the fake Slack for the Web API, and a
 * recording SupportLine standing in for the handoff service.
 */
import { randomUUID } from 'node:crypto';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boltLogger } from '#src/channels/slack/bolt-logger.js';
import type { SlackDeps } from '#src/channels/slack/deps.js';
import { createSlackSupportDesk, registerStaffApp } from '#src/channels/slack/index.js';
import { MAX_FILE_BYTES, SupportDeskError } from '#src/channels/slack/support/desk.js';
import { parseConfig } from '#src/config.js';
import type { StaffMember, SupportDesk, SupportLine } from '#src/conversation/handoff/ports.js';
import { createEventBus } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import {
  FAKE_BOT_USER_ID,
  messageEvent,
  startFakeSlack,
  type FakeSlack,
} from '#test/support/fake-slack.js';

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
const STAFF = 'U0MARTA';
const OUTSIDER = 'U0NOBODY';

interface LineCall {
  method: keyof SupportLine;
  threadId: string;
  staff: StaffMember;
  text?: string;
}

let fake: FakeSlack;
let receiver: FakeReceiver;
let desk: SupportDesk;
const lineCalls: LineCall[] = [];
let answers: {
  staffSaid: Awaited<ReturnType<SupportLine['staffSaid']>>;
  returnToBot: Awaited<ReturnType<SupportLine['returnToBot']>>;
  sendCart: Awaited<ReturnType<SupportLine['sendCart']>>;
  take: Awaited<ReturnType<SupportLine['take']>>;
};

const line: SupportLine = {
  async staffSaid(threadId, staff, text) {
    lineCalls.push({ method: 'staffSaid', threadId, staff, text });
    return answers.staffSaid;
  },
  async returnToBot(threadId, staff) {
    lineCalls.push({ method: 'returnToBot', threadId, staff });
    return answers.returnToBot;
  },
  async sendCart(threadId, staff) {
    lineCalls.push({ method: 'sendCart', threadId, staff });
    return answers.sendCart;
  },
  async take(threadId, staff) {
    lineCalls.push({ method: 'take', threadId, staff });
    return answers.take;
  },
  resendTickets: async () => 'none',
  async sendFile(threadId, staff, file, text) {
    lineCalls.push({ method: 'sendFile', threadId, staff, text: `${file.name}:${text ?? ''}` });
    return answers.staffSaid;
  },
};

beforeAll(async () => {
  fake = await startFakeSlack();
  fake.person(STAFF, 'Marta', 'Marta Ruiz');
  receiver = new FakeReceiver();
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-unit',
    SLACK_SIGNING_SECRET: 'unit',
    SLACK_API_URL: fake.apiUrl,
    SLACK_STAFF_USERS: STAFF,
  });
  const deps: SlackDeps = {
    config: config.slack!,
    lookups: createStaffLookups({
      client: { call: () => Promise.reject(new Error('no partner call expected')) },
      logger: silentLogger,
    }),
    store: createMemoryStore(),
    events: createEventBus(),
    logger: silentLogger,
    support: { channel: SUPPORT, line },
  };
  const app = new App({
    token: 'xoxb-unit',
    receiver,
    tokenVerificationEnabled: false,
    logger: boltLogger(silentLogger),
    clientOptions: { slackApiUrl: fake.apiUrl },
    convoStore: false,
  });
  registerStaffApp(app, deps);
  desk = createSlackSupportDesk(app.client, SUPPORT, deps);
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  lineCalls.length = 0;
  answers = {
    staffSaid: 'delivered',
    returnToBot: 'returned',
    sendCart: 'sent',
    take: { taken: true },
  };
});

async function openThread(): Promise<string> {
  const { threadId } = await desk.openThread({
    conversationId: 'tg:1',
    customer: { firstName: 'Ana', language: 'es' },
    step: 'choosing the date',
    transcript: [{ from: 'customer', text: 'necesito ayuda', at: '2026-06-10T08:00:00Z' }],
  });
  return threadId;
}

const callsOf = (method: string) => fake.calls.filter((call) => call.method === method);

describe('the desk', () => {
  it('opens a thread in the support channel: the summary, then the transcript in it', async () => {
    const threadId = await openThread();
    const root = fake.calls.find(
      (call) => call.method === 'chat.postMessage' && call.args.thread_ts === undefined,
    );
    expect(root?.args.channel).toBe(SUPPORT);
    const replies = fake.threadReplies(threadId);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.args).toMatchObject({ channel: SUPPORT, mrkdwn: 'false' });
    expect(String(replies[0]!.args.text)).toContain('[Customer 08:00] necesito ayuda');
  });

  it('posts the customer’s text as a plain reply in the thread', async () => {
    const threadId = await openThread();
    await desk.postFromCustomer(threadId, { kind: 'text', text: 'is it <b>open</b> & free?' });
    const last = fake.threadReplies(threadId).at(-1)!;
    expect(last.args).toMatchObject({
      channel: SUPPORT,
      thread_ts: threadId,
      mrkdwn: 'false',
      text: 'Customer: is it &lt;b&gt;open&lt;/b&gt; &amp; free?',
    });
  });

  it('uploads a photo into the thread through the three upload calls', async () => {
    const threadId = await openThread();
    const data = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]);
    await desk.postFromCustomer(threadId, {
      kind: 'file',
      file: { name: 'photo.jpg', mime: 'image/jpeg', data },
      caption: 'my *ticket* <@U0MARTA>',
    });
    const file = fake.files.at(-1)!;
    expect(file).toMatchObject({
      filename: 'photo.jpg',
      channel: SUPPORT,
      threadTs: threadId,
      initialComment: 'Customer sent photo.jpg',
    });
    // The caption follows as plain text, as the customer's words always are.
    expect(fake.threadReplies(threadId).at(-1)!.args).toMatchObject({
      mrkdwn: 'false',
      text: 'Customer: my *ticket* &lt;@U0MARTA&gt;',
    });
    expect(file.data.equals(data)).toBe(true);
    expect(callsOf('files.getUploadURLExternal').at(-1)!.args).toMatchObject({
      filename: 'photo.jpg',
      length: String(data.length),
    });
  });

  it('says in the thread that a file was too large, instead of uploading it', async () => {
    const threadId = await openThread();
    const uploads = fake.files.length;
    await desk.postFromCustomer(threadId, {
      kind: 'file',
      file: { name: 'video.mp4', mime: 'video/mp4', data: Buffer.alloc(MAX_FILE_BYTES + 1) },
    });
    expect(fake.files).toHaveLength(uploads);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'larger than can be passed on',
    );
  });

  it('fails with Slack’s code only, nothing of what it was sending', async () => {
    const threadId = await openThread();
    fake.answer('chat.postMessage', () => ({ ok: false, error: 'channel_not_found' }));
    try {
      const failed = await desk
        .postFromCustomer(threadId, { kind: 'text', text: 'my DNI is 12345678Z' })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(SupportDeskError);
      expect(failed).toMatchObject({ code: 'channel_not_found' });
      expect(JSON.stringify(failed, Object.getOwnPropertyNames(failed))).not.toContain('12345678Z');
      expect((failed as Error).cause).toBeUndefined();
    } finally {
      fake.answer('chat.postMessage', undefined);
    }
  });

  it('posts a note in the thread', async () => {
    const threadId = await openThread();
    await desk.postNote(threadId, 'No reply in 15 min');
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args.blocks)).toContain(
      'No reply in 15 min',
    );
  });
});

describe('replies in the thread', () => {
  it('pass staff’s text to the customer under their display name, asked once', async () => {
    const threadId = await openThread();
    await receiver.deliver(
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'Hola &amp; bienvenida',
        threadTs: threadId,
      }),
    );
    await receiver.deliver(
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'Te ayudo', threadTs: threadId }),
    );
    expect(lineCalls).toEqual([
      {
        method: 'staffSaid',
        threadId,
        staff: { id: STAFF, name: 'Marta' },
        text: 'Hola & bienvenida',
      },
      { method: 'staffSaid', threadId, staff: { id: STAFF, name: 'Marta' }, text: 'Te ayudo' },
    ]);
    // The first name asked in this file, and kept for the second reply.
    expect(callsOf('users.info').map((call) => call.args.user)).toEqual([STAFF]);
  });

  it('pass staff’s text without control or bidi characters; nothing when nothing else is left', async () => {
    const threadId = await openThread();
    const hidden = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F';
    const controls = '\u0007\u0000\u001b\u0085\u009b\u007f';
    await receiver.deliver(
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: `Tu factura:\u202E fdp.exe${controls}\n\tlista${hidden}`,
        threadTs: threadId,
      }),
    );
    await receiver.deliver(
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: `${hidden} ${controls}`,
        threadTs: threadId,
      }),
    );
    // Newline and tab are kept; nothing of the second message was passed on.
    expect(lineCalls.map((call) => call.text)).toEqual(['Tu factura: fdp.exe\n\tlista']);
  });

  it('pass a redelivered event once', async () => {
    const threadId = await openThread();
    const event = messageEvent({
      channel: SUPPORT,
      user: STAFF,
      text: 'una vez',
      threadTs: threadId,
    });
    await receiver.deliver(event);
    await receiver.deliver(event);
    expect(lineCalls.filter((call) => call.text === 'una vez')).toHaveLength(1);
  });

  it('leave alone the bot’s own messages, edits, joins, top-level messages and other channels', async () => {
    const threadId = await openThread();
    const ignored = [
      messageEvent({
        channel: SUPPORT,
        text: 'bot',
        threadTs: threadId,
        botId: 'B0BOT',
        subtype: 'bot_message',
      }),
      messageEvent({
        channel: SUPPORT,
        user: FAKE_BOT_USER_ID,
        text: 'self',
        threadTs: threadId,
        botId: 'B0BOT',
      }),
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'edit',
        threadTs: threadId,
        subtype: 'message_changed',
      }),
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'joined', subtype: 'channel_join' }),
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'top level' }),
      messageEvent({ channel: 'C0OTHER', user: STAFF, text: 'elsewhere', threadTs: threadId }),
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'the root',
        ts: threadId,
        threadTs: threadId,
      }),
    ];
    for (const event of ignored) await receiver.deliver(event);
    expect(lineCalls).toEqual([]);
  });

  it('are not passed on from someone outside the staff, who is told so', async () => {
    const threadId = await openThread();
    await receiver.deliver(
      messageEvent({ channel: SUPPORT, user: OUTSIDER, text: 'hi customer', threadTs: threadId }),
    );
    expect(lineCalls).toEqual([]);
    const told = await fake.waitForCall(
      'chat.postEphemeral',
      (call) => call.args.user === OUTSIDER && call.args.thread_ts === threadId,
    );
    expect(String(told.args.text)).toContain('Only the booking staff');
  });

  it('are not passed on from another workspace’s member (a shared channel), staff id or not', async () => {
    const threadId = await openThread();
    await receiver.deliver(
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        userTeam: 'T0OTHERCO',
        text: 'I am not who you think',
        threadTs: threadId,
      }),
    );
    expect(lineCalls).toEqual([]);
  });

  it('note in the thread when the conversation is already back with the bot', async () => {
    const threadId = await openThread();
    answers.staffSaid = 'closed';
    await receiver.deliver(
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'late', threadTs: threadId }),
    );
    expect(lineCalls).toHaveLength(1);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'back with the bot',
    );
  });

  it('keep notes among staff: a mention of a teammate, @here or the // marker never reaches the customer', async () => {
    const threadId = await openThread();
    const notes = [
      '<@U0BEA> I have this one, thanks',
      'ok <@U0BEA|bea>, yours',
      '<!here> anyone knows the aquarium hours?',
      '<!subteam^S0SUPPORT> help',
      '  // she paid twice, checking',
    ];
    for (const text of notes)
      await receiver.deliver(
        messageEvent({ channel: SUPPORT, user: STAFF, text, threadTs: threadId }),
      );
    expect(lineCalls).toEqual([]);
    const told = fake.calls.filter(
      (call) => call.method === 'chat.postEphemeral' && call.args.thread_ts === threadId,
    );
    expect(told).toHaveLength(notes.length);
    expect(String(told[0]!.args.text)).toContain('Kept as a note among staff');
    // A reply with a slash or a link in it is still a reply.
    await receiver.deliver(
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'See <https://example.com/a//b> at 10/12',
        threadTs: threadId,
      }),
    );
    expect(lineCalls.map((call) => call.text)).toEqual(['See https://example.com/a//b at 10/12']);
  });

  it('held by another member of staff: not sent, and the writer is told who has it', async () => {
    const threadId = await openThread();
    answers.staffSaid = { held: 'Bea' };
    await receiver.deliver(
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'I can help', threadTs: threadId }),
    );
    const told = await fake.waitForCall(
      'chat.postEphemeral',
      (call) =>
        call.args.thread_ts === threadId &&
        /Bea has this conversation/.test(String(call.args.text)),
    );
    expect(String(told.args.text)).toContain('your message was not sent to the customer');
    expect(String(told.args.text)).toContain('🙋 Take this one');
  });

  it('that did not reach the customer are marked in the thread with the reason in words', async () => {
    const threadId = await openThread();
    answers.staffSaid = { undelivered: { reason: 'blocked' } };
    await receiver.deliver(
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'Are you there?', threadTs: threadId }),
    );
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      "Marta's reply did not reach the customer: the customer has blocked the bot in Telegram",
    );
  });

  it('say nothing in a thread that is no handoff’s (staff talking among themselves)', async () => {
    const threadId = await openThread();
    answers.staffSaid = 'unknown';
    const calls = fake.calls.length;
    await receiver.deliver(
      messageEvent({ channel: SUPPORT, user: STAFF, text: 'lunch?', threadTs: threadId }),
    );
    expect(lineCalls).toHaveLength(1);
    expect(
      fake.calls
        .slice(calls)
        .filter((call) => call.method.startsWith('chat.'))
        .map((call) => call.method),
    ).toEqual([]);
    // Under the bot's own root, it was a handoff whose record expired: closed, and said.
    await receiver.deliver(
      messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'late',
        threadTs: threadId,
        parentUserId: FAKE_BOT_USER_ID,
      }),
    );
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'back with the bot',
    );
  });
});

let clicks = 0;
/** A click on one of the thread's buttons, as Slack sends it (the root message with it). */
async function click(actionId: string, threadId: string, userId = STAFF) {
  clicks += 1;
  const root = fake.calls.find(
    (call) =>
      call.method === 'chat.postMessage' &&
      call.args.ts === undefined &&
      call.args.thread_ts === undefined,
  )!;
  const id = `click${clicks}`;
  await receiver.deliver({
    type: 'block_actions',
    user: { id: userId },
    team: { id: 'T0FAKE' },
    api_app_id: 'A0FAKE',
    trigger_id: `t.click.${clicks}.${randomUUID()}`,
    container: { type: 'message', channel_id: SUPPORT, message_ts: threadId },
    channel: { id: SUPPORT },
    message: { ts: threadId, text: 'root', blocks: root.args.blocks },
    response_url: fake.responseUrl(id),
    actions: [
      {
        type: 'button',
        action_id: actionId,
        block_id: 'support_actions',
        value: 'thread',
        action_ts: '1',
      },
    ],
  });
  return id;
}

describe('the thread’s buttons', () => {
  it('"Return to bot" gives the conversation back and notes who', async () => {
    const threadId = await openThread();
    await click('support_return', threadId);
    expect(lineCalls).toEqual([
      { method: 'returnToBot', threadId, staff: { id: STAFF, name: 'Marta' } },
    ]);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'Marta gave the conversation back to the bot.',
    );
  });

  it('"Return to bot" to a customer out of reach: the note says they could not be told, and why', async () => {
    const threadId = await openThread();
    answers.returnToBot = { undelivered: { reason: 'blocked' } };
    await click('support_return', threadId);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'Marta gave the conversation back to the bot. The customer could not be told: the customer has blocked the bot in Telegram',
    );
  });

  it('"Send the cart" that did not reach the customer is marked in the thread with the reason', async () => {
    const threadId = await openThread();
    answers.sendCart = { undelivered: { reason: 'gone' } };
    await click('support_send_cart', threadId);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'The cart Marta sent did not reach the customer: the customer’s Telegram account or chat no longer exists.',
    );
  });

  it('"🙋 Take this one" assigns the thread and notes it, naming who had it before', async () => {
    const threadId = await openThread();
    await click('support_take', threadId);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      "Marta took this conversation: only Marta's replies reach the customer now.",
    );
    answers.take = { taken: true, from: 'Bea' };
    await click('support_take', threadId);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'Marta took this conversation over from Bea',
    );
    expect(lineCalls.map((call) => call.method)).toEqual(['take', 'take']);
  });

  it('"Send the cart" sends it and notes it; an empty cart is said to the clicker only', async () => {
    const threadId = await openThread();
    await click('support_send_cart', threadId);
    expect(JSON.stringify(fake.threadReplies(threadId).at(-1)!.args)).toContain(
      'Marta sent the cart to the customer.',
    );
    answers.sendCart = 'empty';
    const id = await click('support_send_cart', threadId);
    const told = await fake.waitForResponse((post) => post.id === id);
    expect(told.body).toMatchObject({ response_type: 'ephemeral' });
    expect(String(told.body.text)).toContain('cart is empty');
    expect(lineCalls.map((call) => call.method)).toEqual(['sendCart', 'sendCart']);
  });

  it('on a conversation already back with the bot: says so and retires the buttons', async () => {
    const threadId = await openThread();
    answers.returnToBot = 'closed';
    const id = await click('support_return', threadId);
    const told = await fake.waitForResponse((post) => post.id === id);
    expect(String(told.body.text)).toContain('already back with the bot');
    await fake.waitForCall('chat.update', (call) => call.args.ts === threadId);
  });

  it('cannot be pressed by someone outside the staff: a polite refusal, nothing done', async () => {
    const threadId = await openThread();
    for (const action of ['support_return', 'support_send_cart']) {
      const id = await click(action, threadId, OUTSIDER);
      const told = await fake.waitForResponse((post) => post.id === id);
      expect(told.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
      expect(String(told.body.text)).toMatch(/only for the booking staff/);
    }
    expect(lineCalls).toEqual([]);
    expect(
      fake.calls.some((call) => call.method === 'chat.update' && call.args.ts === threadId),
    ).toBe(false);
  });
});

describe('a support channel listed in SLACK_STAFF_CHANNELS', () => {
  it('makes everyone in it staff for the thread', async () => {
    const channelReceiver = new FakeReceiver();
    const config = parseConfig({
      SLACK_BOT_TOKEN: 'xoxb-unit',
      SLACK_SIGNING_SECRET: 'unit',
      SLACK_API_URL: fake.apiUrl,
      SLACK_STAFF_CHANNELS: SUPPORT,
    });
    const app = new App({
      token: 'xoxb-unit',
      receiver: channelReceiver,
      tokenVerificationEnabled: false,
      logger: boltLogger(silentLogger),
      clientOptions: { slackApiUrl: fake.apiUrl },
      convoStore: false,
    });
    registerStaffApp(app, {
      config: config.slack!,
      lookups: createStaffLookups({
        client: { call: () => Promise.reject(new Error('no partner call expected')) },
        logger: silentLogger,
      }),
      store: createMemoryStore(),
      events: createEventBus(),
      logger: silentLogger,
      support: { channel: SUPPORT, line },
    });
    const threadId = await openThread();
    await channelReceiver.deliver(
      messageEvent({ channel: SUPPORT, user: OUTSIDER, text: 'I can help', threadTs: threadId }),
    );
    // Slack has no name for them: the customer reads "Staff".
    expect(lineCalls).toEqual([
      { method: 'staffSaid', threadId, staff: { id: OUTSIDER, name: 'Staff' }, text: 'I can help' },
    ]);
  });
});
