/**
 * The people of a journey and what each answers, by meaning: the buyer is the first
 * ticket's attendee; the others are their companions. Answers are valid for the demo
 * catalog's patterns (a Spanish DNI, an international phone number).
 */
import type { Asked, Meaning } from './meaning.js';

export interface Person {
  name: string;
  surname: string;
  email: string;
  phone: string;
  document: string;
  /** Day/month/year, as customers type it. */
  birth: string;
}

const FIRST_NAMES = ['Ana', 'Luis', 'Marta', 'Pablo', 'Lucía', 'Jorge', 'Elena', 'Diego'];
/** Valid DNI letters for the numbers used (number mod 23). */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function dni(number: number): string {
  return `${String(number).padStart(8, '0')}${DNI_LETTERS[number % 23]!}`;
}

/** The nth person (0 = the buyer); children when `children` says from which index on. */
export function person(index: number, options: { childFrom?: number } = {}): Person {
  const child = options.childFrom !== undefined && index >= options.childFrom;
  const name = FIRST_NAMES[index % FIRST_NAMES.length]!;
  return {
    name: index < FIRST_NAMES.length ? name : `${name} ${index + 1}`,
    surname: 'García',
    email: `${name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}${index}@example.com`,
    phone: `+3460011${String(1000 + index)}`,
    document: dni(12345670 + index),
    birth: child ? `15/08/${2018 + (index % 3)}` : `15/08/${1980 + (index % 20)}`,
  };
}

export interface Party {
  /** Who is asked about: the buyer, or the attendee of ticket N (1-based). */
  who(asked: Asked): Person;
}

export function party(size: number, options: { childFrom?: number } = {}): Party {
  const people = Array.from({ length: Math.max(size, 1) }, (_, index) => person(index, options));
  return {
    // A gift's recipient is skipped by the hurried buyer: the buyer's answers stand in.
    who: (asked) =>
      typeof asked.person === 'number' ? (people[asked.person - 1] ?? people[0]!) : people[0]!,
  };
}

/** What a person answers to a meaning; undefined for a question about something else. */
export function answerTo(someone: Person, meaning: Meaning): string | undefined {
  switch (meaning) {
    case 'name':
      return someone.name;
    case 'surname':
      return someone.surname;
    case 'email':
      return someone.email;
    case 'phone':
      return someone.phone;
    case 'document':
      return someone.document;
    case 'birth':
      return someone.birth;
    case 'country':
      return 'España';
    case 'postcode':
      return '46001';
    default:
      return undefined;
  }
}
