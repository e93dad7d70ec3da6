/**
 * Dates in a message, Spanish or English, relative to a given provider-local `today`:
 * "mañana", "pasado mañana", "el sábado", "next Saturday", "lunes 30", "5 de diciembre",
 * "december 5th", "12/8" (day first), "el 15", "en 3 días", and the colloquial ones:
 * "el finde" (a range), "la semana que viene", "navidad", "nochevieja", "puente".
 * Weekday and month names are read one typo away ("sabdo", "mñana", "tomorow").
 * chrono-node reads what these do not.
 *
 * Decisions where people differ:
 * - A weekday is the first such day after today ("next Saturday" on a Wednesday is in
 *   three days, as in the date step).
 * - "el finde" / "this weekend" is the coming Saturday and Sunday (Sunday alone on a Sunday).
 *   "next weekend" / "el finde que viene" is the same, except on a weekend: the following one.
 * - "puente" is the next long weekend made by a national holiday of Spain on a Monday,
 *   Tuesday, Thursday or Friday, weekend included.
 * - A day and month without a year is the next such day, today included.
 */
import type { IsoDate } from '#src/domain/time.js';
import { addDays, isIsoDate, weekday } from '#src/domain/time.js';
import { chronoDays, dateParsers } from './chrono.js';
import { readNumber } from './numbers.js';
import { isCounted } from './quantities.js';
import { closest, closestValue, words as foldWords } from './text.js';
import type { Span, Words } from './spans.js';
import { wordTable } from './text.js';

export type DateReading =
  | {
      kind: 'date';
      date: IsoDate;
      /**
       * A day and month said without a year whose day this year passed recently ("el 3 de
       * mayo" in June): that day, the one read being next year's. Asked, not assumed.
       */
      passed?: IsoDate;
    }
  | { kind: 'range'; from: IsoDate; to: IsoDate };

/** How far back (days) a day this year may be for "el 3 de mayo" to mean it, not next year's. */
const RECENT_DAYS = 120;

/**
 * This year's day of `date` when `date` is next year's (read from a day and month without
 * a year) and this year's has passed within half a year; undefined otherwise.
 */
export function passedThisYear(date: IsoDate, today: IsoDate, said: string): IsoDate | undefined {
  if (/\d{4}/.test(said)) return undefined;
  const year = Number(today.slice(0, 4));
  if (Number(date.slice(0, 4)) !== year + 1) return undefined;
  const thisYear = `${year}${date.slice(4)}`;
  if (!isIsoDate(thisYear) || thisYear >= today) return undefined;
  const days =
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${thisYear}T00:00:00Z`)) / 86_400_000;
  return days <= RECENT_DAYS ? thisYear : undefined;
}

export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Weekday names, folded (no accents), Monday 1 to Sunday 7: also the date step's words. */
export const WEEKDAYS: Readonly<Record<string, Weekday>> = wordTable({
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
  domingo: 7,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
});
/** Short forms, read only exactly (no typo is one letter away from a three-letter word). */
const WEEKDAY_SHORT: Readonly<Record<string, Weekday>> = wordTable({
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
  sun: 7,
  sab: 6,
  dom: 7,
});

const MONTHS: Readonly<Record<string, number>> = wordTable({
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
});
/** Short month names: only beside a day number ("15 dic", "dec 5"), so "Mar" stays a name. */
const MONTH_SHORT: Readonly<Record<string, number>> = wordTable({
  ene: 1,
  jan: 1,
  feb: 2,
  mar: 3,
  abr: 4,
  apr: 4,
  jun: 6,
  jul: 7,
  ago: 8,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dic: 12,
  dec: 12,
});

/** Fixed national holidays of Spain (month, day): what a "puente" hangs on. */
const NATIONAL_HOLIDAYS: [number, number][] = [
  [1, 1],
  [1, 6],
  [5, 1],
  [8, 15],
  [10, 12],
  [11, 1],
  [12, 6],
  [12, 8],
  [12, 25],
];

/** Named days: words (in order) → month and day. */
const NAMED_DAYS: [string[], number, number][] = [
  [['nochebuena'], 12, 24],
  [['christmas', 'eve'], 12, 24],
  [['nochevieja'], 12, 31],
  [['fin', 'de', 'ano'], 12, 31],
  [['new', 'year', 's', 'eve'], 12, 31],
  [['new', 'years', 'eve'], 12, 31],
  [['new', 'year', 'eve'], 12, 31],
  [['ano', 'nuevo'], 1, 1],
  [['new', 'year', 's', 'day'], 1, 1],
  [['new', 'years', 'day'], 1, 1],
  [['reyes'], 1, 6],
  [['navidad'], 12, 25],
  [['navidades'], 12, 25],
  [['christmas', 'day'], 12, 25],
  [['christmas'], 12, 25],
  [['xmas'], 12, 25],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The next date (today included) with this month and day. */
function nextMonthDay(
  today: IsoDate,
  month: number,
  day: number,
  year?: number,
): IsoDate | undefined {
  if (year !== undefined) {
    const date = `${year}-${pad(month)}-${pad(day)}`;
    return isIsoDate(date) ? date : undefined;
  }
  const thisYear = Number(today.slice(0, 4));
  for (const y of [thisYear, thisYear + 1, thisYear + 2, thisYear + 3, thisYear + 4]) {
    const date = `${y}-${pad(month)}-${pad(day)}`;
    if (isIsoDate(date) && date >= today) return date;
  }
  return undefined;
}

/** The next date (today included) with this day of the month. */
function nextDayOfMonth(today: IsoDate, day: number, wanted?: Weekday): IsoDate | undefined {
  if (day < 1 || day > 31) return undefined;
  let [y, m] = today.split('-').map(Number) as [number, number];
  for (let tries = 0; tries < 24; tries += 1) {
    const date = `${y}-${pad(m)}-${pad(day)}`;
    if (isIsoDate(date) && date >= today && (wanted === undefined || weekday(date) === wanted))
      return date;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return undefined;
}

/** The first such weekday after today. */
function nextWeekday(today: IsoDate, wanted: Weekday): IsoDate {
  return addDays(today, (wanted - weekday(today) + 7) % 7 || 7);
}

function weekend(today: IsoDate, next: boolean): DateReading {
  const day = weekday(today);
  if (day === 7 && !next) return { kind: 'date', date: today };
  if (day === 6 && !next) return { kind: 'range', from: today, to: addDays(today, 1) };
  const saturday = day >= 6 ? nextWeekday(addDays(today, 1), 6) : nextWeekday(today, 6);
  return { kind: 'range', from: saturday, to: addDays(saturday, 1) };
}

/** The next long weekend made by a national holiday (see the decisions above). */
export function nextBridge(today: IsoDate): DateReading | undefined {
  const year = Number(today.slice(0, 4));
  const holidays = [year, year + 1]
    .flatMap((y) => NATIONAL_HOLIDAYS.map(([m, d]) => `${y}-${pad(m)}-${pad(d)}` as IsoDate))
    .sort();
  for (const holiday of holidays) {
    const day = weekday(holiday);
    const range: [number, number] | undefined =
      day === 1
        ? [-2, 0]
        : day === 2
          ? [-3, 0]
          : day === 4
            ? [0, 3]
            : day === 5
              ? [0, 2]
              : undefined;
    if (!range) continue;
    const to = addDays(holiday, range[1]);
    if (to < today) continue;
    const from = addDays(holiday, range[0]);
    return { kind: 'range', from: from < today ? today : from, to };
  }
  return undefined;
}

const RELATIVE_WORDS: Readonly<Record<string, number>> = wordTable({
  hoy: 0,
  today: 0,
  tonight: 0,
  manana: 1,
  tomorrow: 1,
  // Spellings two letters away that people often type.
  tommorow: 1,
  tommorrow: 1,
  tmrw: 1,
});

/** "por la mañana", "de la mañana": a time of day, not tomorrow. */
const MORNING_BEFORE = new Set(['la', 'las']);

const DATE_LEAD = new Set([
  'el',
  'este',
  'esta',
  'this',
  'on',
  'the',
  'next',
  'proximo',
  'dia',
  'coming',
]);
const NEXT_WORDS = new Set(['next', 'proximo', 'coming']);

function ordinalDay(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const match = /^(\d{1,2})(?:st|nd|rd|th|o|a)?$/.exec(word);
  return match ? Number(match[1]) : undefined;
}

function monthAt(words: Words, at: number, shortToo: boolean): number | undefined {
  const word = words.free(at);
  if (word === undefined) return undefined;
  const name = closest(word, Object.keys(MONTHS));
  if (name) return MONTHS[name];
  return shortToo ? MONTH_SHORT[word] : undefined;
}

function yearAt(words: Words, at: number): number | undefined {
  const word = words.free(at);
  return word !== undefined && /^20\d\d$/.test(word) ? Number(word) : undefined;
}

type Found = Span<DateReading>;

/** A numeric date: 12/8, 12/8/2026, 2026-12-05, 12-08-2026. */
function numeric(word: string, today: IsoDate): DateReading | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word);
  if (iso) {
    const date = `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
    return isIsoDate(date) ? { kind: 'date', date } : undefined;
  }
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(word);
  if (!dayFirst) return undefined;
  const [day, month] = [Number(dayFirst[1]), Number(dayFirst[2])];
  const year = dayFirst[3] === undefined ? undefined : Number(dayFirst[3].padStart(4, '20'));
  const date = nextMonthDay(today, month, day, year);
  return date ? { kind: 'date', date } : undefined;
}

/** Reads the first date of the message at or after a word, and takes its words. */
function readAt(words: Words, at: number, today: IsoDate): Found | undefined {
  const word = words.free(at);
  if (word === undefined) return undefined;
  const next = words.free(at + 1);
  const date = (value: IsoDate | undefined, length: number, start = at): Found | undefined =>
    value ? { start, length, value: { kind: 'date', date: value } } : undefined;

  const numbered = numeric(word, today);
  if (numbered) return { start: at, length: 1, value: numbered };

  // pasado mañana / day after tomorrow
  if (word === 'pasado' && next !== undefined && closest(next, ['manana']) === 'manana')
    return date(addDays(today, 2), 2);
  if (word === 'day' && next === 'after' && words.free(at + 2) === 'tomorrow')
    return date(addDays(today, 2), 3);
  if (
    word === 'the' &&
    next === 'day' &&
    words.free(at + 2) === 'after' &&
    words.free(at + 3) === 'tomorrow'
  )
    return date(addDays(today, 2), 4);

  // hoy, mañana, today, tomorrow (one typo away); "esta noche", "tonight"
  const relative = closestValue(word, RELATIVE_WORDS);
  if (relative !== undefined && !(relative === 1 && MORNING_BEFORE.has(words.list[at - 1] ?? '')))
    return date(addDays(today, relative), 1);
  if (word === 'esta' && next === 'noche') return date(today, 2);

  // en 3 días / in 3 days / dentro de 3 días
  if ((word === 'en' || word === 'in') && next !== undefined) {
    const count = readNumber(words.list, at + 1);
    const unit = count && words.free(at + 1 + count.length);
    if (count && (unit === 'dias' || unit === 'days' || unit === 'dia' || unit === 'day'))
      return date(addDays(today, count.value), 2 + count.length);
  }

  // la semana que viene / la próxima semana / next week
  if (
    (word === 'semana' && next === 'que' && words.free(at + 2) === 'viene') ||
    ((word === 'proxima' || word === 'next') && (next === 'semana' || next === 'week'))
  ) {
    const monday = nextWeekday(today, 1);
    const start = words.list[at - 1] === 'la' && !words.used[at - 1] ? at - 1 : at;
    const length = (word === 'semana' ? 3 : 2) + (at - start);
    return { start, length, value: { kind: 'range', from: monday, to: addDays(monday, 6) } };
  }

  // el finde, este finde, fin de semana, this weekend, next weekend, el finde que viene
  const isWeekend =
    closest(word, ['finde', 'weekend']) !== undefined ||
    (word === 'fin' && next === 'de' && words.free(at + 2) === 'semana');
  if (isWeekend) {
    const length = word === 'fin' ? 3 : 1;
    const followsNext =
      words.free(at + length) === 'que' && words.free(at + length + 1) === 'viene';
    const leadNext = NEXT_WORDS.has(words.list[at - 1] ?? '');
    const start = leadNext || DATE_LEAD.has(words.list[at - 1] ?? '') ? at - 1 : at;
    return {
      start: words.used[start] ? at : start,
      length: length + (words.used[start] ? 0 : at - start) + (followsNext ? 2 : 0),
      value: weekend(today, leadNext || followsNext),
    };
  }

  if (closest(word, ['puente']) === 'puente') {
    const bridge = nextBridge(today);
    return bridge ? { start: at, length: 1, value: bridge } : undefined;
  }

  for (const [phrase, month, day] of NAMED_DAYS) {
    const matches = phrase.every((part, i) => {
      const typed = words.free(at + i);
      return (
        typed !== undefined &&
        (typed === part || (part.length >= 6 && closest(typed, [part]) === part))
      );
    });
    if (matches) return date(nextMonthDay(today, month, day), phrase.length);
  }

  // A weekday: "el sábado", "next saturday", "lunes 30", "sábado 13 de junio"
  const weekdayName =
    closest(word, Object.keys(WEEKDAYS)) ?? (WEEKDAY_SHORT[word] ? word : undefined);
  if (weekdayName !== undefined) {
    const wanted = (WEEKDAYS[weekdayName] ?? WEEKDAY_SHORT[weekdayName])!;
    let length = 1;
    if (words.free(at + 1) === 'que' && words.free(at + 2) === 'viene') length = 3;
    // "lunes 30" is a day; "saturday, 3 people" is a weekday and a count.
    const day = isCounted(words.free(at + 2)) ? undefined : ordinalDay(words.free(at + 1));
    if (day !== undefined) {
      const monthWordAt =
        words.free(at + 2) === 'de' || words.free(at + 2) === 'of' ? at + 3 : at + 2;
      const month = monthAt(words, monthWordAt, true);
      if (month !== undefined) {
        const value = nextMonthDay(today, month, day);
        return date(value, monthWordAt - at + 1);
      }
      return date(nextDayOfMonth(today, day, wanted) ?? nextDayOfMonth(today, day), 2);
    }
    return date(nextWeekday(today, wanted), length);
  }

  // "5 de diciembre", "5 diciembre", "5th of december", "15 dic"
  const day = ordinalDay(word);
  if (day !== undefined && day >= 1 && day <= 31) {
    const monthWordAt = next === 'de' || next === 'of' ? at + 2 : at + 1;
    const month = monthAt(words, monthWordAt, true);
    if (month !== undefined) {
      const yearWordAt = words.free(monthWordAt + 1) === 'de' ? monthWordAt + 2 : monthWordAt + 1;
      const year = yearAt(words, yearWordAt);
      const length = (year !== undefined ? yearWordAt : monthWordAt) - at + 1;
      return date(nextMonthDay(today, month, day, year), length);
    }
  }

  // "december 5", "dec 5th", "december 5 2026"
  const month = monthAt(words, at, true);
  if (month !== undefined) {
    const monthDay = ordinalDay(next);
    if (monthDay !== undefined) {
      const year = yearAt(words, at + 2);
      return date(nextMonthDay(today, month, monthDay, year), year !== undefined ? 3 : 2);
    }
  }

  // "el 15", "el día 15", "the 15th", "on the 15th", "dia 15"
  if (word === 'el' || word === 'the' || word === 'dia') {
    const dayAt = next === 'dia' ? at + 2 : at + 1;
    const bare = words.free(dayAt);
    const monthDay = ordinalDay(bare);
    // "el 5 de diciembre": the day and month are read from the number on.
    const monthAfter =
      monthAt(words, dayAt + 1, true) ??
      (['de', 'of'].includes(words.free(dayAt + 1) ?? '')
        ? monthAt(words, dayAt + 2, true)
        : undefined);
    // "the 2" is not a date in English without its ordinal ("the 2nd").
    if (
      monthDay !== undefined &&
      monthAfter === undefined &&
      (word !== 'the' || /\D/.test(bare ?? '') || dayAt > at + 1)
    )
      return date(nextDayOfMonth(today, monthDay), dayAt - at + 1);
  }
  return undefined;
}

/** Reads the first date of the message; its words are taken. */
export function readDate(words: Words, today: IsoDate, original: string): Found | undefined {
  for (let at = 0; at < words.list.length; at += 1) {
    const found = readAt(words, at, today);
    if (!found) continue;
    // A lead word before a date ("el sábado", "next saturday", "this saturday")
    const before = words.list[found.start - 1];
    if (before !== undefined && !words.used[found.start - 1] && DATE_LEAD.has(before)) {
      found.start -= 1;
      found.length += 1;
      if (words.list[found.start - 1] === 'on' && !words.used[found.start - 1]) {
        found.start -= 1;
        found.length += 1;
      }
    }
    words.take(found.start, found.length);
    return withPassed(found, today, words.text(found.start, found.length));
  }
  return byChrono(words, today, original);
}

function withPassed(found: Found, today: IsoDate, said: string): Found {
  if (found.value.kind !== 'date') return found;
  const passed = passedThisYear(found.value.date, today, said);
  return passed === undefined ? found : { ...found, value: { ...found.value, passed } };
}

/** What the readers above miss, as chrono-node reads it (Spanish, then British English). */
function byChrono(words: Words, today: IsoDate, original: string): Found | undefined {
  for (const parser of dateParsers()) {
    for (const found of chronoDays(parser, original, today)) {
      if (!found.dayCertain || !/\p{L}/u.test(found.text)) continue;
      const matched = foldWords(found.text);
      // "pase 2 días" names a product: a count of days is a date only after en/in.
      if (/^\d+ (dias?|days?)$/.test(matched.join(' '))) continue;
      for (let at = 0; at + matched.length <= words.list.length; at += 1) {
        if (matched.every((word, i) => words.free(at + i) === word)) {
          words.take(at, matched.length);
          return { start: at, length: matched.length, value: { kind: 'date', date: found.date } };
        }
      }
    }
  }
  return undefined;
}
