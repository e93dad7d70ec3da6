/**
 * Whether a ticket's answers fit whom it is for (the enclosure's TypeOfPersonDefinition):
 * the measure an answer gives, the bounds read, and the refusal with the type it fits.
 */
import { describe, expect, it } from 'vitest';
import type { Question } from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { PersonDefinition } from '#src/domain/people.js';
import type { TicketPerson } from '#flows/booking/types.js';
import { eligibilityRefusal, fits, measureOf } from '#flows/booking/steps/questions/eligibility.js';

const question = (dataType: DataType, words: string, short?: string): Question => ({
  id: 'q',
  question: words,
  ...(short ? { shortQuestion: short } : {}),
  required: true,
  dataType,
  values: [],
});

const birth = question(DataType.Date, 'Fecha de nacimiento');
const age = question(DataType.Integer, 'Edad el día de la visita');
const heightM = question(DataType.Decimal, 'Altura del niño o niña, en metros', 'Altura (m)');
const heightCm = question(DataType.Integer, 'Height');

const byAge: PersonDefinition[] = [
  { kind: 'child', measure: 'age', threshold: 12 },
  { kind: 'adult', measure: 'age', threshold: 13 },
  { kind: 'senior', measure: 'age', threshold: 65 },
];
const byHeight: PersonDefinition[] = [
  { kind: 'child', measure: 'height', threshold: 120 },
  { kind: 'adult', measure: 'height', threshold: 120 },
];

describe('measureOf', () => {
  it('an age on the day of the visit from a birth date', () => {
    expect(measureOf(birth, { dateTimeValue: '2010-08-15T00:00:00' }, '2026-06-13')).toEqual({
      measure: 'age',
      value: 15,
    });
    expect(measureOf(birth, { dateTimeValue: '2010-08-15T00:00:00' }, undefined)).toBeUndefined();
  });
  it('an age typed, a height in metres or centimetres', () => {
    expect(measureOf(age, { integerValue: 9 }, undefined)).toEqual({ measure: 'age', value: 9 });
    expect(measureOf(heightM, { decimalValue: 1.35 }, undefined)).toEqual({
      measure: 'height',
      value: 135,
    });
    expect(measureOf(heightCm, { integerValue: 118 }, undefined)).toEqual({
      measure: 'height',
      value: 118,
    });
    expect(measureOf(question(DataType.Text, 'Nombre'), {}, undefined)).toBe(undefined);
  });
});

describe('fits', () => {
  it.each([
    ['child', 12, true],
    ['child', 13, false],
    ['adult', 12, false],
    ['adult', 70, true],
    ['senior', 64, false],
    ['senior', 65, true],
  ] as const)('%s at %i years: %s', (kind, value, expected) => {
    expect(fits(kind, { measure: 'age', value }, byAge)).toBe(expected);
  });
  it('a child under the height adults start at, not at it', () => {
    expect(fits('child', { measure: 'height', value: 119 }, byHeight)).toBe(true);
    expect(fits('child', { measure: 'height', value: 120 }, byHeight)).toBe(false);
    expect(fits('adult', { measure: 'height', value: 120 }, byHeight)).toBe(true);
  });
  it('a measure the definitions do not define fits', () => {
    expect(fits('child', { measure: 'height', value: 200 }, byAge)).toBe(true);
  });
});

describe('eligibilityRefusal', () => {
  const child: TicketPerson = {
    kind: 'child',
    definitions: byAge,
    instead: { adult: 'ADULT', senior: 'SENIOR' },
  };
  it('a 15-year-old on a child ticket: explained, the adult ticket offered', () => {
    const refusal = eligibilityRefusal(
      child,
      birth,
      { dateTimeValue: '2010-08-15T00:00:00' },
      '2026-06-13',
      'es',
    );
    expect(refusal).toEqual({
      text: 'Con 15 años, la entrada «Niño (hasta 12 años)» no vale: le corresponde la de adulto (desde 13 años).',
      instead: { kind: 'adult', productId: 'ADULT' },
    });
  });
  it('a 70-year-old on a child ticket is offered the senior one', () => {
    const refusal = eligibilityRefusal(child, age, { integerValue: 70 }, undefined, 'en');
    expect(refusal?.instead).toEqual({ kind: 'senior', productId: 'SENIOR' });
    expect(refusal?.text).toBe(
      'At 70 years old, the "Child (up to 12 years)" ticket does not apply: the senior (from 65 years) one does.',
    );
  });
  it('1,35 m on a ticket for under 120 cm; no other type to offer: said so', () => {
    const refusal = eligibilityRefusal(
      { kind: 'child', definitions: byHeight, instead: {} },
      heightM,
      { decimalValue: 1.35 },
      undefined,
      'es',
    );
    expect(refusal).toEqual({
      text: 'Con 135 cm de altura, la entrada «Niño (menos de 120 cm)» no vale. Revisa el dato o vuelve atrás para elegir otra entrada.',
    });
  });
  it('an answer that fits, or a ticket with no definition: no refusal', () => {
    expect(eligibilityRefusal(child, age, { integerValue: 8 }, undefined, 'es')).toBeUndefined();
    expect(eligibilityRefusal(undefined, age, { integerValue: 30 }, undefined, 'es')).toBe(
      undefined,
    );
  });
});
