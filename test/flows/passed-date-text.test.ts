/**
 * "El 3 de mayo" in June for a product: this year's day has passed; next year's is
 * suggested only when the product sells it, else the nearest days on sale are offered.
 */
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '#src/api/schema.js';
import { passedRefusedText } from '#flows/booking/choosing/explain.js';

const day = (date: string) => date as IsoDate;

describe('a day and month without a year that passed', () => {
  it('suggests next year with the year when next year is on sale', () => {
    const dates = [day('2026-06-10'), day('2027-05-03')];
    expect(passedRefusedText(day('2027-05-03'), day('2026-05-03'), dates, 'es')).toBe(
      'El domingo, 3 de mayo de 2026 ya ha pasado. Si es el de 2027, escríbelo con el año: «3/5/2027».',
    );
  });

  it('offers the nearest days on sale when next year is not sold yet', () => {
    const dates = [day('2026-06-10'), day('2026-06-11'), day('2026-09-06')];
    const text = passedRefusedText(day('2027-05-03'), day('2026-05-03'), dates, 'en');
    expect(text).toMatch(/has already passed\. The nearest available dates: /);
    expect(text).not.toMatch(/2027|type it with the year/);
  });
});
