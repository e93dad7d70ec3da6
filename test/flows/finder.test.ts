/**
 * The product finder keeps a query's list while the offer stays: only a combined
 * product's sale depends on the minute (src/domain: its products' dates now).
 */
import { describe, expect, it } from 'vitest';
import { catalogFinder } from '#flows/booking/choosing/finder.js';
import { offerable } from '#flows/booking/choosing/offerable.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { NOW, demo } from '#test/flows/selection-harness.js';

const NEXT_MINUTE = new Date(NOW.getTime() + 60_000);

describe('the product finder across minutes', () => {
  const catalog = demo('en');

  it('gives the same list next minute when the offer is the same and no combined product is found', () => {
    expect(offerable(catalog, NEXT_MINUTE)).toBe(offerable(catalog, NOW));
    const now = catalogFinder(catalog, NOW)('wine');
    expect(now.length).toBeGreaterThan(0);
    expect(now.every((found) => found.kind === 'product')).toBe(true);
    expect(catalogFinder(catalog, NEXT_MINUTE)('wine')).toBe(now);
  });

  it('works a list with a combined product out again each minute', () => {
    const now = catalogFinder(catalog, NOW)('boat');
    expect(now.map((found) => found.id)).toContain(demoIds.combinedProducts.maritimeValencia);
    const next = catalogFinder(catalog, NEXT_MINUTE)('boat');
    expect(next).not.toBe(now);
    expect(next).toEqual(now);
  });
});
