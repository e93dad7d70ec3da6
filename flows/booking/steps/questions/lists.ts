/**
 * A group's answers typed as one list: where several tickets of one
 * pass ask the same detail of each person (a name, a birth date, an age, a document… as
 * src/domain/question-meaning.ts reads a question), the customer may answer them all at
 * the first of those tickets, one per line; each item is checked as its ticket's own
 * answer would be, the good ones kept, a wrong one explained by its position.
 *
 * Where the spec is silent (docs/decisions/ask-once.md):
 * - Offered at a ticket's question when the following tickets ask it too (the same
 *   question, or the one question of the same meaning and type): the list runs from this
 *   ticket to the last of those in a row. Only single answers of a person's detail
 *   (text, date, whole number, decimal) are listed; files never are.
 * - Items are separated by new lines; on one line, by semicolons, or by commas where the
 *   answer itself cannot hold one: a name, an e-mail, a phone or a document never does,
 *   a date or a number only when the whole line does not read as one ("August 15,
 *   1990" is one date), and a decimal never is split on commas (its decimal comma).
 * - One item answers the current ticket alone, as before. More items than tickets is
 *   refused whole (which one is extra cannot be known).
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Question } from '#src/domain/partner-shapes.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { Lang } from '#src/domain/lang.js';
import { detailMeaning } from '#src/domain/question-meaning.js';
import { evaluate } from './answering.js';
import type { Refusal } from './eligibility.js';
import { questionMessages } from './messages.js';

/** One question in a flattened list of sets (as `asking.ts` numbers them). */
interface Place {
  setIndex: number;
  question: Question;
}

const LISTABLE: readonly number[] = [
  DataType.Text,
  DataType.Date,
  DataType.Integer,
  DataType.Decimal,
];

/**
 * Whether a question asks one detail of a person, with one value: one item per person. A
 * measure of each person (height, weight, size) is one, though no buyer's detail.
 */
export function listable(question: Question): boolean {
  return (
    (detailMeaning(question) !== undefined || personMeasure(question)) &&
    LISTABLE.includes(question.dataType)
  );
}

const MEASURE = /\b(altura|estatura|talla|peso|height|weight|size)\b/i;

const personMeasure = (question: Question) =>
  MEASURE.test(question.shortQuestion ?? '') || MEASURE.test(question.question);

/** Whether a comma may separate the items of a list for `question` (see the header). */
export function commasSeparate(question: Question): boolean {
  return question.dataType !== DataType.Decimal;
}

/**
 * The places a list typed at `at` answers, in order: `at`, then the same question of each
 * following set, as long as each asks it. Fewer than two: no list.
 */
export function listPlaces<P extends Place>(places: readonly P[], at: P): P[] {
  if (!listable(at.question)) return [];
  const meaning = detailMeaning(at.question);
  const covered = [at];
  for (let setIndex = at.setIndex + 1; ; setIndex += 1) {
    const inSet = places.filter((place) => place.setIndex === setIndex);
    const alike = inSet.filter(
      (place) =>
        place.question.dataType === at.question.dataType &&
        detailMeaning(place.question) === meaning,
    );
    const same =
      inSet.find((place) => place.question.id === at.question.id) ??
      (meaning !== undefined && alike.length === 1 ? alike[0] : undefined);
    if (same === undefined) break;
    covered.push(same);
  }
  return covered.length > 1 ? covered : [];
}

/** The items of `text` typed for `question`: one item is no list. */
export function listItems(question: Question, text: string, lang: Lang): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length !== 1) return lines;
  const line = lines[0]!;
  const split = (separator: string) =>
    line
      .split(separator)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  if (line.includes(';')) return split(';');
  if (!line.includes(',') || !commasSeparate(question)) return [line];
  // A name, an e-mail, a phone or a document holds no comma; a date may ("August 15, 1990").
  if (question.dataType === DataType.Text) return split(',');
  const whole = evaluate(question, { type: 'text', text: line }, undefined, undefined, lang);
  return whole.kind === 'accept' ? [line] : split(',');
}

export interface ListReading<P extends Place> {
  /** The items taken, each with its place and position in the list (1-based). */
  kept: { position: number; place: P; answer: Answer }[];
  /**
   * The items refused: their position in the list (1-based), place and reason; `misfit`
   * when the answer is valid but not for whom the ticket is (./eligibility.ts).
   */
  refused: {
    position: number;
    place: P;
    reason: string;
    misfit?: { answer: Answer; refusal: Refusal };
  }[];
  /** More items than places: nothing taken. */
  tooMany?: { given: number; places: number };
  /** Whether the items were on lines (else on one line, separated). */
  byLine: boolean;
}

/**
 * `text` read as a list for `places` (from `listPlaces`); undefined when it is one item
 * (an answer to the current question alone). `day` is the visit's, for birth dates.
 */
export function readList<P extends Place>(
  places: readonly P[],
  text: string,
  lang: Lang,
  day?: string,
): ListReading<P> | undefined {
  const first = places[0];
  if (first === undefined || places.length < 2) return undefined;
  const items = listItems(first.question, text, lang);
  if (items.length < 2) return undefined;
  const byLine = text.trim().includes('\n');
  if (items.length > places.length) {
    return {
      kept: [],
      refused: [],
      byLine,
      tooMany: { given: items.length, places: places.length },
    };
  }
  const reading: ListReading<P> = { kept: [], refused: [], byLine };
  items.forEach((item, index) => {
    const place = places[index]!;
    const outcome = evaluate(
      place.question,
      { type: 'text', text: item },
      undefined,
      undefined,
      lang,
      day,
    );
    if (outcome.kind === 'accept' && outcome.answer !== null) {
      reading.kept.push({ position: index + 1, place, answer: outcome.answer });
    } else {
      reading.refused.push({
        position: index + 1,
        place,
        reason: outcome.kind === 'refuse' ? outcome.text : '',
      });
    }
  });
  return reading;
}

/** "1 to 3", "1 and 2", or "1, 3 and 4" when they do not follow each other. */
export function ticketNumbers(numbers: readonly number[], lang: Lang): string {
  const m = questionMessages(lang);
  const first = numbers[0];
  const last = numbers.at(-1);
  if (first === undefined || last === undefined) return '';
  if (numbers.length === 1) return String(first);
  if (numbers.length > 2 && last - first === numbers.length - 1) return m.ticketRange(first, last);
  return `${numbers.slice(0, -1).join(', ')} ${m.and} ${last}`;
}

/**
 * What the customer is told of a list: the tickets it answered, and each item refused by
 * its position and ticket (`ticketOf`: the ticket's number for a place).
 */
export function listNotice<P extends Place>(
  reading: ListReading<P>,
  lang: Lang,
  ticketOf: (place: P) => number,
): string {
  const m = questionMessages(lang);
  if (reading.tooMany) return m.listTooMany(reading.tooMany.given, reading.tooMany.places);
  const lines: string[] = [];
  if (reading.kept.length > 0) {
    const numbers = reading.kept.map(({ place }) => ticketOf(place));
    lines.push(m.listKept(numbers.length, ticketNumbers(numbers, lang)));
  }
  for (const { position, place, reason } of reading.refused) {
    lines.push(m.listRefused(position, ticketOf(place), reason, reading.byLine));
  }
  if (reading.refused.length > 0 && reading.kept.length > 0) lines.push(m.listAskedAgain);
  return lines.join('\n');
}
