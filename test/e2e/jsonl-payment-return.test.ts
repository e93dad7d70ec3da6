/**
 * The payment page's return in the JSON-lines chat, as `npm start -- --jsonl` runs with
 * nothing configured (the built-in sandbox, a debit partner): the page calls PUBLIC_URL
 * back, the local chat takes it on PORT, and the purchase is confirmed in the chat
 * without the customer saying they paid.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { inputFor, museumBooking as steps } from '#test/support/booking-script.js';
import { freePort } from '#test/support/bot-process.js';
import { startJsonlBot } from '#test/support/jsonl-process.js';

describe('the payment return in the JSON-lines chat', () => {
  it('confirms the purchase when the payment page is paid', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const bot = startJsonlBot(
      { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      `jsonl:${randomUUID()}`,
    );
    try {
      let view: OutputLine = (await bot.ready()).at(-1)!;
      for (const step of steps) view = (await bot.send(inputFor(step, view))).at(-1)!;
      expect(view.text).toMatch(/Payment pending/);
      const page = view.link!.url;
      const before = bot.lines.length;

      // The customer pays on the page; the page calls the return URL back.
      const paid = await fetch(page, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=ok',
      });
      expect(paid.status).toBe(200);
      expect(await paid.text()).toMatch(/200/);

      // The chat says so on its own, with the tickets: nothing typed, nothing tapped.
      await vi.waitFor(
        () => {
          const pushed = bot.lines.slice(before);
          expect(pushed.some((line) => /Purchase confirmed/.test(line.text))).toBe(true);
        },
        { timeout: 30_000, interval: 50 },
      );
      const confirmed = bot.lines
        .slice(before)
        .find((line) => /Purchase confirmed/.test(line.text))!;
      expect(confirmed.tickets?.length).toBeGreaterThan(0);
    } finally {
      await bot.kill();
    }
  });
});
