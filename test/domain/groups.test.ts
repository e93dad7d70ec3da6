import { describe, expect, it } from 'vitest';
import {
  checkGroup,
  groupBound,
  groupLimit,
  groupVerdict,
  minimumLeft,
  peopleCount,
  unitsAllowed,
  type SaleLine,
} from '#src/domain/groups.js';

const base = (limit?: number) => ({ limitOfNumberOfPeopleToBeGroup: limit });

function line(quantity: number, numberOfPeople = 1, productId = 'p1', minimum = 1): SaleLine {
  return {
    productBase: base(),
    product: { productId, numberOfPeople, minimumNumberByTransaction: minimum },
    quantity,
  };
}

describe('groupLimit: the more restrictive applies', () => {
  it.each([
    ['provider only', 19, [undefined], 19],
    ['product base only', undefined, [25], 25],
    ['product base lower', 19, [9], 9],
    ['provider lower', 19, [30], 19],
    ['several product bases', 30, [25, 12], 12],
    ['none', undefined, [undefined], undefined],
  ])('%s', (_name, provider, bases, expected) => {
    expect(groupLimit(base(provider), bases.map(base))).toBe(expected);
  });
});

describe('peopleCount: quantity × NumberOfPeople, summed', () => {
  it.each([
    [[line(3, 1)], 3],
    [[line(3, 4)], 12],
    [[line(2, 2), line(1, 5, 'p2')], 9],
    [[], 0],
  ])('%j is %i people', (lines, people) => {
    expect(peopleCount(lines)).toBe(people);
  });
});

describe('checkGroup with limit 19 (the spec)', () => {
  it.each([
    ['not for groups: 19 people', false, [line(19)], { ok: true, people: 19, limit: 19 }],
    [
      'not for groups: 20 people',
      false,
      [line(20)],
      { ok: false, reason: 'group-too-large', people: 20, limit: 19 },
    ],
    [
      'not for groups: 10 products of 2 people',
      false,
      [line(10, 2)],
      { ok: false, reason: 'group-too-large', people: 20, limit: 19 },
    ],
    [
      'for groups: 19 people',
      true,
      [line(19)],
      { ok: false, reason: 'groups-only', people: 19, limit: 19 },
    ],
    ['for groups: 20 people', true, [line(20)], { ok: true, people: 20, limit: 19 }],
    [
      'for groups: 20 people over two lines',
      true,
      [line(12), line(4, 2, 'p2')],
      { ok: true, people: 20, limit: 19 },
    ],
  ])('%s', (_name, isForGroups, lines, expected) => {
    expect(checkGroup({ isForGroups, limitOfNumberOfPeopleToBeGroup: 19 }, lines)).toEqual(
      expected,
    );
  });

  it('applies a lower product base limit', () => {
    const lines = [{ ...line(10), productBase: base(9) }];
    expect(checkGroup({ isForGroups: false, limitOfNumberOfPeopleToBeGroup: 19 }, lines)).toEqual({
      ok: false,
      reason: 'group-too-large',
      people: 10,
      limit: 9,
    });
  });

  it.each([false, true])('has no group rule without a limit (IsForGroups %s)', (isForGroups) => {
    expect(
      checkGroup({ isForGroups, limitOfNumberOfPeopleToBeGroup: undefined }, [line(50)]),
    ).toEqual({ ok: true, people: 50, limit: undefined });
  });
});

describe('checkGroup: MinimumNumberByTransaction', () => {
  const provider = { isForGroups: false, limitOfNumberOfPeopleToBeGroup: 19 };

  it.each([
    [
      'below the minimum',
      [line(1, 1, 'p1', 2)],
      { ok: false, reason: 'below-minimum', productId: 'p1', minimum: 2, quantity: 1 },
    ],
    ['at the minimum', [line(2, 1, 'p1', 2)], { ok: true, people: 2, limit: 19 }],
    [
      'summed over lines of one product',
      [line(1, 1, 'p1', 2), line(1, 1, 'p1', 2)],
      { ok: true, people: 2, limit: 19 },
    ],
    ['default 1', [line(1)], { ok: true, people: 1, limit: 19 }],
    [
      'checked before the group limit',
      [line(20, 1, 'p1', 30)],
      { ok: false, reason: 'below-minimum', productId: 'p1', minimum: 30, quantity: 20 },
    ],
  ])('%s', (_name, lines, expected) => {
    expect(checkGroup(provider, lines)).toEqual(expected);
  });
});

describe('groupVerdict: more than the limit is a group', () => {
  it.each([
    [false, 19, { ok: true }],
    [false, 20, { ok: false, reason: 'group-too-large', people: 20, limit: 19 }],
    [true, 19, { ok: false, reason: 'groups-only', people: 19, limit: 19 }],
    [true, 20, { ok: true }],
  ])('groups only %s, %i people', (groupsOnly, people, expected) => {
    expect(groupVerdict({ limit: 19, groupsOnly }, people)).toEqual(expected);
  });
});

describe('minimumLeft: MinimumNumberByTransaction less the units already held', () => {
  const product = { productId: 'p1', minimumNumberByTransaction: 4 };
  it.each([
    [[], 4],
    [[{ productId: 'p1', quantity: 1 }], 3],
    [[{ productId: 'p2', quantity: 3 }], 4],
    [
      [
        { productId: 'p1', quantity: 2 },
        { productId: 'p1', quantity: 5 },
      ],
      1,
    ],
  ])('%j leaves %i', (lines, expected) => {
    expect(minimumLeft(product, lines)).toBe(expected);
  });
});

describe('groupBound and unitsAllowed: one product added to a sale', () => {
  const notForGroups = { isForGroups: false, limitOfNumberOfPeopleToBeGroup: 19 };
  const forGroups = { isForGroups: true, limitOfNumberOfPeopleToBeGroup: 19 };

  it('takes the lowest threshold and the people already held', () => {
    expect(groupBound(notForGroups, [base(9)], 2, 3)).toEqual({
      limit: 9,
      groupsOnly: false,
      peoplePerUnit: 2,
      peopleInCart: 3,
    });
  });

  it('does not bound without a threshold or for a product that counts nobody', () => {
    expect(
      groupBound({ ...notForGroups, limitOfNumberOfPeopleToBeGroup: undefined }, [], 1, 0),
    ).toBeUndefined();
    expect(groupBound(notForGroups, [], 0, 0)).toBeUndefined();
  });

  it.each([
    ['19 people, none held', notForGroups, 1, 0, { maximum: 19 }],
    ['pairs, 5 held', notForGroups, 2, 5, { maximum: 7 }],
    ['held over the limit', notForGroups, 1, 25, { maximum: 0 }],
    ['groups only, none held', forGroups, 1, 0, { minimum: 20 }],
    ['groups only, families of 4, 6 held', forGroups, 4, 6, { minimum: 4 }],
    ['groups only, already a group', forGroups, 1, 30, { minimum: 0 }],
  ])('%s', (_name, provider, perUnit, held, expected) => {
    expect(unitsAllowed(groupBound(provider, [], perUnit, held)!)).toEqual(expected);
  });
});
