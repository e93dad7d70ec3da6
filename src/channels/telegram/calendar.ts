/**
 * The calendar of date questions, all of it: what a view's record keeps of it (the
 * available and full days, the options that pick a day), the month as inline keyboard
 * rows, and what a tap on a day means. The rows: a header with the month and arrows to
 * the months that have available days, the weekdays (Monday first, as in Spain and
 * Britain), and the days, where only available ones can be tapped and the others are
 * marked with a dot (a full day with a cross: on sale, sold out). A day's button data is
 * the day itself (callback-data.ts).
 */
import type { InlineKeyboardButton } from 'grammy/types';
import type { Input } from '#src/conversation/interpret.js';
import { locales, type Lang } from '#src/domain/lang.js';
import type { View } from '#flows/view.js';
import { encodeCallback } from './callback-data.js';
import type { ViewRecord } from './view-table.js';

export const UNAVAILABLE_DAY = '·';
export const FULL_DAY = '✕';
const BLANK = ' ';

/** The months (yyyy-MM) that have at least one available day, in order. */
export function calendarMonths(available: readonly string[]): string[] {
  return [...new Set(available.map((date) => date.slice(0, 7)))].sort();
}

/** The month to show first: the one of the first available day. */
export function firstMonth(available: readonly string[]): string | undefined {
  return calendarMonths(available)[0];
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * Made once per language: an Intl formatter costs far more to make than to use, and a
 * calendar is drawn on every date question.
 */
const monthFormats = new Map<Lang, Intl.DateTimeFormat>();
const weekdays = new Map<Lang, readonly string[]>();

export function monthTitle(month: string, lang: Lang): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  let format = monthFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[lang], {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    monthFormats.set(lang, format);
  }
  return capitalize(format.format(new Date(Date.UTC(year, monthNumber - 1, 1))));
}

/** Monday to Sunday, one or two letters each, in the customer's language. */
export function weekdayNames(lang: Lang): string[] {
  let names = weekdays.get(lang);
  if (!names) {
    // One letter where each day's is its own (Spanish writes Wednesday X); two where
    // one letter would name two days (French, German, Italian M: Tuesday and Wednesday).
    const narrow = lang === 'es' || lang === 'en';
    const format = new Intl.DateTimeFormat(locales[lang], {
      weekday: narrow ? 'narrow' : 'short',
      timeZone: 'UTC',
    });
    const name = (text: string) => (narrow ? text : capitalize(text.replace('.', '').slice(0, 2)));
    // 2024-01-01 was a Monday.
    names = Array.from({ length: 7 }, (_, day) =>
      lang === 'es' && day === 2 ? 'X' : name(format.format(new Date(Date.UTC(2024, 0, 1 + day)))),
    );
    weekdays.set(lang, names);
  }
  return [...names];
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The calendar rows for `month` (the first month with available days when absent or
 * out of range). Each button's data is bound to `stamp`.
 */
export function calendarRows(
  available: readonly string[],
  month: string | undefined,
  lang: Lang,
  stamp: string,
  full: readonly string[] = [],
): InlineKeyboardButton[][] {
  const months = calendarMonths(available);
  if (months.length === 0) return [];
  const shown = month !== undefined && months.includes(month) ? month : months[0]!;
  const at = months.indexOf(shown);
  const noop = (text: string): InlineKeyboardButton => ({
    text,
    callback_data: encodeCallback(stamp, { kind: 'noop' }),
  });

  const header: InlineKeyboardButton[] = [];
  const previous = months[at - 1];
  const next = months[at + 1];
  header.push(
    previous
      ? { text: '◀', callback_data: encodeCallback(stamp, { kind: 'month', month: previous }) }
      : noop(BLANK),
  );
  header.push(noop(monthTitle(shown, lang)));
  header.push(
    next
      ? { text: '▶', callback_data: encodeCallback(stamp, { kind: 'month', month: next }) }
      : noop(BLANK),
  );

  const rows: InlineKeyboardButton[][] = [header, weekdayNames(lang).map(noop)];
  const [year, monthNumber] = shown.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  // getUTCDay: Sunday 0; we start weeks on Monday.
  const lead = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7;
  const open = new Set(available);
  const sold = new Set(full);
  let week: InlineKeyboardButton[] = Array.from({ length: lead }, () => noop(BLANK));
  for (let day = 1; day <= days; day += 1) {
    const date = `${shown}-${pad(day)}`;
    week.push(
      open.has(date)
        ? { text: String(day), callback_data: encodeCallback(stamp, { kind: 'day', date }) }
        : noop(sold.has(date) ? FULL_DAY : UNAVAILABLE_DAY),
    );
    if (week.length === 7) {
      rows.push(week);
      week = [];
    }
  }
  if (week.length > 0) {
    while (week.length < 7) week.push(noop(BLANK));
    rows.push(week);
  }
  return rows;
}

/** What a view's record keeps of its calendar: date questions with days to offer. */
export function calendarOf(view: View): Pick<ViewRecord, 'calendar' | 'calendarFull'> {
  if (view.expects !== 'date' || !view.calendar || view.calendar.available.length === 0) return {};
  const { available, full } = view.calendar;
  return { calendar: [...available], ...(full?.length ? { calendarFull: [...full] } : {}) };
}

/** An option the calendar shows as its day (so not among the buttons below it). */
export function inCalendar(record: ViewRecord, option: ViewRecord['options'][number]): boolean {
  return option.day !== undefined && (record.calendar?.includes(option.day) ?? false);
}

/**
 * What a tap on `date` of the record's calendar means: the option that picks that day,
 * or else the date as typed (the question reads it as any typed date); undefined when
 * the calendar never offered the day.
 */
export function dayInput(record: ViewRecord, date: string): Input | undefined {
  if (!record.calendar?.includes(date)) return undefined;
  const option = record.options.find((candidate) => candidate.day === date);
  return option ? { kind: 'choose', id: option.id } : { kind: 'text', text: date };
}
