/**
 * What the customer waits for, with a realistic partner (the sandbox answering each call
 * after a drawn delay, SANDBOX_LATENCY): customers book one ticket each, pausing to read
 * every view before the next move (a real customer reads; what the bot fetches ahead is
 * fetched meanwhile). Per step of the booking and for the whole booking: the wait from
 * the update's start to its last message sent or edited, and the partner calls on that
 * path (how many; "a → b" one after the other, "a ‖ b" side by side); and to its first
 * message, the answer (the purchase confirmed while the tickets are still looked up).
 */
import { nextMove, play, type Plan, type Sample } from './customer.js';
import { newUser, warmUp, type Rig } from './harness.js';
import type { PartnerCall } from './protocol.js';
import { median, percentile, sum } from './stats.js';

export interface WaitingOptions {
  conversations: number;
  /** Bookings each conversation makes, one after another. */
  bookings: number;
  /** How long a customer reads a view before the next move. */
  thinkMs: number;
}

export interface WaitingStep {
  turns: number;
  waitP50: number;
  waitP95: number;
  /** Partner calls on the path per turn, median. */
  callsP50: number;
  /** The most frequent calls on the path, as a sequence, with its share of the turns. */
  calls: string;
  /** Each turn's longest call on its path (0: none), p95: what the step must wait at least. */
  slowestCallP95: number;
  /**
   * Each turn's wait less its own slowest call on the path, p95: the wait the partner's
   * slowest answer does not explain (calls one after another, the bot's own time). Taken
   * turn by turn, so that a slow call and a slow bot in different turns do not add up.
   */
  overSlowestCallP95: number;
  /**
   * The wait for the turn's first message (its answer; a pay turn's confirmation, before
   * the tickets that follow), p50 and p95, and that wait less the longest call it waited
   * for, p95, turn by turn.
   */
  answerP50: number;
  answerP95: number;
  answerOverSlowestCallP95: number;
}

export interface WaitingResult {
  latency: string;
  conversations: number;
  bookings: number;
  thinkMs: number;
  turns: number;
  steps: Record<string, WaitingStep>;
  /** A whole booking's waits added up (from /start to the purchase confirmed). */
  bookingP50Ms: number;
  bookingP95Ms: number;
  /** Turns of the bookings with no partner call on their path. */
  turnsWithoutPartnerCallShare: number;
  /** The worst step's overSlowestCallP95, and which step it is. */
  stepP95OverSlowestCallMs: number;
  worstStep: string;
  /** The same for each step's first message (its answer): the worst step's, and which. */
  answerStepP95OverSlowestCallMs: number;
  worstAnswerStep: string;
}

/** A turn's path calls as a sequence: "a → b" after it ended, "a ‖ b" while it ran. */
export function pathSequence(calls: readonly PartnerCall[]): string {
  if (calls.length === 0) return 'none';
  let ends = Number.NEGATIVE_INFINITY;
  return calls
    .map((call, index) => {
      const joint = index === 0 ? '' : call.at < ends ? ' ‖ ' : ' → ';
      ends = Math.max(ends, call.at + call.ms);
      return `${joint}${call.operation}`;
    })
    .join('');
}

const waitOf = (sample: Sample) => sample.waitMs ?? sample.ms;
const pathOf = (sample: Sample) => sample.pathCalls ?? [];
const answerOf = (sample: Sample) => sample.answerMs ?? waitOf(sample);

export function waitingSteps(samples: readonly Sample[]): Record<string, WaitingStep> {
  const steps = new Map<string, Sample[]>();
  for (const sample of samples) steps.set(sample.step, [...(steps.get(sample.step) ?? []), sample]);
  return Object.fromEntries(
    [...steps].map(([step, list]) => {
      const sequences = new Map<string, number>();
      for (const sample of list) {
        const sequence = pathSequence(pathOf(sample));
        sequences.set(sequence, (sequences.get(sequence) ?? 0) + 1);
      }
      const [common, count] = [...sequences].sort(([, a], [, b]) => b - a)[0]!;
      const slowest = (sample: Sample) => Math.max(0, ...pathOf(sample).map((call) => call.ms));
      return [
        step,
        {
          turns: list.length,
          waitP50: median(list.map(waitOf)),
          waitP95: percentile(list.map(waitOf), 95),
          callsP50: median(list.map((sample) => pathOf(sample).length)),
          calls: `${common} (${Math.round((count / list.length) * 100)} %)`,
          slowestCallP95: percentile(list.map(slowest), 95),
          overSlowestCallP95: percentile(
            list.map((sample) => waitOf(sample) - slowest(sample)),
            95,
          ),
          answerP50: median(list.map(answerOf)),
          answerP95: percentile(list.map(answerOf), 95),
          answerOverSlowestCallP95: percentile(
            list.map((sample) => answerOf(sample) - (sample.answerSlowestCallMs ?? 0)),
            95,
          ),
        },
      ];
    }),
  );
}

export function waitingFigures(
  bookings: readonly Sample[][],
  options: WaitingOptions & { latency: string },
): WaitingResult {
  const samples = bookings.flat();
  const steps = waitingSteps(samples);
  const totals = bookings.map((booking) => sum(booking.map(waitOf)));
  const [worstStep, worst] = Object.entries(steps).sort(
    ([, a], [, b]) => b.overSlowestCallP95 - a.overSlowestCallP95,
  )[0] ?? ['—', undefined];
  const [worstAnswerStep, worstAnswer] = Object.entries(steps).sort(
    ([, a], [, b]) => b.answerOverSlowestCallP95 - a.answerOverSlowestCallP95,
  )[0] ?? ['—', undefined];
  return {
    latency: options.latency,
    conversations: options.conversations,
    bookings: bookings.length,
    thinkMs: options.thinkMs,
    turns: samples.length,
    steps,
    bookingP50Ms: median(totals),
    bookingP95Ms: percentile(totals, 95),
    turnsWithoutPartnerCallShare:
      samples.filter((sample) => pathOf(sample).length === 0).length / samples.length,
    stepP95OverSlowestCallMs: worst?.overSlowestCallP95 ?? Number.NaN,
    worstStep,
    answerStepP95OverSlowestCallMs: worstAnswer?.answerOverSlowestCallP95 ?? Number.NaN,
    worstAnswerStep,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `conversations` customers, each making `bookings` one-ticket bookings from /start, reading
 * each view for `thinkMs` before the next move. The rig's sandbox sets the latency.
 */
export async function runWaiting(
  rig: Rig,
  options: WaitingOptions & { latency: string },
): Promise<WaitingResult> {
  // One booking first, not counted: connections open, code compiled.
  await warmUp(rig, 1);
  const bookings: Sample[][] = [];
  const customer = async (index: number) => {
    // Started apart, so that their turns do not line up.
    await pause((index * options.thinkMs) / options.conversations);
    const user = newUser();
    for (let round = 0; round < options.bookings; round += 1) {
      const plan: Plan = {
        product: rig.plans[(index * options.bookings + round) % rig.plans.length]!,
        day: index + round,
        tickets: 1,
      };
      const booking: Sample[] = [
        await play(rig.bot, { step: 'start', act: () => rig.fake.text(user, '/start') }),
      ];
      for (let moves = 0; ; moves += 1) {
        if (moves >= 60) throw new Error(`the booking of ${plan.product} did not end`);
        await pause(options.thinkMs);
        const move = nextMove(rig.fake, user, plan);
        if (move === 'done') break;
        booking.push(await play(rig.bot, move));
      }
      bookings.push(booking);
    }
  };
  await Promise.all(Array.from({ length: options.conversations }, (_, index) => customer(index)));
  return waitingFigures(bookings, options);
}
