import { describe, expect, it } from 'vitest';
import {
  addDays,
  addHours,
  localNow,
  parseDateInput,
  providerNow,
  providerZone,
  toInstant,
  weekday,
  type IsoDate,
  type IsoDateTime,
} from '#src/domain/time.js';

const MADRID = 'Europe/Madrid';
const CANARY = 'Atlantic/Canary';

describe('providerZone', () => {
  it.each([
    [0, MADRID],
    [1, CANARY],
  ])('TaxType %i is %s', (taxType, zone) => {
    expect(providerZone({ taxType })).toBe(zone);
  });

  it('gives the provider-local now of an instant', () => {
    const instant = new Date('2024-08-15T10:00:00Z');
    expect(providerNow({ taxType: 0 }, instant)).toBe('2024-08-15T12:00:00');
    expect(providerNow({ taxType: 1 }, instant)).toBe('2024-08-15T11:00:00');
  });
});

describe('localNow', () => {
  it.each([
    ['summer, Madrid', MADRID, '2024-08-15T10:00:00Z', '2024-08-15T12:00:00'],
    ['summer, Canary', CANARY, '2024-08-15T10:00:00Z', '2024-08-15T11:00:00'],
    ['winter, Madrid', MADRID, '2024-01-15T10:00:00Z', '2024-01-15T11:00:00'],
    ['winter, Canary', CANARY, '2024-01-15T10:00:00Z', '2024-01-15T10:00:00'],
    [
      'last second before spring change, Madrid',
      MADRID,
      '2024-03-31T00:59:59Z',
      '2024-03-31T01:59:59',
    ],
    [
      'spring change, Madrid (02:00 skipped)',
      MADRID,
      '2024-03-31T01:00:00Z',
      '2024-03-31T03:00:00',
    ],
    ['first 02:30 of autumn, Madrid', MADRID, '2024-10-27T00:30:00Z', '2024-10-27T02:30:00'],
    ['second 02:30 of autumn, Madrid', MADRID, '2024-10-27T01:30:00Z', '2024-10-27T02:30:00'],
    [
      'spring change, Canary (01:00 skipped)',
      CANARY,
      '2024-03-31T01:00:00Z',
      '2024-03-31T02:00:00',
    ],
    ['first 01:30 of autumn, Canary', CANARY, '2024-10-27T00:30:00Z', '2024-10-27T01:30:00'],
    ['second 01:30 of autumn, Canary', CANARY, '2024-10-27T01:30:00Z', '2024-10-27T01:30:00'],
    ['new year in Madrid, not yet in UTC', MADRID, '2023-12-31T23:30:00Z', '2024-01-01T00:30:00'],
    ['leap day', MADRID, '2024-02-29T22:59:59Z', '2024-02-29T23:59:59'],
  ])('%s', (_name, zone, instant, local) => {
    expect(localNow(zone, new Date(instant))).toBe(local);
  });
});

describe('localNow, asked again and again', () => {
  it('answers each instant and zone, whatever was asked before', () => {
    const summer = new Date('2024-08-15T10:00:00Z');
    const winter = new Date('2024-01-15T10:00:00Z');
    const asked: Array<[string, Date, string]> = [
      [MADRID, summer, '2024-08-15T12:00:00'],
      [MADRID, summer, '2024-08-15T12:00:00'],
      [CANARY, summer, '2024-08-15T11:00:00'],
      [MADRID, winter, '2024-01-15T11:00:00'],
      [CANARY, summer, '2024-08-15T11:00:00'],
      [MADRID, summer, '2024-08-15T12:00:00'],
      [MADRID, new Date(summer.getTime() + 1000), '2024-08-15T12:00:01'],
    ];
    for (const [zone, instant, local] of asked) expect(localNow(zone, instant)).toBe(local);
    // A Date is mutable: the same object moved is read at its new instant.
    const moving = new Date(summer);
    expect(localNow(MADRID, moving)).toBe('2024-08-15T12:00:00');
    moving.setTime(winter.getTime());
    expect(localNow(MADRID, moving)).toBe('2024-01-15T11:00:00');
  });
});

describe('wall-clock arithmetic on any string (addHours, addDays, weekday)', () => {
  // The shapes the rules make are read by position; the same answers as reading every
  // string by its parts, which is what any other string still gets.
  const byParts = (local: string) => {
    const [date, time = '00:00:00'] = local.split('T') as [string, string?];
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d, hh, mm, ss);
  };
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const format = (ms: number) => {
    const at = new Date(ms);
    return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  };
  const inputs = [
    '2024-08-15T20:00:00',
    '2024-02-29T23:59:59',
    '2023-02-29T10:00:00', // no such day: rolled over, as Date.UTC does
    '0099-12-31T00:00:00', // a two-digit year: Date.UTC reads it as 1999, both ways
    '2024-08-15T20:00', // no seconds
    '2024-08-15 20:00:00',
    '2024-8-15T20:00:00',
    '2024-08-15T20:00:0x',
    ' 2024-08-15T20:00:00',
    '2024-08-15T20:00:00Z',
    '+2024-08-15',
    '2024-08-1T',
    'not a date',
    '',
  ];
  const dates = [
    '2024-08-15',
    '2024-12-31',
    '2024-02-29',
    '2023-02-29',
    '0001-01-01',
    '2024-8-15',
    '2024/08/15',
    '20240815xx',
  ];

  it.each(inputs)('addHours(%j)', (local) => {
    for (const hours of [0, 4, -240, 1.5]) {
      expect(addHours(local as IsoDateTime, hours)).toBe(
        format(byParts(local) + Math.round(hours * 3600) * 1000),
      );
    }
  });

  it.each(dates)('addDays(%j) and weekday(%j)', (date) => {
    expect(addDays(date as IsoDate, 1)).toBe(format(byParts(date) + 86_400_000).slice(0, 10));
    const day = new Date(byParts(date)).getUTCDay();
    expect(weekday(date as IsoDate)).toBe(day === 0 ? 7 : day);
  });
});

describe('toInstant', () => {
  it.each([
    ['summer, Madrid', MADRID, '2024-08-15T12:00:00', '2024-08-15T10:00:00.000Z'],
    ['winter, Canary', CANARY, '2024-01-15T10:00:00', '2024-01-15T10:00:00.000Z'],
    [
      'skipped hour moves forward, Madrid',
      MADRID,
      '2024-03-31T02:30:00',
      '2024-03-31T01:30:00.000Z',
    ],
    ['just after the gap, Madrid', MADRID, '2024-03-31T03:00:00', '2024-03-31T01:00:00.000Z'],
    [
      'repeated hour is the earlier, Madrid',
      MADRID,
      '2024-10-27T02:30:00',
      '2024-10-27T00:30:00.000Z',
    ],
    ['after the repeated hour, Madrid', MADRID, '2024-10-27T03:00:00', '2024-10-27T02:00:00.000Z'],
    [
      'skipped hour moves forward, Canary',
      CANARY,
      '2024-03-31T01:30:00',
      '2024-03-31T01:30:00.000Z',
    ],
    [
      'repeated hour is the earlier, Canary',
      CANARY,
      '2024-10-27T01:30:00',
      '2024-10-27T00:30:00.000Z',
    ],
    ['leap day', MADRID, '2024-02-29T23:00:00', '2024-02-29T22:00:00.000Z'],
  ])('%s', (_name, zone, local, instant) => {
    expect(toInstant(local as IsoDateTime, zone).toISOString()).toBe(instant);
  });

  it('reads a repeated time as the first instant not before a given one (an expiry ahead)', () => {
    const local = '2024-10-27T02:05:00' as IsoDateTime;
    // Asked at 02:50 summer time (00:50Z): its 02:05 can only be the winter one.
    expect(toInstant(local, MADRID, new Date('2024-10-27T00:50:00Z')).toISOString()).toBe(
      '2024-10-27T01:05:00.000Z',
    );
    // Asked at 01:55 summer time: the first 02:05 is still ahead.
    expect(toInstant(local, MADRID, new Date('2024-10-26T23:55:00Z')).toISOString()).toBe(
      '2024-10-27T00:05:00.000Z',
    );
    // Both past (a lapsed expiry): the earlier, as without the hint; other times unmoved.
    expect(toInstant(local, MADRID, new Date('2024-10-27T03:00:00Z')).toISOString()).toBe(
      '2024-10-27T00:05:00.000Z',
    );
    expect(
      toInstant('2024-08-15T12:00:00' as IsoDateTime, MADRID, new Date('2025-01-01T00:00:00Z')),
    ).toEqual(new Date('2024-08-15T10:00:00.000Z'));
  });

  it.each([MADRID, CANARY])('reads back every half hour of both change days in %s', (zone) => {
    for (const day of ['2024-03-30T22:00:00Z', '2024-10-26T22:00:00Z']) {
      for (let step = 0; step < 48 * 2; step++) {
        const instant = new Date(Date.parse(day) + step * 30 * 60_000);
        const local = localNow(zone, instant);
        expect(localNow(zone, toInstant(local, zone))).toBe(local);
      }
    }
  });
});

describe('addDays', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-03-30', 1, '2024-03-31'],
    ['2024-10-27', 1, '2024-10-28'],
    ['2024-08-16', -10, '2024-08-06'],
    ['2024-08-15', 0, '2024-08-15'],
  ])('%s %+i days is %s', (date, days, expected) => {
    expect(addDays(date as IsoDate, days)).toBe(expected);
  });
});

describe('addHours (wall clock)', () => {
  it.each([
    ['2024-08-16T00:00:00', -4, '2024-08-15T20:00:00'],
    ['2024-08-16T00:00:00', -240, '2024-08-06T00:00:00'],
    ['2024-11-01T00:00:00', -240, '2024-10-22T00:00:00'],
    ['2024-03-31T00:00:00', 3, '2024-03-31T03:00:00'],
    ['2024-03-01T00:00:00', -24, '2024-02-29T00:00:00'],
    ['2024-08-15T10:00:00', 0.5, '2024-08-15T10:30:00'],
  ])('%s %+d h is %s', (local, hours, expected) => {
    expect(addHours(local as IsoDateTime, hours)).toBe(expected);
  });
});

describe('weekday', () => {
  it.each([
    ['2024-01-01', 1],
    ['2024-08-15', 4],
    ['2024-02-29', 4],
    ['2024-03-31', 7],
    ['2024-10-26', 6],
  ])('%s is ISO weekday %i', (date, day) => {
    expect(weekday(date as IsoDate)).toBe(day);
  });
});

describe('parseDateInput', () => {
  it.each([
    ['2024-08-15', '2024-08-15'],
    ['2024-8-5', '2024-08-05'],
    ['15/08/2024', '2024-08-15'],
    ['5-8-2024', '2024-08-05'],
    ['15.08.2024', '2024-08-15'],
    [' 29/02/2024 ', '2024-02-29'],
    ['29/02/2023', undefined],
    ['31/04/2024', undefined],
    ['2024-13-01', undefined],
    ['08/15/2024', undefined],
    ['mañana', undefined],
    ['', undefined],
  ])('%j is %s', (text, expected) => {
    expect(parseDateInput(text)).toBe(expected);
  });
});
