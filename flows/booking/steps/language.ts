/**
 * Changing the customer's language, in one place, whatever asked for it: /language and
 * its menu, the home menu's button, the word ("english"), or messages clearly written in
 * the other language (offered once, then followed: machine.ts).
 *
 * Every view is drawn in the conversation's language, but some steps hold texts loaded
 * from the service in the old one (the ticket questions, the checkout's questions…). So
 * the step the customer was at is entered again: the steps that show themselves again
 * from what the conversation holds (`RESUMABLE`) load their texts anew, in the new
 * language, and go on from where they were. Any other step stays as it is.
 */
import { assign, stateIn } from 'xstate';
import type { Lang } from '../../../src/domain/lang.js';
import { common } from '../../../src/i18n/common.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent } from '../types.js';

/** Steps that show themselves again from what the conversation holds. */
export const RESUMABLE = [
  'browse',
  'date',
  'session',
  'quantity',
  'questions',
  'cart',
  'client',
  'checkoutQuestions',
  'review',
  'reserved',
  'bookings',
] as const;

export type ResumableStep = (typeof RESUMABLE)[number];

const languageOf = (event: BookingEvent, context: BookingContext): Lang =>
  event.type === 'language.set' ? event.language : context.language;

/** The language set, and said in it. */
export const changeLanguage = [
  booking.createAction(assign(({ context, event }) => ({ language: languageOf(event, context) }))),
  {
    type: 'notify' as const,
    params: ({ context, event }: { context: BookingContext; event: BookingEvent }) => ({
      text: common(languageOf(event, context)).languageChanged,
    }),
  },
];

/**
 * The transitions of a `language.set` that go back into the step the customer was at
 * (`wasAt(step)`: a guard), entered again in the new language; the caller adds what
 * happens at any other step.
 */
export function switchLanguage<G>(wasAt: (step: ResumableStep) => G) {
  return RESUMABLE.map((step) => ({
    guard: wasAt(step),
    target: `#booking.${step}`,
    actions: changeLanguage,
  }));
}

/**
 * Whether the machine is in `step` now (XState's `stateIn` is typed for machines without
 * setup(), hence the cast: it is checked against the machine's state ids at run time).
 */
export const inStep = (step: ResumableStep) => stateIn(`#booking.${step}`) as never;
