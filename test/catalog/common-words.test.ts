/**
 * Queries of common words only (held by a large share of the catalog): answered from
 * their documents ranked when the catalog version was built (src/catalog/common-words.ts),
 * with the products MiniSearch found and the order a customer expects.
 */
import { describe, expect, it } from 'vitest';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import { commonQueryHits, rankScored } from '#src/catalog/common-words.js';
import { productSearch } from '#src/catalog/product-search.js';
import { generatedCatalog } from '#src/sandbox/seed/index.js';
import { hitColumns } from '#src/domain/catalog.js';
import { catalogFinder } from '#flows/booking/choosing/finder.js';
import { offerable, offeredProduct, searchProducts } from '#flows/booking/choosing/offerable.js';
import { NOW, TODAY } from '#test/flows/selection-harness.js';

const ranked = (scores: number[]) => rankScored(Float64Array.from(scores));

describe('ranking by score', () => {
  it('puts the best first, ties in document order, and leaves out documents scored 0', () => {
    const { documents, scores } = ranked([1, 0, 3, 1, 2.5]);
    expect([...documents]).toEqual([2, 4, 0, 3]);
    expect([...scores]).toEqual([3, 2.5, 1, 1]);
  });

  it('keeps the documents holding the most words of a query, their scores added', () => {
    const museum = ranked([1, 2, 0, 1]);
    const child = ranked([0, 1, 1, 4]);
    const { ranked: hits, matched } = commonQueryHits([[museum], [child]], 4);
    expect(matched).toBe(2);
    expect([...hits.documents]).toEqual([3, 1]);
  });

  it('counts a document once per query word, with its best score among the words it stands for', () => {
    const activity = ranked([1, 0, 2]);
    const activities = ranked([3, 1, 0]);
    const { ranked: hits, matched } = commonQueryHits([[activity, activities]], 3);
    expect(matched).toBe(1);
    expect([...hits.documents]).toEqual([0, 2, 1]);
    expect([...hits.scores]).toEqual([3, 2, 1]);
  });
});

describe('a search of common words', () => {
  // 500 products "Actividad N", each described "Actividad generada para pruebas…".
  const catalog = indexCatalog(
    generatedCatalog({ today: TODAY, products: 500, seed: 3, language: 'es' }),
  );
  const search = productSearch(catalog);
  const names = (query: string) =>
    search.search(query).map((hit) => catalog.product(hit.id)?.product.productName);

  it('finds every product holding the word, in catalog order when none says it better', () => {
    const found = names('actividad');
    expect(found).toHaveLength(500);
    expect(found.slice(0, 3)).toEqual(['Actividad 1', 'Actividad 2', 'Actividad 3']);
  });

  it('reads a typo or the start of a common word as that word', () => {
    expect(search.search('actividd')).toEqual(search.search('actividad'));
    expect(names('activ')).toEqual(names('actividad'));
  });

  it('ranks a product naming the word before those that only describe it', () => {
    // "generada" is in every description; one product has it in its name too.
    const edited = generatedCatalog({ today: TODAY, products: 500, seed: 3, language: 'es' });
    const product = edited.providers[7]!.productBases[2]!.products[4]!;
    product.productName = 'Ruta generada';
    const index = indexCatalog(edited);
    const hits = productSearch(index).search('generada');
    expect(hits).toHaveLength(500);
    expect(hits[0]!.id).toBe(product.productId);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
  });

  it('keeps the products holding the most of its words', () => {
    const both = search.search('actividad generada');
    expect(both).toHaveLength(500);
    expect(both.every((hit) => hit.matched === 2)).toBe(true);
  });

  it('still finds the product named by the other words first', () => {
    expect(names('actividad 123')[0]).toBe('Actividad 123');
    expect(names('actividad generada 77')[0]).toBe('Actividad 77');
  });
});

describe("a common word's lists, made when read", () => {
  const catalog = indexCatalog(
    generatedCatalog({ today: TODAY, products: 500, seed: 3, language: 'es' }),
  );
  const offer = offerable(catalog, NOW);
  // What the finder and the browse list gave before they were lazy: every offered hit.
  const offeredHits = (query: string) =>
    catalog.search(query).filter((hit) => offeredProduct(offer, hit.id) !== undefined);

  it("reads each hit's kind and id from its columns, as the hit has them", () => {
    const hits = catalog.search('actividad');
    const columns = hitColumns(hits);
    expect(columns.length).toBe(hits.length);
    expect(hits.map((_, at) => [columns.kind(at), columns.id(at)])).toEqual(
      hits.map((hit) => [hit.kind, hit.id]),
    );
  });

  it('gives the finder the offered products in the order of the hits', () => {
    const expected = offeredHits('actividad');
    expect(expected.length).toBeGreaterThan(16);
    const found = catalogFinder(catalog, NOW)('actividad');
    expect(found).toHaveLength(expected.length);
    const [first, second] = found;
    expect([first!.id, first!.providerId, first!.score]).toEqual([
      expected[0]!.id,
      expected[0]!.providerId,
      expected[0]!.score,
    ]);
    expect(second!.name).toBe(catalog.product(expected[1]!.id)!.product.productName);
    expect(found.map((product) => product.id)).toEqual(expected.map((hit) => hit.id));
  });

  it("gives the browse list its first and later pages as the hits' order", () => {
    const expected = offeredHits('actividad').map((hit) => hit.id);
    const list = searchProducts(offer, 'actividad').map((entry) => entry.product.productId);
    expect(list.slice(0, 8)).toEqual(expected.slice(0, 8));
    expect(list.slice(8, 16)).toEqual(expected.slice(8, 16));
    expect(list).toEqual(expected);
  });
});
