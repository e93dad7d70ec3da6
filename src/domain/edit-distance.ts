/**
 * The one edit distance of the project: how far a typed word is from a known one. The
 * understanding of messages, the product search, the Slack look-ups and the reading of
 * the configuration all count typos with it.
 */

/**
 * Three rows of the distance table (i − 2, i − 1, i), reused by every call: the table is
 * worked out a row at a time and only the last three are read. Messages are read word by
 * word against every phrase and name, so a table made per call was a good part of what
 * a turn allocates.
 */
let table = new Int32Array(3 * 16);

/**
 * Damerau–Levenshtein distance capped at `max` (returns max + 1 beyond it): a swapped
 * pair of letters ("sabdao") counts as one typo, as people make them.
 */
export function distance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (table.length < 3 * width) table = new Int32Array(3 * width);
  for (let j = 0; j <= b.length; j += 1) table[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const here = (i % 3) * width;
    const above = ((i - 1) % 3) * width;
    const twoAbove = ((i + 1) % 3) * width; // row i − 2, read only from i = 2 on
    table[here] = i;
    let best = Infinity;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        table[above + j]! + 1,
        table[here + j - 1]! + 1,
        table[above + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, table[twoAbove + j - 2]! + 1);
      table[here + j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
  }
  return table[(a.length % 3) * width + b.length]!;
}
