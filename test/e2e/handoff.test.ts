/**
 * Talking to a person, end to end: two instances of the bot (real processes,
 * `npm start`: grammY against the fake Bot API in webhook mode, bolt in HTTP mode at
 * each instance's /slack/events, its Web API at the fake Slack) on one Redis and the
 * sandbox. A customer asks in words mid-checkout; a thread opens in the support channel
 * with the context; staff's reply (signed as Slack signs it) reaches Telegram once,
 * though Slack delivers the event again to the other instance; the customer's answer
 * and a photo reach the thread once; someone outside the staff cannot press the
 * thread's buttons; "Send the cart" shows it to the customer; "Return to bot" brings
 * back the same step and cart, and a reply after that is not sent. Then: no staff
 * reply in SUPPORT_TIMEOUT_MINUTES (the BullMQ job promoted rather than waited for), and
 * a third instance whose SUPPORT_HOURS exclude the suite's "now" says when staff answer.
 *
 * Each cluster uses a Redis database of its own (…/9, …/10): their BullMQ queue is the
 * default one, and no other instances may take their jobs.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BookingContext } from '#flows/booking/types.js';
import { supportTimeoutJobId } from '#src/store/keys.js';
import { createRedisStore } from '#src/store/redis-store.js';
import {
  startCluster,
  watchChat,
  type ChatWatch,
  type Cluster,
} from '#test/support/bot-cluster.js';
import type { BotProcess } from '#test/support/bot-process.js';
import {
  interactionBody,
  messageEvent,
  postEventToSlackApp,
  postToSlackApp,
  startFakeSlack,
  type ApiCall,
  type FakeSlack,
} from '#test/support/fake-slack.js';
import { testNow } from '#test/support/clock.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { newCustomer } from '#test/support/telegram-bot.js';
import { booking, type Step } from '#test/support/telegram-booking-script.js';

const SECRET = 'handoff-signing-secret-0123456789';
const SUPPORT = 'C0SUPPORT';
const STAFF = 'U0MARTA';
const OUTSIDER = 'U0NOBODY';
const NIGHT_SUPPORT = 'C0NIGHT';

/** Staff answer only the day after the suite's "now", 09:00-18:00 UTC. */
const tomorrow = new Date(testNow().getTime() + 24 * 60 * 60 * 1000);
const TOMORROW = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][tomorrow.getUTCDay()]!;
const OPENS = `${tomorrow.toISOString().slice(0, 10)} 09:00 UTC`;

let sandbox: TestSandbox;
let slack: FakeSlack;
let cluster: Cluster;
let night: Cluster;
/** A database each for the two clusters: each its own BullMQ queue. */
const DB = 9;
const NIGHT_DB = 10;
const redisUrl = (db = DB): string => `${inject('redisUrl')}/${db}`;

const slackEnv = (channel: string, hours: string) => ({
  PAYMENT_MODE: 'on-account',
  SLACK_BOT_TOKEN: 'xoxb-handoff-test',
  SLACK_SIGNING_SECRET: SECRET,
  SLACK_API_URL: slack.apiUrl,
  SLACK_STAFF_USERS: STAFF,
  SLACK_SUPPORT_CHANNEL: channel,
  SUPPORT_HOURS: hours,
});

beforeAll(async () => {
  sandbox = await startTestSandbox();
  slack = await startFakeSlack();
  slack.person(STAFF, 'Marta', 'Marta Ruiz');
  [cluster, night] = await Promise.all([
    startCluster({
      sandbox,
      redis: redisUrl(),
      names: ['a', 'b'],
      seed: 20_261_124,
      env: slackEnv(SUPPORT, 'always'),
    }),
    startCluster({
      sandbox,
      redis: redisUrl(NIGHT_DB),
      names: ['night'],
      seed: 20_261_125,
      env: slackEnv(NIGHT_SUPPORT, `${TOMORROW} 09:00-18:00 Etc/UTC`),
    }),
  ]);
  // Both instances' Slack apps are up (each checks its token once).
  await until('the Slack apps to start', () =>
    [...cluster.bots, ...night.bots].every((bot) =>
      bot.logs.some((line) => line.msg === 'slack: staff app started'),
    ),
  );
}, 90_000);

afterAll(async () => {
  await cluster?.close();
  await night?.close();
  await slack?.close();
  await sandbox?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function book(chat: ChatWatch, steps: Step[], on = cluster) {
  for (const step of steps) {
    const since = chat.mark();
    step.act(on.fake, chat.user);
    if (!(await chat.waitFor(step.expect, since))) {
      throw new Error(`${step.name}: no ${step.expect}; the chat shows: ${chat.view()?.text}`);
    }
    await chat.quiet(150);
  }
}

/** How many of the bot's messages in the chat match `pattern` (notices, not only views). */
function said(on: Cluster, chatId: number, pattern: RegExp): number {
  return on.fake.messages(chatId).filter((message) => pattern.test(message.text ?? '')).length;
}

/** The conversation's machine as saved: its step and its cart. */
async function machineOf(userId: number): Promise<{ step: unknown; cart: unknown }> {
  const store = createRedisStore(redisUrl());
  try {
    const saved = await store.get<{ snapshot: { value: unknown; context: BookingContext } }>(
      `conv:tg:${userId}`,
    );
    return { step: saved!.value.snapshot.value, cart: saved!.value.snapshot.context.cart };
  } finally {
    await store.close();
  }
}

const eventsUrl = (bot: BotProcess) => `${bot.url}/slack/events`;

const textOf = (call: ApiCall): string =>
  `${String(call.args.text)}\n${JSON.stringify(call.args.blocks ?? '')}`;

/** The threads' roots: messages in a support channel that are not replies. */
const roots = (channel = SUPPORT) =>
  slack.calls.filter(
    (call) =>
      call.method === 'chat.postMessage' &&
      call.args.channel === channel &&
      call.args.thread_ts === undefined,
  );

/** Runs a delayed job now (BullMQ's promote), instead of waiting for its time. */
async function promote(jobId: string): Promise<void> {
  const url = new URL(redisUrl());
  const queue = new Queue('bot-jobs', {
    connection: { host: url.hostname, port: Number(url.port), db: DB },
  });
  try {
    const job = await queue.getJob(jobId.replace(/:/g, '|'));
    if (!job) throw new Error(`no job ${jobId}`);
    await job.promote();
  } finally {
    await queue.close();
  }
}

/** A click on one of the root's buttons, as Slack posts it to an instance. */
async function click(
  bot: BotProcess,
  root: ApiCall,
  actionId: string,
  userId: string,
  responseId: string,
) {
  const threadId = String(root.result?.ts);
  return postToSlackApp(
    eventsUrl(bot),
    interactionBody({
      type: 'block_actions',
      user: { id: userId },
      team: { id: 'T0FAKE' },
      api_app_id: 'A0FAKE',
      trigger_id: `t.${responseId}`,
      container: { type: 'message', channel_id: SUPPORT, message_ts: threadId },
      channel: { id: SUPPORT },
      message: { ts: threadId, text: 'root', blocks: root.args.blocks },
      response_url: slack.responseUrl(responseId),
      actions: [
        {
          type: 'button',
          action_id: actionId,
          block_id: 'support_actions',
          value: 'thread',
          action_ts: '1',
        },
      ],
    }),
    { secret: SECRET },
  );
}

describe('a customer hands their checkout to a person and comes back', () => {
  it(
    'opens a thread with the context, passes messages both ways once, and returns to the same step and cart',
    { timeout: 90_000 },
    async () => {
      const ana = newCustomer();
      const chat = watchChat(cluster.fake, ana);
      const checkout = booking.findIndex((step) => step.name === 'check out');
      await book(chat, booking.slice(0, checkout + 1));
      const before = await machineOf(ana.id);

      // Asked in words, mid-checkout.
      cluster.fake.text(ana, 'I want to talk to a person');
      await until(
        'the customer to hear it',
        () => said(cluster, ana.id, /passed your conversation to our team/) > 0,
      );
      await until('the thread to open', () => roots().length === 1);
      const root = roots()[0]!;
      const threadId = String(root.result?.ts);
      const summary = textOf(root);
      expect(summary).toContain('Ana');
      expect(summary).toContain('English');
      expect(summary).toMatch(/Jellyfish/);
      expect(summary).toContain('Total: €12.00');
      expect(summary).toContain('support_return');
      expect(summary).toContain('support_send_cart');
      await until('the transcript in the thread', () => slack.threadReplies(threadId).length >= 1);
      const transcript = String(slack.threadReplies(threadId)[0]!.args.text);
      expect(transcript).toMatch(/^Last messages \(UTC\):\n\[(Customer|Bot) \d\d:\d\d\] /);
      expect(transcript).toMatch(/\[Customer \d\d:\d\d\] /);
      expect(transcript).toContain('Your details');

      // Staff reply, delivered to a, then again (Slack's retry) to b: one message.
      const [a, b] = cluster.bots as [BotProcess, BotProcess];
      const reply = messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'Hola Ana, I can help &amp; check the tickets',
        threadTs: threadId,
      });
      const staffSaid = /^Marta: Hola Ana, I can help & check the tickets$/;
      expect((await postEventToSlackApp(eventsUrl(a), reply, { secret: SECRET })).status).toBe(200);
      await until('the reply in Telegram', () => said(cluster, ana.id, staffSaid) === 1);
      expect(
        (await postEventToSlackApp(eventsUrl(b), reply, { secret: SECRET, retryNum: 1 })).status,
      ).toBe(200);
      await until('the redelivery to be ignored', () =>
        b.logs.some((line) => line.msg === 'slack: repeated delivery ignored'),
      );
      await chat.quiet(300);
      expect(said(cluster, ana.id, staffSaid)).toBe(1);

      // The customer's answer and a photo reach the thread, once each.
      cluster.fake.text(ana, 'Thanks! Is the <b>aquarium</b> open?');
      await until('the answer in the thread', () =>
        slack
          .threadReplies(threadId)
          .some((call) => /^Customer: Thanks!/.test(String(call.args.text))),
      );
      const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
      cluster.fake.photo(ana, photo);
      await until('the photo in the thread', () =>
        slack.files.some((file) => file.threadTs === threadId && file.data.length > 0),
      );
      await chat.quiet(300);
      const answers = slack
        .threadReplies(threadId)
        .filter((call) => /^Customer: Thanks!/.test(String(call.args.text)));
      expect(answers).toHaveLength(1);
      expect(String(answers[0]!.args.text)).toBe(
        'Customer: Thanks! Is the &lt;b&gt;aquarium&lt;/b&gt; open?',
      );
      const files = slack.files.filter((file) => file.threadTs === threadId);
      expect(files).toHaveLength(1);
      expect(files[0]!.data.equals(photo)).toBe(true);

      // Someone outside the staff cannot press the thread's buttons.
      let since = chat.mark();
      await click(a, root, 'support_return', OUTSIDER, 'outsider');
      const refused = await slack.waitForResponse((post) => post.id === 'outsider');
      expect(String(refused.body.text)).toMatch(/only for the booking staff/);
      await chat.quiet(300);
      expect(chat.mark()).toBe(since);

      // "Send the cart to the customer": the customer reads it; the thread notes it.
      await click(a, root, 'support_send_cart', STAFF, 'staff-cart');
      await until(
        'the cart in Telegram',
        () => said(cluster, ana.id, /^Our team sends you your cart:[^]*€12\.00/) === 1,
      );
      await until('the note in the thread', () =>
        slack
          .threadReplies(threadId)
          .some((call) => /Marta sent the cart to the customer/.test(JSON.stringify(call.args))),
      );

      // "Return to bot", pressed on the other instance: the same step and cart.
      since = chat.mark();
      await click(b, root, 'support_return', STAFF, 'staff-return');
      expect(await chat.waitFor(/Your details/, since)).toBe(true);
      expect(said(cluster, ana.id, /back with the bot/)).toBe(1);
      expect(await machineOf(ana.id)).toEqual(before);
      await until('the root to lose its buttons', () =>
        slack.calls.some((call) => call.method === 'chat.update' && call.args.ts === threadId),
      );

      // A reply after that is not sent; the thread says why.
      const late = messageEvent({
        channel: SUPPORT,
        user: STAFF,
        text: 'One more thing',
        threadTs: threadId,
      });
      expect((await postEventToSlackApp(eventsUrl(a), late, { secret: SECRET })).status).toBe(200);
      await until('the thread to say so', () =>
        slack
          .threadReplies(threadId)
          .some((call) =>
            /back with the bot: that message was not sent/.test(JSON.stringify(call.args)),
          ),
      );
      expect(said(cluster, ana.id, /One more thing/)).toBe(0);
    },
  );
});

describe('nobody answers', () => {
  it(
    'after SUPPORT_TIMEOUT_MINUTES the customer is offered the bot back, and the thread says so',
    { timeout: 60_000 },
    async () => {
      const ben = newCustomer();
      const chat = watchChat(cluster.fake, ben);
      await book(chat, booking.slice(0, 1));
      const threads = roots().length;
      cluster.fake.text(ben, 'talk to a person');
      await until(
        'the customer to hear it',
        () => said(cluster, ben.id, /passed your conversation to our team/) > 0,
      );
      await until('the thread to open', () => roots().length === threads + 1);
      const threadId = String(roots().at(-1)!.result?.ts);

      await promote(supportTimeoutJobId(`tg:${ben.id}`, threadId));
      await until(
        'the customer to hear it',
        () => said(cluster, ben.id, /Nobody from the team has answered in 15 minutes/) > 0,
      );
      await until('the note in the thread', () =>
        slack
          .threadReplies(threadId)
          .some((call) => /No staff reply in 15 min/.test(JSON.stringify(call.args))),
      );
    },
  );
});

describe('outside support hours', () => {
  it(
    'the customer hears when staff answer, and the thread shows it',
    { timeout: 60_000 },
    async () => {
      const cleo = newCustomer();
      const chat = watchChat(night.fake, cleo);
      await book(chat, booking.slice(0, 1), night);
      night.fake.text(cleo, 'talk to a person');
      await until(
        'the customer to hear it',
        () => said(night, cleo.id, /Nobody is answering right now: they will answer from/) > 0,
      );
      await until('the thread to open', () => roots(NIGHT_SUPPORT).length === 1);
      const summary = textOf(roots(NIGHT_SUPPORT)[0]!);
      expect(summary).toContain('Outside support hours');
      expect(summary).toContain(OPENS);
    },
  );
});
