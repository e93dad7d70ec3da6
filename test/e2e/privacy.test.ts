/**
 * Privacy: what the bot writes where nobody reads it with the customer's consent — its
 * logs and Redis. A full booking with a real-looking e-mail, phone and identity document
 * through the bot as a real process (JSON-lines chat, Redis, LOG_LEVEL=debug, the
 * built-in sandbox behind a custom PARTNER_API_KEY), then:
 * - stderr holds no key, token or secret set in the environment, and none of the
 *   customer's personal data;
 * - every key the bot wrote under `bot:` expires, and the conversation (where the
 *   personal data is) expires after DATA_TTL_HOURS; no key holding the customer's data
 *   outlives it;
 * - BullMQ's keys (`bull:`) are the exception without TTLs (queue bookkeeping; a job
 *   holds ids only and lives until it runs or is cancelled, a failed one up to a day; its
 *   event log is kept empty): they hold none of the customer's data.
 * And the bot in channel mode (Slack staff app and Telegram on local fakes) with debug
 * logs never writes its Telegram or Slack tokens.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPartnerClient } from '#src/api/client.js';
import { giftCardOperation } from '#src/api/giftcards.js';
import { salesOperation } from '#src/api/sales.js';
import type { OutputLine } from '#src/channels/console/lines.js';
import { createLogger } from '#src/log.js';
import { commandBody, postToSlackApp, startFakeSlack } from '#test/support/fake-slack.js';
import { startFakeTelegram } from '#test/support/fake-telegram.js';
import { startJsonlBot, type JsonlBot } from '#test/support/jsonl-process.js';
import { testNow } from '#test/support/clock.js';
import { startTestSandbox } from '#test/support/sandbox.js';

const root = resolve(import.meta.dirname, '../..');

/** A DNI: eight digits and the letter they call for. */
function dni(digits: number): string {
  return `${digits}${'TRWAGMYFPDXBNJZSQVHLCKE'[digits % 23]}`;
}

const CUSTOMER = {
  name: 'Luciana',
  surname: 'Quintanilla-Oyarzun',
  document: dni(48213765),
  phone: '+34612987654',
  email: 'luciana.quintanilla.privacy@example.org',
};

/** How each piece may look once written somewhere (normalized, or in part). */
const PERSONAL = [
  CUSTOMER.surname,
  CUSTOMER.document,
  CUSTOMER.document.slice(0, 8),
  CUSTOMER.phone.slice(3),
  CUSTOMER.email,
  CUSTOMER.email.split('@')[0]!,
];

const DATA_TTL_HOURS = 5;

/** The booking: a number picks that option of a list; anything else is typed. */
const STEPS = [
  '/language',
  '2', // English
  '1',
  '1',
  '1',
  '1', // book → Sea Museum → Tickets → adult
  '1',
  '1', // the first date, on the card → 1 ticket
  `${CUSTOMER.name} ${CUSTOMER.surname}`,
  'no',
  '15/08/1990', // ticket questions (the age is worked out)
  '1', // check out
  // The buyer's details, the checkout questions answered from them.
  `${CUSTOMER.name} ${CUSTOMER.surname}, ${CUSTOMER.document}, ${CUSTOMER.phone}, ${CUSTOMER.email}`,
  '1', // reserve: refused once (see the faults below)
  '1', // reserve again
  '1', // confirm and pay
];

function inputFor(step: string, view: OutputLine): unknown {
  if (view.expects === 'choice' && /^\d+$/.test(step)) {
    const option = view.options[Number(step) - 1];
    if (!option) throw new Error(`no option ${step} in: ${view.text}`);
    return { choose: option.id };
  }
  return { text: step };
}

/** Everything a Redis key holds, as text, whatever its type. */
async function contentOf(redis: Redis, key: string): Promise<string> {
  switch (await redis.type(key)) {
    case 'string':
      return (await redis.get(key)) ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return JSON.stringify(await redis.lrange(key, 0, -1));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, 0, -1));
    case 'stream':
      return JSON.stringify(await redis.xrange(key, '-', '+'));
    default:
      return '';
  }
}

const personalIn = (text: string): string[] =>
  PERSONAL.filter((item) => text.toLowerCase().includes(item.toLowerCase()));

let redis: Redis;
beforeAll(() => {
  redis = new Redis(inject('redisUrl'));
});
afterAll(async () => {
  await redis.quit();
});

describe('privacy of a full booking', () => {
  it(
    'logs hold no secret nor personal data; every key expires, personal data with DATA_TTL_HOURS',
    { timeout: 120_000 },
    async () => {
      const secrets = {
        PARTNER_API_KEY: `pk-privacy-${randomBytes(12).toString('hex')}`,
        SLACK_APP_TOKEN: `xapp-1-privacy-${randomBytes(12).toString('hex')}`,
        TELEGRAM_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
      };
      const sandbox = await startTestSandbox({ apiKey: secrets.PARTNER_API_KEY });
      const conversation = `jsonl:privacy-${randomUUID()}`;
      const bot: JsonlBot = startJsonlBot(
        {
          ...secrets,
          PARTNER_API_URL: sandbox.sandbox.url,
          // The bot's clock starts where the test sandbox's does (the same "today").
          CLOCK_START: testNow().toISOString(),
          REDIS_URL: inject('redisUrl'),
          LOG_LEVEL: 'debug',
          DATA_TTL_HOURS: String(DATA_TTL_HOURS),
          // About personal data, not payments: sold on account, to reach the tickets.
          PAYMENT_MODE: 'on-account',
        },
        conversation,
      );
      let view: OutputLine;
      let faulted = false;
      try {
        view = (await bot.ready()).at(-1)!;
        for (const step of STEPS) {
          if (!faulted && view.options.some((option) => option.id === 'reserve')) {
            faulted = true;
            // The hard paths too: a refusal whose message repeats the customer's data (as
            // code 5002 may), and a Sale whose answer is lost (reconciled afterwards).
            await sandbox.extra('faults', {
              faults: [
                {
                  operation: 'cart-confirm',
                  failure: {
                    code: '5002',
                    message: `Daily amount exceeded for client ${CUSTOMER.email} (${CUSTOMER.document})`,
                  },
                  times: 1,
                },
                { operation: 'cart-sale', phase: 'after', status: 500, times: 1 },
              ],
            });
          }
          view = (await bot.send(inputFor(step, view))).at(-1)!;
        }
      } finally {
        await bot.kill('SIGTERM');
        await sandbox.close();
      }
      expect(view.text).toMatch(/Purchase confirmed/);
      // The customer is told what happened in their words, never the service's text (which
      // carries their e-mail and document); the log keeps that text, masked (below).
      expect(bot.lines.some((line) => line.text.includes('Daily amount exceeded'))).toBe(false);

      // The logs: written at debug level (partner calls are logged), yet nothing secret.
      const logs = bot.stderr();
      expect(logs).toMatch(/"msg":"partner call"/);
      expect(logs).toMatch(/"msg":"partner refused"/);
      for (const [name, value] of Object.entries(secrets))
        expect(logs.includes(value), `${name} in the logs`).toBe(false);
      expect(personalIn(logs)).toEqual([]);

      // Redis: every key of the bot expires. (Keys of other tests running at the same time
      // are under `bot:` too; they must expire as well.)
      const keys = await redis.keys('bot:*');
      const conversationKey = `bot:kv:conv:${conversation}`;
      expect(keys).toContain(conversationKey);
      const ttlMs = DATA_TTL_HOURS * 3600 * 1000;
      const unexpiring: string[] = [];
      const outliving: string[] = [];
      for (const key of keys) {
        const pttl = await redis.pttl(key);
        if (pttl === -2) continue; // gone meanwhile
        if (pttl === -1) unexpiring.push(key);
        // Whatever holds this customer's data is gone when the conversation is.
        if (personalIn(await contentOf(redis, key)).length > 0 && pttl > ttlMs)
          outliving.push(`${key} (${pttl} ms)`);
      }
      expect(unexpiring).toEqual([]);
      expect(outliving).toEqual([]);
      // The conversation's TTL follows DATA_TTL_HOURS (set at the last turn, moments ago).
      const conversationTtl = await redis.pttl(conversationKey);
      expect(conversationTtl).toBeGreaterThan(ttlMs - 120_000);
      expect(conversationTtl).toBeLessThanOrEqual(ttlMs);
      expect(personalIn(await contentOf(redis, conversationKey))).not.toEqual([]);

      // BullMQ's keys: no TTLs (its own bookkeeping), and none of the customer's data. Its
      // event log (job ids name conversations) is kept empty, not 10,000 entries long.
      const bullKeys = await redis.keys('bull:*');
      expect(bullKeys.length).toBeGreaterThan(0);
      for (const key of bullKeys) expect(personalIn(await contentOf(redis, key)), key).toEqual([]);
      expect(await redis.hget('bull:bot-jobs:meta', 'opts.maxLenEvents')).toBe('0');
      console.log(
        `privacy: ${keys.length} bot keys and ${bullKeys.length} BullMQ keys scanned, ${logs.split('\n').length - 1} log lines`,
      );
    },
  );
});

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits until `done()` holds (the bot works in another process). The bound is generous:
 * a loaded runner can take tens of seconds to start a tsx process.
 */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 4_500; tries += 1) {
    if (done()) return;
    await new Promise((resolveLater) => setTimeout(resolveLater, 20));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('privacy of the channels', () => {
  it(
    'tokens and what customers and staff type never reach the logs',
    { timeout: 120_000 },
    async () => {
      const slack = await startFakeSlack();
      const telegram = await startFakeTelegram();
      const port = await freePort();
      const metricsPort = await freePort();
      const secrets = {
        TELEGRAM_BOT_TOKEN: telegram.token,
        SLACK_BOT_TOKEN: `xoxb-privacy-${randomBytes(12).toString('hex')}`,
        SLACK_SIGNING_SECRET: `signing-${randomBytes(12).toString('hex')}`,
        PARTNER_API_KEY: `pk-privacy-${randomBytes(12).toString('hex')}`,
      };
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          ...secrets,
          LOG_LEVEL: 'debug',
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          REDIS_URL: inject('redisUrl'),
          RATE_LIMIT_CHAT_MESSAGES: '1000',
          TELEGRAM_API_ROOT: telegram.url,
          SLACK_API_URL: slack.apiUrl,
          SLACK_STAFF_USERS: 'U0STAFF',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let logs = '';
      child.stderr.on('data', (chunk: Buffer) => {
        logs += chunk.toString();
      });
      const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
      try {
        await until(
          () => logs.includes('"msg":"listening"') || child.exitCode !== null,
          'the bot listening',
        );
        expect(child.exitCode, logs).toBeNull();
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        // Metrics never on PORT: on their own listener (METRICS_PORT, loopback).
        expect((await fetch(`${base}/metrics`)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);

        // A staff search by a customer's e-mail through the Slack app.
        const staffSearch = 'ana.garcia@example.com'; // a seeded client of the sandbox
        const body = commandBody({
          command: '/sales',
          text: `email:${staffSearch}`,
          userId: 'U0STAFF',
          channelId: 'D0DIRECT',
          responseUrl: slack.responseUrl('sales'),
        });
        const answer = await postToSlackApp(`${base}/slack/events`, body, {
          secret: secrets.SLACK_SIGNING_SECRET,
        });
        expect(answer.status).toBe(200);
        await slack.waitForResponse((post) => post.id === 'sales');

        // A Telegram customer who types an e-mail and a document, and shares a phone.
        await until(() => telegram.calls.some((call) => call.method === 'getUpdates'), 'polling');
        const customer = { id: 700_000_000 + Math.floor(Math.random() * 1000), languageCode: 'en' };
        const answered = () => telegram.messages(customer.id).length;
        telegram.text(customer, '/start');
        await until(() => answered() >= 1, 'an answer on Telegram');
        for (const [index, sent] of [CUSTOMER.email, CUSTOMER.document].entries()) {
          telegram.text(customer, sent);
          await until(() => answered() >= index + 2, 'an answer on Telegram');
        }
        telegram.contact(customer, CUSTOMER.phone);
        await until(() => answered() >= 4, 'an answer to the contact');
        expect(logs).toContain(staffSearch.length > 0 ? '"msg":"slack: staff request"' : '');
        expect(logs.includes(staffSearch)).toBe(false);
      } finally {
        child.kill('SIGTERM');
        await exited;
        await slack.close();
        await telegram.close();
      }
      expect(logs).toMatch(/"level":20/); // debug lines were written
      for (const [name, value] of Object.entries(secrets))
        expect(logs.includes(value), `${name} in the logs`).toBe(false);
      // The token's secret part alone (after "<bot id>:") either.
      expect(logs.includes(secrets.TELEGRAM_BOT_TOKEN.split(':')[1]!)).toBe(false);
      expect(personalIn(logs)).toEqual([]);
    },
  );
});

describe('privacy of logged errors', () => {
  it('a failed look-up logged with its error names no query string', async () => {
    // A partner that never answers: the calls time out, and the errors are logged whole.
    const silent = createHttpServer(() => undefined);
    await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready));
    const address = silent.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    let logs = '';
    const logger = createLogger({
      level: 'debug',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs += chunk.toString();
          done();
        },
      }),
    });
    const client = createPartnerClient({
      baseUrl: `http://127.0.0.1:${address.port}`,
      apiKey: 'sandbox-key',
      logger,
      timeoutMs: { sales: 200, giftcard: 200 },
      retry: { limit: 0, delayMs: 1 },
    });
    const giftCard = '3167250411491835499';
    const failures = [
      client.call(salesOperation, {
        clientEmail: CUSTOMER.email,
        clientDocumentIdentifier: CUSTOMER.document,
        clientPhone: CUSTOMER.phone,
      }),
      client.call(giftCardOperation, { giftCardIdentifier: giftCard, languageCode: 'en' }),
    ];
    try {
      for (const failure of failures) {
        const error = await failure.then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(Error);
        logger.error({ err: error }, 'turn failed');
      }
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    // The errors were written (with their URLs), but without what the queries held.
    expect(logs).toMatch(/Request timed out: GET http:\/\/127\.0\.0\.1:\d+\/Sale\?\[redacted\]/);
    expect(personalIn(decodeURIComponent(logs))).toEqual([]);
    expect(logs.includes(giftCard)).toBe(false);
  });

  it('personal data and secrets logged by mistake under their own names are redacted', () => {
    let logs = '';
    const logger = createLogger({
      level: 'debug',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs += chunk.toString();
          done();
        },
      }),
    });
    const client = {
      fullName: CUSTOMER.name,
      surname: CUSTOMER.surname,
      documentIdentifier: CUSTOMER.document,
      phoneNumber: CUSTOMER.phone,
      email: CUSTOMER.email,
    };
    logger.info({ client, ...client }, 'a client');
    logger.info(
      {
        request: {
          clientEmail: CUSTOMER.email,
          clientPhone: CUSTOMER.phone,
          clientDocumentIdentifier: CUSTOMER.document,
        },
      },
      'a search',
    );
    logger.info({ config: { botToken: 'xoxb-secret', signingSecret: 'shh-secret' } }, 'config');
    expect(logs.split('\n').filter(Boolean)).toHaveLength(3);
    expect(personalIn(logs)).toEqual([]);
    expect(logs).not.toMatch(/xoxb-secret|shh-secret/);
  });
});
