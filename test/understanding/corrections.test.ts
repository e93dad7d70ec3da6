/** Corrections said with a "no": what is said instead, and what it replaces. */
import { describe, expect, it } from 'vitest';
import { readCorrection, readNameAgain } from '#flows/understanding/corrections.js';

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

describe('a name given again', () => {
  it.each([
    ['perdón, el nombre es Ana Gómez Ruiz', 'Ana Gómez Ruiz'],
    ['perdona, el nombre es Ana Gómez Ruiz.', 'Ana Gómez Ruiz'],
    ['el nombre correcto es Luis Pérez', 'Luis Pérez'],
    ['sorry, the name is Ann Smith', 'Ann Smith'],
    ['my name is Ann Smith', 'Ann Smith'],
  ])('%s', (text, name) => {
    expect(readNameAgain(text)).toBe(name);
  });

  it.each(['Ana Gómez Ruiz', '12/03/1985', 'nombre'])('none in %s', (text) => {
    expect(readNameAgain(text)).toBeUndefined();
  });
});
