/**
 * A package's stays as sold: the sale list's accommodations (rate,
 * dates, conditions) joined with what the order knew of them (name, rooms), and the
 * order's own stays when a sale list leaves Accommodations out.
 */
import { describe, expect, it } from 'vitest';
import { soldStays, stayLines } from '#flows/booking/steps/packages/sold.js';
import type { SoldStay } from '#flows/booking/types.js';
import type { IsoDate } from '#src/api/schema.js';

const known: SoldStay = {
  rateId: 'rate-1',
  name: 'Hotel Dunas del Faro',
  rooms: [{ adults: 2, minors: [{ kind: 'child', age: 8 }] }],
  checkIn: '2026-06-13' as IsoDate,
  checkOut: '2026-06-15' as IsoDate,
  conditions: 'Bed and breakfast.',
};

describe('soldStays', () => {
  it('names the sale list’s stay by its rate, the list’s dates and conditions winning', () => {
    const listed: SoldStay = {
      rateId: 'rate-1',
      checkIn: '2026-06-13' as IsoDate,
      checkOut: '2026-06-16' as IsoDate,
      conditions: 'Half board.',
    };
    expect(soldStays([known], [listed])).toEqual([
      { ...known, checkOut: '2026-06-16', conditions: 'Half board.' },
    ]);
  });

  it('keeps the order’s stays when the sale list has no Accommodations', () => {
    expect(soldStays([known], [])).toEqual([known]);
    expect(soldStays([known], undefined)).toEqual([known]);
  });

  it('pairs a rate the order did not know with a stay left unpaired, in order', () => {
    const [stay] = soldStays([known], [{ rateId: 'rate-9', checkIn: '2026-06-13' as IsoDate }]);
    expect(stay).toMatchObject({ rateId: 'rate-9', name: 'Hotel Dunas del Faro' });
  });
});

describe('stayLines', () => {
  it('gives the name, dates and nights, who stays and the conditions', () => {
    expect(stayLines(known, 'en')).toEqual([
      '• 🏨 Hotel Dunas del Faro — Sat 13 Jun to Mon 15 Jun (2 nights)',
      '   👥 2 adults, 1 child (aged 8)',
      '   Conditions: Bed and breakfast.',
    ]);
  });

  it('shows a stay nobody named by its dates', () => {
    const lines = stayLines(
      { rateId: 'rate-9', checkIn: '2026-06-13' as IsoDate, checkOut: '2026-06-14' as IsoDate },
      'es',
    );
    expect(lines).toEqual(['• 🏨 Alojamiento — del sáb, 13 jun al dom, 14 jun (1 noche)']);
  });
});
