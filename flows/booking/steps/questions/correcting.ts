/**
 * An earlier answer of the same ticket corrected at a later question ("perdona, el nombre
 * es Ana Gómez Ruiz" typed at the birth date): the name is that question's answer, checked
 * as if typed there, and the question being asked is asked again. Never stored as the
 * answer to the question shown ("no es una fecha").
 */
import { assign } from 'xstate';
import { detailMeaning } from '#src/domain/question-meaning.js';
import { defineMessages } from '#src/i18n/messages.js';
import { readNameAgain } from '#flows/understanding/corrections.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent } from '#flows/booking/types.js';
import type { TextReading } from '#flows/booking/view.js';
import { evaluate, formatAnswer, type Outcome } from './answering.js';
import { currentSlot, type Questionnaire, type Slot } from './asking.js';

const messages = defineMessages({
  es: { corrected: (what: string, value: string) => `Corregido: ${what}: ${value}.` },
  en: { corrected: (what: string, value: string) => `Corrected: ${what}: ${value}.` },
});

const isName = (slot: Slot) => {
  const meaning = detailMeaning(slot.question);
  return meaning === 'fullName' || meaning === 'firstName';
};

/** The event of a name given again at another question of its ticket, or undefined. */
export function correctionReading(
  q: Questionnaire,
  context: BookingContext,
  text: string,
): TextReading | undefined {
  const name = readNameAgain(text);
  const current = currentSlot(q, context);
  if (name === undefined || current === undefined || isName(current)) return undefined;
  const named = q.slots(context).find((slot) => slot.setIndex === current.setIndex && isName(slot));
  if (named === undefined) return undefined;
  return { event: { type: 'answer.correct', questionId: named.question.id, text: name } };
}

type Args = { context: BookingContext; event: BookingEvent };

/** The slot corrected and how its answer reads, for an `answer.correct` event. */
function judged(q: Questionnaire, { context, event }: Args) {
  const current = currentSlot(q, context);
  if (event.type !== 'answer.correct' || current === undefined) return undefined;
  const slot = q
    .slots(context)
    .find((one) => one.setIndex === current.setIndex && one.question.id === event.questionId);
  if (slot === undefined) return undefined;
  const outcome: Outcome = evaluate(
    slot.question,
    { type: 'text', text: event.text },
    q.answer(context, slot),
    undefined,
    context.language,
  );
  return { slot, outcome };
}

/** `answer.correct`: the answer stored and said, or the reason it is refused; same question. */
export function correctTransitions(q: Questionnaire) {
  /** The slot and its new answer, when the answer is good. */
  const accepted = (args: Args) => {
    const read = judged(q, args);
    return read?.outcome.kind === 'accept' && read.outcome.answer !== null
      ? { slot: read.slot, answer: read.outcome.answer }
      : undefined;
  };
  return [
    {
      guard: (args: Args) => accepted(args) !== undefined,
      actions: [
        booking.createAction(
          assign((args) => {
            const read = accepted(args)!;
            return q.write(args.context, {
              answer: { slot: read.slot, value: read.answer },
            });
          }),
        ),
        {
          type: 'notify' as const,
          params: (args: Args) => {
            const read = accepted(args)!;
            const { question } = read.slot;
            const lang = args.context.language;
            return {
              text: messages(lang).corrected(
                question.shortQuestion ?? question.question,
                formatAnswer(question, read.answer, lang),
              ),
            };
          },
        },
      ],
    },
    {
      guard: (args: Args) => judged(q, args)?.outcome.kind === 'refuse',
      actions: {
        type: 'notify' as const,
        params: (args: Args) => {
          const outcome = judged(q, args)?.outcome;
          return { text: outcome?.kind === 'refuse' ? outcome.text : '' };
        },
      },
    },
  ];
}
