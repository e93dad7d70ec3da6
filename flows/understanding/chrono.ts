/**
 * The one wrapper of chrono-node: the days a text names, as provider-local calendar
 * dates. Every reader of dates that falls back on chrono reads it through here, so the
 * reference day and the reading back of its components are written once.
 */
import * as chrono from 'chrono-node';
import type { Lang } from '#src/domain/lang.js';
import { isIsoDate, type IsoDate } from '#src/domain/time.js';

export type DateParser = typeof chrono.es | typeof chrono.en.GB;

/** The parsers to try, the customer's language first (Spanish, then British English). */
export function dateParsers(lang: Lang = 'es'): DateParser[] {
  return lang === 'es' ? [chrono.es, chrono.en.GB] : [chrono.en.GB, chrono.es];
}

/** A day chrono found in a text. */
export interface ChronoDay {
  date: IsoDate;
  /** The words it read the day from, as typed. */
  text: string;
  /** Whether the text names the day itself, or only a weekday. */
  dayCertain: boolean;
  weekdayCertain: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The days `parser` reads in `text`, each a day from `today` on. */
export function* chronoDays(
  parser: DateParser,
  text: string,
  today: IsoDate,
): Generator<ChronoDay> {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // Noon of today in the process's zone: chrono reads and answers in that zone, and the
  // components are read back as calendar values, so no zone moves the day.
  const reference = new Date(y, m - 1, d, 12);
  for (const result of parser.parse(text, reference, { forwardDate: true })) {
    const start = result.start;
    const date = `${start.get('year')}-${pad(start.get('month') ?? 0)}-${pad(start.get('day') ?? 0)}`;
    if (!isIsoDate(date)) continue;
    yield {
      date,
      text: result.text,
      dayCertain: start.isCertain('day'),
      weekdayCertain: start.isCertain('weekday'),
    };
  }
}
