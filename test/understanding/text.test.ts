/**
 * One typo, told without a table (flows/understanding/text.ts oneTypo): the same answer as
 * the capped Damerau–Levenshtein distance, for every pair of short words.
 */
import { describe, expect, it } from 'vitest';
import { closestValue, distance, oneTypo, wordTable } from '#flows/understanding/text.js';

/** Every word of up to `length` letters of `letters`. */
function allWords(letters: string, length: number): string[] {
  const out = [''];
  for (let at = 0; at < out.length; at += 1)
    if (out[at]!.length < length) for (const letter of letters) out.push(out[at]! + letter);
  return out;
}

describe('one typo', () => {
  it('answers as distance(a, b, 1) <= 1 for every pair of words of up to 4 letters of 3', () => {
    const words = allWords('abc', 4);
    let differ = 0;
    for (const a of words)
      for (const b of words) if (oneTypo(a, b) !== distance(a, b, 1) <= 1) differ += 1;
    expect(words).toHaveLength(121);
    expect(differ).toBe(0);
  });

  it('reads a word of a table by its value as before: one value among its near words', () => {
    const table = wordTable({ adulto: 'adult', adultos: 'adult', nino: 'child', ninos: 'child' });
    expect(closestValue('adultso', table)).toBe('adult');
    expect(closestValue('adulto', table)).toBe('adult');
    expect(closestValue('ninoss', table)).toBe('child');
    expect(closestValue('actividad', table)).toBeUndefined();
    // One letter from words of two values: neither.
    const both = wordTable({ abcde: 'x', abcdf: 'y' });
    expect(closestValue('abcdg', both)).toBeUndefined();
  });
});
