/**
 * A session time in a message: "a las 11", "at 11", "11am", "5pm", "17:00", "17h",
 * "a las 5 de la tarde", "at 5 in the afternoon", "a mediodía", "at noon".
 *
 * Decision: an hour from 1 to 7 with nothing saying morning ("a las 5") is in the
 * afternoon: no activity of the catalog starts before 8 in the morning.
 */
import { readNumber } from './numbers.js';
import type { Span, Words } from './spans.js';

const pad = (n: number) => String(n).padStart(2, '0');

const AFTERNOON = [
  ['de', 'la', 'tarde'],
  ['de', 'la', 'noche'],
  ['por', 'la', 'tarde'],
  ['in', 'the', 'afternoon'],
  ['in', 'the', 'evening'],
  ['pm'],
  ['p', 'm'],
];
const MORNING = [
  ['de', 'la', 'manana'],
  ['por', 'la', 'manana'],
  ['in', 'the', 'morning'],
  ['am'],
  ['a', 'm'],
];

function phraseAt(words: Words, at: number, phrases: string[][]): number {
  for (const phrase of phrases)
    if (phrase.every((part, i) => words.free(at + i) === part)) return phrase.length;
  return 0;
}

function clock(hours: number, minutes: number): string | undefined {
  return hours <= 23 && minutes <= 59 ? `${pad(hours)}:${pad(minutes)}` : undefined;
}

/** Reads the session time of the message; its words are taken. */
export function readTime(words: Words): Span<string> | undefined {
  for (let at = 0; at < words.list.length; at += 1) {
    const word = words.free(at);
    if (word === undefined) continue;
    if ((word === 'mediodia' || word === 'noon' || word === 'midday') && !words.used[at]) {
      const lead =
        ['a', 'al', 'at'].includes(words.list[at - 1] ?? '') && !words.used[at - 1] ? 1 : 0;
      words.take(at - lead, 1 + lead);
      return { start: at - lead, length: 1 + lead, value: '12:00' };
    }
    const lead =
      (word === 'a' && words.free(at + 1) === 'las') ||
      (word === 'a' && words.free(at + 1) === 'la')
        ? 2
        : word === 'at' || word === 'sobre' || word === 'around' || word === 'las'
          ? 1
          : 0;
    // "las 4" alone may be how many ("las 2 entradas"): a time only with a half, a quarter
    // or a part of the day ("la de las 4 y media", "las 5 de la tarde").
    const weakLead = word === 'las';
    const numberAt = at + lead;
    const typed = words.free(numberAt);
    if (typed === undefined) continue;
    // 17:00, 17.30, 17h, 17h30, 11am, 5pm
    const written = /^(\d{1,2})(?:[:.h](\d{2}))?(h|am|pm)?$/.exec(typed);
    let hours: number | undefined;
    let minutes = 0;
    let explicit = false;
    let suffix: string | undefined;
    let length = lead + 1;
    if (written) {
      hours = Number(written[1]);
      minutes = Number(written[2] ?? 0);
      suffix = written[3];
      explicit = written[2] !== undefined || suffix !== undefined;
    } else if (lead > 0) {
      const spelled = readNumber(words.list, numberAt);
      if (spelled && !['un', 'una', 'a'].includes(typed)) {
        hours = spelled.value;
        length = lead + spelled.length;
      }
    }
    // A bare number is a time only after "a las" / "at": "2" alone is a quantity.
    if (hours === undefined || (!explicit && lead === 0)) continue;
    if (words.free(at + length) === 'y' && words.free(at + length + 1) === 'media') {
      minutes = 30;
      length += 2;
    } else if (words.free(at + length) === 'y' && words.free(at + length + 1) === 'cuarto') {
      minutes = 15;
      length += 2;
    }
    const afternoon = suffix === 'pm' ? 0 : phraseAt(words, at + length, AFTERNOON);
    const morning = suffix === 'am' ? 0 : phraseAt(words, at + length, MORNING);
    if (weakLead && !explicit && minutes === 0 && afternoon + morning === 0) continue;
    if (suffix === 'pm' || afternoon > 0) {
      if (hours < 12) hours += 12;
    } else if (suffix === 'am' || morning > 0) {
      if (hours === 12) hours = 0;
    } else if (hours >= 1 && hours <= 7 && suffix !== 'h') hours += 12;
    if (hours > 23 || (hours > 12 && suffix === 'am')) continue;
    length += afternoon + morning;
    const value = clock(hours, minutes);
    if (!value) continue;
    words.take(at, length);
    return { start: at, length, value };
  }
  return undefined;
}

export type Daypart = 'morning' | 'afternoon' | 'evening';

const DAYPARTS: [Daypart, string[]][] = [
  ['morning', ['por', 'la', 'manana']],
  ['morning', ['de', 'la', 'manana']],
  ['afternoon', ['por', 'la', 'tarde']],
  ['afternoon', ['de', 'la', 'tarde']],
  ['evening', ['por', 'la', 'noche']],
  ['evening', ['de', 'la', 'noche']],
  ['morning', ['in', 'the', 'morning']],
  ['afternoon', ['in', 'the', 'afternoon']],
  ['evening', ['in', 'the', 'evening']],
  ['morning', ['morning']],
  ['afternoon', ['afternoon']],
  ['evening', ['evening']],
];

/**
 * A part of the day without an hour ("mañana por la tarde", "in the morning"): read after
 * the time ("a las 5 de la tarde" is 17:00) and before the date ("por la mañana" is not
 * tomorrow); its words are taken.
 */
export function readDaypart(words: Words): Span<Daypart> | undefined {
  for (let at = 0; at < words.list.length; at += 1)
    for (const [part, phrase] of DAYPARTS)
      if (phrase.every((word, i) => words.free(at + i) === word)) {
        words.take(at, phrase.length);
        return { start: at, length: phrase.length, value: part };
      }
  // "sábado tarde", "domingo por la mañana" said short: a part of the day right after a day.
  for (let at = 1; at < words.list.length; at += 1) {
    const part = BARE_PARTS[words.free(at) ?? ''];
    if (part !== undefined && DAY_WORDS.has(words.list[at - 1]!)) {
      words.take(at, 1);
      return { start: at, length: 1, value: part };
    }
  }
  return undefined;
}

/** Parts of the day said without "por la" after a day ("sabado tarde", "mañana noche"). */
const BARE_PARTS: Readonly<Record<string, Daypart>> = {
  manana: 'morning',
  tarde: 'afternoon',
  noche: 'evening',
};

const DAY_WORDS = new Set(
  'lunes martes miercoles jueves viernes sabado domingo manana hoy finde monday tuesday wednesday thursday friday saturday sunday today tomorrow'.split(
    ' ',
  ),
);

/** Whether a session's "HH:MM" is in a part of the day: mornings until 14:00, evenings from 20:00. */
export function inDaypart(time: string, part: Daypart): boolean {
  if (part === 'morning') return time < '14:00';
  if (part === 'afternoon') return time >= '14:00' && time < '20:00';
  return time >= '20:00';
}
