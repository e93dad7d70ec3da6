/**
 * A state that calls one of setup's actors (the partner, or our own store) and waits for
 * it: the one shape all of them have, built in one place. The engine saves and answers only
 * at a settled snapshot (src/conversation/engine.ts: no state tagged `busy`), so a call's
 * state must carry the tag, and the customer sees its waiting view meanwhile; a failure
 * that `failed` names goes there explained the one way (problem.ts, `explainFailure`).
 * A failure handled otherwise (told by the next view, or told in its own words) is the
 * invoke's own `onError`, written where it is decided.
 */
import type { Lang } from '#src/domain/lang.js';
import type { booking } from './setup.js';
import type { ViewFn } from './view.js';

type BookingStateConfig = Parameters<typeof booking.createStateConfig>[0];
/** One invoke of setup's actors: `src` is checked against them, `event.output` typed by it. */
type BookingInvoke = Exclude<NonNullable<BookingStateConfig['invoke']>, readonly unknown[]>;

/** What a state may have beside its call (an entry action, a way out before it starts). */
type Around = Pick<BookingStateConfig, 'entry' | 'exit' | 'always' | 'on' | 'description'>;

type Waiting =
  /** The words shown while waiting, in the customer's language (no options). */
  | { waiting: (lang: Lang) => string; view?: never }
  /** A waiting view of its own (options offered while the call runs). */
  | { view: ViewFn; waiting?: never }
  /** A quick read whose wait no one is shown (the engine never answers at a busy state). */
  | { waiting?: never; view?: never };

type Failure =
  /** Where a failure goes, explained to the customer. */
  | { failed: string; invoke: BookingInvoke & { onError?: never } }
  /** Failures handled by the invoke's own `onError`. */
  | { failed?: never; invoke: BookingInvoke & { onError: unknown } };

export type PartnerCall = Around & Waiting & Failure;

/** The words while waiting as a view: nothing to answer, nothing to tap. */
export const waitingView =
  (waiting: (lang: Lang) => string): ViewFn =>
  (context) => ({ text: waiting(context.language), expects: 'none', options: [] });

/** The state that makes the call: tagged `busy`, showing its waiting view. */
export function partnerCall({
  waiting,
  view,
  failed,
  invoke,
  ...around
}: PartnerCall): BookingStateConfig {
  return {
    ...around,
    tags: ['busy'],
    ...(view !== undefined || waiting !== undefined
      ? { meta: { view: view ?? waitingView(waiting!) } }
      : {}),
    invoke:
      failed === undefined
        ? invoke
        : { ...invoke, onError: { target: failed, actions: 'explainFailure' } },
  };
}
