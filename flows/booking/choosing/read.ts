/** Small readers of typed text shared by the selection steps. */
import type { Option } from '#flows/view.js';
import type { BookingEvent } from '#flows/booking/types.js';
import type { TextReading } from '#flows/booking/view.js';
import { NUMBER_WORDS } from '#flows/understanding/numbers.js';
import { wordTable } from '#flows/understanding/text.js';

/** "3" picks the third option, as everywhere else in the chat. */
export function optionByNumber(
  options: readonly Option<BookingEvent>[],
  text: string,
): TextReading | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const option = options[Number(text.trim()) - 1];
  return option ? { event: option.event } : undefined;
}

/**
 * The number words a count prompt reads: one to ten. A lone "a" or "an" is no count
 * (Spanish "un", "una", "uno" are).
 */
const WORDS = wordTable(
  Object.fromEntries(
    Object.entries(NUMBER_WORDS).filter(
      ([word, value]) => value >= 1 && value <= 10 && word !== 'a' && word !== 'an',
    ),
  ),
);

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
