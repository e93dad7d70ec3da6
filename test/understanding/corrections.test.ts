/** Corrections said with a "no": what is said instead, and what it replaces. */
import { describe, expect, it } from 'vitest';
import { readCorrection } from '#flows/understanding/corrections.js';

describe('a correction said with "no"', () => {
  it.each([
    ['el sábado no, el 20', 'el sábado', 'el 20'],
    ['no, perdona, somos 4', '', 'perdona, somos 4'],
    ['no el sábado sino el domingo', 'el sábado', 'el domingo'],
    ['not Saturday, the 20th', 'Saturday', 'the 20th'],
    ['no, sorry, we are 4', '', 'sorry, we are 4'],
  ])('%s', (text, replaced, instead) => {
    expect(readCorrection(text)).toEqual({ replaced, instead });
  });

  it.each(['no', 'Antonio Nogales', 'bueno, el domingo', 'no sé'])('none in %s', (text) => {
    expect(readCorrection(text)).toBeUndefined();
  });
});
