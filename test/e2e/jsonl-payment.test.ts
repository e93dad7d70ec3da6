/**
 * How paying looks in the JSON-lines chat, which takes no payments itself: with nothing
 * configured (`npm start`) the built-in sandbox is a debit partner, so the whole path
 * shows, payment page included; against a partner without a debit contract and no
 * payment configured, nothing is sold and the customer is told so, the cart kept.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { inputFor, museumBooking as steps } from '#test/support/booking-script.js';
import { startJsonlBot } from '#test/support/jsonl-process.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

/** The whole museum booking, "confirm and pay" last; every line the bot wrote. */
async function book(env: Record<string, string>): Promise<OutputLine[]> {
  const bot = startJsonlBot(env, `jsonl:${randomUUID()}`);
  try {
    let view = (await bot.ready()).at(-1)!;
    const all: OutputLine[] = [];
    for (const step of steps) {
      const reply = await bot.send(inputFor(step, view));
      all.push(...reply);
      view = reply.at(-1)!;
    }
    return all;
  } finally {
    await bot.kill();
  }
}

describe('paying in the JSON-lines chat', () => {
  it(
    'with nothing configured, shows the demo partner payment page',
    { timeout: 120_000 },
    async () => {
      const lines = await book({});
      const last = lines.at(-1)!;
      expect(last.text).toMatch(/Payment pending/);
      expect(last.link?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/pay\/\w+$/);
    },
  );

  it(
    'without a debit contract and no payment configured, sells nothing and keeps the cart',
    { timeout: 120_000 },
    async () => {
      const lines = await book({ PARTNER_API_URL: sandbox.sandbox.url });
      expect(lines.map((line) => line.text).join('\n')).toMatch(/paying is not available here/);
      expect(lines.at(-1)!.text).toMatch(/Your cart:[\s\S]*Sea Museum/);
      const stats = (await sandbox.extra('stats')) as { calls: Record<string, number> };
      expect(stats.calls['cart-sale'] ?? 0).toBe(0);
    },
  );
});
