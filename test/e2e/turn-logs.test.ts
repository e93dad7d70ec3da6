/**
 * What a turn leaves in the logs, the bot as the app composes it against the sandbox:
 * one info line per turn (conversation, step, duration, partner calls), every partner
 * call's line with the conversation's id, and the process's instance and version on
 * every line. And the metrics an operator watches, fed by their events.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOperation } from '#src/api/catalog.js';
import { createEventBus } from '#src/events.js';
import { createLogger, inTurn } from '#src/log.js';
import { createMetrics } from '#src/metrics.js';
import { startChat, type Chat } from '#test/support/chat.js';

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const lines: Line[] = [];
let chat: Chat;
beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  chat = await startChat({
    logger: createLogger({
      level: 'debug',
      destination,
      base: { instance: 'bot-a', version: '9.9.9' },
    }),
  });
});
afterAll(async () => {
  await chat.close();
});

describe('turn logs', () => {
  it('one info line per turn: conversation, step, duration and partner calls', async () => {
    await chat.start();
    lines.length = 0;
    await chat.say('/book');
    const turns = lines.filter((line) => line.msg === 'turn');
    expect(turns).toHaveLength(1);
    const [turn] = turns;
    expect(turn).toMatchObject({
      level: 30,
      conversationId: chat.conversationId,
      input: 'text',
      outcome: 'ok',
      step: expect.stringMatching(/\S/) as string,
      instance: 'bot-a',
      version: '9.9.9',
    });
    expect(turn!.durationMs).toEqual(expect.any(Number));
    // The partner calls the turn made, each logged (debug) with the conversation's id.
    const calls = lines.filter((line) => line.msg === 'partner call');
    expect(turn!.partnerCalls).toBe(calls.length);
    for (const call of calls) expect(call.conversationId).toBe(chat.conversationId);
    // Nothing the customer typed.
    expect(JSON.stringify(turns)).not.toContain('/book');
  });

  it("a failed partner call's line names the conversation; the turn counts it", async () => {
    await chat.sandbox.extra('faults', { faults: [{ operation: '*', status: 503 }] });
    try {
      const call = () =>
        chat.app.client.call(catalogOperation, { languageCode: 'en' }).catch(() => undefined);
      lines.length = 0;
      await call();
      // Outside any turn: no conversation id.
      const outside = lines.find((line) => line.msg === 'partner call failed');
      expect(outside).toBeDefined();
      expect(outside).not.toHaveProperty('conversationId');
      lines.length = 0;
      // Within a turn: each line of the call names it, and the turn counts the call.
      const counted = await inTurn(chat.conversationId, async (turn) => {
        await call();
        return turn.partnerCalls;
      });
      const failed = lines.filter((line) => line.msg === 'partner call failed');
      expect(failed.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.conversationId).toBe(chat.conversationId);
      expect(counted).toBe(1);
    } finally {
      await chat.sandbox.extra('faults', { faults: [] });
    }
  });
});

const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name.replace(/[{}"=]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 'NaN');

describe('operating metrics', () => {
  it('count payments, handoffs, the queue, Telegram refusals and waits, Redis errors, lost updates', async () => {
    const events = createEventBus();
    const metrics = createMetrics(events, { defaults: false });
    metrics.payment('taken');
    metrics.payment('taken');
    metrics.payment('refused');
    events.emit('payment.refund-needed', {
      chargeId: 'c1',
      amount: 1000,
      currency: 'EUR',
      reason: 'sale refused',
    });
    metrics.handoff({ kind: 'opened' });
    metrics.handoff({ kind: 'opened' });
    metrics.handoff({ kind: 'opened' });
    metrics.handoff({ kind: 'answered' });
    metrics.handoff({ kind: 'ended', answered: true });
    metrics.handoff({ kind: 'ended', answered: false });
    metrics.queueDepth(() => Promise.resolve(7));
    metrics.telegramError('sendMessage', 429, 5);
    metrics.telegramError('sendMessage', 403);
    metrics.telegramThrottled(0);
    metrics.telegramThrottled(1.5);
    metrics.redisError('store');
    metrics.updateUnhandled('telegram', 'lost');
    events.emit('partner.unavailable', { operation: 'catalog', kind: 'timeout' });
    const text = await metrics.registry.metrics();
    expect(metric(text, 'bot_payments_total{outcome="taken"}')).toBe(2);
    expect(metric(text, 'bot_payments_total{outcome="refused"}')).toBe(1);
    expect(metric(text, 'bot_payments_total{outcome="refund_needed"}')).toBe(1);
    // Three opened, one of them answered; one answered and one unanswered ended.
    expect(metric(text, 'bot_handoffs_open')).toBe(1);
    expect(metric(text, 'bot_handoffs_waiting')).toBe(1);
    expect(metric(text, 'bot_scheduler_jobs')).toBe(7);
    expect(metric(text, 'bot_telegram_errors_total{method="sendMessage",code="429"}')).toBe(1);
    expect(metric(text, 'bot_telegram_errors_total{method="sendMessage",code="403"}')).toBe(1);
    expect(metric(text, 'bot_telegram_flood_wait_seconds_total')).toBe(5);
    expect(metric(text, 'bot_telegram_throttled_total')).toBe(1);
    expect(metric(text, 'bot_telegram_throttle_wait_seconds_count')).toBe(2);
    expect(metric(text, 'bot_redis_errors_total{source="store"}')).toBe(1);
    expect(metric(text, 'bot_updates_unhandled_total{channel="telegram",fate="lost"}')).toBe(1);
    expect(metric(text, 'bot_partner_up')).toBe(0);
  });

  it("reads the scheduler's depth from the app's scheduler", async () => {
    const text = await chat.app.metrics.registry.metrics();
    expect(metric(text, 'bot_scheduler_jobs')).toBe(await chat.app.scheduler.depth!());
  });
});
