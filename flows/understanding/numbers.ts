/**
 * Numbers written in words, in Spanish and English, up to thirty ("veintitrés",
 * "twenty-one", "treinta y uno"), and the colloquial pairs ("un par", "a couple").
 * Reads at a position of a word list and says how many words it took.
 */
import { wordTable } from './text.js';

/** Number words, folded (no accents), from zero to thirty; "un", "a" are one. Also read by
 * the count prompts of the selection steps (flows/booking/choosing/read.ts). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = wordTable({
  cero: 0,
  uno: 1,
  un: 1,
  una: 1,
  a: 1,
  an: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiuno: 21,
  veintiun: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
});

/** Articles that are "one" only before what is counted ("una entrada", "a ticket"). */
export const ARTICLES = new Set(['un', 'una', 'a', 'an']);

const TENS = new Set(['twenty', 'thirty', 'treinta']);

export interface NumberRead {
  value: number;
  /** How many words it took. */
  length: number;
}

/** The number the words at `at` spell, if any. */
export function readNumber(list: readonly string[], at: number): NumberRead | undefined {
  const word = list[at];
  if (word === undefined) return undefined;
  if (/^\d{1,4}$/.test(word)) return { value: Number(word), length: 1 };
  const next = list[at + 1];
  const after = list[at + 2];
  // "un par", "a couple (of)", "a pair (of)", "una docena", "a dozen"
  if ((word === 'un' || word === 'a') && (next === 'par' || next === 'couple' || next === 'pair'))
    return { value: 2, length: after === 'of' || after === 'de' ? 3 : 2 };
  if ((word === 'una' || word === 'a') && (next === 'docena' || next === 'dozen'))
    return { value: 12, length: after === 'of' || after === 'de' ? 3 : 2 };
  if (word === 'couple' || word === 'pair' || word === 'par') return { value: 2, length: 1 };
  if (word === 'docena' || word === 'dozen') return { value: 12, length: 1 };
  const value = NUMBER_WORDS[word];
  if (value === undefined) return undefined;
  // "twenty one", "treinta y uno"
  if (TENS.has(word)) {
    const unitAt = next === 'y' ? at + 2 : at + 1;
    const unit = NUMBER_WORDS[list[unitAt] ?? ''];
    if (unit !== undefined && unit >= 1 && unit <= 9 && !ARTICLES.has(list[unitAt]!))
      return { value: value + unit, length: unitAt - at + 1 };
  }
  return { value, length: 1 };
}
