/**
 * Ticket questions: after the quantity, the questions of every ticket with a
 * TicketsQuestionsProfileId, once per attendee, asked one at a time; the answers go
 * with the product when it is added to the cart. No questions: straight to adding.
 *
 * Answers are kept on the draft as the exact Answer objects to send, keyed
 * `${setIndex}:${questionId}`. File answers hold the whole file in base64, so a
 * conversation snapshot holds them too (until the conversation expires or moves on).
 * When the questions are loaded again (back from a later step, or a new quantity), an
 * answer is kept only if its set is still the same ticket and attendee and still has
 * the question; the customer is then offered to keep it. Loaded again in the other
 * language (the same questions in other words), they are asked from where they were.
 *
 * Asked once: an age on the day of the visit is worked out from the same attendee's birth
 * date as soon as it is given (and again when it changes), and not asked.
 *
 * A group's names, birth dates… may come as one list at the first ticket that asks them
 * (./questions/lists.ts): the other tickets' answers are then `listed`, passed over going
 * forward like the worked-out ages, and still editable at their own question.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import { and, assign } from 'xstate';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { Question } from '#src/domain/partner-shapes.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { BookingContext, BookingEvent, Draft, TicketQuestionSet } from '../types.js';
import { ageOn, detailMeaning } from '#src/domain/question-meaning.js';
import { evaluate } from './questions/answering.js';
import { askingState, flatten, type Questionnaire, type Slot } from './questions/asking.js';
import { listPlaces } from './questions/lists.js';
import { namesInCart } from './questions/names.js';
import { answersKey, typeQuantities } from '#flows/booking/choosing/types-split.js';
import { EVERY_OTHER } from '#flows/booking/choosing/carried.js';
import { formatPrice } from '#flows/booking/choosing/format.js';
import { questionMessages } from './questions/messages.js';
import { changeLabel, eligibilityRefusal } from './questions/eligibility.js';
import { countsText, totalText } from './summary.js';
import { personLabel } from '#src/domain/people.js';
import { defineMessages } from '#src/i18n/messages.js';

/** The largest number typed at a name read as how many they are (a family or a small group). */
const MAX_PARTY = 10;

const retypeMessages = defineMessages({
  es: {
    changed: (ticket: number, kind: string, counts: string, total: string) =>
      `Hecho: la entrada ${ticket} es ahora de ${kind}. Llevas ${counts}. ${total}`.trim(),
  },
  en: {
    changed: (ticket: number, kind: string, counts: string, total: string) =>
      `Done: ticket ${ticket} changed to the ${kind} type. You have ${counts}. ${total}`.trim(),
  },
});

const answerKey = (slot: Pick<Slot, 'setIndex'>, questionId: string) =>
  `${slot.setIndex}:${questionId}`;

export const ticketQuestionnaire: Questionnaire = {
  slots: (context) => flatten(context.draft?.questionSets ?? []),
  cursor: (context) => context.draft?.questionCursor ?? 0,
  pending: (context) => context.draft?.questionPending,
  answer: (context, slot) => context.draft?.answers[answerKey(slot, slot.question.id)],
  heading(context, slot, lang) {
    const sets = context.draft?.questionSets ?? [];
    const set = sets[slot.setIndex];
    // The attendee is named only when there are several (a quantity above one); with
    // ticket types, counted within the ticket's type ("Entrada infantil, asistente 1"),
    // as its cart line counts them, never past the number of that type.
    const several = sets.some((other) => other.attendee > 1);
    const attendee =
      set?.productId === undefined ? set?.attendee : typeAttendees(sets)[slot.setIndex];
    return questionMessages(lang).ticketHeading(
      slot.setIndex + 1,
      sets.length,
      set?.label ?? '',
      several ? attendee : undefined,
    );
  },
  write(context, change) {
    const draft = context.draft;
    if (draft === undefined) return {};
    const next: Draft = { ...draft };
    if (change.cursor !== undefined) next.questionCursor = change.cursor;
    if (change.pending === null) delete next.questionPending;
    else if (change.pending !== undefined) next.questionPending = change.pending;
    if (change.answer !== undefined) {
      delete next.misfit;
      delete next.countOffer;
      const { slot, value, listed } = change.answer;
      const key = answerKey(slot, slot.question.id);
      const answers = { ...draft.answers };
      if (value === null) delete answers[key];
      else answers[key] = value;
      const derived = (draft.derived ?? []).filter((other) => other !== key);
      next.answers = answers;
      next.derived = derived;
      // Answered at its own question, an answer given in a list is the customer's like any.
      const others = (draft.listed ?? []).filter((other) => other !== key);
      next.listed = listed === true && value !== null ? [...others, key] : others;
      if (detailMeaning(slot.question) === 'birthDate') {
        Object.assign(next, agesFrom(next, slot.setIndex, value, context.language));
      }
    }
    return { draft: next };
  },
  settled: (context, slot) =>
    context.draft !== undefined && passedOver(context.draft, answerKey(slot, slot.question.id)),
  // A group's names, birth dates… typed as one list at the first ticket that asks them.
  together: (context, slot) => listPlaces(flatten(context.draft?.questionSets ?? []), slot),
  // A ticket's optional questions left unanswered in one tap (a group need not skip each).
  optionalLeft: (context, slot, everyTicket) => optionalLeft(context.draft, slot, everyTicket),
  skipOptional(context, slot, everyTicket) {
    const draft = context.draft;
    if (draft === undefined) return {};
    const keys = optionalLeft(draft, slot, everyTicket).map((other) =>
      answerKey(other, other.question.id),
    );
    return {
      draft: { ...draft, derived: [...new Set([...(draft.derived ?? []), ...keys])] },
    };
  },
  // Each ticket's file is its own: the prompt says whose.
  fileNote(context, slot, lang) {
    const total = context.draft?.questionSets.length ?? 0;
    return total > 1 ? questionMessages(lang).filePerTicket(slot.setIndex + 1, total) : undefined;
  },
  day: (context) => (context.draft ? dateOf(context.draft) : undefined),
  eligibility(context, slot, answer) {
    const draft = context.draft;
    const set = draft?.questionSets[slot.setIndex];
    if (draft === undefined || set === undefined) return undefined;
    return eligibilityRefusal(set.person, slot.question, answer, dateOf(draft), context.language);
  },
  refused(context, slot, answer, refusal) {
    const draft = context.draft;
    if (draft === undefined) return {};
    const { misfit: _old, ...rest } = draft;
    const instead = refusal.instead;
    if (instead === undefined || !canRetype(draft, slot.setIndex, instead.productId))
      return { draft: rest };
    return {
      draft: {
        ...rest,
        misfit: {
          setIndex: slot.setIndex,
          questionId: slot.question.id,
          answer,
          kind: instead.kind,
          productId: instead.productId,
        },
      },
    };
  },
  textRefused(context, slot, text) {
    const draft = context.draft;
    if (draft === undefined) return undefined;
    const { countOffer: was, ...rest } = draft;
    const quantity = /^\s*(\d{1,2})\s*$/.exec(text)?.[1];
    const count = Number(quantity ?? 0);
    // A party's size: more than none, within a group's reach, not the one already chosen.
    const offered =
      detailMeaning(slot.question) === 'fullName' &&
      count >= 1 &&
      count <= MAX_PARTY &&
      count !== draft.quantity;
    if (!offered) return was === undefined ? undefined : { draft: rest };
    return {
      draft: {
        ...rest,
        countOffer: { setIndex: slot.setIndex, questionId: slot.question.id, quantity: count },
      },
    };
  },
  countOption(context, slot, lang) {
    const offer = context.draft?.countOffer;
    if (offer === undefined || offer.setIndex !== slot.setIndex) return undefined;
    if (offer.questionId !== slot.question.id) return undefined;
    const m = questionMessages(lang);
    return {
      option: {
        id: 'requantity',
        label: m.weAre(offer.quantity),
        event: { type: 'wish.change', wish: { quantity: offer.quantity } },
      },
      note: m.weAreNote(offer.quantity),
    };
  },
  changeOption(context, slot, lang) {
    const draft = context.draft;
    const misfit = draft?.misfit;
    const person = draft?.questionSets[slot.setIndex]?.person;
    if (
      misfit === undefined ||
      person === undefined ||
      misfit.setIndex !== slot.setIndex ||
      misfit.questionId !== slot.question.id
    )
      return undefined;
    const price = draft?.types?.offers.find((offer) => offer.productId === misfit.productId);
    const label = changeLabel(person, misfit.kind, lang);
    return {
      id: 'retype',
      label: price === undefined ? label : `${label} · ${formatPrice(price.unitPrice, lang)}`,
      event: { type: 'answers.retype', productId: misfit.productId },
    };
  },
  suggestions(context, slot) {
    const draft = context.draft;
    if (draft === undefined || detailMeaning(slot.question) !== 'fullName') return [];
    // Names given for the other attendees of this product are theirs: not offered again.
    const taken = new Set(
      draft.questionSets.flatMap((set, setIndex) =>
        setIndex === slot.setIndex
          ? []
          : set.questions.flatMap((question) => {
              const answer = draft.answers[answerKey({ setIndex }, question.id)];
              return answer?.stringValue !== undefined ? [answer.stringValue] : [];
            }),
      ),
    );
    const client = context.checkout.client;
    const known = [
      ...(client?.fullName && client.surname ? [`${client.fullName} ${client.surname}`] : []),
      ...namesInCart(context),
    ];
    return [...new Set(known)].filter((name) => !taken.has(name)).slice(0, 3);
  },
  // At the first ticket of a product booked before in this conversation: "as last time";
  // at the first question of a later ticket: "same as ticket 1 for all".
  shortcut(context, slot, lang) {
    const m = questionMessages(lang);
    const last = lastTime(context, slot);
    if (last !== undefined) {
      return { id: 'same', label: m.asLastTime(last.names), event: { type: 'answers.same' } };
    }
    const source = sameSource(context.draft, slot);
    if (source === undefined) return undefined;
    return { id: 'same', label: m.sameForAll(source + 1), event: { type: 'answers.same' } };
  },
  takeShortcut(context, slot) {
    const draft = context.draft;
    if (draft === undefined) return {};
    const answers = { ...draft.answers };
    const derived = new Set(draft.derived ?? []);
    const settle = (key: string, answer: Answer | undefined) => {
      if (answer === undefined) delete answers[key];
      else answers[key] = answer;
      derived.add(key);
    };
    const last = lastTime(context, slot);
    if (last !== undefined) {
      // Every answer given last time, for every ticket it had; an optional question left
      // unanswered then is left so now; what is missing (a file, a new ticket) is asked.
      draft.questionSets.forEach((set, setIndex) => {
        for (const question of set.questions) {
          const key = answerKey({ setIndex }, question.id);
          const answer = last.answers[key];
          if (
            answer !== undefined ||
            (!question.required && !isFile(question) && last.had(setIndex))
          ) {
            settle(key, answer);
          }
        }
      });
      return { draft: { ...draft, answers, derived: [...derived] } };
    }
    const source = sameSource(draft, slot);
    if (source === undefined) return {};
    draft.questionSets.forEach((set, setIndex) => {
      if (setIndex < slot.setIndex || !sameQuestions(set, draft.questionSets[source]!)) return;
      for (const question of set.questions.filter((q) => copyable(q, draft, source))) {
        settle(
          answerKey({ setIndex }, question.id),
          draft.answers[answerKey({ setIndex: source }, question.id)],
        );
      }
    });
    return { draft: { ...draft, answers, derived: [...derived] } };
  },
  // "Same as ticket 1 for all" copies what is not about one person, and the next question
  // is often the same one (a name) for the next ticket: said, so the tap is seen to work.
  shortcutNote(before, after, slot, lang) {
    const source = sameSource(before.draft, slot);
    if (source === undefined || lastTime(before, slot) !== undefined) return undefined;
    const copied = Object.keys(after.draft?.answers ?? {}).filter(
      (key) => before.draft?.answers[key] === undefined,
    ).length;
    const next = after.draft?.questionSets.length
      ? flatten(after.draft.questionSets)[after.draft.questionCursor]
      : undefined;
    return questionMessages(lang).sameCopied(
      source + 1,
      copied,
      next === undefined ? undefined : next.setIndex + 1,
    );
  },
};

/**
 * The answers of the last booking of this product, offered at its first question when
 * none of them is in yet: the answers by key, whether a ticket was answered then, and the
 * names to show on the button.
 */
function lastTime(context: BookingContext, slot: Slot) {
  const draft = context.draft;
  const last = context.lastAnswers;
  if (draft === undefined || last === undefined || slot.setIndex !== 0 || slot.questionIndex !== 0)
    return undefined;
  if (last.productId !== answersKey(draft)) return undefined;
  const keys = draft.questionSets.flatMap((set, setIndex) =>
    set.questions.map((question) => answerKey({ setIndex }, question.id)),
  );
  const usable = keys.filter((key) => last.answers[key] !== undefined);
  if (usable.length === 0 || usable.every((key) => (draft.derived ?? []).includes(key)))
    return undefined;
  const names = keys
    .map((key) => last.answers[key])
    .filter(
      (answer) =>
        answer?.stringValue !== undefined &&
        detailMeaning({ question: answer.question ?? '' }) === 'fullName',
    )
    .map((answer) => answer!.stringValue!)
    .slice(0, 3);
  return {
    answers: last.answers,
    names: names.join(', '),
    had: (setIndex: number) =>
      Object.keys(last.answers).some((key) => key.startsWith(`${setIndex}:`)),
  };
}

const isFile = (question: Question) =>
  question.dataType === DataType.File || question.dataType === DataType.FileList;

/**
 * What "same for all" copies from the source ticket: answers that are not about one
 * person (a name, a birth date, a document…) and not files (each ticket's file is its
 * own), except that an optional file skipped on the source is skipped on the others.
 */
const copyable = (question: Question, draft: Draft, source: number) =>
  detailMeaning(question) === undefined &&
  (!isFile(question) ||
    (!question.required &&
      draft.answers[answerKey({ setIndex: source }, question.id)] === undefined));

/** The optional questions of `slot`'s ticket from it on, unanswered and still to be asked. */
/**
 * The optional questions still unanswered of `slot`'s ticket from `slot` on, and with
 * `everyTicket` those of the tickets after it too.
 */
function optionalLeft(draft: Draft | undefined, slot: Slot, everyTicket = false): Slot[] {
  if (draft === undefined) return [];
  const last = everyTicket ? draft.questionSets.length - 1 : slot.setIndex;
  return draft.questionSets.slice(slot.setIndex, last + 1).flatMap((set, offset) => {
    const setIndex = slot.setIndex + offset;
    return set.questions.flatMap((question, questionIndex) => {
      const key = answerKey({ setIndex }, question.id);
      return (offset > 0 || questionIndex >= slot.questionIndex) &&
        !question.required &&
        !workedOut(set, question) &&
        draft.answers[key] === undefined &&
        !passedOver(draft, key)
        ? [{ setIndex, questionIndex, question }]
        : [];
    });
  });
}

/** An age the set's birth date will give: not a question to skip. */
const workedOut = (set: TicketQuestionSet, question: Question) =>
  detailMeaning(question) === 'age' &&
  set.questions.some((other) => detailMeaning(other) === 'birthDate');

/** Answered without being asked at its own question: worked out, or given in a list. */
const passedOver = (draft: Draft, key: string) =>
  (draft.derived ?? []).includes(key) || (draft.listed ?? []).includes(key);

const sameQuestions = (a: TicketQuestionSet, b: TicketQuestionSet) =>
  a.questions.map((question) => question.id).join() ===
  b.questions.map((question) => question.id).join();

/**
 * The ticket whose answers "same for all" copies at `slot`: offered at the first question
 * of a later ticket still to be asked (its name may have come in a list) with the same
 * questions as the first, when something can be copied.
 */
function sameSource(draft: Draft | undefined, slot: Slot): number | undefined {
  if (draft === undefined || slot.setIndex === 0) return undefined;
  const set = draft.questionSets[slot.setIndex]!;
  const before = set.questions.slice(0, slot.questionIndex);
  if (!before.every((question) => passedOver(draft, answerKey(slot, question.id)))) {
    return undefined;
  }
  const source = draft.questionSets.findIndex((other) => sameQuestions(other, set));
  if (source < 0 || source >= slot.setIndex) return undefined;
  // Offered while something is left to copy (not once taken).
  const left = set.questions.some(
    (question) =>
      copyable(question, draft, source) &&
      !(draft.derived ?? []).includes(answerKey({ setIndex: slot.setIndex }, question.id)),
  );
  return left ? source : undefined;
}

/**
 * The ages of an attendee's set worked out from the birth date just given, on the day of
 * the visit: kept only when the age question accepts them; a removed or unreadable birth
 * date takes the worked-out ages away (to be asked).
 */
function agesFrom(
  draft: Draft,
  setIndex: number,
  birth: Answer | null,
  language: BookingContext['language'],
): Pick<Draft, 'answers' | 'derived'> {
  const answers = { ...draft.answers };
  const derived = [...(draft.derived ?? [])];
  const set = draft.questionSets[setIndex];
  const day = dateOf(draft);
  for (const question of set?.questions ?? []) {
    if (detailMeaning(question) !== 'age') continue;
    const key = answerKey({ setIndex }, question.id);
    const wasDerived = derived.includes(key);
    const age =
      birth?.dateTimeValue !== undefined && day !== undefined
        ? ageOn(birth.dateTimeValue, day)
        : undefined;
    const outcome =
      age === undefined
        ? undefined
        : evaluate(question, { type: 'text', text: String(age) }, undefined, undefined, language);
    if (outcome?.kind === 'accept' && outcome.answer !== null) {
      if (answers[key] !== undefined && !wasDerived) continue; // typed by the customer: theirs
      answers[key] = outcome.answer;
      if (!wasDerived) derived.push(key);
    } else if (wasDerived) {
      delete answers[key];
      derived.splice(derived.indexOf(key), 1);
    }
  }
  return { answers, derived };
}

/** The answers still valid for newly loaded sets (same ticket, attendee and question). */
function keptAnswers(before: Draft, sets: readonly TicketQuestionSet[]): Record<string, Answer> {
  const kept: Record<string, Answer> = {};
  sets.forEach((set, setIndex) => {
    const old = before.questionSets[setIndex];
    if (old === undefined || old.ticketId !== set.ticketId || old.attendee !== set.attendee) return;
    for (const question of set.questions) {
      const key = answerKey({ setIndex }, question.id);
      const answer = before.answers[key];
      if (answer !== undefined) kept[key] = answer;
    }
  });
  return kept;
}

/**
 * Whether the ticket of set `setIndex` can change to `productId` in one tap: another
 * ticket type of the choice on its day, or the draft's own product of one ticket for one
 * person (then the other product is opened for the same day).
 */
function canRetype(draft: Draft, setIndex: number, productId: string): boolean {
  const set = draft.questionSets[setIndex];
  if (set === undefined) return false;
  if (draft.types !== undefined)
    return (
      set.productId !== undefined &&
      (draft.types.counts[set.productId] ?? 0) > 0 &&
      draft.types.offers.some((offer) => offer.productId === productId)
    );
  return draft.quantity === 1 && draft.questionSets.every((other) => other.attendee === 1);
}

/** Each set's attendee within its own ticket type (1-based), in the order the sets come. */
function typeAttendees(sets: readonly TicketQuestionSet[]): number[] {
  const seen = new Map<string, number[]>();
  return sets.map((set) => {
    const type = set.productId ?? '';
    const attendees = seen.get(type) ?? [];
    if (!attendees.includes(set.attendee)) attendees.push(set.attendee);
    seen.set(type, attendees);
    return attendees.indexOf(set.attendee) + 1;
  });
}

/**
 * The draft with the misfit's ticket changed to the type it fits: one less of its type,
 * one more of the other, the answers given carried by person (the misfit's own with
 * them) while the questions are loaded again for the new choice.
 */
export function retyped(draft: Draft): Draft | undefined {
  const { misfit, types } = draft;
  if (misfit === undefined || types === undefined) return undefined;
  if (!canRetype(draft, misfit.setIndex, misfit.productId)) return undefined;
  const from = draft.questionSets[misfit.setIndex]!.productId!;
  const to = misfit.productId;
  const locals = typeAttendees(draft.questionSets);
  const moved = locals[misfit.setIndex]!;
  const arriving = (types.counts[to] ?? 0) + 1;
  const carried: Record<string, Record<string, Answer | null>> = {};
  const slots = flatten(draft.questionSets);
  const passed = (setIndex: number, questionId: string) => {
    const key = answerKey({ setIndex }, questionId);
    const at = slots.findIndex(
      (slot) => slot.setIndex === setIndex && slot.question.id === questionId,
    );
    return at < draft.questionCursor || passedOver(draft, key);
  };
  draft.questionSets.forEach((set, setIndex) => {
    const local = locals[setIndex]!;
    const key =
      set.productId !== from
        ? `${set.productId}#${local}`
        : local === moved
          ? `${to}#${arriving}`
          : `${from}#${local > moved ? local - 1 : local}`;
    for (const question of set.questions) {
      const answer = draft.answers[answerKey({ setIndex }, question.id)];
      // An answer, or a question already passed (skipped): not asked again.
      if (answer !== undefined) carried[key] = { ...carried[key], [question.id]: answer };
      else if (passed(setIndex, question.id))
        carried[key] = { ...carried[key], [question.id]: null };
    }
  });
  carried[`${to}#${arriving}`] = {
    ...carried[`${to}#${arriving}`],
    [misfit.questionId]: misfit.answer,
  };
  const { misfit: _done, questionPending: _pending, ...rest } = draft;
  return {
    ...rest,
    types: {
      ...types,
      counts: { ...types.counts, [from]: (types.counts[from] ?? 1) - 1, [to]: arriving },
    },
    carried,
    questionSets: [],
    answers: {},
    derived: [],
    listed: [],
    questionCursor: 0,
  };
}

/**
 * The sets loaded again after a change of ticket type, with the answers carried: passed
 * over going forward like a list's (still editable at their own question), and the cursor
 * on the first question still to answer.
 */
function withCarried(
  draft: Draft,
  sets: TicketQuestionSet[],
  language: BookingContext['language'],
): Partial<BookingContext> {
  const carried = draft.carried ?? {};
  const locals = typeAttendees(sets);
  const answers: Record<string, Answer> = {};
  const derived: string[] = [];
  sets.forEach((set, setIndex) => {
    const given = carried[`${set.productId}#${locals[setIndex]}`] ?? {};
    for (const question of set.questions) {
      // A visitor asked before: what they left unanswered was passed, not asked again.
      const answer =
        question.id in given ? given[question.id] : EVERY_OTHER in given ? null : undefined;
      const key = answerKey({ setIndex }, question.id);
      if (answer === null) derived.push(key);
      else if (answer !== undefined) answers[key] = answer;
    }
  });
  const { carried: _used, questionPending: _pending, ...rest } = draft;
  const listed = Object.keys(answers);
  let next: Draft = {
    ...rest,
    questionSets: sets,
    answers,
    derived,
    listed,
    questionCursor: 0,
  };
  // The ages a carried birth date gives on the day, as when it was typed.
  sets.forEach((set, setIndex) => {
    for (const question of set.questions) {
      const birth = answers[answerKey({ setIndex }, question.id)];
      if (birth !== undefined && detailMeaning(question) === 'birthDate')
        next = { ...next, ...agesFrom(next, setIndex, birth, language) };
    }
  });
  const cursor = flatten(sets).findIndex(
    (slot) => !passedOver(next, answerKey(slot, slot.question.id)),
  );
  return { draft: { ...next, questionCursor: cursor < 0 ? flatten(sets).length : cursor } };
}

const withSets = (context: BookingContext, sets: TicketQuestionSet[]): Partial<BookingContext> => {
  const draft = context.draft;
  if (draft === undefined) return {};
  if (draft.carried !== undefined) return withCarried(draft, sets, context.language);
  const { questionPending: _dropped, ...rest } = draft;
  const kept = keptAnswers(draft, sets);
  return {
    draft: {
      ...rest,
      questionSets: sets,
      answers: kept,
      derived: (draft.derived ?? []).filter((key) => kept[key] !== undefined),
      listed: (draft.listed ?? []).filter((key) => kept[key] !== undefined),
      // The same questions in other words (the other language): asked from where they were;
      // after a change of mind, from the first one its answers leave open.
      questionCursor: reworded(draft.questionSets, sets)
        ? draft.questionCursor
        : draft.resume === true
          ? firstOpen(sets, kept)
          : 0,
      resume: undefined,
    },
  };
};

/** The first question without an answer (the count of questions when all have one). */
function firstOpen(sets: readonly TicketQuestionSet[], answers: Record<string, Answer>): number {
  const slots = flatten(sets);
  const open = slots.findIndex(
    (slot) => answers[answerKey({ setIndex: slot.setIndex }, slot.question.id)] === undefined,
  );
  return open === -1 ? slots.length : open;
}

/** The same tickets, attendees and questions, in other words (loaded in the other language). */
const reworded = (before: readonly TicketQuestionSet[], after: readonly TicketQuestionSet[]) =>
  before.length === after.length &&
  before.every(
    (set, index) =>
      set.ticketId === after[index]!.ticketId &&
      set.attendee === after[index]!.attendee &&
      sameQuestions(set, after[index]!),
  ) &&
  before.some((set, index) =>
    set.questions.some(
      (question, at) => question.question !== after[index]!.questions[at]!.question,
    ),
  );

const dateOf = (draft: Draft) => draft.accessDate ?? draft.product.fixedDate;

export const questionsState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        {
          guard: 'noQuantity',
          target: '#booking.quantity',
        },
        {
          guard: and(['hasDraft', 'noDay']),
          target: '#booking.date',
        },
        { target: 'loading' },
      ],
    },
    loading: partnerCall({
      waiting: (lang) => questionMessages(lang).loading,
      invoke: {
        id: 'loadTicketQuestions',
        src: 'loadTicketQuestions',
        input: ({ context }) => {
          // `start` let us in only with a draft, a quantity and a date.
          const draft = context.draft!;
          return {
            productId: draft.product.productId,
            date: dateOf(draft)!,
            quantity: draft.quantity!,
            sessions: draft.sessions,
            ...(draft.enclosureDates !== undefined ? { enclosureDates: draft.enclosureDates } : {}),
            language: context.language,
            // Ticket types chosen together: their questions in one pass.
            ...(draft.types !== undefined ? { types: typeQuantities(draft.types) } : {}),
          };
        },
        onDone: [
          {
            guard: 'noQuestions',
            target: '#booking.adding',
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
      },
      failed: '#booking.quantity',
    }),
    asking: withRetype(
      askingState(ticketQuestionnaire, {
        done: '#booking.adding',
        back: '#booking.quantity',
      }),
    ),
  },
});

/**
 * The asking state with the one-tap change of ticket type: with ticket types, the choice
 * changes and its questions are loaded again, the answers kept; a product for one person
 * alone opens the product the answer fits, for the same day.
 */
function withRetype(state: ReturnType<typeof askingState>) {
  return {
    ...state,
    on: {
      ...state.on,
      'answers.retype': [
        {
          guard: ({ context }: { context: BookingContext }) =>
            context.draft !== undefined && retyped(context.draft) !== undefined,
          target: 'loading',
          actions: [
            {
              type: 'notify' as const,
              params: ({ context }: { context: BookingContext }) => {
                const before = context.draft!;
                const after = retyped(before)!;
                return {
                  text: retypeMessages(context.language).changed(
                    before.misfit!.setIndex + 1,
                    personLabel(before.misfit!.kind, undefined, context.language).toLowerCase(),
                    countsText(after.types!, context.language, 'chosen'),
                    totalText(after, context.language),
                  ),
                };
              },
            },
            booking.createAction(
              assign(({ context }: { context: BookingContext }) => ({
                draft: retyped(context.draft!)!,
              })),
            ),
          ],
        },
        {
          guard: ({ context, event }: { context: BookingContext; event: BookingEvent }) =>
            context.draft?.misfit !== undefined &&
            context.draft.types === undefined &&
            event.type === 'answers.retype' &&
            event.productId === context.draft.misfit.productId &&
            dateOf(context.draft) !== undefined,
          target: '#booking.product',
          actions: booking.createAction(
            assign(({ context }: { context: BookingContext }) => ({
              wish: {
                date: { kind: 'date' as const, date: dateOf(context.draft!)! },
                quantity: 1,
              },
            })),
          ),
        },
      ],
    },
  };
}
