/**
 * Readings of short forms customers type: a part of the day right after a day ("sábado
 * tarde"), a party counted by type ("somos 3 adultos"), and a day and month whose day
 * this year passed lately ("el 3 de mayo" in June).
 */
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '#src/api/schema.js';
import { passedThisYear } from '#flows/understanding/dates.js';
import { understand } from '#flows/understanding/understand.js';

const today = '2026-06-10' as IsoDate;
const read = (text: string) => understand(text, { today }).slots;

describe('short forms', () => {
  it('reads a part of the day said right after a day', () => {
    expect(read('sabado tarde')).toMatchObject({
      date: { value: { kind: 'date', date: '2026-06-13' } },
      daypart: { value: 'afternoon' },
    });
    expect(read('el domingo noche').daypart?.value).toBe('evening');
    expect(read('el sabado manana')).toMatchObject({
      date: { value: { date: '2026-06-13' } },
      daypart: { value: 'morning' },
    });
    // "mañana" alone is tomorrow; "tarde" not after a day is no part of the day.
    expect(read('mañana').daypart).toBeUndefined();
    expect(read('llego tarde').daypart).toBeUndefined();
  });

  it('reads "somos 3 adultos" as three adults, "somos 4" as people', () => {
    expect(read('somos 3 adultos').tickets?.value).toEqual({ adult: 3 });
    expect(read('somos 4').people?.value).toBe(4);
  });

  it('marks a day and month whose day this year passed lately', () => {
    expect(read('el 3 de mayo').date?.value).toEqual({
      kind: 'date',
      date: '2027-05-03',
      passed: '2026-05-03',
    });
    expect(read('el 3 de mayo de 2027').date?.value).toEqual({ kind: 'date', date: '2027-05-03' });
    // Months ago enough to mean next year's (January said in June: next January).
    expect(passedThisYear('2027-01-03' as IsoDate, today, 'el 3 de enero')).toBeUndefined();
    expect(passedThisYear('2027-05-03' as IsoDate, today, '3/5')).toBe('2026-05-03');
    expect(passedThisYear('2026-07-03' as IsoDate, today, 'el 3 de julio')).toBeUndefined();
  });
});
