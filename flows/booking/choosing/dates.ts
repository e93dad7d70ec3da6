/**
 * Dates typed by a customer, in Spanish or English, relative to the provider-local today:
 * "mañana", "pasado mañana", "el sábado", "next Saturday", "12/8" (day first, as Spain and
 * Britain write it), "5 de diciembre", "2026-12-05", "el 15".
 *
 * Readings where people differ (decisions):
 * - A weekday ("el sábado", "next Saturday", "this Saturday") is the first such day after
 *   today: "next Saturday" on a Wednesday is in three days, not ten.
 * - A day and month without a year is the next such day (today included).
 * - A bare day of the month ("el 15", "the 15th") is the next 15th (today included).
 * - Anything chrono-node does not place on a day (a time alone) is not a date.
 */
import * as chrono from 'chrono-node';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { addDays, isIsoDate, parseDateInput, weekday } from '#src/domain/time.js';
import { WEEKDAYS } from '#flows/understanding/dates.js';

/** Lower case, accents dropped, spaces squeezed; digits and separators kept. */
const plain = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const RELATIVE: [RegExp, number][] = [
  [/\b(pasado manana|(the )?day after tomorrow)\b/, 2],
  [/\b(manana|tomorrow)\b/, 1],
  [/\b(hoy|today)\b/, 0],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day from today on that falls on `day` of its month and on `wanted` weekday (a year ahead at most). */
function weekdayOfMonth(today: IsoDate, wanted: number, day: number): IsoDate | undefined {
  for (let ahead = 0; ahead <= 366; ahead += 1) {
    const date = addDays(today, ahead);
    if (Number(date.slice(8, 10)) === day && weekday(date) === wanted) return date;
  }
  return undefined;
}

function dayOfMonth(today: IsoDate, day: number): IsoDate | undefined {
  if (day < 1 || day > 31) return undefined;
  let [y, m] = today.split('-').map(Number) as [number, number];
  // The next month that has that day (a 31st may skip a month).
  for (let tries = 0; tries < 13; tries += 1) {
    const candidate = `${y}-${pad(m)}-${pad(day)}`;
    if (isIsoDate(candidate) && candidate >= today) return candidate;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return undefined;
}

function byChrono(
  parser: typeof chrono.es | typeof chrono.en.GB,
  text: string,
  today: IsoDate,
): IsoDate | undefined {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // Noon of today in the process's zone: chrono reads and answers in that zone, and the
  // components below are read back as calendar values, so no zone shifts the day.
  const reference = new Date(y, m - 1, d, 12);
  for (const result of parser.parse(text, reference, { forwardDate: true })) {
    const start = result.start;
    if (!start.isCertain('day') && !start.isCertain('weekday')) continue;
    const date = `${start.get('year')}-${pad(start.get('month') ?? 0)}-${pad(start.get('day') ?? 0)}`;
    if (isIsoDate(date)) return date;
  }
  return undefined;
}

/** The date the text names, or undefined when it names none. */
export function parseTypedDate(text: string, lang: Lang, today: IsoDate): IsoDate | undefined {
  const exact = parseDateInput(text);
  if (exact) return exact;
  const value = plain(text);
  if (value === '') return undefined;

  // Words only: "por la mañana" beside a date is a time of day, not tomorrow.
  if (!/\d/.test(value)) {
    for (const [pattern, days] of RELATIVE) if (pattern.test(value)) return addDays(today, days);
    const named = value.split(/[^a-z]+/).find((word) => WEEKDAYS[word] !== undefined);
    if (named) {
      const wanted = WEEKDAYS[named]!;
      const ahead = (wanted - weekday(today) + 7) % 7 || 7;
      return addDays(today, ahead);
    }
  }

  // "lunes 30", "monday the 30th": the next day that is both (not the next Monday).
  const dayAndNumber =
    /^(?:el\s+|on\s+)?([a-z]+)\s+(?:dia\s+|the\s+)?(\d{1,2})(?:st|nd|rd|th)?$/.exec(value);
  if (dayAndNumber && WEEKDAYS[dayAndNumber[1]!] !== undefined) {
    return weekdayOfMonth(today, WEEKDAYS[dayAndNumber[1]!]!, Number(dayAndNumber[2]));
  }

  const onlyDay = /^(?:(?:el|dia|el dia|on|on the|the)\s+)?(\d{1,2})(?:st|nd|rd|th)?$/.exec(value);
  if (onlyDay && /\D/.test(value)) return dayOfMonth(today, Number(onlyDay[1]));

  const [first, second] = lang === 'es' ? [chrono.es, chrono.en.GB] : [chrono.en.GB, chrono.es];
  return byChrono(first, text, today) ?? byChrono(second, text, today);
}

const dayDistance = (a: IsoDate, b: IsoDate) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`));

/** The three available dates nearest to a wanted one, in date order. */
export function nearestDates(available: readonly IsoDate[], wanted: IsoDate, count = 3): IsoDate[] {
  return [...available]
    .sort((a, b) => dayDistance(a, wanted) - dayDistance(b, wanted) || a.localeCompare(b))
    .slice(0, count)
    .sort();
}
