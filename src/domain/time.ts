/**
 * Provider-local time.
 *
 * The service's dates and date-times carry no zone: they are the provider's local wall
 * clock. Providers are in Spain, so the zone is Europe/Madrid, or Atlantic/Canary for a
 * provider whose TaxType is 1 (IGIC, the Canary Islands' tax). Decision:
 * - Every rule compares provider-local wall-clock values (`IsoDate`, `IsoDateTime`
 *   strings, which sort as they compare); "now" enters the rules as the provider-local
 *   date-time of an instant (`localNow`), never as `Date.now()` inside a rule.
 * - Hour counts of the spec (cut-offs, earliest sale) are wall-clock arithmetic on those
 *   local values, as the service (zoneless date-times) computes them: 240 hours before
 *   00:00 of 1 November is 00:00 of 22 October even though a DST change lies between.
 * - Converting a local date-time to an instant (for timers, e.g. a reservation's expiry)
 *   uses the zone's rules through Intl.DateTimeFormat, no library. A wall-clock time that
 *   does not exist (the skipped hour of spring) moves forward by the gap; one that occurs
 *   twice (the repeated hour of autumn) is read as the earlier instant, as Temporal's
 *   "compatible" disambiguation does.
 */
import type { Provider } from './catalog-shapes.js';

/** yyyy-MM-dd, a calendar date in the provider's local time. */
export type IsoDate = `${number}-${number}-${number}`;
/** yyyy-MM-ddTHH:mm:ss, a provider-local date and time (no zone, no fraction). */
export type IsoDateTime = `${number}-${number}-${number}T${number}:${number}:${number}`;

export type Zone = 'Europe/Madrid' | 'Atlantic/Canary';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The zone the bot's customers read times in when nothing says otherwise: the
 * partner's, on the peninsula. A time of another zone is shown with its zone named.
 */
export const CUSTOMER_ZONE: Zone = 'Europe/Madrid';

/** The zone of a provider's dates: TaxType 1 (IGIC) is the Canary Islands. */
export function providerZone(provider: Pick<Provider, 'taxType'>): Zone {
  return provider.taxType === 1 ? 'Atlantic/Canary' : 'Europe/Madrid';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The last instant read per zone and its wall-clock value: a view reads the same "now"
 * once per product it lists, and formatToParts is the costly part of a list.
 */
const lastRead = new Map<string, { ms: number; local: IsoDateTime }>();

/** The wall-clock date-time in `zone` at `instant`. */
export function localNow(zone: string, instant: Date): IsoDateTime {
  const ms = instant.getTime();
  const last = lastRead.get(zone);
  if (last !== undefined && last.ms === ms) return last.local;
  const parts: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(instant)) parts[part.type] = part.value;
  const local =
    `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}` as IsoDateTime;
  lastRead.set(zone, { ms, local });
  return local;
}

/** The provider-local "now" of an instant: the value every sale rule takes as `now`. */
export function providerNow(provider: Pick<Provider, 'taxType'>, instant: Date): IsoDateTime {
  return localNow(providerZone(provider), instant);
}

/**
 * A local date-time read as if it were UTC: milliseconds for wall-clock arithmetic. The
 * shapes every rule makes (yyyy-MM-dd, yyyy-MM-ddThh:mm:ss) are read by position: a
 * product's sale window is this arithmetic for each of its dates. Any other
 * string is read by its parts.
 */
function wallMs(local: IsoDateTime | IsoDate): number {
  if (local.length === 10 || local.length === 19) {
    const y = digitsAt(local, 0, 4, '-');
    const m = digitsAt(local, 5, 2, '-');
    if (local.length === 10) {
      const d = digitsAt(local, 8, 2);
      if (y >= 0 && m >= 0 && d >= 0) return Date.UTC(y, m - 1, d, 0, 0, 0);
    } else {
      const d = digitsAt(local, 8, 2, 'T');
      const hh = digitsAt(local, 11, 2, ':');
      const mm = digitsAt(local, 14, 2, ':');
      const ss = digitsAt(local, 17, 2);
      if (y >= 0 && m >= 0 && d >= 0 && hh >= 0 && mm >= 0 && ss >= 0) {
        return Date.UTC(y, m - 1, d, hh, mm, ss);
      }
    }
  }
  return wallMsByParts(local);
}

/** The number of `length` digits at `at` (followed by `then`, if given), or -1. */
function digitsAt(text: string, at: number, length: number, then?: string): number {
  if (then !== undefined && text[at + length] !== then) return -1;
  let value = 0;
  for (let index = at; index < at + length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** `wallMs` of any string: split at T, - and :, each part a Number. */
function wallMsByParts(local: string): number {
  const [date, time = '00:00:00'] = local.split('T') as [string, string?];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hh, mm, ss);
}

function fromWallMs(ms: number): IsoDateTime {
  const at = new Date(ms);
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}` as IsoDateTime;
}

/** The zone's offset from UTC at an instant, in milliseconds (+1 h in Madrid's winter). */
function offsetAt(zone: string, instantMs: number): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallMs(localNow(zone, new Date(whole))) - whole;
}

/**
 * The instant of a wall-clock date-time in `zone` (gap: moved forward; overlap: earlier).
 * With `notBefore`, a time that occurs twice is read as the first of its instants not
 * before it: a moment known to lie ahead (a reservation's expiry, read as the service
 * answers) that falls in autumn's repeated hour after the change is the second one.
 */
export function toInstant(local: IsoDateTime, zone: string, notBefore?: Date): Date {
  const wall = wallMs(local);
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => localNow(zone, new Date(instant)) === fromWallMs(wall))
    .sort((a, b) => a - b);
  const ahead =
    notBefore === undefined
      ? undefined
      : candidates.find((instant) => instant >= notBefore.getTime());
  // In a gap no candidate reads back; the offset before the change moves it forward.
  return new Date(ahead ?? candidates[0] ?? wall - before);
}

/** The wall-clock date-time in `zone` of an instant (the inverse of `toInstant`). */
export const toLocal = (instant: Date, zone: string): IsoDateTime => localNow(zone, instant);

/** The date part of a local date-time. */
export const dateOf = (local: IsoDateTime): IsoDate => local.slice(0, 10) as IsoDate;

/** 00:00 of a date. */
export const startOfDay = (date: IsoDate): IsoDateTime => `${date}T00:00:00` as IsoDateTime;

/** A date `days` later (earlier when negative), by the calendar. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return dateOf(fromWallMs(wallMs(date) + days * DAY_MS));
}

/** A wall-clock date-time `hours` later (earlier when negative); fractions to the second. */
export function addHours(local: IsoDateTime, hours: number): IsoDateTime {
  return fromWallMs(wallMs(local) + Math.round(hours * 3600) * 1000);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekday(date: IsoDate): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  const day = new Date(wallMs(date)).getUTCDay();
  return (day === 0 ? 7 : day) as 1 | 2 | 3 | 4 | 5 | 6 | 7;
}

/** Whether a string is a real calendar date yyyy-MM-dd (29 February only in leap years). */
export function isIsoDate(value: string): value is IsoDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/**
 * A date typed by a person: yyyy-MM-dd, or day first as Spain writes it (15/08/2024,
 * 15-8-2024, 15.08.2024). Undefined when it is not a real date.
 */
export function parseDateInput(text: string): IsoDate | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [y, m, d] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : dayFirst
      ? [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!]
      : [];
  if (y === undefined) return undefined;
  const date = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return isIsoDate(date) ? date : undefined;
}
