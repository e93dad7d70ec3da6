/** Dates as the customer reads them (choosing/format.ts), written once and kept. */
import { describe, expect, it } from 'vitest';
import { formatDate } from '#flows/booking/choosing/format.js';
import { addDays, type IsoDate } from '#src/domain/time.js';

describe('formatDate', () => {
  it('writes each day in each language and style, the same however often asked', () => {
    const cases: Array<[IsoDate, 'es' | 'en', 'short' | 'long', string]> = [
      ['2026-06-13', 'en', 'short', 'Sat 13 Jun'],
      ['2026-06-13', 'es', 'short', 'sáb, 13 jun'],
      ['2026-06-13', 'es', 'long', 'sábado, 13 de junio de 2026'],
      ['2026-06-13', 'en', 'long', 'Saturday, 13 June 2026'],
      ['2024-02-29', 'en', 'short', 'Thu 29 Feb'],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [date, lang, style, text] of cases)
        expect(formatDate(date, lang, style)).toBe(text);
    }
  });

  it('still writes the first days after many others', () => {
    const days = Array.from({ length: 6000 }, (_, index) => addDays('2026-01-01', index));
    const first = days.slice(0, 3).map((day) => formatDate(day, 'en'));
    for (const day of days) formatDate(day, 'en');
    expect(days.slice(0, 3).map((day) => formatDate(day, 'en'))).toEqual(first);
    expect(first).toEqual(['Thu 1 Jan', 'Fri 2 Jan', 'Sat 3 Jan']);
  });
});
