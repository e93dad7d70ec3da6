import { describe, expect, it } from 'vitest';
import { product as productSchema } from '#src/api/catalog.js';
import {
  canBeSoldAlone,
  checkSale,
  earliestSaleMoment,
  inSaleWindow,
  isSellableOn,
  saleCutoff,
  saleTimingKey,
  sellableDates,
  soldAloneAt,
} from '#src/domain/sale-window.js';
import type { IsoDate, IsoDateTime } from '#src/domain/time.js';

const AUGUST = '2024-08-10,2024-08-15,2024-08-16';

function product(fields: Record<string, unknown> = {}) {
  return productSchema.parse({
    productId: 'p000000000001',
    pricesAndDates: [{ price: 20, dates: AUGUST }],
    ...fields,
  });
}

describe('saleCutoff (HoursInAdvanceOfPurchase)', () => {
  it.each([
    ['the spec: 4 h for 15 August closes at 20:00', 4, '2024-08-15', '2024-08-15T20:00:00'],
    ['absent: the end of the visit day', undefined, '2024-08-15', '2024-08-16T00:00:00'],
    ['0: the end of the visit day', 0, '2024-08-15', '2024-08-16T00:00:00'],
    ['48 h: the day before', 48, '2024-08-15', '2024-08-14T00:00:00'],
    ['leap day', 4, '2024-02-29', '2024-02-29T20:00:00'],
    ['spring DST change day (wall clock)', 4, '2024-03-31', '2024-03-31T20:00:00'],
    ['autumn DST change day (wall clock)', 26, '2024-10-27', '2024-10-26T22:00:00'],
    ['end of year', 4, '2024-12-31', '2024-12-31T20:00:00'],
  ])('%s', (_name, hours, visit, cutoff) => {
    expect(saleCutoff(product({ hoursInAdvanceOfPurchase: hours }), visit as IsoDate)).toBe(cutoff);
  });
});

describe('earliestSaleMoment (MaxHoursInAdvanceOfPurchase)', () => {
  it.each([
    ['the spec: 240 h for 15 August opens 6 August', 240, '2024-08-15', '2024-08-06T00:00:00'],
    ['sent as a string', '240', '2024-08-15', '2024-08-06T00:00:00'],
    ['across a leap day', 240, '2024-02-29', '2024-02-20T00:00:00'],
    ['across the autumn DST change (wall clock)', 240, '2024-10-31', '2024-10-22T00:00:00'],
    ['a moment', '2024-08-01T09:00:00', '2024-08-15', '2024-08-01T09:00:00'],
    [
      'a moment with fractional seconds',
      '2024-08-01T09:00:00.1234567',
      '2024-08-15',
      '2024-08-01T09:00:00',
    ],
    ['absent: none', undefined, '2024-08-15', undefined],
    ['0 h: none', 0, '2024-08-15', undefined],
  ])('%s', (_name, max, visit, expected) => {
    expect(
      earliestSaleMoment(product({ maxHoursInAdvanceOfPurchase: max }), visit as IsoDate),
    ).toBe(expected);
  });
});

describe('inSaleWindow (StartIsActiveDate, EndIsActiveDate)', () => {
  it.each([
    ['no window', undefined, undefined, '2024-08-01T12:00:00', true],
    ['before the start', '2024-06-01T09:00:00', undefined, '2024-06-01T08:59:59', false],
    ['exactly at the start', '2024-06-01T09:00:00', undefined, '2024-06-01T09:00:00', true],
    ['a bare end date is its whole day', undefined, '2024-08-31', '2024-08-31T23:59:59', true],
    ['the day after a bare end date', undefined, '2024-08-31', '2024-09-01T00:00:00', false],
    ['exactly at an end time', undefined, '2024-08-31T18:00:00', '2024-08-31T18:00:00', true],
    ['after an end time', undefined, '2024-08-31T18:00:00', '2024-08-31T18:00:01', false],
  ])('%s', (_name, start, end, now, expected) => {
    const p = product({ startIsActiveDate: start, endIsActiveDate: end });
    expect(inSaleWindow(p, now as IsoDateTime)).toBe(expected);
  });
});

describe('checkSale and isSellableOn', () => {
  const p = product({ hoursInAdvanceOfPurchase: 4, maxHoursInAdvanceOfPurchase: 240 });

  it.each([
    ['one second before the cut-off', '2024-08-15', '2024-08-15T19:59:59', { ok: true }],
    [
      'exactly at the cut-off',
      '2024-08-15',
      '2024-08-15T20:00:00',
      { ok: false, reason: 'too-late', cutoff: '2024-08-15T20:00:00' },
    ],
    [
      'the day after the visit',
      '2024-08-15',
      '2024-08-16T09:00:00',
      { ok: false, reason: 'too-late', cutoff: '2024-08-15T20:00:00' },
    ],
    ['exactly at the earliest moment', '2024-08-15', '2024-08-06T00:00:00', { ok: true }],
    [
      'one second before the earliest moment',
      '2024-08-15',
      '2024-08-05T23:59:59',
      { ok: false, reason: 'too-early', opensAt: '2024-08-06T00:00:00' },
    ],
    [
      'a date without a price',
      '2024-08-17',
      '2024-08-10T10:00:00',
      { ok: false, reason: 'no-price-for-date' },
    ],
  ])('%s', (_name, visit, now, expected) => {
    expect(checkSale(p, visit as IsoDate, now as IsoDateTime)).toEqual(expected);
    expect(isSellableOn(p, visit as IsoDate, now as IsoDateTime)).toBe(expected.ok);
  });

  it('refuses outside the sale window even when the cut-offs allow', () => {
    const closed = product({ endIsActiveDate: '2024-08-09' });
    expect(checkSale(closed, '2024-08-15', '2024-08-10T10:00:00')).toEqual({
      ok: false,
      reason: 'outside-sale-window',
    });
  });
});

describe('sellableDates', () => {
  const p = product({
    hoursInAdvanceOfPurchase: 4,
    pricesAndDates: [
      { price: 20, dates: '2024-08-20,2024-08-15' },
      { price: 25, dates: '2024-08-16,2024-08-15,2024-08-01' },
    ],
  });

  it.each([
    [
      'sorted, unique, past dates left out',
      '2024-08-10T10:00:00',
      {},
      ['2024-08-15', '2024-08-16', '2024-08-20'],
    ],
    [
      'the visit day before its cut-off',
      '2024-08-15T19:59:59',
      {},
      ['2024-08-15', '2024-08-16', '2024-08-20'],
    ],
    ['the visit day at its cut-off', '2024-08-15T20:00:00', {}, ['2024-08-16', '2024-08-20']],
    [
      'from (inclusive)',
      '2024-08-10T10:00:00',
      { from: '2024-08-16' },
      ['2024-08-16', '2024-08-20'],
    ],
    ['to (inclusive)', '2024-08-10T10:00:00', { to: '2024-08-16' }, ['2024-08-15', '2024-08-16']],
    ['an empty range', '2024-08-10T10:00:00', { from: '2024-08-17', to: '2024-08-19' }, []],
  ])('%s', (_name, now, range, expected) => {
    expect(sellableDates(p, now as IsoDateTime, range as { from?: IsoDate; to?: IsoDate })).toEqual(
      expected,
    );
  });
});

describe('sellableDates and canBeSoldAlone: checkSale date by date', () => {
  // Both check the sale window once and each date for its cut-off and earliest moment: the
  // same dates as checkSale asked for every one, whatever the rules and the moment.
  const dates = '2024-08-01,2024-08-09,2024-08-10,2024-08-11,2024-08-15,2024-08-20,2024-09-30';
  const rules: Array<Record<string, unknown>> = [
    {},
    { hoursInAdvanceOfPurchase: 30 },
    { maxHoursInAdvanceOfPurchase: 120 },
    { maxHoursInAdvanceOfPurchase: '2024-08-10T12:00:00', hoursInAdvanceOfPurchase: 4 },
    { startIsActiveDate: '2024-08-10T09:00:00', endIsActiveDate: '2024-08-12T00:00:00' },
    { startIsActiveDate: '2024-08-11T00:00:00' },
    { hoursInAdvanceOfPurchase: 4, maxHoursInAdvanceOfPurchase: 36 },
    { hoursInAdvanceOfPurchase: 30, maxHoursInAdvanceOfPurchase: 120 },
  ];
  const nows = [
    '2024-07-31T23:59:59',
    '2024-08-09T23:00:00',
    '2024-08-10T08:59:59',
    '2024-08-10T12:00:00',
    '2024-08-12T23:59:59',
    '2024-08-13T00:00:00',
    '2024-10-01T00:00:00',
  ] as IsoDateTime[];
  // Both work the dates out from the first visit not too late and the last not too
  // early: every hour around the dates, and the seconds either side of each midnight.
  for (let day = 1; day <= 21; day += 1)
    for (let hour = 0; hour < 24; hour += 1) {
      const date = `2024-08-${String(day).padStart(2, '0')}`;
      nows.push(`${date}T${String(hour).padStart(2, '0')}:00:00` as IsoDateTime);
      if (hour === 0) nows.push(`${date}T00:00:01` as IsoDateTime);
      if (hour === 23) nows.push(`${date}T23:59:59` as IsoDateTime);
    }

  it.each(rules)('%j', (fields) => {
    const p = product({
      ...fields,
      pricesAndDates: [
        { price: 20, dates },
        { price: 9, dates: '2024-08-15' },
      ],
    });
    for (const now of nows) {
      const expected = [...new Set(dates.split(','))].filter(
        (date) => checkSale(p, date as IsoDate, now).ok,
      );
      expect(sellableDates(p, now)).toEqual(expected);
      expect(canBeSoldAlone(p, now)).toBe(expected.length > 0);
    }
  });
});

describe('canBeSoldAlone', () => {
  it.each([
    ['a plain product', {}, true],
    ['only part of a combined product', { canOnlyBeSoldAsPartOfCombinedProduct: true }, false],
    ['for packaging', { isForPackaging: true }, false],
    ['no date on sale', { pricesAndDates: [{ price: 20, dates: '2024-07-01' }] }, false],
    ['no prices at all', { pricesAndDates: [] }, false],
  ])('%s', (_name, fields, expected) => {
    expect(canBeSoldAlone(product(fields), '2024-08-10T10:00:00')).toBe(expected);
  });
});

describe('soldAloneAt (a whole catalog at one moment)', () => {
  const DAYS = ['2024-08-09', '2024-08-10', '2024-08-11', '2024-08-12', '2024-08-14'];
  // Every hour of the days around the dates, and the seconds either side of midnight.
  const moments: IsoDateTime[] = [];
  for (let date = 8; date <= 15; date += 1)
    for (let hour = 0; hour < 24; hour += 1)
      moments.push(
        `2024-08-${String(date).padStart(2, '0')}T${String(hour).padStart(2, '0')}:30:00` as IsoDateTime,
      );
  moments.push('2024-08-09T23:59:59', '2024-08-10T00:00:00', '2024-08-10T20:00:00');

  const variants: [string, Record<string, unknown>][] = [
    ['plain', {}],
    ['a cut-off of 4 h', { hoursInAdvanceOfPurchase: 4 }],
    ['a cut-off of 30 h', { hoursInAdvanceOfPurchase: 30 }],
    ['a cut-off of 48 h', { hoursInAdvanceOfPurchase: 48 }],
    ['sale opening 24 h ahead', { maxHoursInAdvanceOfPurchase: 24 }],
    [
      'sale opening 36 h ahead, closing 4 h',
      { maxHoursInAdvanceOfPurchase: 36, hoursInAdvanceOfPurchase: 4 },
    ],
    ['no earliest moment (0 h)', { maxHoursInAdvanceOfPurchase: 0 }],
    ['sale opening at a moment', { maxHoursInAdvanceOfPurchase: '2024-08-10T12:00:00' }],
    ['a window opening mid-day', { startIsActiveDate: '2024-08-10T12:00:00' }],
    ['a window ending on a bare date', { endIsActiveDate: '2024-08-10T00:00:00' }],
    ['a window ending mid-day', { endIsActiveDate: '2024-08-11T09:15:00' }],
    [
      'dates out of order',
      { pricesAndDates: [{ price: 20, dates: '2024-08-14,2024-08-09,2024-08-11' }] },
    ],
    [
      'two price sets',
      {
        pricesAndDates: [
          { price: 20, dates: '2024-08-09,2024-08-12' },
          { price: 25, dates: '2024-08-10' },
        ],
      },
    ],
    ['no dates', { pricesAndDates: [] }],
    ['for packaging', { isForPackaging: true }],
  ];

  it.each(variants)('answers as canBeSoldAlone at every moment: %s', (_name, fields) => {
    const p = product({ pricesAndDates: [{ price: 20, dates: DAYS.join(',') }], ...fields });
    const differing = moments.filter((now) => soldAloneAt(now)(p) !== canBeSoldAlone(p, now));
    expect(differing).toEqual([]);
    // The moments cover both answers for a product that has a date on sale at all.
    if (moments.some((now) => canBeSoldAlone(p, now)))
      expect(moments.some((now) => !soldAloneAt(now)(p))).toBe(true);
  });

  it('changes at the day boundary: a last date sold to its end, not after', () => {
    const p = product({ pricesAndDates: [{ price: 20, dates: '2024-08-10' }] });
    expect(soldAloneAt('2024-08-10T23:59:59')(p)).toBe(true);
    expect(soldAloneAt('2024-08-11T00:00:00')(p)).toBe(false);
  });

  it('opens a sale window in the minute it begins', () => {
    const p = product({ startIsActiveDate: '2024-08-10T12:00:00' });
    expect(soldAloneAt('2024-08-10T11:59:00')(p)).toBe(false);
    expect(soldAloneAt('2024-08-10T12:00:00')(p)).toBe(true);
  });

  it('checks products of different cut-offs at one moment apart', () => {
    const check = soldAloneAt('2024-08-16T10:00:00');
    // 15 and 16 August are left: the 16th closes at 20:00 without a cut-off, at 08:00 with 16 h.
    expect(check(product({ hoursInAdvanceOfPurchase: 16 }))).toBe(false);
    expect(check(product({}))).toBe(true);
    expect(check(product({ hoursInAdvanceOfPurchase: 12 }))).toBe(true);
  });
});

describe('saleTimingKey', () => {
  const ids = new Map<readonly IsoDate[], number>();
  const listId = (dates: readonly IsoDate[]) => {
    if (!ids.has(dates)) ids.set(dates, ids.size);
    return ids.get(dates)!;
  };

  it('is the same for products on sale at the same moments, another when a rule differs', () => {
    const plain = product();
    const twin = {
      ...product({ productId: 'p000000000002' }),
      pricesAndDates: plain.pricesAndDates,
    };
    expect(saleTimingKey(twin, listId)).toBe(saleTimingKey(plain, listId));
    for (const fields of [
      { hoursInAdvanceOfPurchase: 4 },
      { maxHoursInAdvanceOfPurchase: 24 },
      { startIsActiveDate: '2024-08-10T12:00:00' },
      { endIsActiveDate: '2024-08-10T12:00:00' },
      { isForPackaging: true },
    ]) {
      const other = { ...product(fields), pricesAndDates: plain.pricesAndDates };
      expect(saleTimingKey(other, listId)).not.toBe(saleTimingKey(plain, listId));
    }
    // Another list of dates, even with the same text, is another key (lists count by identity;
    // a catalog read shares its lists).
    const copied = plain.pricesAndDates.map((set) => ({ ...set, dates: [...set.dates] }));
    expect(saleTimingKey({ ...plain, pricesAndDates: copied }, listId)).not.toBe(
      saleTimingKey(plain, listId),
    );
  });
});
