/**
 * Queries of common words only (held by a large share of the catalog): answered from
 * their documents ranked when the catalog version was built (src/catalog/common-words.ts),
 * with the products MiniSearch found and the order a customer expects.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import {
  commonQueryHits,
  commonWordRanker,
  type Scoring,
  prefixWeight,
  rankScored,
  summedQueryHits,
} from '#src/catalog/common-words.js';
import { buildProductSearch, productSearch } from '#src/catalog/product-search.js';
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

describe("a common word's own scores, as MiniSearch's", () => {
  // 300 documents all named "Museo N"; one in three also says "museo" in its description.
  const documents = Array.from({ length: 300 }, (_, i) => ({
    id: i,
    name: `Museo ${i + 1}`,
    description: i % 3 === 0 ? `Museo de arte, museo ${i % 7} abierto` : 'Arte moderno',
  }));
  const tokenize = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const processTerm = (word: string) => (word.length < 2 ? null : word);
  const boost = { name: 3, description: 0.5 };
  const fields = ['name', 'description'] as const;
  // Not MiniSearch's defaults: the ranking follows the scoring MiniSearch is given.
  const scoring: Scoring = {
    bm25: { k: 1.5, b: 0.6, d: 0.3 },
    weights: { fuzzy: 0.4, prefix: 0.5 },
  };
  const reference = new MiniSearch({
    fields: [...fields],
    tokenize,
    processTerm,
    searchOptions: scoring,
  });
  reference.addAll(documents);
  const averageLengths = fields.map(
    (field) =>
      documents.reduce((sum, doc) => sum + new Set(tokenize(doc[field])).size, 0) /
      documents.length,
  );
  const ranker = commonWordRanker({
    words: new Map([['museo', 300]]),
    scoring,
    documents: documents.length,
    boosts: fields.map((field) => boost[field]),
    averageLengths,
    tokenize,
    processTerm,
  });
  documents.forEach((doc) => ranker.add(doc.id, [doc.name, doc.description]));
  const [word, { itself }] = [...ranker.ranked()][0]!;
  const scoresOf = (list: { documents: ArrayLike<number>; scores: ArrayLike<number> }) =>
    new Map(Array.from(list.documents, (document, at) => [document, list.scores[at]!]));

  it('scores each document holding the word itself as MiniSearch does (its idf per field)', () => {
    const expected = reference.search('museo', { boost, prefix: false, fuzzy: false });
    const own = scoresOf(itself);
    expect(word).toBe('museo');
    expect([...itself.documents]).toEqual(documents.map((doc) => doc.id));
    for (const result of expected) expect(own.get(result.id)).toBeCloseTo(result.score, 4);
  });

  it("weighs a rarer word's prefix match of it as MiniSearch does", () => {
    const expected = reference.search('mus', { boost, prefix: true, fuzzy: false });
    const own = scoresOf(itself);
    expect(expected).toHaveLength(300);
    for (const result of expected)
      expect(own.get(result.id)! * prefixWeight('museo', 3, scoring.weights.prefix)).toBeCloseTo(
        result.score,
        4,
      );
  });

  it("adds a query word's scores, then keeps the documents holding the most words", () => {
    const act = [
      { documents: [4], scores: [10] },
      { documents: [0, 1, 4], scores: [1, 2, 1], weight: 0.5 },
    ];
    const generated = [{ documents: [1, 4], scores: [3, 3] }];
    const { ranked: hits, matched } = summedQueryHits([act, generated], 5);
    expect(matched).toBe(2);
    expect([...hits.documents]).toEqual([4, 1]);
    expect([...hits.scores]).toEqual([(10.5 + 3) * 2, (1 + 3) * 2]);
  });
});

describe('a rarer word that starts a common word', () => {
  // "act", "activ" and "generad" are each in one product; "actividad" and "generada" in all.
  const edited = generatedCatalog({ today: TODAY, products: 500, seed: 3, language: 'es' });
  const named = (provider: number, name: string) => {
    const product = edited.providers[provider]!.productBases[0]!.products[0]!;
    product.productName = name;
    return product.productId;
  };
  const act = named(2, 'Ruta act');
  const activ = named(4, 'Activ estudio');
  const generad = named(6, 'Generad taller');
  const catalog = indexCatalog(edited);
  const search = productSearch(catalog);
  const ids = (query: string) => search.search(query).map((hit) => hit.id);
  const inOrder = (except: string[]) =>
    [...catalog.products()]
      .map((entry) => entry.product.productId)
      .filter((id) => !except.includes(id));

  it('finds the product saying it first, then those with longer words, then every product holding the common word', () => {
    const hits = search.search('act');
    // The product renamed "Generad taller" holds "actividad" in its description only.
    expect(hits.map((hit) => hit.id)).toEqual([
      act,
      activ,
      ...inOrder([act, activ, generad]),
      generad,
    ]);
    expect(hits.every((hit) => hit.matched === 1)).toBe(true);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
    expect(hits[2]!.score).toBeLessThan(hits[1]!.score);
  });

  it('keeps the products holding the most of the rarer words', () => {
    const hits = search.search('act 123');
    expect(hits.map((hit) => hit.id)).toEqual([catalog.product(ids('123')[0]!)!.product.productId]);
    expect(hits[0]!.matched).toBe(2);
    expect(ids('act generad').slice(0, 3)).toEqual([act, generad, activ]);
    expect(ids('act generad').slice(3)).toEqual(inOrder([act, generad, activ]));
  });

  it('finds the same when the search is built ahead, in slices', async () => {
    const ahead = await buildProductSearch(indexCatalog(edited));
    for (const query of ['act', 'act 123', 'act generad', 'actividad', 'actividad generada', '12'])
      expect(ahead.search(query)).toEqual(search.search(query));
  });

  it('scores a common word it starts as MiniSearch weighs a prefix match', () => {
    const hits = search.search('generad');
    const everyOther = hits.filter((hit) => hit.id !== generad);
    const common = search.search('generada').filter((hit) => hit.id !== generad);
    expect(hits[0]!.id).toBe(generad);
    expect(everyOther.map((hit) => hit.id)).toEqual(common.map((hit) => hit.id));
    expect(everyOther[0]!.score).toBeCloseTo(
      common[0]!.score * prefixWeight('generada', 7, 0.375),
      4,
    );
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

  it('names its common words, and a small catalog has none', () => {
    expect(catalog.commonWords()).toEqual(expect.arrayContaining(['actividad', 'generada']));
    expect(catalog.commonWords()).not.toContain('123');
    const small = indexCatalog(
      generatedCatalog({ today: TODAY, products: 40, seed: 3, language: 'es' }),
    );
    expect(small.commonWords()).toEqual([]);
  });

  it('keeps the hits of a common word searched alone for the version, under the word it stands for', () => {
    const kept = search.search('actividad');
    // A typo, a start of it, or a word too short to tell beside it: the same list.
    for (const query of ['actividd', 'Actividad 4', 'ACTIVIDAD'])
      expect(search.search(query)).toBe(kept);
    // Kept past many other queries (the recent ones are forgotten past 200).
    for (let n = 1000; n < 1300; n += 1) search.search(`actividad ${n}`);
    expect(search.search('actividad')).toBe(kept);
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
