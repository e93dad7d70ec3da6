/**
 * Changing the customer's language, in one place, whatever asked for it: /language and
 * its menu, the home menu's button, the word ("english"), or messages clearly written in
 * the other language.
 *
 * Messages in the other language (`languageNoticed`): a new conversation (no language
 * chosen yet, nothing written in its own) whose message is clearly in the other language
 * simply starts in it; later, such a message offers the switch once, with a one-tap
 * button on the views while it stands (`withLanguageOffer`), and a second one follows
 * it; a message in the conversation's own language lets the offer lapse and settles it.
 *
 * Every view is drawn in the conversation's language, but some steps hold texts loaded
 * from the service in the old one (the ticket questions, the checkout's questions…). So
 * the step the customer was at is entered again: the steps that show themselves again
 * from what the conversation holds (`RESUMABLE`) load their texts anew, in the new
 * language, and go on from where they were. Any other step stays as it is.
 */
import { assign, raise, stateIn } from 'xstate';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { BookingView } from '../view.js';
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

/** The language set (chosen: no longer offered, nor open), and said in it. */
export const changeLanguage = [
  booking.createAction(
    assign(({ context, event }) => ({
      language: languageOf(event, context),
      languageOffered: undefined,
      languageOpen: false,
    })),
  ),
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

const setLanguage = booking.createAction(
  raise(({ context, event }) => ({
    type: 'language.set' as const,
    language: event.type === 'language.noticed' ? event.language : context.language,
  })),
);

/** A message leaning to a language (`clearly` when it is plainly written in it). */
export const languageNoticed = [
  {
    // Written in the conversation's language: the offer lapses, the language stands.
    guard: 'noticedOwnLanguage' as const,
    actions: booking.createAction(assign({ languageOffered: undefined, languageOpen: false })),
  },
  {
    // One word of the other language ("yes", "no", a name) decides nothing.
    guard: 'noticedUnclearly' as const,
  },
  {
    // A new conversation: it starts in the customer's language, nothing to offer.
    guard: 'languageOpen' as const,
    actions: setLanguage,
  },
  {
    // Offered once already: followed, as if the customer had chosen it.
    guard: 'noticedOfferedLanguage' as const,
    actions: setLanguage,
  },
  {
    actions: [
      booking.createAction(
        assign(({ event }) =>
          event.type === 'language.noticed' ? { languageOffered: event.language } : {},
        ),
      ),
      {
        type: 'notify' as const,
        params: ({ event }: { event: BookingEvent }) => ({
          text: common(event.type === 'language.noticed' ? event.language : 'en').offerLanguage,
        }),
      },
    ],
  },
];

const offerMessages = defineMessages({
  es: { continueIn: '🌐 Seguir en español' },
  en: { continueIn: '🌐 Continue in English' },
});

/**
 * A view with the one-tap answer to the language offered (in that language), while the
 * offer stands: the step's own options kept, the button last. A view that has its own
 * button for that language (the home menu's) is left as it is.
 */
export function withLanguageOffer(view: BookingView, context: BookingContext): BookingView {
  const offered = context.languageOffered;
  if (offered === undefined || offered === context.language) return view;
  const has = view.options.some(
    (option) => option.event.type === 'language.set' && option.event.language === offered,
  );
  if (has) return view;
  return {
    ...view,
    options: [
      ...view.options,
      {
        id: `language:${offered}`,
        label: offerMessages(offered).continueIn,
        event: { type: 'language.set', language: offered },
      },
    ],
  };
}
