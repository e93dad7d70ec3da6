/**
 * Provider, sale and client questions on the way to pay: the question profiles of the
 * cart's providers (catalog ProviderQuestionsProfileIds) and the catalog's sale and
 * client profiles, asked like ticket questions. Their answers are kept by profile in
 * `checkout.profileAnswers` (the QuestionsProfiles of Confirm and Sale); a profile with
 * no answer (all skipped) has no entry.
 *
 * Each thing is asked once: they come after the buyer's details, and a question whose
 * words ask one of those details (src/domain/question-meaning.ts) is answered from them
 * (when the answer passes the question's own checks). Only required questions still
 * unanswered are asked on the way; the optional ones wait for the customer to choose them
 * from the review ("📝 Optional questions"). Loaded again after a change to the cart,
 * every answer that still fits is kept and nothing answered is asked again. Nothing to
 * ask: straight to the review.
 *
 * Back from the first question goes to the buyer's details.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import { assign } from 'xstate';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { CheckoutQuestionsInput } from '../actors/questions.js';
import type { BookingContext, Cart, CheckoutQuestions, ProfileQuestionSet } from '../types.js';
import type { Lang } from '#src/domain/lang.js';
import type { Question } from '#src/domain/partner-shapes.js';
import { detailMeaning } from '#src/domain/question-meaning.js';
import { evaluate } from './questions/answering.js';
import { askingState, flatten, type Questionnaire } from './questions/asking.js';
import { questionMessages } from './questions/messages.js';

export const checkoutQuestionnaire: Questionnaire = {
  slots: (context) => {
    const questions = context.checkout.questions;
    const all = flatten(questions?.sets ?? []);
    return questions?.asking === undefined
      ? all
      : questions.asking.flatMap((index) => all[index] ?? []);
  },
  cursor: (context) => context.checkout.questions?.cursor ?? 0,
  // The first visit of the cart: a buyer's birth date cannot be after it either.
  day: (context) =>
    context.cart.lines
      .map((line) => line.accessDate)
      .sort()
      .at(0),
  pending: (context) => context.checkout.questions?.pending,
  answer(context, slot) {
    const set = context.checkout.questions?.sets[slot.setIndex];
    return context.checkout.profileAnswers[set?.profileId ?? '']?.find(
      (answer) => answer.questionId === slot.question.id,
    );
  },
  heading(context, slot, lang) {
    const set = context.checkout.questions?.sets[slot.setIndex];
    // Counted among the questions of this set this pass asks: a pass of the optional
    // ones alone starts at "(1/1)", not at the set's "(2/2)".
    const asked = checkoutQuestionnaire
      .slots(context)
      .filter((other) => other.setIndex === slot.setIndex);
    const at = asked.findIndex((other) => other.questionIndex === slot.questionIndex);
    return questionMessages(lang).profileHeading(
      set?.label ?? '',
      at < 0 ? slot.questionIndex + 1 : at + 1,
      at < 0 ? (set?.questions.length ?? 1) : asked.length,
    );
  },
  // A provider's, the sale's or the buyer's question is asked once for the order: its file
  // serves every ticket, and the prompt says so when there are several.
  fileNote(context, _slot, lang) {
    const tickets = context.cart.lines.reduce((sum, line) => sum + line.quantity, 0);
    return tickets > 1 ? questionMessages(lang).fileForGroup : undefined;
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

/** The buyer's detail a question asks for, as the question would take it typed. */
function detailFor(context: BookingContext, question: Question): string | undefined {
  const client = context.checkout.client ?? {};
  switch (detailMeaning(question)) {
    case 'fullName':
      return client.fullName && client.surname ? `${client.fullName} ${client.surname}` : undefined;
    case 'firstName':
      return client.fullName;
    case 'surname':
      return client.surname;
    case 'email':
      return client.email;
    case 'phone':
      return client.phoneNumber;
    case 'document':
      return client.documentIdentifier;
    default:
      return undefined;
  }
}

/** Answers from the buyer's details, for questions with none yet: only those the question accepts. */
function answeredFromClient(
  context: BookingContext,
  sets: readonly ProfileQuestionSet[],
  kept: Record<string, Answer[]>,
): Record<string, Answer[]> {
  const answers: Record<string, Answer[]> = { ...kept };
  for (const set of sets) {
    for (const question of set.questions) {
      const given = answers[set.profileId] ?? [];
      if (given.some((answer) => answer.questionId === question.id)) continue;
      const text = detailFor(context, question);
      if (text === undefined) continue;
      const outcome = evaluate(
        question,
        { type: 'text', text },
        undefined,
        undefined,
        context.language,
      );
      if (outcome.kind !== 'accept' || outcome.answer === null) continue;
      const order = (answer: Answer) => set.questions.findIndex((q) => q.id === answer.questionId);
      answers[set.profileId] = [...given, outcome.answer].sort((a, b) => order(a) - order(b));
    }
  }
  return answers;
}

/** Indices of the flattened questions of `sets` that are `required` (or not) and unanswered. */
export function unanswered(
  sets: readonly ProfileQuestionSet[],
  answers: Record<string, Answer[]>,
  required: boolean,
): number[] {
  return flatten(sets).flatMap((slot, index) => {
    const set = sets[slot.setIndex]!;
    const answered = (answers[set.profileId] ?? []).some(
      (answer) => answer.questionId === slot.question.id,
    );
    return !answered && slot.question.required === required ? [index] : [];
  });
}

const withSets = (context: BookingContext, sets: ProfileQuestionSet[]): Partial<BookingContext> => {
  const { questions: _previous, ...checkout } = context.checkout;
  const profileAnswers = answeredFromClient(context, sets, keptAnswers(context, sets));
  return {
    checkout: {
      ...checkout,
      ...(sets.length > 0
        ? { questions: { sets, cursor: 0, asking: unanswered(sets, profileAnswers, true) } }
        : {}),
      profileAnswers,
    },
  };
};

/** The optional questions the customer chose to answer from the review. */
export const askOptional = (context: BookingContext): Partial<BookingContext> => {
  const questions = context.checkout.questions;
  if (questions === undefined) return {};
  const asking = unanswered(questions.sets, context.checkout.profileAnswers, false);
  return { checkout: { ...context.checkout, questions: { ...questions, asking, cursor: 0 } } };
};

/** How many optional questions of the checkout have no answer. */
export const optionalLeft = (context: BookingContext): number => {
  const questions = context.checkout.questions;
  return questions ? unanswered(questions.sets, context.checkout.profileAnswers, false).length : 0;
};

/** What the checkout's profiles are asked with: the cart's lines (also asked ahead). */
export function checkoutQuestionsInput(cart: Cart, language: Lang): CheckoutQuestionsInput {
  return {
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      providerId: line.providerId,
      accessDate: line.accessDate,
      sessions: line.sessions,
      ...(line.activity?.tickets !== undefined
        ? {
            tickets: line.activity.tickets.map((ticket) => ({
              ticketId: ticket.ticketId,
              ...(ticket.sessionId !== undefined ? { sessionId: ticket.sessionId } : {}),
              ...(ticket.accessDateTime !== undefined ? { accessDate: ticket.accessDateTime } : {}),
            })),
          }
        : {}),
    })),
    language,
  };
}

export const checkoutQuestionsState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'cartIsEmpty', target: '#booking.cart' }, { target: 'loading' }],
    },
    loading: partnerCall({
      waiting: (lang) => questionMessages(lang).loading,
      invoke: {
        id: 'loadCheckoutQuestions',
        src: 'loadCheckoutQuestions',
        input: ({ context }) => checkoutQuestionsInput(context.cart, context.language),
        onDone: {
          target: 'asking',
          actions: assign(({ context, event }) =>
            withSets(
              context,
              event.output.filter((set) => set.questions.length > 0),
            ),
          ),
        },
      },
      failed: '#booking.cart',
    }),
    // Nothing (left) to ask goes straight on: askingState's `always` when there is no slot.
    asking: askingState(checkoutQuestionnaire, {
      done: '#booking.review',
      back: '#booking.client.summary',
    }),
  },
});
