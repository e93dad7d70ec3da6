/**
 * Values shared as the catalog is taken in from its worker (shared-values.ts): equal
 * small objects and arrays become one, larger ones and different ones stay apart, and
 * what a product reads is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createValueTable } from '#src/catalog/shared-values.js';

const product = (id: string, price: number) => ({
  productId: id,
  productName: `Activity ${id}`,
  productDescription: 'Activity generated for benchmarks, with a description long enough '.repeat(
    4,
  ),
  tags: [] as string[],
  pricesAndDates: [
    {
      price,
      currency: 'EUR',
      dates: 3,
      taxBreakdown: [{ taxPercentage: 21, priceWithTaxes: price }],
    },
  ],
});

describe('createValueTable', () => {
  it('makes equal small values of two products one, in place', () => {
    const table = createValueTable();
    const [a, b] = [product('p1', 20), product('p2', 20)];
    const copy = structuredClone(b);
    table.share([a]);
    table.share([b]);
    expect(b.pricesAndDates[0]).toBe(a.pricesAndDates[0]);
    expect(b.pricesAndDates).toBe(a.pricesAndDates);
    expect(b.tags).toBe(a.tags);
    expect(b).toEqual(copy);
  });

  it('keeps different and large values apart', () => {
    const table = createValueTable();
    const [a, b] = [product('p1', 20), product('p2', 25)];
    table.share([a, b]);
    expect(b.pricesAndDates[0]).not.toBe(a.pricesAndDates[0]);
    expect(b.pricesAndDates[0]!.taxBreakdown).not.toBe(a.pricesAndDates[0]!.taxBreakdown);
    // A product is larger than what is shared: two equal ones stay two.
    const [c, d] = [product('p3', 20), product('p3', 20)];
    const list = [c, d];
    table.share(list);
    expect(list[1]).not.toBe(list[0]);
    expect(d.pricesAndDates).toBe(c.pricesAndDates);
  });

  it('starts again past its limit, values unchanged', () => {
    const table = createValueTable(2);
    const products = ['p1', 'p2', 'p3', 'p4'].map((id, i) => product(id, 20 + (i % 2)));
    const copies = structuredClone(products);
    table.share(products);
    expect(products).toEqual(copies);
  });
});
