/**
 * The words a customer types are looked up in tables (weekdays, months, numbers, ticket
 * types): a word that is the name of one of Object's own properties is no word of them.
 */
import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '#flows/booking/choosing/dates.js';
import { readCount } from '#flows/booking/choosing/read.js';
import { understand } from '#flows/understanding/understand.js';
import { TODAY } from '#test/flows/selection-harness.js';

const OBJECT_WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe.each(OBJECT_WORDS)('"%s" typed', (word) => {
  it('is no count', () => {
    expect(readCount(word)).toBeUndefined();
    expect(readCount(`${word} entradas`)).toBeUndefined();
  });

  it('is no date', () => {
    expect(parseTypedDate(word, 'es', TODAY)).toBeUndefined();
    expect(parseTypedDate(`el ${word}`, 'en', TODAY)).toBeUndefined();
  });

  it('names no date, no quantity and no ticket type in a message', () => {
    const { slots } = understand(`2 ${word} el ${word}`, { today: TODAY });
    expect(slots.date).toBeUndefined();
    expect(slots.tickets).toBeUndefined();
    expect(understand(word, { today: TODAY }).slots.quantity).toBeUndefined();
  });
});
