/**
 * How far a typed word is from a known one: the distance table is worked out in rows
 * shared by every call, so each answer must be its own words' whatever was measured
 * before it (a longer word, a shorter one, a typo or none). One typo, told without a
 * table (oneTypo): the same answer as the capped distance, for every pair of short words.
 */
import { describe, expect, it } from 'vitest';
import { distance } from '#src/domain/edit-distance.js';
import { closest, closestValue, names, oneTypo, wordTable } from '#flows/understanding/text.js';
/** The whole table, made afresh: what `distance` answers, capped at `max`. */
function reference(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const WORDS = [
  'sabado',
  'sabdao',
  'sbado',
  'sabados',
  'a',
  'ab',
  'ba',
  '',
  'manana',
  'mñana',
  'excursiones',
  'excrusiones',
  'talk to a person',
  'entradas',
  'entrada',
  'adultos',
  'adultso',
  'supercalifragilisticexpialidocious',
  'supercalifragilisticexpialidociuos',
  'x',
];

describe('distance', () => {
  it('counts a swapped pair, a missing letter and an extra one as one typo each', () => {
    expect(distance('sabdao', 'sabado')).toBe(1);
    expect(distance('sbado', 'sabado')).toBe(1);
    expect(distance('sabados', 'sabado')).toBe(1);
    expect(distance('sabado', 'sabado')).toBe(0);
    expect(distance('excrusiones', 'excursiones', 1)).toBe(1);
    expect(distance('manana', 'semana', 1)).toBe(2);
  });

  it('answers each pair as a table of its own would, in any order of calls', () => {
    for (const max of [1, 2, 3])
      for (const a of WORDS)
        for (const b of [...WORDS].reverse())
          expect([a, b, max, distance(a, b, max)]).toEqual([a, b, max, reference(a, b, max)]);
  });
});

describe('names', () => {
  it('reads a word as closest does with the one known word', () => {
    for (const typed of WORDS)
      for (const known of WORDS)
        expect([typed, known, names(typed, known)]).toEqual([
          typed,
          known,
          closest(typed, [known]) === known,
        ]);
  });
});

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
