/**
 * One channel's outage does not stop the others. The bot as a real process with Telegram
 * and the Slack staff app, started while the Slack Web API is unreachable: it starts,
 * a Telegram customer books (to the purchase confirmed), the detailed health and the
 * metrics say Slack is down;
 * when Slack comes back, the bot finds it (its token checked again) and staff are served.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from '#test/support/bot-process.js';
import { commandBody, postToSlackApp, startFakeSlack } from '#test/support/fake-slack.js';
import { watchChat } from '#test/support/bot-cluster.js';
import { startFakeTelegram } from '#test/support/fake-telegram.js';
import { booking } from '#test/support/telegram-booking-script.js';
import { testNow } from '#test/support/clock.js';
import { startTestSandbox } from '#test/support/sandbox.js';

const root = resolve(import.meta.dirname, '../..');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

async function until(done: () => boolean | Promise<boolean>, what: string, logs: () => string) {
  for (let tries = 0; tries < 1500; tries += 1) {
    if (await done()) return;
    await new Promise((later) => setTimeout(later, 20));
  }
  throw new Error(`gave up waiting: ${what}\n${logs()}`);
}

describe('channel outage', () => {
  it(
    'starts and books in Telegram while Slack is unreachable, and Slack comes up when it returns',
    { timeout: 90_000 },
    async () => {
      const slackPort = await freePort(); // nothing listens there yet: Slack is down
      const telegram = await startFakeTelegram();
      closers.push(() => telegram.close());
      const sandbox = await startTestSandbox();
      closers.push(() => sandbox.close());
      const port = await freePort();
      const metricsPort = await freePort();
      const signingSecret = `signing-${randomBytes(8).toString('hex')}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          REDIS_URL: inject('redisUrl'),
          PARTNER_API_URL: sandbox.sandbox.url,
          // The bot's clock starts where the test sandbox's does (the same "today").
          CLOCK_START: testNow().toISOString(),
          PARTNER_API_KEY: 'sandbox-key',
          PARTNER_LANGUAGE: 'en',
          TELEGRAM_BOT_TOKEN: telegram.token,
          RATE_LIMIT_CHAT_MESSAGES: '1000',
          TELEGRAM_API_ROOT: telegram.url,
          SLACK_BOT_TOKEN: `xoxb-${randomBytes(8).toString('hex')}`,
          SLACK_SIGNING_SECRET: signingSecret,
          SLACK_API_URL: `http://127.0.0.1:${slackPort}/api/`,
          SLACK_STAFF_USERS: 'U0STAFF',
          // Sold without a payment step: the booking, not the payment, is what is shown.
          PAYMENT_MODE: 'on-account',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let logs = '';
      child.stderr.on('data', (chunk: Buffer) => {
        logs += chunk.toString();
      });
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      closers.push(async () => {
        child.kill('SIGKILL');
        await exited;
      });
      const seen = () => logs;
      const health = async () =>
        (await (await fetch(`http://127.0.0.1:${metricsPort}/health`)).json()) as {
          channels: Record<string, string>;
        };

      await until(
        () => logs.includes('"msg":"listening"') || child.exitCode !== null,
        'the bot listening',
        seen,
      );
      expect(child.exitCode, logs).toBeNull();
      expect((await health()).channels).toEqual({ slack: 'down', telegram: 'up' });
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^bot_channel_up\{channel="slack"\} 0$/m);
      expect(metrics).toMatch(/^bot_channel_up\{channel="telegram"\} 1$/m);

      // A Telegram customer books meanwhile, from /start to the purchase confirmed.
      const customer = {
        id: 710_000_000 + Math.floor(Math.random() * 1000),
        firstName: 'Ana',
        languageCode: 'en',
      };
      await until(
        () => telegram.calls.some((call) => call.method === 'getUpdates'),
        'polling',
        seen,
      );
      const chat = watchChat(telegram, customer);
      for (const step of booking) {
        const since = chat.mark();
        step.act(telegram, customer);
        await until(() => chat.shows(step.expect, since), `${step.name}: ${step.expect}`, seen);
        await chat.quiet(150);
      }
      expect((await health()).channels.slack).toBe('down');

      // Slack comes back where it was: the bot finds it and staff are served.
      const slack = await startFakeSlack({ port: slackPort });
      closers.push(() => slack.close());
      await until(async () => (await health()).channels.slack === 'up', 'Slack up', seen);
      expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toMatch(
        /^bot_channel_up\{channel="slack"\} 1$/m,
      );
      const answer = await postToSlackApp(
        `http://127.0.0.1:${port}/slack/events`,
        commandBody({
          command: '/giftcard',
          text: '3167250411491835499',
          userId: 'U0STAFF',
          channelId: 'D0DIRECT',
          responseUrl: slack.responseUrl('giftcard'),
        }),
        { secret: signingSecret },
      );
      expect(answer.status).toBe(200);
      await slack.waitForResponse((post) => post.id === 'giftcard');
      expect(child.exitCode).toBeNull();
    },
  );
});
