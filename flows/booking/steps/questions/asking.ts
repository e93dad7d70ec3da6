/**
 * Asking a list of questions one at a time, shared by the ticket questions and the
 * provider, sale and client questions of the way to pay. A `Questionnaire` says where
 * the questions, the cursor and the answers live in the context; this module builds the
 * view of the current question and the state that reads the answers.
 *
 * Every answer-like event (typed text, a file, a button) is judged by `evaluate`: kept
 * and on to the next question (or out of the step after the last), gathered (a tick, a
 * file of a list), or refused with the reason and the same question asked again —
 * nothing already answered is lost. Back goes to the previous question, or out.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Question } from '#src/domain/partner-shapes.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import type { Option } from '#flows/view.js';
import { assign } from 'xstate';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent, PendingAnswer } from '#flows/booking/types.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import {
  acceptedFilesText,
  evaluate,
  fileRules,
  formatAnswer,
  tickedValues,
  type Outcome,
} from './answering.js';
import { commasSeparate, listNotice, readList, ticketNumbers, type ListReading } from './lists.js';
import { questionMessages } from './messages.js';
import { changeable } from '#flows/booking/choosing/change.js';
import { correctTransitions, correctionReading } from './correcting.js';
import type { Refusal } from './eligibility.js';

/** One question in the flattened list: its set and its place in the set. */
export interface Slot {
  setIndex: number;
  questionIndex: number;
  question: Question;
}

/** A change to a questionnaire: all applied at once by `write`. */
export interface Change {
  cursor?: number;
  /** null: nothing being gathered any more. */
  pending?: PendingAnswer | null;
  /**
   * The answer to store for a slot; null removes it (skipped). `listed`: given in a list
   * at an earlier ticket's question, so passed over when its own comes.
   */
  answer?: { slot: Slot; value: Answer | null; listed?: boolean };
}

export interface Questionnaire {
  slots(context: BookingContext): Slot[];
  cursor(context: BookingContext): number;
  pending(context: BookingContext): PendingAnswer | undefined;
  answer(context: BookingContext, slot: Slot): Answer | undefined;
  /** What the customer reads before the question ("Ticket 2 of 3 — Adult, attendee 1"). */
  heading(context: BookingContext, slot: Slot, lang: Lang): string;
  write(context: BookingContext, change: Change): Partial<BookingContext>;
  /**
   * A question answered without asking (an age worked out from a birth date just given):
   * passed over going forward, still there going back.
   */
  settled?(context: BookingContext, slot: Slot): boolean;
  /**
   * A one-tap way past several questions at this slot (the same answers as an earlier
   * ticket): its option, or undefined when there is none here.
   */
  shortcut?(context: BookingContext, slot: Slot, lang: Lang): Option<BookingEvent> | undefined;
  /**
   * Answers already given in this conversation that fit this question (a name given
   * before), offered as buttons rather than asked to be typed again.
   */
  suggestions?(context: BookingContext, slot: Slot): string[];
  /** The day of the visit the answers are about (a birth date cannot be after it). */
  day?(context: BookingContext): string | undefined;
  /** What taking the shortcut writes (answers filled, and settled). */
  takeShortcut?(context: BookingContext, slot: Slot): Partial<BookingContext>;
  /**
   * What to say once the shortcut is taken, when the next view alone would not show what
   * it did (the same question comes back, for the next ticket's person).
   */
  shortcutNote?(
    before: BookingContext,
    after: BookingContext,
    slot: Slot,
    lang: Lang,
  ): string | undefined;
  /**
   * The slots a list typed at `slot` answers (this one first: the same question of the
   * following tickets); fewer than two when no list is offered here (./lists.ts).
   */
  together?(context: BookingContext, slot: Slot): Slot[];
  /**
   * The optional questions still unanswered of `slot`'s ticket, from it on, that one tap
   * may skip together; fewer than two: not offered.
   */
  optionalLeft?(context: BookingContext, slot: Slot, everyTicket?: boolean): Slot[];
  /**
   * What skipping them writes (left unanswered, and settled); `everyTicket`: the optional
   * questions still unanswered of the following tickets too, where `optionalLeft` says so.
   */
  skipOptional?(
    context: BookingContext,
    slot: Slot,
    everyTicket?: boolean,
  ): Partial<BookingContext>;
  /** Whose file a file question asks ("one per ticket", "one for the whole group"). */
  fileNote?(context: BookingContext, slot: Slot, lang: Lang): string | undefined;
  /**
   * Why an answer valid in itself does not fit the ticket it is for (a 15-year-old on a
   * child's ticket), or undefined when it fits (./eligibility.ts).
   */
  eligibility?(context: BookingContext, slot: Slot, answer: Answer): Refusal | undefined;
  /** What such a refusal writes: the answer kept aside for the change it offers. */
  refused?(
    context: BookingContext,
    slot: Slot,
    answer: Answer,
    refusal: Refusal,
  ): Partial<BookingContext>;
  /**
   * What a text refused as the answer writes when it may say something else (a bare
   * number at a name: how many they are), or undefined when it says nothing more.
   */
  textRefused?(
    context: BookingContext,
    slot: Slot,
    text: string,
  ): Partial<BookingContext> | undefined;
  /** The one-tap change of ticket type offered at `slot` after such a refusal. */
  changeOption?(context: BookingContext, slot: Slot, lang: Lang): Option<BookingEvent> | undefined;
  /** The one-tap change of how many offered at `slot` after `textRefused` kept one. */
  countOption?(
    context: BookingContext,
    slot: Slot,
    lang: Lang,
  ): { option: Option<BookingEvent>; note: string } | undefined;
}

/** The first question from `from` on that is still to be asked; the count of slots if none. */
function nextToAsk(q: Questionnaire, context: BookingContext, from: number): number {
  const slots = q.slots(context);
  let cursor = from;
  while (cursor < slots.length && q.settled?.(context, slots[cursor]!) === true) cursor += 1;
  return cursor;
}

const isSlot = (a: Slot, b: Slot) =>
  a.setIndex === b.setIndex && a.questionIndex === b.questionIndex;

/** Slots of sets of questions, in order. */
export function flatten(sets: readonly { questions: readonly Question[] }[]): Slot[] {
  return sets.flatMap((set, setIndex) =>
    set.questions.map((question, questionIndex) => ({ setIndex, questionIndex, question })),
  );
}

export function currentSlot(q: Questionnaire, context: BookingContext): Slot | undefined {
  return q.slots(context)[q.cursor(context)];
}

type Judged =
  Outcome | { kind: 'refuse'; text: string; misfit: { answer: Answer; refusal: Refusal } };

function outcomeOf(q: Questionnaire, context: BookingContext, event: BookingEvent): Judged {
  const slot = currentSlot(q, context);
  if (slot === undefined) return { kind: 'refuse', text: common(context.language).notUnderstood };
  const outcome = evaluate(
    slot.question,
    event,
    q.answer(context, slot),
    q.pending(context),
    context.language,
    q.day?.(context),
  );
  if (outcome.kind !== 'accept' || outcome.answer === null) return outcome;
  // A valid answer that says the ticket is not for this person: refused, with the reason.
  const refusal = q.eligibility?.(context, slot, outcome.answer);
  return refusal === undefined
    ? outcome
    : { kind: 'refuse', text: refusal.text, misfit: { answer: outcome.answer, refusal } };
}

/**
 * A list's valid items with those not fit for their ticket's person moved to the refused,
 * with the reason and the answer kept for the change of ticket type it offers.
 */
function eligibleItems(
  q: Questionnaire,
  context: BookingContext,
  reading: ListReading<Slot>,
): ListReading<Slot> {
  if (q.eligibility === undefined) return reading;
  const kept: ListReading<Slot>['kept'] = [];
  const refused = [...reading.refused];
  reading.kept.forEach((item) => {
    const refusal = q.eligibility!(context, item.place, item.answer);
    if (refusal === undefined) {
      kept.push(item);
      return;
    }
    refused.push({
      position: item.position,
      place: item.place,
      reason: refusal.text,
      misfit: { answer: item.answer, refusal },
    });
  });
  refused.sort((a, b) => a.position - b.position);
  return { ...reading, kept, refused };
}

/** The kind of value the current question asks, lists included (a change is never it). */
function valueAsked(q: Questionnaire, context: BookingContext): BookingView['expects'] | undefined {
  const type = currentSlot(q, context)?.question.dataType;
  if (type === DataType.Date || type === DataType.DateList) return 'date';
  if (NUMBER_TYPES.includes(type ?? -1)) return 'number';
  return undefined;
}

const NUMBER_TYPES: readonly number[] = [
  DataType.Integer,
  DataType.IntegerList,
  DataType.Decimal,
  DataType.DecimalList,
];

const CHOICE_TYPES: readonly number[] = [DataType.Boolean, DataType.SelectOne, DataType.SelectMany];

const expectsOf = (question: Question): BookingView['expects'] => {
  switch (question.dataType) {
    case DataType.Boolean:
    case DataType.SelectOne:
    case DataType.SelectMany:
      return 'choice';
    case DataType.Date:
      return 'date';
    case DataType.Integer:
    case DataType.Decimal:
      return 'number';
    case DataType.File:
    case DataType.FileList:
      return 'file';
    default:
      return 'text';
  }
};

function hint(question: Question, lang: Lang): string {
  const m = questionMessages(lang);
  switch (question.dataType) {
    case DataType.Text:
      return m.hintText;
    case DataType.TextList:
      return m.hintTextList;
    case DataType.Boolean:
      return m.hintBoolean;
    case DataType.BooleanList:
      return m.hintBooleanList;
    case DataType.Date:
      return m.hintDate;
    case DataType.DateList:
      return m.hintDateList;
    case DataType.Integer:
      return m.hintInteger;
    case DataType.IntegerList:
      return m.hintIntegerList;
    case DataType.Decimal:
      return m.hintDecimal;
    case DataType.DecimalList:
      return m.hintDecimalList;
    case DataType.SelectOne:
      return m.hintSelectOne;
    case DataType.SelectMany:
      return m.hintSelectMany(question.maxNumberOfValues);
    case DataType.File:
      return m.hintFile(acceptedFilesText(lang));
    default:
      return m.hintFileList(acceptedFilesText(lang));
  }
}

/** An option id part for a value: the value itself when short and plain, else its number. */
const valueKey = (value: string, index: number) =>
  /^[\w.-]{1,32}$/.test(value) ? value : `#${index + 1}`;

export function questionText(question: Question): string {
  return question.question !== '' ? question.question : (question.shortQuestion ?? question.id);
}

/** The view of the current question of `q`. */
export function questionView(q: Questionnaire): ViewFn {
  return (context) => {
    const lang = context.language;
    const m = questionMessages(lang);
    const c = common(lang);
    const slot = currentSlot(q, context);
    const navigation: Option<BookingEvent>[] = [
      { id: 'back', label: c.back, event: { type: 'nav.back' } },
      { id: 'home', label: c.home, event: { type: 'nav.home' } },
    ];
    if (slot === undefined) return { text: m.loading, expects: 'none', options: navigation };
    const { question } = slot;
    const current = q.answer(context, slot);
    const pending = q.pending(context);
    const lines = [
      `${q.heading(context, slot, lang)}: ${questionText(question)}${question.required ? '' : ` ${m.optional}`}`,
      hint(question, lang),
    ];
    const together = q.together?.(context, slot) ?? [];
    if (together.length > 1) {
      lines.push(
        m.listHint(
          together.length,
          ticketNumbers(
            together.map((place) => place.setIndex + 1),
            lang,
          ),
          commasSeparate(question),
        ),
      );
    }
    const isFile = question.dataType === DataType.File || question.dataType === DataType.FileList;
    const fileNote = isFile ? q.fileNote?.(context, slot, lang) : undefined;
    if (fileNote !== undefined) lines.push(fileNote);
    const options: Option<BookingEvent>[] = [];
    switch (question.dataType) {
      case DataType.Boolean:
        options.push(
          { id: 'yes', label: c.yes, event: { type: 'answer.choose', value: 'true' } },
          { id: 'no', label: c.no, event: { type: 'answer.choose', value: 'false' } },
        );
        break;
      case DataType.SelectOne:
        question.values.forEach((option, index) =>
          options.push({
            id: `choice:${valueKey(option.value, index)}`,
            label: option.text,
            event: { type: 'answer.choose', value: option.value },
          }),
        );
        break;
      case DataType.SelectMany: {
        const ticked = tickedValues(pending, current);
        question.values.forEach((option, index) =>
          options.push({
            id: `toggle:${valueKey(option.value, index)}`,
            label: `${ticked.includes(option.value) ? '☑️' : '⬜'} ${option.text}`,
            event: { type: 'answer.toggle', value: option.value },
          }),
        );
        if (pending !== undefined) {
          const texts = question.values
            .filter((option) => ticked.includes(option.value))
            .map((option) => option.text);
          lines.push(texts.length > 0 ? m.chosen(texts.join(', ')) : m.noneChosen);
        }
        options.push({ id: 'done', label: m.done, event: { type: 'answer.done' } });
        break;
      }
      case DataType.FileList: {
        const received = pending?.files?.length ?? 0;
        if (received > 0) lines.push(m.filesReceived(received));
        if (received > 0 || current !== undefined) {
          options.push({ id: 'done', label: m.done, event: { type: 'answer.done' } });
        }
        break;
      }
      default:
        break;
    }
    if (current !== undefined) {
      lines.push(m.current(formatAnswer(question, current, lang)));
      if (question.dataType !== DataType.FileList || (pending?.files?.length ?? 0) === 0) {
        options.push({ id: 'keep', label: m.keep, event: { type: 'answer.keep' } });
      }
    }
    if (!question.required) {
      options.push({ id: 'skip', label: m.skip, event: { type: 'answer.skip' } });
      const optional = q.optionalLeft?.(context, slot) ?? [];
      if (optional.length > 1) {
        options.push({
          id: 'skip-optional',
          label: m.skipOptional(optional.length),
          event: { type: 'answers.skipOptional' },
        });
      }
      // A hurried group skips the optional ones of every ticket at once, not ticket by
      // ticket (each still answerable going back).
      const everywhere = q.optionalLeft?.(context, slot, true) ?? [];
      if (everywhere.length > Math.max(optional.length, 1)) {
        options.push({
          id: 'skip-optional-all',
          label: m.skipOptionalAll(everywhere.length),
          event: { type: 'answers.skipOptional', everyTicket: true },
        });
      }
    }
    const change = q.changeOption?.(context, slot, lang);
    if (change) options.unshift(change);
    const count = q.countOption?.(context, slot, lang);
    if (count) {
      options.unshift(count.option);
      lines.push(count.note);
    }
    const shortcut = q.shortcut?.(context, slot, lang);
    if (shortcut) options.push(shortcut);
    (q.suggestions?.(context, slot) ?? []).forEach((text, index) =>
      options.push({
        id: `known:${index + 1}`,
        label: `👤 ${text}`,
        event: { type: 'text', text },
      }),
    );
    options.push(...navigation);
    return {
      text: lines.join('\n'),
      expects: expectsOf(question),
      options,
      ...(isFile
        ? { file: { mimeTypes: [...fileRules.allowedMimeTypes], maxBytes: fileRules.maxBytes } }
        : {}),
      readText: (text) => {
        // A number picks the option of that number where options are the answers.
        const numbered = /^\d{1,3}$/.test(text) ? options[Number(text) - 1] : undefined;
        if (numbered && CHOICE_TYPES.includes(question.dataType)) return { event: numbered.event };
        return correctionReading(q, context, text) ?? { event: { type: 'text', text } };
      },
      readFile: (file) => ({ event: { type: 'file', file } }),
    };
  };
}

/**
 * The state that asks `q`'s questions: `done` is where to go after the last answer,
 * `back` where back leads from the first question.
 */
export function askingState(q: Questionnaire, targets: { done: string; back: string }) {
  type Args = { context: BookingContext; event: BookingEvent };
  const outcome = ({ context, event }: Args) => outcomeOf(q, context, event);
  /** The context with the answer kept; the cursor on the next question to ask when `advance`. */
  const store = ({ context, event }: Args, advance: boolean): Partial<BookingContext> => {
    const result = outcome({ context, event });
    const slot = currentSlot(q, context);
    if (result.kind !== 'accept' || slot === undefined) return {};
    const written = q.write(context, { answer: { slot, value: result.answer }, pending: null });
    if (!advance) return written;
    const after = { ...context, ...written };
    return {
      ...written,
      ...q.write(after, { cursor: nextToAsk(q, after, q.cursor(context) + 1) }),
    };
  };
  /** What a refused text writes for the change it may say (`q.textRefused`). */
  const textRefused = ({ context, event }: Args): Partial<BookingContext> | undefined => {
    const slot = currentSlot(q, context);
    if (event.type !== 'text' || slot === undefined) return undefined;
    return q.textRefused?.(context, slot, event.text);
  };
  /** Whether the answer being given is the last one to ask (what follows is settled). */
  const isLast = (args: Args) => {
    const after = { ...args.context, ...store(args, false) };
    return nextToAsk(q, after, q.cursor(args.context) + 1) >= q.slots(after).length;
  };
  /**
   * Typed text read as a list for several tickets at once; undefined when it is one answer.
   * Each item is checked as its ticket's own answer would be: valid, then fit for whom the
   * ticket is for (a child's birth date on an adult ticket is refused like one typed alone).
   */
  const list = ({ context, event }: Args): ListReading<Slot> | undefined => {
    const slot = currentSlot(q, context);
    if (event.type !== 'text' || slot === undefined || q.together === undefined) return undefined;
    const reading = readList(
      q.together(context, slot),
      event.text,
      context.language,
      q.day?.(context),
    );
    return reading === undefined ? undefined : eligibleItems(q, context, reading);
  };
  /**
   * The context with a list's good items kept (the others' tickets listed, to be passed
   * over), the cursor on the next question to ask when the current ticket's item is good.
   */
  const storeList = (args: Args): Partial<BookingContext> => {
    const reading = list(args);
    const slot = currentSlot(q, args.context);
    if (reading === undefined || slot === undefined) return {};
    let after = args.context;
    let written: Partial<BookingContext> = {};
    for (const { place, answer } of reading.kept) {
      const change = q.write(after, {
        answer: { slot: place, value: answer, listed: !isSlot(place, slot) },
        pending: null,
      });
      after = { ...after, ...change };
      written = { ...written, ...change };
    }
    if (reading.kept.some(({ place }) => isSlot(place, slot))) {
      const cursor = q.write(after, { cursor: nextToAsk(q, after, q.cursor(args.context) + 1) });
      after = { ...after, ...cursor };
      written = { ...written, ...cursor };
    }
    // The first item not fit for its ticket keeps its answer aside for the one-tap change
    // offered when that ticket's question comes (the first refused is asked first).
    const misfit = reading.refused.find((item) => item.misfit !== undefined);
    if (misfit?.misfit === undefined || q.refused === undefined) return written;
    return {
      ...written,
      ...q.refused(after, misfit.place, misfit.misfit.answer, misfit.misfit.refusal),
    };
  };
  // Told before the answers are stored: once stored, the cursor is on another question.
  const notifyList = {
    type: 'notify' as const,
    params: (args: Args) => ({
      text: listNotice(list(args)!, args.context.language, (place) => place.setIndex + 1),
    }),
  };
  const listTransitions = [
    {
      guard: (args: Args) => {
        if (list(args) === undefined) return false;
        const after = { ...args.context, ...storeList(args) };
        return (
          q.cursor(after) !== q.cursor(args.context) && q.cursor(after) >= q.slots(after).length
        );
      },
      target: targets.done,
      actions: [notifyList, booking.createAction(assign((args) => storeList(args)))],
    },
    {
      guard: (args: Args) => list(args) !== undefined,
      actions: [notifyList, booking.createAction(assign((args) => storeList(args)))],
    },
  ];
  const answerTransitions = [
    {
      guard: (args: Args) => outcome(args).kind === 'accept' && isLast(args),
      target: targets.done,
      actions: booking.createAction(assign((args) => store(args, false))),
    },
    {
      guard: (args: Args) => outcome(args).kind === 'accept',
      actions: booking.createAction(assign((args) => store(args, true))),
    },
    {
      guard: (args: Args) => outcome(args).kind === 'collect',
      actions: booking.createAction(
        assign((args) => {
          const result = outcome(args);
          return result.kind === 'collect'
            ? q.write(args.context, { pending: result.pending })
            : {};
        }),
      ),
    },
    {
      // Not for this person: said, and the answer kept aside for the change offered.
      guard: (args: Args) => {
        const result = outcome(args);
        return result.kind === 'refuse' && 'misfit' in result && q.refused !== undefined;
      },
      actions: [
        {
          type: 'notify' as const,
          params: (args: Args) => ({ text: (outcome(args) as { text: string }).text }),
        },
        booking.createAction(
          assign((args: Args) => {
            const result = outcome(args);
            const slot = currentSlot(q, args.context);
            if (!('misfit' in result) || slot === undefined || q.refused === undefined) return {};
            return q.refused(args.context, slot, result.misfit.answer, result.misfit.refusal);
          }),
        ),
      ],
    },
    {
      // Refused, yet saying something else (how many they are): kept for its one-tap change;
      // any other refused text forgets such an offer.
      guard: (args: Args) => outcome(args).kind === 'refuse' && textRefused(args) !== undefined,
      actions: [
        {
          type: 'notify' as const,
          params: (args: Args) => ({ text: (outcome(args) as { text: string }).text }),
        },
        booking.createAction(assign((args: Args) => textRefused(args) ?? {})),
      ],
    },
    {
      actions: {
        type: 'notify' as const,
        params: (args: Args) => {
          const result = outcome(args);
          return { text: result.kind === 'refuse' ? result.text : '' };
        },
      },
    },
  ];
  /** The context after the shortcut, the cursor on the next question still to ask. */
  const shortcutTaken = ({ context }: { context: BookingContext }): Partial<BookingContext> => {
    const slot = currentSlot(q, context);
    if (slot === undefined || q.takeShortcut === undefined) return {};
    const after = { ...context, ...q.takeShortcut(context, slot) };
    return {
      ...q.takeShortcut(context, slot),
      ...q.write(after, { cursor: nextToAsk(q, after, q.cursor(context)), pending: null }),
    };
  };
  const shortcutOffered = ({ context }: { context: BookingContext }) => {
    const slot = currentSlot(q, context);
    return slot !== undefined && q.shortcut?.(context, slot, context.language) !== undefined;
  };
  /** What the shortcut did, said before the next view (computed on the context before it). */
  const shortcutNote = (args: { context: BookingContext }): string | undefined => {
    const slot = currentSlot(q, args.context);
    if (slot === undefined || q.shortcutNote === undefined) return undefined;
    const after = { ...args.context, ...shortcutTaken(args) };
    return q.shortcutNote(args.context, after, slot, args.context.language);
  };
  /** The context with this ticket's optional questions skipped, the cursor on the next to ask. */
  const optionalSkipped = ({
    context,
    event,
  }: {
    context: BookingContext;
    event: BookingEvent;
  }): Partial<BookingContext> => {
    const slot = currentSlot(q, context);
    if (slot === undefined || q.skipOptional === undefined) return {};
    const everyTicket = event.type === 'answers.skipOptional' && event.everyTicket === true;
    const skipped = q.skipOptional(context, slot, everyTicket);
    const after = { ...context, ...skipped };
    return {
      ...skipped,
      ...q.write(after, { cursor: nextToAsk(q, after, q.cursor(context)), pending: null }),
    };
  };
  const canSkipOptional = ({
    context,
    event,
  }: {
    context: BookingContext;
    event: BookingEvent;
  }) => {
    const slot = currentSlot(q, context);
    const everyTicket = event.type === 'answers.skipOptional' && event.everyTicket === true;
    return slot !== undefined && (q.optionalLeft?.(context, slot, everyTicket).length ?? 0) > 1;
  };
  return booking.createStateConfig({
    // A change of mind typed at a question is that change, never the answer.
    meta: { view: changeable(questionView(q), 'question', (context) => valueAsked(q, context)) },
    always: {
      guard: ({ context }) => currentSlot(q, context) === undefined,
      target: targets.done,
    },
    on: {
      'answers.same': [
        {
          guard: (args: Args) => shortcutOffered(args) && shortcutNote(args) !== undefined,
          actions: [
            { type: 'notify' as const, params: (args: Args) => ({ text: shortcutNote(args)! }) },
            booking.createAction(assign((args) => shortcutTaken(args))),
          ],
        },
        {
          guard: shortcutOffered,
          actions: booking.createAction(assign((args) => shortcutTaken(args))),
        },
      ],
      'answers.skipOptional': [
        {
          guard: (args: Args) =>
            canSkipOptional(args) &&
            q.cursor({ ...args.context, ...optionalSkipped(args) }) >=
              q.slots({ ...args.context, ...optionalSkipped(args) }).length,
          target: targets.done,
          actions: booking.createAction(assign((args) => optionalSkipped(args))),
        },
        {
          guard: canSkipOptional,
          actions: booking.createAction(assign((args) => optionalSkipped(args))),
        },
      ],
      text: [...listTransitions, ...answerTransitions],
      file: answerTransitions,
      'answer.choose': answerTransitions,
      'answer.toggle': answerTransitions,
      'answer.done': answerTransitions,
      'answer.skip': answerTransitions,
      'answer.keep': answerTransitions,
      // "perdona, el nombre es …" at a later question of the ticket (questions/correcting.ts).
      'answer.correct': correctTransitions(q),
      'nav.back': [
        {
          guard: ({ context }) => q.cursor(context) > 0,
          actions: assign(({ context }) =>
            q.write(context, { cursor: q.cursor(context) - 1, pending: null }),
          ),
        },
        {
          target: targets.back,
          actions: assign(({ context }) => q.write(context, { pending: null })),
        },
      ],
    },
  });
}
