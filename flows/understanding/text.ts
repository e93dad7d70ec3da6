/**
 * How typed text is compared: folded (lower case, no accents, "ñ" as "n"), cut into
 * words, and matched one typo away. Shared by every reader of the understanding layer
 * and by the product search, so "mñana", "Sábado" and "sabdo" meet the same words.
 */

/** Lower case, accents dropped, punctuation to spaces; ":" "/" "." "-" between digits kept. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}:/.-]+/gu, ' ')
    .replace(/(?<!\d)[:/.-]+|[:/.-]+(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case, no accents, no emoji or punctuation: how labels and typed text compare. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded words of a text. */
export function words(text: string): string[] {
  const folded = fold(text);
  return folded === '' ? [] : folded.split(' ');
}

/** Whether `typed` names `known` as `closest(typed, [known])` reads it, without a list. */
export function names(typed: string, known: string): boolean {
  return typed === known || (typed.length >= 5 && known.length >= 4 && oneTypo(typed, known));
}

/**
 * The one word of `vocabulary` that `word` names: itself, or the only one a typo away
 * when the word is long enough for a typo to be told from another word (5 letters).
 */
export function closest(word: string, vocabulary: Iterable<string>): string | undefined {
  const candidates: string[] = [];
  for (const known of vocabulary) {
    if (known === word) return known;
    if (word.length >= 5 && known.length >= 4 && oneTypo(word, known)) candidates.push(known);
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * `distance(a, b, 1) <= 1` (src/domain/edit-distance.ts) without its table: equal, or one
 * letter changed, added, dropped or swapped with the next. A product's name is read
 * against the ticket types' words when a message names one type, and at 50,000 names a
 * table for every comparison would hold a turn for a second.
 */
export function oneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  // As `distance` has it: nothing is no typo of a word (the other way round, one letter is).
  if (b === '') return false;
  // Compared by character codes, in place: it runs for every word typed against every
  // word of the intent phrases, several times a turn, and substrings and a swapped pair
  // would be most of what reading a message allocates.
  const short = a.length <= b.length ? a : b;
  const long = short === a ? b : a;
  if (long.length - short.length > 1) return false;
  let at = 0;
  while (at < short.length && short.charCodeAt(at) === long.charCodeAt(at)) at += 1;
  if (short.length < long.length) return sameFrom(short, at, long, at + 1);
  if (sameFrom(short, at + 1, long, at + 1)) return true;
  return (
    short.charCodeAt(at) === long.charCodeAt(at + 1) &&
    short.charCodeAt(at + 1) === long.charCodeAt(at) &&
    sameFrom(short, at + 2, long, at + 2)
  );
}

/** Whether `a` from `i` on is `b` from `j` on (`a.slice(i) === b.slice(j)`, without them). */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  const from = Math.min(i, a.length);
  const other = Math.min(j, b.length);
  if (a.length - from !== b.length - other) return false;
  for (let k = 0; k < a.length - from; k += 1) {
    if (a.charCodeAt(from + k) !== b.charCodeAt(other + k)) return false;
  }
  return true;
}

/**
 * A table of words a customer may type, read by `table[word]`: without a prototype, so
 * that "constructor" or "__proto__" typed is no word of it (a plain object would answer
 * with Object's own properties).
 */
export function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** The value of the `table` word that `word` names, as `closest` reads it; typos that are
 * one letter from several words of the same value ("adultso": adulto, adultos) still count. */
export function closestValue<T>(word: string, table: Record<string, T>): T | undefined {
  if (Object.hasOwn(table, word)) return table[word];
  if (word.length < 5) return undefined;
  let found: T | undefined;
  let values = 0;
  for (const known in table)
    if (known.length >= 4 && oneTypo(word, known)) {
      const value = table[known]!;
      if (values === 0 || value !== found) values += 1;
      found = value;
    }
  return values === 1 ? found : undefined;
}
