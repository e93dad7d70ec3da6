/** Small readers of typed text shared by the selection steps. */
import type { Option } from '#flows/view.js';
import type { BookingEvent } from '#flows/booking/types.js';
import type { TextReading } from '#flows/booking/view.js';

/** "3" picks the third option, as everywhere else in the chat. */
export function optionByNumber(
  options: readonly Option<BookingEvent>[],
  text: string,
): TextReading | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const option = options[Number(text.trim()) - 1];
  return option ? { event: option.event } : undefined;
}

const WORDS: Record<string, number> = {
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
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
};

const UNITS =
  /^(?:entradas?|tickets?|personas?|people|persons?|adultos?|adults?|unidades|units?|packs?|x)$/;

/** A whole number typed in digits or as a word up to ten ("3", "tres", "3 entradas"). */
export function readCount(text: string): number | undefined {
  const [first = '', unit, ...rest] = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .split(/\s+/);
  if (rest.length > 0 || (unit !== undefined && !UNITS.test(unit))) return undefined;
  if (/^\d{1,4}$/.test(first)) return Number(first);
  return WORDS[first];
}
