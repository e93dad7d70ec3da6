/**
 * A split by ticket type placed on a product without types of its own: a ticket for
 * anyone takes everyone; one for a kind of person or a pack takes what it admits, and
 * the rest is left to be said.
 */
import { describe, expect, it } from 'vitest';
import { admitsOf, place, placedWish } from '#flows/booking/choosing/placing.js';
import type { DraftProduct } from '#flows/booking/types.js';

const counts = {
  numberOfAdults: 0,
  numberOfChildren: 0,
  numberOfSenior: 0,
  numberOfBabies: 0,
  numberOfGeneric: 0,
};

describe('placing a split by type', () => {
  it('reads whom a unit admits', () => {
    expect(admitsOf({ ...counts, numberOfGeneric: 1 })).toBeUndefined();
    expect(admitsOf(counts)).toBeUndefined();
    expect(admitsOf({ ...counts, numberOfAdults: 2, numberOfChildren: 2 })).toEqual({
      adult: 2,
      child: 2,
    });
  });

  it('a ticket for anyone takes them all', () => {
    expect(place({ adult: 2, child: 1 }, undefined)).toEqual({ quantity: 3, left: {} });
  });

  it("an adults' product takes the adults and leaves the children", () => {
    expect(place({ adult: 2, child: 2 }, { adult: 1 })).toEqual({
      quantity: 2,
      left: { child: 2 },
    });
  });

  it('a pack takes as many packs as the split fills', () => {
    expect(place({ adult: 2, child: 2 }, { adult: 2, child: 2 })).toEqual({
      quantity: 1,
      left: {},
    });
    expect(place({ adult: 2, child: 1 }, { adult: 2, child: 2 })).toEqual({
      left: { adult: 2, child: 1 },
    });
  });

  it('says the part it could not place, and keeps the rest of the wish', () => {
    const product = { name: 'Museo + Planetario', admits: { adult: 1 } } as DraftProduct;
    const placed = placedWish(
      { date: { kind: 'date', date: '2026-06-13' }, quantity: 4, types: { adult: 2, child: 2 } },
      product,
      'es',
    );
    expect(placed.wish).toEqual({ date: { kind: 'date', date: '2026-06-13' }, quantity: 2 });
    expect(placed.notice).toBe(
      '«Museo + Planetario» es para 1 adulto: he puesto 2 adultos. 2 niños: no van en este producto; añade su entrada después (por ejemplo «añade también 2 niños»).',
    );
  });
});
