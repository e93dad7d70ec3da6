/**
 * The benchmark's harness runs end to end, tiny: our bot and the baseline each start
 * in a process of their own, book through the fake Bot API, hold a 12-turn conversation
 * and leave two idle ones, then one and two instances book on a Redis Cluster, and the
 * report renders. No figure is judged here (speed has
 * no thresholds in tests); only that the harness measures what it says it measures.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchConfig } from '#bench/config.js';
import { callSequence } from '#bench/harness.js';
import { renderReport } from '#bench/report.js';
import { runBench } from '#bench/suite.js';
import { pathSequence, waitingSteps } from '#bench/waiting.js';
import type { Sample } from '#bench/customer.js';
import { testNow } from '#test/support/clock.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the benchmark harness', () => {
  it("writes a turn's Bot API calls as a sequence: '→' after the calls before, '‖' beside one", () => {
    expect(
      callSequence([
        { method: 'answerCallbackQuery', at: 1, ms: 5 },
        { method: 'editMessageReplyMarkup', at: 7, ms: 2 },
        { method: 'sendMessage', at: 7.5, ms: 1 },
        { method: 'sendPhoto', at: 8.5, ms: 1 },
        { method: 'sendPhoto', at: 9.5, ms: 1 },
      ]),
    ).toBe('answerCallbackQuery → editMessageReplyMarkup ‖ sendMessage ‖ sendPhoto → sendPhoto');
  });

  it('runs every measurement on a tiny configuration', { timeout: 240_000 }, async () => {
    const config = benchConfig({
      BENCH_CONCURRENCY: '1,2',
      BENCH_WARM_UP: '2',
      BENCH_BOOKINGS: '1',
      BENCH_SECONDS: '1',
      BENCH_LONG_TURNS: '12',
      BENCH_LONG_CONVERSATIONS: '1',
      BENCH_IDLE_CONVERSATIONS: '2',
      BENCH_IDLE_SECONDS: '0',
      BENCH_BIG_CATALOG: '0',
      BENCH_CLUSTER: '2',
      // One booking against a partner with latency, its customer reading briefly.
      BENCH_WAITING: '1',
      BENCH_WAITING_BOOKINGS: '1',
      BENCH_THINK_MS: '50',
    });
    // The bench's processes inherit the environment: the suite's pinned "now" for both.
    vi.stubEnv('CLOCK_START', testNow().toISOString());
    const results = await runBench(config);

    for (const bot of [results.ours!, results.baseline!]) {
      const [single, double] = bot.levels;
      // Two bookings were made before anything counted, their turns beside the level's.
      expect(bot.warmUp.bookings).toBe(2);
      expect(bot.warmUp.turns).toBeGreaterThan(2 * 10);
      expect(single!.bookings).toBe(1);
      expect(single!.partnerCallsPerBooking).toMatchObject({
        'cart-add': 1,
        'cart-confirm': 1,
        'cart-sale': 1,
      });
      expect(single!.turns).toBeGreaterThan(10);
      expect(single!.redis.sent).toBeGreaterThan(0);
      expect(single!.allocatedBytesPerTurn).toBeGreaterThan(0);
      expect(double!.conversations).toBe(2);
      expect(double!.turns).toBeGreaterThan(0);
      expect(double!.partnerCallsPerBooking).toBeUndefined();
      expect(bot.length.turns).toBe(12);
      expect(bot.length.stateBytesAtLast).toBeGreaterThan(0);
      expect(bot.idle.keys).toBeGreaterThan(0);
      expect(bot.start.firstTurn.botMs).toBeGreaterThan(0);
    }
    // Each step of ours names the Bot API calls its turns made. (The baseline's are not
    // seen: its conversations plugin calls the Bot API through an Api of its own, without
    // the bot's transformers.)
    const steps = results.ours!.levels[0]!.steps;
    expect(steps.start!.calls).toMatch(/^sendMessage/);
    expect(steps.book!.calls).toMatch(/^answerCallbackQuery (‖|→) editMessageText/);
    expect(steps.start!.telegramBesideEngineP50).toBeGreaterThan(0);
    // The baseline's state is a replay log: it grows with every turn by the whole update.
    // Ours is the snapshot, which grows only by the keys of the inputs it took (one per
    // turn, the newest 32 kept: a redelivered update is answered once), far less.
    const grown = (length: { stateBytesAtTen: number; stateBytesAtLast: number }) =>
      length.stateBytesAtLast - length.stateBytesAtTen;
    expect(grown(results.baseline!.length)).toBeGreaterThan(0);
    expect(grown(results.ours!.length)).toBeLessThan(grown(results.baseline!.length));
    expect(results.catalogCallsPerSale).toBe(0);

    const report = renderReport(results);
    expect(report).toContain('| 1 conversation: bot-side ms per turn, p50 / p99 |');
    expect(report).toMatch(
      /\| Warm-up, not counted: bookings \(turns\), bot-side ms per turn p50 \| 2 \(\d+ turns\)/,
    );
    expect(report).toContain('| 2 conversations: turns per second (CPU ms per turn) |');
    expect(report).toMatch(/catalog calls per sale: 0\./);

    // The cluster's figures are what its two runs measured.
    const { one, two } = results.cluster!;
    expect([one.instances, two.instances, one.conversations]).toEqual([1, 2, 2]);
    expect(one.turns).toBeGreaterThan(0);
    expect(two.turns).toBeGreaterThan(0);
    expect(two.cpuBusy).toHaveLength(2);
    expect(two.cpuMsPerTurn).toBeGreaterThan(0);
    expect(results.summary.cluster).toMatchObject({
      turnsPerSecondOne: one.turnsPerSecond,
      turnsPerSecondTwo: two.turnsPerSecond,
    });
    expect(report).toContain('| Turns per second, two instances on a 3-master Redis Cluster |');

    // What the customer waits for: each step's wait, and the partner calls on its path
    // (the Add's turn waits for the Add; a step the bot needs nothing for waits for none).
    const waiting = results.waiting!;
    expect(waiting.bookings).toBe(1);
    expect(waiting.steps.quantity!.calls).toMatch(/^shoppingcart\/add/);
    expect(waiting.steps.quantity!.slowestCallP95).toBeGreaterThan(0);
    expect(waiting.steps.quantity!.waitP50).toBeGreaterThanOrEqual(
      waiting.steps.quantity!.slowestCallP95 - 1,
    );
    expect(waiting.steps.start!.calls).toBe('none (100 %)');
    expect(waiting.turnsWithoutPartnerCallShare).toBeGreaterThan(0);
    expect(waiting.bookingP50Ms).toBeGreaterThan(0);
    expect(results.summary.waiting).toMatchObject({
      bookingP50Ms: waiting.bookingP50Ms,
      stepP95OverSlowestCallMs: waiting.stepP95OverSlowestCallMs,
      answerStepP95OverSlowestCallMs: waiting.answerStepP95OverSlowestCallMs,
      turnsWithoutPartnerCallShare: waiting.turnsWithoutPartnerCallShare,
      latency: 'realistic',
    });
    expect(report).toContain('Whole booking: waits added up p50');
  });

  it("writes a turn's partner calls as a sequence: '→' after the one before, '‖' beside it", () => {
    expect(
      pathSequence([
        { operation: 'shoppingcart/sale', at: 2, ms: 400 },
        { operation: 'sale', at: 403, ms: 150 },
      ]),
    ).toBe('shoppingcart/sale → sale');
    expect(
      pathSequence([
        { operation: 'activity/insurancepolicycheck', at: -900, ms: 1000 },
        { operation: 'activity/checkticketsquestions', at: -899, ms: 300 },
      ]),
    ).toBe('activity/insurancepolicycheck ‖ activity/checkticketsquestions');
    expect(pathSequence([])).toBe('none');
  });

  it("times a turn's first message apart from its last: the purchase confirmed before the tickets' look-up", () => {
    // Sale 400 ms, then the look-up 150 ms; the confirmation ends at 420, the tickets at 580.
    const pay = {
      step: 'pay',
      ms: 590,
      waitMs: 580,
      pathCalls: [
        { operation: 'shoppingcart/sale', at: 2, ms: 400 },
        { operation: 'sale', at: 403, ms: 150 },
      ],
      answerMs: 420,
      answerSlowestCallMs: 400,
    } as unknown as Sample;
    const step = waitingSteps([pay]).pay!;
    expect(step.waitP50).toBe(580);
    expect(step.overSlowestCallP95).toBe(180);
    expect(step.answerP50).toBe(420);
    expect(step.answerOverSlowestCallP95).toBe(20);
    // A turn with one message: its answer is its wait.
    const card = { step: 'card', ms: 20, waitMs: 18, pathCalls: [] } as unknown as Sample;
    expect(waitingSteps([card]).card).toMatchObject({
      answerP50: 18,
      answerOverSlowestCallP95: 18,
    });
  });
});
