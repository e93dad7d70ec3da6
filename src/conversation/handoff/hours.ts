/**
 * When staff answer (SUPPORT_HOURS): `always`, or days and times in a time zone, such as
 * `mon-fri 09:00-18:00 Europe/Madrid` or `mon-fri 09:00-18:00, sat 10:00-14:00 Europe/Madrid`.
 * Read once at start (a bad value stops it with one line); then whether they answer now
 * and, when not, from when. Times are the zone's wall clock (Intl knows its offsets and
 * summer time), so "09:00" is nine in Madrid in January and in July.
 */
import { isLang, locales } from '#src/domain/lang.js';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export interface HoursRange {
  /** Days of the week it applies to, 0 = Sunday. */
  days: number[];
  /** Minutes after the day's midnight, start included, end excluded. */
  start: number;
  end: number;
}

export type SupportHours = { always: true } | { always: false; zone: string; ranges: HoursRange[] };

export class HoursError extends Error {
  override name = 'HoursError';
}

const EXPECTED =
  "'always', or days and times in a time zone such as 'mon-fri 09:00-18:00 Europe/Madrid'";

function minutesOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : undefined;
}

function daysOf(text: string): number[] | undefined {
  const days = new Set<number>();
  for (const part of text.split('+')) {
    const [from, to] = part.split('-') as [string, string | undefined];
    const first = DAYS.indexOf(from as (typeof DAYS)[number]);
    const last = to === undefined ? first : DAYS.indexOf(to as (typeof DAYS)[number]);
    if (first < 0 || last < 0) return undefined;
    for (let day = first; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === last) break;
    }
  }
  return [...days].sort();
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reads SUPPORT_HOURS; throws an HoursError saying what was expected. */
export function parseHours(text: string): SupportHours {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'always') return { always: true };
  const zoneAt = text.trim().lastIndexOf(' ');
  const zone = text.trim().slice(zoneAt + 1);
  if (zoneAt < 0 || !zone.includes('/') || !validZone(zone))
    throw new HoursError(`${EXPECTED} (no known time zone at the end)`);
  const ranges: HoursRange[] = [];
  for (const piece of trimmed.slice(0, zoneAt).split(',')) {
    const match = /^\s*([a-z+-]+)\s+(\d\d:\d\d)-(\d\d:\d\d)\s*$/.exec(piece);
    const days = match ? daysOf(match[1]!) : undefined;
    const start = match ? minutesOf(match[2]!) : undefined;
    const end = match ? minutesOf(match[3]!) : undefined;
    if (!days || start === undefined || end === undefined || end <= start)
      throw new HoursError(`${EXPECTED} (could not read '${piece.trim()}')`);
    ranges.push({ days, start, end });
  }
  return { always: false, zone, ranges };
}

/** The zone's wall clock at an instant: the weekday and the minutes after midnight. */
function wallClock(at: Date, zone: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return {
    day: DAYS.indexOf(part('weekday').toLowerCase() as (typeof DAYS)[number]),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

export function isOpen(hours: SupportHours, at: Date): boolean {
  if (hours.always) return true;
  const { day, minutes } = wallClock(at, hours.zone);
  return hours.ranges.some(
    (range) => range.days.includes(day) && range.start <= minutes && minutes < range.end,
  );
}

/** When staff answer next: `at` itself when open now. */
export function nextOpening(hours: SupportHours, at: Date): Date {
  if (hours.always || isOpen(hours, at)) return at;
  const { day, minutes } = wallClock(at, hours.zone);
  let best: { delta: number; start: number } | undefined;
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    for (const range of hours.ranges) {
      if (!range.days.includes((day + ahead) % 7)) continue;
      const delta = ahead * 24 * 60 + range.start - minutes;
      if (delta > 0 && (!best || delta < best.delta)) best = { delta, start: range.start };
    }
  }
  if (!best) return at;
  const minuteStart = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const guess = new Date(minuteStart.getTime() + best.delta * 60_000);
  // Summer time may have moved the wall clock in between: set it right by the difference.
  const drift = wallClock(guess, hours.zone).minutes - best.start;
  const wrapped = drift > 12 * 60 ? drift - 24 * 60 : drift < -12 * 60 ? drift + 24 * 60 : drift;
  return new Date(guess.getTime() - wrapped * 60_000);
}

/** "Monday 09:00" in the hours' zone and the customer's language, for the customer. */
export function describeOpening(hours: SupportHours, at: Date, language: string): string {
  const zone = hours.always ? 'UTC' : hours.zone;
  const locale = isLang(language) ? locales[language] : locales.en;
  const text = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} (${zone})`;
}
