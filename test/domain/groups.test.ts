import { describe, expect, it } from 'vitest';
import { checkGroup, groupLimit, peopleCount, type SaleLine } from '#src/domain/groups.js';

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
