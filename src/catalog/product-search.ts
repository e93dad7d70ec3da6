/**
 * Search of a catalog's products and combined products by what a customer types, with
 * MiniSearch: typos ("musem"), prefixes ("plane"), accents and case folded, and words of
 * either language ("boat" finds "barco"): each document also carries the other
 * language's words for the words it has (LEXICON), so a Spanish catalog answers English
 * and the other way round. Indexed once per catalog version (the CatalogIndex object is
 * replaced when the catalog changes), so a query never scans the catalog.
 */
import MiniSearch from 'minisearch';
import type { CombinedProduct } from '#src/api/catalog.js';
import {
  withColumns,
  type CatalogIndex,
  type ProductEntry,
  type SearchHit,
} from '#src/domain/catalog.js';
import { distance } from '#src/domain/edit-distance.js';
import { lazyList } from '#src/domain/lazy-list.js';
import {
  commonQueryHits,
  commonWordRanker,
  prefixWeight,
  summedQueryHits,
  type CommonWord,
  type RankedDocuments,
  type Scoring,
} from './common-words.js';
import { inSlices } from './slices.js';

export interface ProductSearch {
  /**
   * Hits matching the most words of the query (at least one), best first. The list is
   * shared with later callers of the same query (frozen): read it, never change it.
   */
  search(query: string): SearchHit[];
  /** The words of a query that carry meaning (what the search looks for). */
  terms(query: string): string[];
  /**
   * The catalog's common words (held by a large share of its documents): a query of one
   * finds most of the catalog, and its hits are kept for the version (see search).
   */
  commonWords(): string[];
}

/** Lower case, accents dropped: how indexed and typed words compare. */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const STOP_WORDS = new Set(
  [
    // Spanish
    'de del la las el los un una unos unas lo le para por con sin en y o a al que es son',
    'hay se me mi mis tu su quiero busco buscar gustaria tienes teneis cuanto cuanta cuesta',
    'como donde cuando hola gracias favor algo',
    // English
    'the a an of for to and or in on at with without is are it its i me my you your we',
    'want looking look find any some how much many what where when can do does there',
    'hello hi please thanks something',
    // Asking, not naming ("I'd like…", "me gustaría…"): "like" is one typo from "hike"
    'like would d id love wanna need get buy book booking reserve visit going go',
    'quisiera necesito reservar comprar visitar ir querria',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Words of the same thing in Spanish and English (folded, singular and plural), from the
 * words the catalogs of this service use: names, descriptions, tags, bases, places.
 */
const LEXICON: string[][] = [
  ['museo', 'museos', 'museum', 'museums', 'musee'],
  ['mar', 'maritimo', 'maritima', 'maritime', 'sea', 'nautico', 'nautical'],
  ['acuario', 'acuarios', 'aquarium', 'aquariums', 'oceanografico'],
  ['medusa', 'medusas', 'jellyfish'],
  ['barco', 'barcos', 'boat', 'boats', 'paseo en barco', 'crucero', 'cruise', 'ferry'],
  ['puerto', 'port', 'harbour', 'harbor'],
  ['planetario', 'planetarium', 'estrellas', 'stars'],
  ['nino', 'ninos', 'nina', 'ninas', 'infantil', 'child', 'children', 'kid', 'kids', 'peques'],
  ['adulto', 'adultos', 'adult', 'adults'],
  ['senior', 'seniors', 'jubilado', 'jubilados', 'mayores', 'pensioner'],
  ['familia', 'familiar', 'family', 'families'],
  [
    'vino',
    'vinos',
    'wine',
    'wines',
    'bodega',
    'bodegas',
    'winery',
    'wineries',
    'cata',
    'catas',
    'tasting',
    'tastings',
    'degustacion',
  ],
  ['parque acuatico', 'acuatico', 'water', 'waterpark', 'water park', 'piscina', 'pool'],
  ['tobogan', 'toboganes', 'slide', 'slides'],
  ['ruta', 'rutas', 'route', 'routes', 'senderismo', 'hiking', 'hike', 'excursion', 'trek'],
  ['montana', 'montanas', 'mountain', 'mountains', 'sierra'],
  [
    'guia',
    'guiada',
    'guiadas',
    'guiado',
    'guided',
    'guide',
    'tour',
    'tours',
    'visita',
    'visitas',
    'visit',
  ],
  ['grupo', 'grupos', 'group', 'groups'],
  ['regalo', 'regalos', 'gift', 'gifts', 'giftcard'],
  ['entrada', 'entradas', 'ticket', 'tickets', 'admission'],
  ['exposicion', 'exposiciones', 'exhibition', 'exhibitions', 'expo'],
  ['naufragio', 'naufragios', 'shipwreck', 'shipwrecks'],
  ['combinado', 'combinados', 'combined', 'combo', 'pack'],
  ['leon marino', 'leones marinos', 'sea lion', 'sea lions', 'show', 'espectaculo'],
  ['tienda', 'shop', 'store'],
  ['pase', 'pass', 'abono'],
  ['canarias', 'canary', 'canaries', 'gran canaria'],
];

const SYNONYMS = new Map<string, string[]>();
for (const group of LEXICON) for (const word of group) SYNONYMS.set(word, group);

function processTerm(term: string): string | null {
  const folded = foldText(term);
  return folded.length < 2 || STOP_WORDS.has(folded) ? null : folded;
}

const tokenize = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The other words (both languages) of the words of a text. */
function synonymsOf(texts: (string | undefined)[]): string {
  const words = tokenize(texts.filter(Boolean).join(' '));
  const found = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    for (const key of [words[i]!, `${words[i]} ${words[i + 1] ?? ''}`]) {
      for (const other of SYNONYMS.get(key) ?? []) found.add(other);
    }
  }
  return [...found].join(' ');
}

interface Doc {
  /** The document's number: its place in the search's own lists (kind, ref, provider). */
  id: number;
  kind: 'product' | 'combined';
  ref: string;
  providerId: string;
  name: string;
  base: string;
  provider: string;
  place: string;
  tags: string;
  description: string;
  synonyms: string;
}

const FIELDS = ['name', 'base', 'provider', 'place', 'tags', 'description', 'synonyms'] as const;

/**
 * MiniSearch's scoring, given to it explicitly (its documented defaults) so that the
 * common words' ranking reads the very values MiniSearch scores with.
 */
const SCORING: Scoring = {
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
  weights: { fuzzy: 0.45, prefix: 0.375 },
};

/** How much a word found in each field weighs (MiniSearch's boosts, and common words'). */
const BOOST: Record<(typeof FIELDS)[number], number> = {
  name: 3,
  tags: 2,
  provider: 1.5,
  base: 1.2,
  place: 1.2,
  synonyms: 1,
  description: 0.5,
};

function productDocument({ provider, base, product }: ProductEntry): Doc {
  const texts = {
    name: [product.productName, product.suggestedSalesProductName].filter(Boolean).join(' '),
    base: [base.productBaseName, ...base.tags].join(' '),
    provider: [provider.providerName, ...provider.tags].join(' '),
    place: [provider.location?.city, provider.location?.region].filter(Boolean).join(' '),
    tags: product.tags.join(' '),
    description: product.productDescription ?? '',
  };
  return {
    id: -1,
    kind: 'product',
    ref: product.productId,
    providerId: provider.providerId,
    ...texts,
    synonyms: synonymsOf(Object.values(texts)),
  };
}

function combinedDocument(catalog: CatalogIndex, combined: CombinedProduct): Doc | undefined {
  const parts = combined.productIds.map((id) => catalog.product(id));
  const first = parts[0];
  if (!first || parts.some((part) => part === undefined)) return undefined;
  const texts = {
    name: combined.combinedProductName,
    base: parts.map((part) => part!.product.productName).join(' '),
    provider: [first.provider.providerName, ...first.provider.tags].join(' '),
    place: [first.provider.location?.city, first.provider.location?.region]
      .filter(Boolean)
      .join(' '),
    tags: parts.flatMap((part) => part!.product.tags).join(' '),
    description: parts.map((part) => part!.product.productDescription ?? '').join(' '),
  };
  return {
    id: -1,
    kind: 'combined',
    ref: combined.combinedProductId,
    providerId: first.provider.providerId,
    ...texts,
    synonyms: synonymsOf(Object.values(texts)),
  };
}

/** The catalog's documents in the order they are numbered (undefined: a combined product left out). */
function* documentsOf(catalog: CatalogIndex): Generator<Doc | undefined> {
  for (const entry of catalog.products()) yield productDocument(entry);
  for (const combined of catalog.catalog.combinedProducts)
    yield combinedDocument(catalog, combined);
}

/**
 * Queries whose hits a search keeps (per catalog version), and hits kept in all: a query
 * matching every product of a 50,000-product catalog is kept, a handful of them are not.
 */
const RECENT_QUERIES = 200;
const RECENT_HITS = 100_000;

/** One typo in words of 4 to 7 letters, two from 8 ("aquarim", "musem", "planetarim"). */
const fuzzy = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/**
 * The search of a catalog, filled one document at a time in two passes: `count` for each
 * of documentsOf(catalog) (which words are common is known only once the catalog is
 * whole), then `indexer()` fed the same documents again (MiniSearch's index without the
 * common words, and the common words' lists), then `search(words)` with its `words()`.
 */
function searchBuilder() {
  let documents = 0;
  // Words the catalog has: a word found as typed is not also read as a typo of another
  // ("vino" is wine, not one letter from "nino").
  // How many documents hold each word: a word most documents hold narrows nothing, and
  // scoring it costs a pass over all of them.
  const documentsWith = new Map<string, number>();
  // Each field's length (its distinct words) summed over the documents.
  const lengths = FIELDS.map(() => 0);
  const vocabulary = { has: (term: string) => documentsWith.has(term) };
  const isCommon = (term: string) => (documentsWith.get(term) ?? 0) > Math.max(50, documents / 5);
  // What a hit names, by document number: kept here, not as MiniSearch's stored fields
  // (an object per document) and with numbers for its ids (no id text per document).
  const documentsOf: DocumentsOf = { kinds: [], refs: [], providerIds: [] };
  const count = (doc: Doc | undefined): void => {
    if (!doc) return;
    documentsOf.kinds.push(doc.kind);
    documentsOf.refs.push(doc.ref);
    documentsOf.providerIds.push(doc.providerId);
    documents += 1;
    const terms = new Set<string>();
    FIELDS.forEach((field, at) => {
      const words = tokenize(doc[field]);
      lengths[at] = lengths[at]! + new Set(words).size;
      for (const word of words) {
        const term = processTerm(word);
        if (term) terms.add(term);
      }
    });
    for (const term of terms) documentsWith.set(term, (documentsWith.get(term) ?? 0) + 1);
  };
  // MiniSearch's index of the words that tell (a common word's documents are in its
  // lists), and the common words' lists, from the documents fed again in the same order.
  const indexer = () => {
    const common = new Map([...documentsWith].filter(([term]) => isCommon(term)));
    const index = new MiniSearch<Doc>({
      fields: [...FIELDS],
      tokenize,
      processTerm: (term) => {
        const kept = processTerm(term);
        return kept === null || common.has(kept) ? null : kept;
      },
      searchOptions: {
        processTerm,
        boost: BOOST,
        ...SCORING,
        fuzzy: (term) => (vocabulary.has(term) ? 0 : fuzzy(term)),
        prefix: (term) => term.length >= 3,
        combineWith: 'OR',
      },
    });
    const ranking =
      common.size === 0
        ? undefined
        : commonWordRanker({
            words: common,
            scoring: SCORING,
            documents,
            boosts: FIELDS.map((field) => BOOST[field]),
            averageLengths: lengths.map((sum) => sum / Math.max(1, documents)),
            tokenize,
            processTerm,
          });
    let numbered = 0;
    return {
      add: (doc: Doc | undefined) => {
        if (!doc) return;
        doc.id = numbered++;
        index.add(doc);
        ranking?.add(
          doc.id,
          FIELDS.map((field) => doc[field]),
        );
      },
      /** The common words' lists, one word at a time, once every document is added. */
      words: (): Iterable<[string, CommonWord]> => ranking?.ranked() ?? [],
      search: (words: ReadonlyMap<string, CommonWord>, placeOf: PlaceOf) =>
        searchOf(index, documentsOf, documents, standsFor([...words.keys()]), words, placeOf),
    };
  };
  // The common words a word of a query stands for: itself, or, for a word the catalog
  // lacks, the common words it is a typo or the start of ("actividd", "activ"): it narrows
  // as little as they do. None for a telling word.
  const standsFor =
    (words: string[]) =>
    (term: string): string[] => {
      if (isCommon(term)) return [term];
      if (vocabulary.has(term)) return [];
      const typos = fuzzy(term);
      return words.filter(
        (word) =>
          (term.length >= 3 && word.startsWith(term)) || distance(term, word, typos) <= typos,
      );
    };
  return { count, indexer };
}

/** A product's place in the catalog's sale layout, -1 for none (a combined product). */
type PlaceOf = (kind: Doc['kind'], ref: string) => number;

const layoutPlace =
  (catalog: CatalogIndex): PlaceOf =>
  (kind, ref) =>
    kind === 'product' ? (catalog.saleLayout.position(ref) ?? -1) : -1;

/** The kind, id and provider of each document, by its number. */
interface DocumentsOf {
  kinds: Doc['kind'][];
  refs: string[];
  providerIds: string[];
}

function searchOf(
  index: MiniSearch<Doc>,
  { kinds, refs, providerIds }: DocumentsOf,
  documents: number,
  standsFor: (term: string) => string[],
  words: ReadonlyMap<string, CommonWord>,
  placeOf: PlaceOf,
): ProductSearch {
  // Each document's place in the sale layout, worked out with the search: a pass over a
  // common word's 50,000 hits picks the offered ones by place, not by id (a lookup each).
  const places = Int32Array.from(kinds, (kind, document) => placeOf(kind, refs[document]!));
  const terms = (query: string) => [
    ...new Set(
      tokenize(query)
        .map(processTerm)
        .filter((t): t is string => t !== null),
    ),
  ];

  // The hits of the last queries: a view drawn again (a page, Back to the results) asks
  // the same, and a word most products hold ("actividad") has a hit per product.
  // Bounded by hits kept, not only by queries: one query can match every product.
  const recent = new Map<string, SearchHit[]>();
  let kept = 0;
  const run = (searched: string, hitsOf: () => SearchHit[]): SearchHit[] => {
    const known = recent.get(searched);
    if (known) {
      recent.delete(searched);
      recent.set(searched, known);
      return known;
    }
    const hits = hitsOf();
    if (hits.length > RECENT_HITS) return hits;
    while (recent.size >= RECENT_QUERIES || kept + hits.length > RECENT_HITS) {
      const [oldest, dropped] = recent.entries().next().value!;
      recent.delete(oldest);
      kept -= dropped.length;
    }
    recent.set(searched, hits);
    kept += hits.length;
    return hits;
  };

  const hit = (document: number, score: number, matched: number): SearchHit => ({
    kind: kinds[document]!,
    id: refs[document]!,
    providerId: providerIds[document]!,
    score,
    matched,
  });

  // A hit per document of a ranked list, of which a turn reads a page: each made when
  // read (lazy-list.ts), the finder and the browse list picking by the columns.
  const listed = ({ documents: order, scores }: RankedDocuments, matched: number) =>
    withColumns(
      lazyList(order.length, (at) => hit(order[at]!, scores[at]!, matched)),
      {
        kind: (at) => kinds[order[at]!]!,
        id: (at) => refs[order[at]!]!,
        place: (at) => places[order[at]!]!,
      },
    );

  // The common words a rarer query word starts ("act" when a product says "act", of
  // "activity"), which MiniSearch would have found as prefix matches: they are not in its
  // index. None reached by a typo: a word the catalog lacks that is one stands for them.
  const started = (term: string): [string, CommonWord][] =>
    term.length < 3
      ? []
      : [...words].filter(([word]) => word.length > term.length && word.startsWith(term));

  // Words the catalog holds rarely enough to tell: MiniSearch scores the few documents
  // holding them (typos and prefixes included), and a common word one of them starts
  // adds its documents from its list, weighted as MiniSearch weighs a prefix match.
  const telling = (rare: string[]) => (): SearchHit[] => {
    const starting = rare.map(started);
    if (starting.some((common) => common.length > 0)) {
      const lists = rare.map((term, at) => {
        const found = index.search(term);
        return [
          {
            documents: found.map((result) => result.id as number),
            scores: found.map((result) => result.score),
          },
          ...starting[at]!.map(([word, { itself }]) => ({
            ...itself,
            weight: prefixWeight(word, term.length, SCORING.weights.prefix),
          })),
        ];
      });
      const { ranked: best, matched } = summedQueryHits(lists, documents);
      return listed(best, matched);
    }
    const results = index.search(rare.join(' '));
    // Words matched by each hit (a word can match by itself, a typo or a prefix). A loop
    // and no set for a single word.
    const hits: SearchHit[] = [];
    let best = 0;
    for (const result of results) {
      const terms = result.queryTerms;
      const matched = terms.length <= 1 ? terms.length : new Set(terms).size;
      if (matched > best) best = matched;
      hits.push(hit(result.id as number, result.score, matched));
    }
    return Object.freeze(hits.filter((found) => found.matched === best)) as SearchHit[];
  };

  // Common words only: their documents ranked ahead, when the catalog version was built
  // (common-words.ts), not tens of thousands scored within the turn. Each query word comes
  // with the common words it stands for.
  const common = (standing: string[][]) => (): SearchHit[] => {
    const lists = standing.map((stands) => stands.map((word) => words.get(word)!.ranked));
    const { ranked: best, matched } = commonQueryHits(lists, documents);
    return listed(best, matched);
  };

  // The hits of each common word searched alone ("Activity 4", "actividd"), kept for the
  // version, not among the recent queries: a list is the word's own ranked lists (nothing
  // copied), and the layers above keep what they work out of it by the list (the
  // finder's and the browse list's picks per offer), made ahead with the offer.
  const wordHits = new Map<string, SearchHit[]>();
  const hitsOfWord = (word: string): SearchHit[] => {
    let hits = wordHits.get(word);
    if (!hits) {
      hits = listed(words.get(word)!.ranked, 1);
      wordHits.set(word, hits);
    }
    return hits;
  };

  return {
    terms,
    commonWords: () => [...words.keys()],
    search(query) {
      const wanted = terms(query);
      if (wanted.length === 0) return [];
      const standing = wanted.map(standsFor);
      // "actividad 4242" in a catalog of "Actividad N": the rarer words decide.
      const rare = wanted.filter((_, at) => standing[at]!.length === 0);
      if (rare.length > 0) return run(rare.join(' '), telling(rare));
      // Named by the common words they stand for: "actividd" finds what "actividad" does.
      if (standing.length === 1 && standing[0]!.length === 1) return hitsOfWord(standing[0]![0]!);
      return run(
        `common:${standing.map((stands) => stands.join('|')).join(' ')}`,
        common(standing),
      );
    },
  };
}

const built = new WeakMap<CatalogIndex, ProductSearch>();

/**
 * The search of a catalog version: the one built ahead (buildProductSearch) or, for a
 * catalog nobody built it for (the sandbox, tests), built now.
 */
export function productSearch(catalog: CatalogIndex): ProductSearch {
  let search = built.get(catalog);
  if (!search) {
    const builder = searchBuilder();
    for (const doc of documentsOf(catalog)) builder.count(doc);
    const indexer = builder.indexer();
    for (const doc of documentsOf(catalog)) indexer.add(doc);
    search = indexer.search(new Map(indexer.words()), layoutPlace(catalog));
    built.set(catalog, search);
  }
  return search;
}

/**
 * Builds the search of a catalog version ahead of its first query, in slices (the event
 * loop served between them), its common words' documents ranked too: the catalog service
 * does it before it serves the version.
 */
export async function buildProductSearch(catalog: CatalogIndex): Promise<ProductSearch> {
  const ready = built.get(catalog);
  if (ready) return ready;
  const builder = searchBuilder();
  await inSlices(documentsOf(catalog), builder.count);
  const indexer = builder.indexer();
  await inSlices(documentsOf(catalog), indexer.add);
  const words = new Map<string, CommonWord>();
  await inSlices(indexer.words(), ([word, common]) => words.set(word, common));
  const search = indexer.search(words, layoutPlace(catalog));
  built.set(catalog, search);
  return search;
}
