/**
 * Several instances of the bot as real processes (test/support/bot-process.ts) behind
 * the fake Bot API in `balance` mode, sharing one sandbox (in the test process) and one
 * Redis (a server or a cluster), as a deployment with several replicas behind one webhook address would.
 *
 * Routing: each delivery attempt goes to the instance the test asked for (`sendTo`), or
 * else to one picked by a seeded random generator among the instances that are running
 * (a load balancer that health-checks); an attempt that fails is routed anew.
 * The customer's side is read on the fake: `step` waits until the chat shows a view
 * that matches, after the action.
 */
import { randomInt } from 'node:crypto';
import { salesOperation, type Sale } from '#src/api/sales.js';
import { redisEnv, type RedisTarget } from '#src/store/redis-target.js';
import {
  startFakeTelegram,
  type BotMessage,
  type FakeTelegram,
  type FakeUser,
} from './fake-telegram.js';
import { createBotProcess, type BotProcess } from './bot-process.js';
import type { TestSandbox } from './sandbox.js';

type Json = Record<string, unknown>;

/** A small seeded generator (mulberry32): the same seed, the same routing. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Cluster {
  fake: FakeTelegram;
  sandbox: TestSandbox;
  bots: BotProcess[];
  secret: string;
  /** Which instance each update was delivered to (attempts answered 2xx), by update_id. */
  deliveredTo: Map<number, string[]>;
  /** The next delivery (first attempt) of `updateId` goes to `bot`. */
  sendTo(updateId: number, bot: BotProcess): void;
  /**
   * Makes the delivery `action` causes (a new update, or a redelivery) go to `bot` first;
   * the fake's queue must be empty (it routes a delivery when it starts it).
   */
  via(bot: BotProcess, action: () => number): number;
  /** POSTs an update straight to one instance's webhook, as Telegram would; the status. */
  post(bot: BotProcess, update: Json): Promise<number>;
  /** The sandbox's calls per operation. */
  calls(): Promise<Record<string, number>>;
  /** The sales the sandbox has under a PartnerSaleId. */
  salesOf(partnerSaleId: string): Promise<Sale[]>;
  close(): Promise<void>;
}

export async function startCluster(options: {
  sandbox: TestSandbox;
  /** One Redis server's URL, or a Redis Cluster's nodes. */
  redis: RedisTarget;
  names: string[];
  seed: number;
  /** More variables for every instance (e.g. PAYMENT_MODE). */
  env?: Record<string, string>;
}): Promise<Cluster> {
  const fake = await startFakeTelegram({ balance: true, webhookRetryMs: 20 });
  const secret = `cluster-${randomInt(1e9)}`;
  const env = {
    PARTNER_API_URL: options.sandbox.sandbox.url,
    PARTNER_API_KEY: 'sandbox-key',
    PARTNER_LANGUAGE: 'en',
    ...redisEnv(options.redis),
    TELEGRAM_BOT_TOKEN: fake.token,
    RATE_LIMIT_CHAT_MESSAGES: '1000',
    TELEGRAM_API_ROOT: fake.url,
    TELEGRAM_WEBHOOK_SECRET: secret,
    ...options.env,
  };
  const webhookSet = (url: string, since: number) =>
    fake
      .callsOf('setWebhook')
      .some((call) => call.params.url === url && call.at >= since && call.error === undefined);
  const bots = await Promise.all(
    options.names.map((name) => createBotProcess({ name, env, webhookSet })),
  );
  const random = seeded(options.seed);
  const forced = new Map<number, string>();
  let next: string | undefined;
  const deliveredTo = new Map<number, string[]>();
  const byUrl = (url: string) => bots.find((bot) => bot.webhook === url);

  fake.route((update, targets, attempt) => {
    const updateId = update.update_id as number;
    if (attempt === 0 && next !== undefined) {
      forced.set(updateId, next);
      next = undefined;
    }
    const wanted = forced.get(updateId);
    if (wanted !== undefined && attempt === 0) {
      forced.delete(updateId);
      return wanted;
    }
    const running = targets.filter((url) => byUrl(url)?.running());
    const pool = running.length > 0 ? running : targets;
    return pool[Math.floor(random() * pool.length)]!;
  });
  let seen = 0;
  const noteDeliveries = () => {
    for (; seen < fake.deliveries.length; seen += 1) {
      const delivery = fake.deliveries[seen]!;
      if (delivery.status !== 200 || delivery.url === undefined) continue;
      const name = byUrl(delivery.url)?.name ?? delivery.url;
      deliveredTo.set(delivery.updateId, [...(deliveredTo.get(delivery.updateId) ?? []), name]);
    }
  };
  const timer = setInterval(noteDeliveries, 5);

  try {
    await Promise.all(bots.map((bot) => bot.start()));
  } catch (error) {
    await Promise.all(bots.map((bot) => bot.kill()));
    clearInterval(timer);
    await fake.close();
    throw error;
  }

  return {
    fake,
    sandbox: options.sandbox,
    bots,
    secret,
    get deliveredTo() {
      noteDeliveries();
      return deliveredTo;
    },
    sendTo(updateId, bot) {
      forced.set(updateId, bot.webhook);
    },
    via(bot, action) {
      // The fake routes a new update as it is made: the route is set before.
      next = bot.webhook;
      try {
        return action();
      } finally {
        next = undefined;
      }
    },
    async post(bot, update) {
      const response = await fetch(bot.webhook, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': secret,
        },
        body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      return response.status;
    },
    async calls() {
      const stats = (await options.sandbox.extra('stats')) as { calls: Record<string, number> };
      return stats.calls;
    },
    async salesOf(partnerSaleId) {
      const response = await options.sandbox.client.call(salesOperation, { partnerSaleId });
      return response.sales.filter((sale) => sale.partnerSaleId === partnerSaleId);
    },
    async close() {
      clearInterval(timer);
      await Promise.all(bots.map((bot) => bot.kill()));
      await fake.close();
    },
  };
}

/** What the customer sees in their chat with the bot, on the fake. */
export interface ChatWatch {
  user: FakeUser;
  /** The bot's newest text message (the current view). */
  view(): BotMessage | undefined;
  /** Changes whenever the bot sends or edits a message in the chat. */
  mark(): string;
  /** Whether the chat has changed since `mark` and now shows a view matching `expected`. */
  shows(expected: RegExp, since: string): boolean;
  /** Waits until `shows`; false after `timeoutMs`. */
  waitFor(expected: RegExp, since: string, timeoutMs?: number): Promise<boolean>;
  /** Waits until the chat has not changed for `ms` (late answers to repeated input). */
  quiet(ms?: number): Promise<void>;
}

export function watchChat(fake: FakeTelegram, user: FakeUser): ChatWatch {
  const view = () =>
    [...fake.messages(user.id)].reverse().find((message) => message.text !== undefined);
  const mark = () => {
    const messages = fake.messages(user.id);
    const edits = messages.reduce((sum, message) => sum + message.edits, 0);
    return `${messages.length}:${edits}`;
  };
  const shows = (expected: RegExp, since: string) =>
    mark() !== since && expected.test(view()?.text ?? '');
  return {
    user,
    view,
    mark,
    shows,
    async waitFor(expected, since, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!shows(expected, since)) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return true;
    },
    async quiet(ms = 400) {
      let last = mark();
      let since = Date.now();
      while (Date.now() - since < ms) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (mark() !== last) {
          last = mark();
          since = Date.now();
        }
      }
    },
  };
}
