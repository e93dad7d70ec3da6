import { describe, expect, it } from 'vitest';
import { product as productSchema } from '#src/api/catalog.js';
import {
  formatMoney,
  formatQuote,
  percentOf,
  priceInputOf,
  quotePrice,
  toCents,
  type PriceInput,
} from '#src/domain/pricing.js';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('toCents', () => {
  it.each([
    [12.5, 1250],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.004, 100],
    [1234.565, 123457],
    [-1.005, -101],
    [0, 0],
    [20, 2000],
  ])('%d is %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([
    [2500, 10, 250],
    [1250, 7, 88],
    [1999, 21, 420],
    [1000, 0, 0],
  ])('%i cents × %d%% is %i', (cents, percentage, expected) => {
    expect(percentOf(cents, percentage)).toBe(expected);
  });
});

const retail = (fields: Partial<PriceInput> = {}): PriceInput => ({
  price: 25,
  currency: 'EUR',
  priceMode: 1,
  ...fields,
});

describe('quotePrice', () => {
  it.each([
    [
      'retail: Price is what the customer pays',
      retail(),
      1,
      {},
      { unit: 2500, total: 2500, partnerShare: 0 },
    ],
    [
      'retail, Commission Type 1 (10% of Price)',
      retail({ commission: [{ type: 1, value: 10 }] }),
      2,
      {},
      { unit: 2500, total: 5000, partnerShare: 500 },
    ],
    [
      'retail, Commission Type 2 (3 per product)',
      retail({ commission: [{ type: 2, value: 3 }] }),
      3,
      {},
      { unit: 2500, total: 7500, partnerShare: 900 },
    ],
    [
      'retail ignores a net markup',
      retail(),
      1,
      { percent: 20 },
      { unit: 2500, total: 2500, partnerShare: 0 },
    ],
    [
      'net without markup: Price as is',
      retail({ priceMode: 2, price: 20 }),
      2,
      {},
      { unit: 2000, total: 4000, partnerShare: 0 },
    ],
    [
      'net with a 15% markup',
      retail({ priceMode: 2, price: 20 }),
      1,
      { percent: 15 },
      { unit: 2300, total: 2300, partnerShare: 300 },
    ],
    [
      'net with 2.50 per product',
      retail({ priceMode: 2, price: 20 }),
      2,
      { perProduct: 2.5 },
      { unit: 2250, total: 4500, partnerShare: 500 },
    ],
    ['no float error', retail({ price: 0.1 }), 3, {}, { unit: 10, total: 30, partnerShare: 0 }],
  ])('%s', (_name, input, quantity, markup, expected) => {
    expect(quotePrice(input, quantity, markup)).toMatchObject(expected);
  });

  it.each([
    [
      'both figures',
      { taxPercentage: 21, priceWithTaxes: 25, priceWithoutTaxes: 20.66 },
      25,
      1,
      434,
    ],
    [
      'both figures, two products',
      { taxPercentage: 21, priceWithTaxes: 25, priceWithoutTaxes: 20.66 },
      25,
      2,
      868,
    ],
    ['only the rate: derived from Price', { taxPercentage: 10 }, 11, 1, 100],
    ['only the price with taxes', { taxPercentage: 21, priceWithTaxes: 12.1 }, 12.1, 1, 210],
    ['only the price without taxes', { taxPercentage: 7, priceWithoutTaxes: 10 }, 10.7, 1, 70],
    ['IGIC 0%', { taxPercentage: 0, priceWithTaxes: 10, priceWithoutTaxes: 10 }, 10, 1, 0],
  ])('tax amount: %s', (_name, entry, price, quantity, amount) => {
    const quote = quotePrice(retail({ price, taxBreakdown: [entry] }), quantity);
    expect(quote.taxes).toEqual([{ percentage: entry.taxPercentage, amount }]);
  });

  it('scales the taxes to a marked-up net price', () => {
    const input = retail({
      priceMode: 2,
      price: 20,
      taxBreakdown: [{ taxPercentage: 21, priceWithTaxes: 20, priceWithoutTaxes: 16.53 }],
    });
    expect(quotePrice(input, 1, { percent: 10 }).taxes).toEqual([{ percentage: 21, amount: 382 }]);
  });

  it.each([
    [30, 3000],
    [25, undefined],
    [20, undefined],
  ])('OriginalPrice %d shows %s', (originalPrice, expected) => {
    expect(quotePrice(retail({ originalPrice }), 1).originalUnit).toBe(expected);
  });

  it('reads a product and its price set, or a real-time price', () => {
    const product = productSchema.parse({
      productId: 'p',
      priceMode: '1',
      commission: [{ type: '1', value: '10' }],
      pricesAndDates: [{ price: '20', currency: 'EUR', dates: '2024-08-15' }],
    });
    const set = product.pricesAndDates[0]!;
    expect(quotePrice(priceInputOf(product, set), 1)).toMatchObject({
      unit: 2000,
      partnerShare: 200,
    });
    expect(quotePrice(priceInputOf(product, set, { price: 29 }), 1)).toMatchObject({
      unit: 2900,
      partnerShare: 290,
    });
  });
});

describe('formatMoney', () => {
  it.each([
    [1250, 'EUR', 'es', '12,50 €'],
    [1250, 'EUR', 'en', '€12.50'],
    [123456, 'EUR', 'en', '€1,234.56'],
    [2000, 'USD', 'en', 'US$20.00'],
    [1250, 'Euros', 'es', '12,50 Euros'],
    [-500, 'EUR', 'es', '-5,00 €'],
  ] as const)('%i %s in %s: %s', (cents, currency, lang, expected) => {
    expect(plain(formatMoney(cents, currency, lang))).toBe(expected);
  });
});

describe('formatQuote', () => {
  const taxed = retail({
    taxBreakdown: [{ taxPercentage: 21, priceWithTaxes: 25, priceWithoutTaxes: 20.66 }],
  });
  it.each([
    ['es', taxed, 2, 0, '2 × 25,00 € = 50,00 € (IVA incluido: 8,68 €)'],
    ['en', taxed, 1, 0, '€25.00 (incl. VAT: €4.34)'],
    ['es', taxed, 1, 1, '25,00 € (IGIC incluido: 4,34 €)'],
    ['es', taxed, 1, undefined, '25,00 € (impuestos incluidos: 4,34 €)'],
    ['en', retail(), 1, 0, '€25.00 (taxes included)'],
    ['es', retail({ originalPrice: 30 }), 1, 0, '25,00 € (antes 30,00 €) (impuestos incluidos)'],
    ['en', retail({ originalPrice: 30 }), 1, 0, '€25.00 (was €30.00) (taxes included)'],
  ] as const)('%s: %s', (lang, input, quantity, taxType, expected) => {
    expect(plain(formatQuote(quotePrice(input, quantity), lang, taxType))).toBe(expected);
  });
});
