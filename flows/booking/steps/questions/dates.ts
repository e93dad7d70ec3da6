/**
 * Dates typed as answers to date questions (a birth date, alternative dates), in the ways
 * Spanish and English speakers write them, turned into yyyy-MM-dd before validation
 * (src/domain/answers reads yyyy-MM-dd and day-first numbers: 15/08/1990, 15-8-1990).
 *
 * Where the spec is silent: answers are absolute dates, so relative words ("mañana")
 * are not read here; English month-first numbers (08/15/1990) are read only when the
 * day-first reading is impossible, never guessed otherwise; years have four digits.
 */
import type { Lang } from '#src/domain/lang.js';
import { isIsoDate } from '#src/domain/time.js';

const MONTHS: [RegExp, number][] = [
  [/^(ene(ro)?|jan(uary)?)$/, 1],
  [/^(feb(rero|ruary)?)$/, 2],
  [/^(mar(zo|ch)?)$/, 3],
  [/^(abr(il)?|apr(il)?)$/, 4],
  [/^(may(o)?)$/, 5],
  [/^(jun(io|e)?)$/, 6],
  [/^(jul(io|y)?)$/, 7],
  [/^(ago(sto)?|aug(ust)?)$/, 8],
  [/^(sep(t(iembre|ember)?)?|set(iembre)?)$/, 9],
  [/^(oct(ubre|ober)?)$/, 10],
  [/^(nov(iembre|ember)?)$/, 11],
  [/^(dic(iembre)?|dec(ember)?)$/, 12],
];

function month(word: string): number | undefined {
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');
  return MONTHS.find(([pattern]) => pattern.test(folded))?.[1];
}

function iso(year: string, monthNumber: number, day: string): string | undefined {
  const value = `${year}-${String(monthNumber).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(value) ? value : undefined;
}

const WORD = '([A-Za-zÁÉÍÓÚáéíóúñÑ]{3,10}\\.?)';
/** "15 de agosto de 1990", "15 agosto 1990", "15 August 1990", "15th Aug 1990". */
const DAY_MONTH_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th|º)?\\s+(?:de\\s+)?${WORD}\\s+(?:de\\s+|del\\s+)?(\\d{4})\\b`,
  'g',
);
/** "August 15, 1990", "Aug 15th 1990". */
const MONTH_DAY_YEAR = new RegExp(`\\b${WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g');
/** "08/15/1990": month first, read in English only when day first is impossible. */
const NUMERIC = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g;

/** The text with every date written in words (or US numbers, in English) as yyyy-MM-dd. */
export function normalizeTypedDates(text: string, lang: Lang): string {
  let result = text
    .replace(DAY_MONTH_YEAR, (whole, day: string, word: string, year: string) => {
      const m = month(word);
      return (m !== undefined && iso(year, m, day)) || whole;
    })
    .replace(MONTH_DAY_YEAR, (whole, word: string, day: string, year: string) => {
      const m = month(word);
      return (m !== undefined && iso(year, m, day)) || whole;
    });
  if (lang === 'en') {
    result = result.replace(NUMERIC, (whole, first: string, second: string, year: string) => {
      if (iso(year, Number(second), first) !== undefined) return whole;
      return iso(year, Number(first), second) ?? whole;
    });
  }
  return result;
}
