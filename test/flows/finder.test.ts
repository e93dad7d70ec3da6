/**
 * The product finder keeps a query's list while the offer stays: only a combined
 * product's sale depends on the minute (src/domain: its products' dates now).
 */
import { describe, expect, it } from 'vitest';
import {
  catalogFinder,
  commonSearchesAhead,
  nameTypesAhead,
} from '#flows/booking/choosing/finder.js';
import { offerAhead, offerable, searchProducts } from '#flows/booking/choosing/offerable.js';
import { understand } from '#flows/understanding/understand.js';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import { demoIds, generatedCatalog } from '#src/sandbox/seed/index.js';
import { NOW, TODAY, demo } from '#test/flows/selection-harness.js';

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

describe("the names' ticket types worked out ahead (nameTypesAhead)", () => {
  const TYPED = [
    '2 entradas de adulto para el Museo del Mar el sábado',
    '1 niño al museo',
    'una entrada de jubilado para el museo',
    '2 adultos al acuario',
    '2 adultos vino',
    'un adulto',
  ];

  it('gives the understanding the readings it gives without them', () => {
    // A catalog of its own: the names' types are kept per catalog version.
    const catalog = indexCatalog(demo('es').catalog);
    const readings = () =>
      TYPED.map((text) => understand(text, { today: TODAY, finder: catalogFinder(catalog, NOW) }));
    const before = readings();
    expect(before[0]!.slots.product?.value.id).toBe(demoIds.products.museumAdult);
    let steps = 0;
    for (const _ of nameTypesAhead(catalog)) steps += 1;
    expect(steps).toBe(catalog.saleLayout.entries.length);
    expect(readings()).toEqual(before);
  });
});

describe('the offer worked out ahead (offerAhead)', () => {
  it('is the offer of that minute, kept for the first list of what is on sale', () => {
    const catalog = indexCatalog(demo('en').catalog);
    const steps = [...offerAhead(() => NOW)(catalog)];
    expect(steps).toHaveLength(1);
    const kept = offerable(catalog, NOW);
    // The same object next minute (nothing changed), and what a catalog not worked ahead has.
    expect(offerable(catalog, NEXT_MINUTE)).toBe(kept);
    const ids = (offer: typeof kept) => offer.products.map((entry) => entry.product.productId);
    const fresh = offerable(indexCatalog(demo('en').catalog), NOW);
    expect(ids(kept)).toEqual(ids(fresh));
    expect(ids(kept).length).toBeGreaterThan(0);
  });
});

describe('the first search of each common word worked out ahead (commonSearchesAhead)', () => {
  // 500 products "Actividad N": "actividad", "generada", … are held by every product.
  const generated = () =>
    indexCatalog(generatedCatalog({ today: TODAY, products: 500, seed: 3, language: 'es' }));

  it('keeps for the offer the lists a catalog not worked ahead gives', () => {
    const catalog = generated();
    const words = catalog.commonWords();
    expect(words).toContain('actividad');
    const steps = [...commonSearchesAhead(() => NOW)(catalog)];
    expect(steps).toHaveLength(2 * words.length);
    const offer = offerable(catalog, NOW);
    const ahead = words.map((word) => [
      catalogFinder(catalog, NOW)(word),
      searchProducts(offer, word),
    ]);
    // What a turn asks afterwards is what was made ahead: the same lists, not made again.
    expect(catalogFinder(catalog, NOW)('Actividad 4')).toBe(ahead[words.indexOf('actividad')]![0]);
    expect(searchProducts(offer, 'actividd')).toBe(ahead[words.indexOf('actividad')]![1]);
    const fresh = generated();
    const freshOffer = offerable(fresh, NOW);
    const ids = (lists: { id?: string; product?: { productId: string } }[][]) =>
      lists.map((list) => list.map((item) => item.id ?? item.product!.productId));
    words.forEach((word, at) => {
      expect(ids([ahead[at]![0]!])).toEqual(ids([catalogFinder(fresh, NOW)(word)]));
      expect(ids([ahead[at]![1]!])).toEqual(ids([searchProducts(freshOffer, word)]));
    });
  });
});
