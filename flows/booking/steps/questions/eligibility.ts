/**
 * Whether a ticket's answers fit whom the ticket is for. A ticket enclosure may define
 * children, adults and seniors by age or height (TypeOfPersonDefinition): a birth date,
 * an age or a height given for a ticket whose kind it defines is checked against it, and
 * an answer outside it (a 15-year-old on "Niño (hasta 12 años)", 1,35 m on a ticket for
 * under 120 cm) is refused with the reason and the ticket type it fits, to change to in
 * one tap.
 *
 * Reading the thresholds (src/domain/people.ts): a child's is an upper bound, inclusive
 * ("hasta 12 años": 12 is a child), except where the adults' bound of the same measure
 * starts at it (children under 120 cm, adults from 120 cm); adults' and seniors' are lower
 * bounds. An adult older than the seniors' bound still fits an adult ticket.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Question } from '#src/domain/partner-shapes.js';
import { locales, type Lang } from '#src/domain/lang.js';
import { personLabel, type PersonDefinition } from '#src/domain/people.js';
import { ageOn, detailMeaning } from '#src/domain/question-meaning.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { TicketPerson } from '#flows/booking/types.js';

type Kind = TicketPerson['kind'];

/** What of an answer may tell an age or a height. */
type Measured = Pick<Answer, 'dateTimeValue' | 'integerValue' | 'decimalValue'>;

/** A person's measure as an answer gives it: years, or centimetres. */
export interface Measure {
  measure: PersonDefinition['measure'];
  value: number;
}

const messages = defineMessages({
  es: {
    age: (years: number) => (years === 1 ? 'Con 1 año' : `Con ${years} años`),
    height: (cm: string) => `Con ${cm} cm de altura`,
    notFor: (who: string, ticket: string, fits: string) =>
      `${who}, la entrada «${ticket}» no vale: le corresponde la de ${fits}.`,
    notForNoOther: (who: string, ticket: string) =>
      `${who}, la entrada «${ticket}» no vale. Revisa el dato o vuelve atrás para elegir otra entrada.`,
    change: (fits: string) => `🔁 Cambiar a ${fits}`,
  },
  en: {
    age: (years: number) => (years === 1 ? 'At 1 year old' : `At ${years} years old`),
    height: (cm: string) => `At ${cm} cm tall`,
    notFor: (who: string, ticket: string, fits: string) =>
      `${who}, the "${ticket}" ticket does not apply: the ${fits} one does.`,
    notForNoOther: (who: string, ticket: string) =>
      `${who}, the "${ticket}" ticket does not apply. Check the answer, or go back to choose another ticket.`,
    change: (fits: string) => `🔁 Change to ${fits}`,
  },
});

const HEIGHT_WORDS = /\b(altura|estatura|mide|height|tall)\b/i;

/** Whether a question asks a height (the spec gives no meaning for it: its words do). */
const asksHeight = (question: Question) =>
  HEIGHT_WORDS.test(`${question.question} ${question.shortQuestion ?? ''}`);

/**
 * What an answer says of the person's age or height, on the day of the visit: a birth
 * date gives the age then; a height in metres (a number below 3) is counted in
 * centimetres.
 */
export function measureOf(
  question: Question,
  answer: Measured,
  day: string | undefined,
): Measure | undefined {
  const meaning = detailMeaning(question);
  if (meaning === 'birthDate' && answer.dateTimeValue !== undefined && day !== undefined) {
    const age = ageOn(answer.dateTimeValue, day);
    return age === undefined ? undefined : { measure: 'age', value: age };
  }
  if (meaning === 'age' && answer.integerValue !== undefined)
    return { measure: 'age', value: answer.integerValue };
  if (asksHeight(question)) {
    const value = answer.decimalValue ?? answer.integerValue;
    if (value === undefined || value <= 0) return undefined;
    // Under 3, metres (1,35); from 3 on, centimetres (135), whatever unit the question
    // names: nobody is 3 m tall, and a number in centimetres typed where metres are asked
    // means centimetres.
    const metres = value < 3;
    return { measure: 'height', value: metres ? Math.round(value * 100) : value };
  }
  return undefined;
}

/** Whether a measure fits a kind of person as the definitions say (true when they do not say). */
export function fits(kind: Kind, measure: Measure, definitions: PersonDefinition[]): boolean {
  const own = definitions.find((item) => item.kind === kind && item.measure === measure.measure);
  if (own === undefined) return true;
  if (kind !== 'child') return measure.value >= own.threshold;
  const adults = definitions.find(
    (item) => item.kind === 'adult' && item.measure === measure.measure,
  );
  return adults !== undefined && adults.threshold <= own.threshold
    ? measure.value < adults.threshold
    : measure.value <= own.threshold;
}

/** Children, then seniors, then adults: the most particular kind a person fits first. */
const PREFERRED: readonly Kind[] = ['child', 'senior', 'adult'];

export interface Refusal {
  text: string;
  /** The kind of ticket the answer fits and its product, when one can be had instead. */
  instead?: { kind: Kind; productId: string };
}

/** Why `answer` does not fit the ticket `person` describes, or undefined when it does. */
export function eligibilityRefusal(
  person: TicketPerson | undefined,
  question: Question,
  answer: Measured,
  day: string | undefined,
  lang: Lang,
): Refusal | undefined {
  if (person === undefined) return undefined;
  const measure = measureOf(question, answer, day);
  if (measure === undefined || fits(person.kind, measure, person.definitions)) return undefined;
  const m = messages(lang);
  const who =
    measure.measure === 'age'
      ? m.age(measure.value)
      : m.height(new Intl.NumberFormat(locales[lang]).format(measure.value));
  const ticket = personLabel(person.kind, definitionsOf(person), lang);
  const right = PREFERRED.find(
    (kind) =>
      kind !== person.kind &&
      person.definitions.some((item) => item.kind === kind && item.measure === measure.measure) &&
      fits(kind, measure, person.definitions),
  );
  const productId = right === undefined ? undefined : person.instead[right];
  if (right === undefined || productId === undefined) return { text: m.notForNoOther(who, ticket) };
  return {
    text: m.notFor(who, ticket, personLabel(right, definitionsOf(person), lang).toLowerCase()),
    instead: { kind: right, productId },
  };
}

/** The label of the one-tap change: "🔁 Cambiar a adulto (desde 13 años)". */
export function changeLabel(person: TicketPerson, kind: Kind, lang: Lang): string {
  return messages(lang).change(personLabel(kind, definitionsOf(person), lang).toLowerCase());
}

/** The definitions as an enclosure's fields, for the labels of src/domain/people.ts. */
function definitionsOf(person: TicketPerson) {
  const of = (kind: Kind) => person.definitions.find((item) => item.kind === kind);
  const type = (kind: Kind) => {
    const found = of(kind);
    return found === undefined ? undefined : found.measure === 'age' ? 1 : 2;
  };
  return {
    typeOfPersonDefinitionTypeChild: type('child') as 1 | 2 | undefined,
    typeOfPersonDefinitionTypeAdult: type('adult') as 1 | 2 | undefined,
    typeOfPersonDefinitionTypeSenior: type('senior') as 1 | 2 | undefined,
    typeOfPersonDefinitionValueChild: of('child')?.threshold,
    typeOfPersonDefinitionValueAdult: of('adult')?.threshold,
    typeOfPersonDefinitionValueSenior: of('senior')?.threshold,
  };
}
