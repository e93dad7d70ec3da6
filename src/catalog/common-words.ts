/**
 * The documents of the catalog's common words (held by a large share of its documents),
 * ranked once per catalog version, off the turn: MiniSearch scores every document holding
 * a query's word, and for "actividad" in a catalog of 50,000 activities that is far more
 * than a turn may hold the event loop (30 ms at most). A common word tells
 * little, but a query of common words only ("actividad", "museo" where most products are
 * museums) still wants its products, in MiniSearch's order: a product naming the
 * word before one whose description does, a short name before a long one.
 *
 * The score is MiniSearch's (BM25+ per field, times the field's boost, summed over the
 * fields; a word the document holds as the start of a longer one counts as MiniSearch's
 * prefix match does), with the BM25+ parameters and prefix weight MiniSearch is given
 * (`Scoring`), worked out from the documents' texts in a pass of its own, so that nothing
 * here reads MiniSearch's private index.
 *
 * Common words are not in MiniSearch's index at all (their postings were its largest
 * part, and a rare word starting one, "act" for "activity", had MiniSearch walk them all
 * within the turn): each also keeps its documents' scores as the word itself, exactly as
 * MiniSearch scored them (its idf per field), for a rarer query word that starts it.
 */

import type { BM25Params, SearchOptions } from 'minisearch';

/** The documents holding a word, best first, with their scores. */
export interface RankedDocuments {
  documents: Uint32Array;
  scores: Float32Array;
}

/** What a common word keeps for the search. */
export interface CommonWord {
  /** Its documents, best first, as a query of the word finds them (its longer words too). */
  ranked: RankedDocuments;
  /** Those holding the word itself with MiniSearch's score of it, in document order. */
  itself: RankedDocuments;
}

/** What MiniSearch is told of its scoring (its `searchOptions`), which the ranking here follows. */
export type Scoring = Required<Pick<SearchOptions, 'bm25' | 'weights'>>;

/** BM25+ as MiniSearch computes it, with its parameters. */
const bm25With =
  ({ k, b, d }: BM25Params) =>
  (frequency: number, length: number, averageLength: number) =>
    d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / averageLength));

/**
 * Ranks each common word's documents, fed every document's fields in document order
 * (`add`), then `ranked()`. `words` with how many documents hold each; `boosts` and
 * `averageLengths` by field (a field's length: its distinct words, as MiniSearch counts).
 */
export function commonWordRanker(options: {
  words: ReadonlyMap<string, number>;
  scoring: Scoring;
  documents: number;
  boosts: readonly number[];
  averageLengths: readonly number[];
  /** A text's words as typed (what a field's length counts). */
  tokenize: (text: string) => string[];
  /** A typed word as the search keeps it, or null for a word it ignores. */
  processTerm: (word: string) => string | null;
}) {
  const { documents, boosts, averageLengths, tokenize, processTerm } = options;
  const bm25 = bm25With(options.scoring.bm25);
  const prefixWeight = options.scoring.weights.prefix;
  const words = [...options.words.keys()];
  const idf = words.map((word) => {
    const holding = options.words.get(word)!;
    return Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
  });
  const scores = words.map(() => new Float64Array(documents));
  // The word itself, per field: BM25+ without its idf (known once every document is
  // counted: MiniSearch's idf is per field) by document, and the documents holding it.
  const fieldParts = words.map(() => boosts.map((): Float32Array | undefined => undefined));
  const fieldHolding = words.map(() => boosts.map(() => 0));
  // Per field of one document: occurrences of each word, exact and as a prefix.
  const exact = new Float64Array(words.length);
  const prefix = new Float64Array(words.length);

  const add = (document: number, fields: readonly string[]): void => {
    for (let field = 0; field < fields.length; field += 1) {
      const tokens = tokenize(fields[field]!);
      if (tokens.length === 0) continue;
      exact.fill(0);
      prefix.fill(0);
      let seen = false;
      for (const token of tokens) {
        const term = processTerm(token);
        if (term === null) continue;
        for (let w = 0; w < words.length; w += 1) {
          const word = words[w]!;
          if (term === word) exact[w] = exact[w]! + 1;
          else if (word.length >= 3 && term.startsWith(word)) prefix[w] = prefix[w]! + 1;
          else continue;
          seen = true;
        }
      }
      if (!seen) continue;
      const length = new Set(tokens).size;
      const average = averageLengths[field]! || 1;
      for (let w = 0; w < words.length; w += 1) {
        let score = 0;
        if (exact[w]! > 0) {
          const part = bm25(exact[w]!, length, average);
          score += part;
          const parts = (fieldParts[w]![field] ??= new Float32Array(documents));
          parts[document] = part;
          fieldHolding[w]![field] = fieldHolding[w]![field]! + 1;
        }
        if (prefix[w]! > 0) score += prefixWeight * bm25(prefix[w]!, length, average);
        if (score > 0)
          scores[w]![document] = scores[w]![document]! + boosts[field]! * idf[w]! * score;
      }
    }
  };

  /**
   * Each word's documents, best first, and those holding the word itself with its score
   * alone, in document order; one word at a time (`each` may yield between).
   */
  const ranked = function* (): Generator<[string, CommonWord]> {
    for (let w = 0; w < words.length; w += 1)
      yield [words[w]!, { ranked: rankScored(scores[w]!), itself: itselfScored(w) }];
  };

  // MiniSearch's score of the word itself in each document: per field, its idf there
  // times the field's boost times BM25+, summed over the fields.
  const itselfScored = (w: number): RankedDocuments => {
    const total = new Float64Array(documents);
    fieldParts[w]!.forEach((parts, field) => {
      if (!parts) return;
      const holding = fieldHolding[w]![field]!;
      const weight = boosts[field]! * Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
      for (let document = 0; document < documents; document += 1)
        if (parts[document]! > 0) total[document] = total[document]! + weight * parts[document]!;
    });
    fieldParts[w] = [];
    let count = 0;
    for (const score of total) if (score > 0) count += 1;
    const held = { documents: new Uint32Array(count), scores: new Float32Array(count) };
    let at = 0;
    for (let document = 0; document < documents; document += 1)
      if (total[document]! > 0) {
        held.documents[at] = document;
        held.scores[at++] = total[document]!;
      }
    return held;
  };

  return { add, ranked };
}

/**
 * The documents with a score above 0, best first, ties in document order. One native sort
 * of numbers: each key is the score, rounded to a thousandth, above the document's
 * number (a comparison function over 50,000 documents costs ten times as much).
 */
export function rankScored(scores: Float64Array): RankedDocuments {
  let count = 0;
  for (const score of scores) if (score > 0) count += 1;
  const keys = new Float64Array(count);
  let at = 0;
  for (let document = 0; document < scores.length; document += 1) {
    const score = scores[document]!;
    if (score > 0) keys[at++] = (SCALE_TOP - Math.round(score * 1024)) * DOCUMENTS_TOP + document;
  }
  keys.sort();
  const documents = new Uint32Array(count);
  const ranked = new Float32Array(count);
  for (let i = 0; i < count; i += 1) {
    const document = keys[i]! % DOCUMENTS_TOP;
    documents[i] = document;
    ranked[i] = scores[document]!;
  }
  return { documents, scores: ranked };
}

/** Room in a key: 2^21 documents below 2^30 score steps (2^51, exact in a double). */
const DOCUMENTS_TOP = 2 ** 21;
const SCALE_TOP = 2 ** 30;

/** Scores of documents, each multiplied by `weight` (1 when none). */
export interface WeightedDocuments {
  documents: ArrayLike<number>;
  scores: ArrayLike<number>;
  weight?: number;
}

/**
 * The hits of a query whose words are all common: the documents holding the most of its
 * words, best first. Each query word comes with the lists of the common words it stands
 * for (itself, or those a typo or a start of one reads as), a document counting once per
 * query word, with its best score among them; the scores of the words it holds are added
 * and multiplied by how many it holds, as MiniSearch does.
 */
export function commonQueryHits(
  terms: readonly (readonly RankedDocuments[])[],
  documents: number,
): { ranked: RankedDocuments; matched: number } {
  if (terms.length === 1 && terms[0]!.length === 1) return { ranked: terms[0]![0]!, matched: 1 };
  return queryHits(terms, documents, Math.max);
}

/**
 * The hits of a query of rarer words as MiniSearch scores them: each query word comes with
 * the documents MiniSearch found for it and the common words it starts ("act" for
 * "activity"), each weighted as MiniSearch weighs a prefix match; a document's scores for
 * one query word are added, then the words' as in commonQueryHits.
 */
export function summedQueryHits(
  terms: readonly (readonly WeightedDocuments[])[],
  documents: number,
): { ranked: RankedDocuments; matched: number } {
  return queryHits(terms, documents, (held, score) => held + score);
}

/**
 * MiniSearch's weight of a prefix match of `word` by a query word `length` letters long,
 * `weight` its prefix weight (`Scoring`).
 */
export const prefixWeight = (word: string, length: number, weight: number) =>
  (weight * word.length) / (word.length + 0.3 * (word.length - length));

function queryHits(
  terms: readonly (readonly WeightedDocuments[])[],
  documents: number,
  combine: (held: number, score: number) => number,
): { ranked: RankedDocuments; matched: number } {
  const total = new Float64Array(documents);
  const matched = new Uint8Array(documents);
  const term = new Float64Array(documents);
  for (const lists of terms) {
    term.fill(0);
    for (const list of lists) {
      const weight = list.weight ?? 1;
      for (let i = 0; i < list.documents.length; i += 1) {
        const document = list.documents[i]!;
        term[document] = combine(term[document]!, weight * list.scores[i]!);
      }
    }
    for (let document = 0; document < documents; document += 1)
      if (term[document]! > 0) {
        total[document] = total[document]! + term[document]!;
        matched[document] = matched[document]! + 1;
      }
  }
  let most = 0;
  for (const count of matched) if (count > most) most = count;
  for (let document = 0; document < documents; document += 1)
    total[document] = matched[document] === most ? total[document]! * most : 0;
  return { ranked: rankScored(total), matched: most };
}
