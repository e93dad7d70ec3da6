import { describe, expect, it } from 'vitest';
import { product as productSchema } from '#src/api/catalog.js';
import { datesSharingPriceSet, priceSetOf, samePriceSet } from '#src/domain/price-sets.js';
import type { IsoDate } from '#src/domain/time.js';

const product = productSchema.parse({
  productId: 'p',
  pricesAndDates: [
    { price: 20, dates: '2024-08-16,2024-08-15' },
    { price: 25, dates: ['2024-08-17', '2024-08-18'] },
    { price: 30, dates: '2024-08-18T00:00:00,2024-08-19' },
  ],
});

describe('priceSetOf', () => {
  it.each([
    ['2024-08-15', 20],
    ['2024-08-17', 25],
    ['2024-08-18', 25],
    ['2024-08-19', 30],
    ['2024-08-20', undefined],
  ])('%s is priced %s', (date, price) => {
    expect(priceSetOf(product, date as IsoDate)?.price).toBe(price);
  });
});

describe('samePriceSet', () => {
  it.each([
    [[], true],
    [['2024-08-15'], true],
    [['2024-08-15', '2024-08-16'], true],
    [['2024-08-16', '2024-08-17'], false],
    [['2024-08-18', '2024-08-19'], true],
    [['2024-08-17', '2024-08-18'], true],
    [['2024-08-15', '2024-08-20'], false],
    [['2024-08-20'], false],
  ])('%j: %s', (dates, expected) => {
    expect(samePriceSet(product, dates as IsoDate[])).toBe(expected);
  });
});

describe('datesSharingPriceSet', () => {
  it.each([
    ['2024-08-15', ['2024-08-15', '2024-08-16']],
    ['2024-08-17', ['2024-08-17', '2024-08-18']],
    ['2024-08-20', []],
  ])('%s', (date, expected) => {
    expect(datesSharingPriceSet(product, date as IsoDate)).toEqual(expected);
  });
});
