/**
 * Start-up as Slack sees it: the bot as a real process with the Slack staff app in HTTP
 * mode, commands sent from the moment it is spawned. Until the app is mounted (here held
 * back: the Slack Web API is out of reach at first, so the token cannot be checked) the
 * events route answers 503 with Retry-After, which Slack retries, never 404, which Slack
 * shows as "dispatch_failed"; once Slack is reachable the same command gets its answer.
 * Readiness never waited on it: the bot serves what it can.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from '#test/support/bot-process.js';
import { testNow } from '#test/support/clock.js';
import { commandBody, slackSignature, startFakeSlack } from '#test/support/fake-slack.js';
import { startTestSandbox } from '#test/support/sandbox.js';

const root = resolve(import.meta.dirname, '../..');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

const GIFT_CARD = '3167250411491835499';

describe('start-up', () => {
  it(
    'answers a Slack command 503 with Retry-After until the app is mounted, then the answer; never 404',
    { timeout: 90_000 },
    async () => {
      const slackPort = await freePort(); // nothing listens there yet
      const sandbox = await startTestSandbox();
      closers.push(() => sandbox.close());
      const port = await freePort();
      const signingSecret = `signing-${randomBytes(8).toString('hex')}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          PORT: String(port),
          METRICS_PORT: '0',
          REDIS_URL: inject('redisUrl'),
          PARTNER_API_URL: sandbox.sandbox.url,
          CLOCK_START: testNow().toISOString(),
          PARTNER_API_KEY: 'sandbox-key',
          PARTNER_LANGUAGE: 'en',
          SLACK_BOT_TOKEN: `xoxb-${randomBytes(8).toString('hex')}`,
          SLACK_SIGNING_SECRET: signingSecret,
          SLACK_API_URL: `http://127.0.0.1:${slackPort}/api/`,
          SLACK_STAFF_USERS: 'U0STAFF',
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

      const base = `http://127.0.0.1:${port}`;
      let responseUrl = `http://127.0.0.1:${slackPort}/response/giftcard`;
      /** Every answer the events route gave, in order (no answer: not listening yet). */
      const answers: { status: number; retryAfter: string | null }[] = [];
      const command = async () => {
        const body = commandBody({
          command: '/giftcard',
          text: GIFT_CARD,
          userId: 'U0STAFF',
          channelId: 'D0DIRECT',
          responseUrl,
        });
        const response = await fetch(`${base}/slack/events`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...slackSignature(signingSecret, body),
          },
          body,
        }).catch(() => undefined);
        if (!response) return undefined;
        await response.arrayBuffer();
        const answer = { status: response.status, retryAfter: response.headers.get('retry-after') };
        answers.push(answer);
        return answer;
      };
      const readyz = async () =>
        (await fetch(`${base}/readyz`).catch(() => undefined))?.status ?? 'no answer';
      const until = async (done: () => Promise<boolean> | boolean, what: string) => {
        for (let tries = 0; tries < 3000; tries += 1) {
          if (await done()) return;
          if (child.exitCode !== null) throw new Error(`the bot exited: ${logs}`);
          await new Promise((later) => setTimeout(later, 10));
        }
        throw new Error(`gave up waiting: ${what}\n${logs}`);
      };

      // From the spawn on: the first answer is a 503 (the app is not mounted yet).
      await until(async () => (await command()) !== undefined, 'a first answer');
      const readiness: (number | string)[] = [];
      await until(async () => {
        await command();
        readiness.push(await readyz());
        return logs.includes('"msg":"listening"');
      }, 'the bot listening');
      // Started: ready, though Slack is still retrying in the background.
      expect(await readyz()).toBe(200);
      expect(new Set(readiness.slice(0, -1))).not.toContain(404);
      expect((await command())?.status).toBe(503);

      // Slack comes back: the app is mounted and the same command gets its answer.
      const slack = await startFakeSlack({ port: slackPort });
      closers.push(() => slack.close());
      responseUrl = slack.responseUrl('giftcard');
      await until(async () => (await command())?.status === 200, 'the command answered');
      await slack.waitForResponse((post) => post.id === 'giftcard');

      expect(answers.length).toBeGreaterThan(1);
      for (const answer of answers) {
        expect([200, 503]).toContain(answer.status);
        if (answer.status === 503) expect(answer.retryAfter).toMatch(/^\d+$/);
      }
      expect(answers[0]!.status).toBe(503);
      expect(child.exitCode).toBeNull();
    },
  );
});
