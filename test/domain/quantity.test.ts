import { describe, expect, it } from 'vitest';
import {
  choiceVerdict,
  quantityBounds,
  withinBounds,
  type ChoiceLimits,
} from '#src/domain/quantity.js';

describe('quantityBounds: the least of the limits, and which binds', () => {
  const limits = { min: 1, sessions: [], cap: 20 };

  it.each([
    ['only the cap', {}, { min: 1, max: 20, binding: 'cap' }],
    ['the group threshold', { group: 19 }, { min: 1, max: 19, binding: 'group' }],
    ['a limited day below it', { group: 19, day: 4 }, { min: 1, max: 4, binding: 'capacity' }],
    [
      'the fullest session',
      { day: 9, sessions: [6, undefined, 3] },
      { min: 1, max: 3, binding: 'session' },
    ],
    ['equal limits: the first', { group: 5, day: 5 }, { min: 1, max: 5, binding: 'group' }],
    ['none left', { day: 0 }, { min: 1, max: 0, binding: 'capacity' }],
  ])('%s', (_name, over, expected) => {
    expect(quantityBounds({ ...limits, ...over })).toEqual(expected);
  });

  it('allows whole numbers within them', () => {
    const bounds = { min: 2, max: 5, binding: 'cap' as const };
    expect([1, 2, 3.5, 5, 6].map((n) => withinBounds(bounds, n))).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('choiceVerdict: ticket types counted together', () => {
  const adult = { productId: 'a', minimum: 1, peoplePerUnit: 1 };
  const family = { productId: 'f', minimum: 2, peoplePerUnit: 4, capacity: 3 };
  const offers = [adult, family];
  const limits: ChoiceLimits = { sessions: [], cap: 20 };
  const group = (groupsOnly: boolean, peopleInCart = 0) => ({
    limit: 19,
    groupsOnly,
    peoplePerUnit: 1,
    peopleInCart,
  });

  it.each([
    ['nothing chosen', {}, limits, { why: 'none' }],
    ['a type under its minimum', { f: 1 }, limits, { why: 'minimum', offer: family }],
    ['a type over its places', { f: 4 }, limits, { why: 'capacity', offer: family, max: 3 }],
    [
      'all types over a session',
      { a: 2, f: 2 },
      { ...limits, sessions: [3] },
      { why: 'session', max: 3 },
    ],
    [
      'the people of every type over the threshold, with the cart’s',
      { a: 6, f: 2 },
      { ...limits, group: group(false, 6) },
      { why: 'group', max: 13 },
    ],
    ['over the cap', { a: 21 }, limits, { why: 'cap', max: 20 }],
    [
      'groups only, people missing',
      { a: 3, f: 2 },
      { ...limits, group: group(true, 2) },
      { why: 'groupsOnly', min: 7 },
    ],
    ['within every limit', { a: 3, f: 2 }, { ...limits, group: group(false) }, undefined],
  ])('%s', (_name, counts, over, expected) => {
    expect(choiceVerdict(offers, counts, over)).toEqual(expected);
  });

  it('asked only for what a choice can go over, passes one still under its minimums', () => {
    const groupsOnly = { ...limits, group: group(true) };
    expect(choiceVerdict(offers, { f: 1 }, groupsOnly, 'over')).toBeUndefined();
    expect(choiceVerdict(offers, { f: 4 }, groupsOnly, 'over')).toEqual({
      why: 'capacity',
      offer: family,
      max: 3,
    });
  });
});
