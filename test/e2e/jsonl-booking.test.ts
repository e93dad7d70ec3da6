/**
 * A complete booking through the JSON-lines chat as a real process, on Redis, with the
 * process killed (SIGKILL) and started again after every step: each time it resumes
 * exactly where it was, and the booking ends with tickets.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inputFor, museumBooking as steps } from '#test/support/booking-script.js';
import { startJsonlBot, type JsonlBot } from '#test/support/jsonl-process.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('a booking through the JSON-lines chat, killed after every step', () => {
  it('resumes each time and ends with tickets', { timeout: 420_000 }, async () => {
    // About resuming, not about taking the money: the operator sells on account
    // (PAYMENT_MODE=on-account; the JSON-lines chat takes no payments).
    const env = {
      PARTNER_API_URL: sandbox.sandbox.url,
      REDIS_URL: inject('redisUrl'),
      PAYMENT_MODE: 'on-account',
    };
    const conversation = `jsonl:${randomUUID()}`;
    let bot: JsonlBot = startJsonlBot(env, conversation);
    let view = (await bot.ready()).at(-1)!;
    try {
      for (const step of steps) {
        const reply = await bot.send(inputFor(step, view));
        view = reply.at(-1)!;
        await bot.kill('SIGKILL');
        bot = startJsonlBot(env, conversation);
        const resumed = (await bot.ready()).at(-1)!;
        expect({ step, text: resumed.text, options: resumed.options }).toEqual({
          step,
          text: view.text,
          options: view.options,
        });
      }
      expect(view.text).toMatch(/Purchase confirmed/);
      const tickets = view.tickets ?? [];
      expect(tickets.length).toBeGreaterThan(0);
      for (const ticket of tickets) expect(ticket.accessCode).toMatch(/^\d{13}$/);
      const stats = (await sandbox.extra('stats')) as { calls: Record<string, number> };
      expect(stats.calls['cart-sale']).toBe(1);
      // The catalog is fetched once per language per process start, never per turn or sale:
      // the first process shows Spanish, then English; every restart loads English once.
      expect(stats.calls.catalog).toBe(steps.length + 2);
    } finally {
      await bot.kill();
    }
  });
});
