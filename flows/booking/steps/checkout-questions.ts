/**
 * Provider, sale and client questions on the way to pay: the question profiles of the
 * cart's providers (catalog ProviderQuestionsProfileIds) and the catalog's sale and
 * client profiles, asked like ticket questions. Their answers are kept by profile in
 * `checkout.profileAnswers` (the QuestionsProfiles of Confirm and Sale); a profile with
 * no answer (all skipped) has no entry. Nothing to ask: straight to the client details.
 *
 * Back from the first question goes to the cart (from where checking out offers the
 * insurance again): the insurance step may skip itself, so going back into it could
 * only bounce here. Loaded again later, answers still asked are kept and offered.
 */
import type { Answer } from '../../../src/api/common.js';
import { assign } from 'xstate';
import { booking } from '../setup.js';
import type { BookingContext, CheckoutQuestions, ProfileQuestionSet } from '../types.js';
import type { ViewFn } from '../view.js';
import { askingState, flatten, type Questionnaire } from './questions/asking.js';
import { questionMessages } from './questions/messages.js';

export const checkoutQuestionnaire: Questionnaire = {
  slots: (context) => flatten(context.checkout.questions?.sets ?? []),
  cursor: (context) => context.checkout.questions?.cursor ?? 0,
  pending: (context) => context.checkout.questions?.pending,
  answer(context, slot) {
    const set = context.checkout.questions?.sets[slot.setIndex];
    return context.checkout.profileAnswers[set?.profileId ?? '']?.find(
      (answer) => answer.questionId === slot.question.id,
    );
  },
  heading(context, slot, lang) {
    const set = context.checkout.questions?.sets[slot.setIndex];
    return questionMessages(lang).profileHeading(
      set?.label ?? '',
      slot.questionIndex + 1,
      set?.questions.length ?? 1,
    );
  },
  write(context, change) {
    const { checkout } = context;
    if (checkout.questions === undefined) return {};
    const questions: CheckoutQuestions = { ...checkout.questions };
    if (change.cursor !== undefined) questions.cursor = change.cursor;
    if (change.pending === null) delete questions.pending;
    else if (change.pending !== undefined) questions.pending = change.pending;
    let profileAnswers = checkout.profileAnswers;
    const set = change.answer && questions.sets[change.answer.slot.setIndex];
    if (change.answer !== undefined && set !== undefined) {
      const { slot, value } = change.answer;
      // Answers in the order of the profile's questions, one per question.
      const others = (profileAnswers[set.profileId] ?? []).filter(
        (answer) => answer.questionId !== slot.question.id,
      );
      const list = value === null ? others : [...others, value];
      const order = (answer: Answer) =>
        set.questions.findIndex((question) => question.id === answer.questionId);
      list.sort((a, b) => order(a) - order(b));
      profileAnswers = { ...profileAnswers };
      if (list.length === 0) delete profileAnswers[set.profileId];
      else profileAnswers[set.profileId] = list;
    }
    return { checkout: { ...checkout, questions, profileAnswers } };
  },
};

/** Answers given before that still fit the profiles now asked. */
function keptAnswers(
  context: BookingContext,
  sets: readonly ProfileQuestionSet[],
): Record<string, Answer[]> {
  const kept: Record<string, Answer[]> = {};
  for (const set of sets) {
    const ids = new Set(set.questions.map((question) => question.id));
    const answers = (context.checkout.profileAnswers[set.profileId] ?? []).filter((answer) =>
      ids.has(answer.questionId),
    );
    if (answers.length > 0) kept[set.profileId] = answers;
  }
  return kept;
}

const withSets = (context: BookingContext, sets: ProfileQuestionSet[]): Partial<BookingContext> => {
  const { questions: _previous, ...checkout } = context.checkout;
  return {
    checkout: {
      ...checkout,
      ...(sets.length > 0 ? { questions: { sets, cursor: 0 } } : {}),
      profileAnswers: keptAnswers(context, sets),
    },
  };
};

const loadingView: ViewFn = (context) => ({
  text: questionMessages(context.language).loading,
  expects: 'none',
  options: [],
});

export const checkoutQuestionsState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.cart.lines.length === 0, target: '#booking.cart' },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['busy'],
      meta: { view: loadingView },
      invoke: {
        id: 'loadCheckoutQuestions',
        src: 'loadCheckoutQuestions',
        input: ({ context }) => ({
          lines: context.cart.lines.map((line) => ({
            productId: line.productId,
            providerId: line.providerId,
            accessDate: line.accessDate,
            sessions: line.sessions,
            ...(line.activity?.tickets !== undefined
              ? {
                  tickets: line.activity.tickets.map((ticket) => ({
                    ticketId: ticket.ticketId,
                    ...(ticket.sessionId !== undefined ? { sessionId: ticket.sessionId } : {}),
                    ...(ticket.accessDateTime !== undefined
                      ? { accessDate: ticket.accessDateTime }
                      : {}),
                  })),
                }
              : {}),
          })),
          language: context.language,
        }),
        onDone: [
          {
            guard: ({ event }) => !event.output.some((set) => set.questions.length > 0),
            target: '#booking.client',
            actions: assign(({ context }) => withSets(context, [])),
          },
          {
            target: 'asking',
            actions: assign(({ context, event }) =>
              withSets(
                context,
                event.output.filter((set) => set.questions.length > 0),
              ),
            ),
          },
        ],
        onError: { target: '#booking.cart', actions: 'explainFailure' },
      },
    },
    asking: askingState(checkoutQuestionnaire, { done: '#booking.client', back: '#booking.cart' }),
  },
});
