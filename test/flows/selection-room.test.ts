/** A full day, as the date view marks it and the date step refuses it (choosing/room.ts). */
import { describe, expect, it } from 'vitest';
import { dayIsFull, dayRoom, roomyDates, shownDates } from '#flows/booking/choosing/room.js';
import type { CartLine, DraftProduct } from '#flows/booking/types.js';
import type { IsoDate } from '#src/api/schema.js';

const draft: DraftProduct = {
  productId: 'p1',
  productBaseId: 'b1',
  providerId: 'v1',
  name: 'Museum',
  dates: ['2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13'],
  openDate: false,
  minimumQuantity: 2,
  requiresRealTimePrice: false,
  rules: {
    sessionEnclosures: [],
    limitedDates: ['2026-06-11', '2026-06-12', '2026-06-20'],
    // The 11th is short of the minimum of 2; the 12th has 3 and the cart holds 2 of them;
    // the 20th is not on sale, whatever its places.
    capacityByDate: { '2026-06-11': 1, '2026-06-12': 3, '2026-06-20': 0 },
    soldOut: ['2026-06-14'],
    minimumByTransaction: 2,
  },
};

const cart: CartLine[] = [
  {
    cartItemId: 'i1',
    productId: 'p1',
    providerId: 'v1',
    name: 'Museum',
    accessDate: '2026-06-12',
    quantity: 2,
    sessions: [],
    unitPrice: { cents: 1000, currency: 'EUR' },
  },
];

describe('dayIsFull', () => {
  it.each<[IsoDate, boolean, boolean]>([
    // date, full with an empty cart, full with the cart
    ['2026-06-10', false, false],
    ['2026-06-11', true, true],
    ['2026-06-12', false, true],
    ['2026-06-14', true, true], // sold out: shown, marked
    ['2026-06-20', false, false], // neither on sale nor sold out
    ['2026-06-30', false, false],
  ])('%s', (date, empty, withCart) => {
    expect(dayIsFull(draft, date, [])).toBe(empty);
    expect(dayIsFull(draft, date, cart)).toBe(withCart);
    // A shown day whose room is full, as the view's marks say.
    for (const lines of [[], cart]) {
      expect(dayIsFull(draft, date, lines)).toBe(
        shownDates(draft).includes(date) && dayRoom(draft, date, lines) === 'full',
      );
    }
  });
});

describe('shownDates and roomyDates', () => {
  const plain = { ...draft, rules: { ...draft.rules!, soldOut: [] } };

  it('shows the days on sale and the sold-out ones, in order, each once, from a day on', () => {
    expect(shownDates(draft)).toEqual([
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-13',
      '2026-06-14',
    ]);
    expect(shownDates(draft, '2026-06-12')).toEqual(['2026-06-12', '2026-06-13', '2026-06-14']);
    expect(shownDates(plain, '2026-06-12')).toEqual(['2026-06-12', '2026-06-13']);
    // Dates out of order or twice (a draft saved by other code) are sorted and made unique.
    const unsorted: DraftProduct = {
      ...plain,
      dates: ['2026-06-13', '2026-06-10', '2026-06-13', '2026-06-11'],
    };
    expect(shownDates(unsorted)).toEqual(['2026-06-10', '2026-06-11', '2026-06-13']);
    expect(shownDates(unsorted, '2026-06-11')).toEqual(['2026-06-11', '2026-06-13']);
    // In order already and from its first day: the draft's own list, read-only (its type
    // says so), not a copy of its hundreds of days; cut later, a copy of its end.
    expect(shownDates(plain)).toBe(plain.dates);
    expect(shownDates(plain, '2026-06-10')).toBe(plain.dates);
    expect(shownDates(plain, '2026-06-12')).not.toBe(plain.dates);
    expect(plain.dates).toHaveLength(4);
  });

  it('offers the days with room, from a day on', () => {
    expect(roomyDates(draft, [])).toEqual(['2026-06-10', '2026-06-12', '2026-06-13']);
    expect(roomyDates(draft, cart)).toEqual(['2026-06-10', '2026-06-13']);
    expect(roomyDates(draft, [], '2026-06-11')).toEqual(['2026-06-12', '2026-06-13']);
  });
});
