/**
 * Texts shared between products. A catalog repeats short texts in every product (the
 * currency and its name, a ticket's name, a venue's id, a description written once for
 * many), and each part the catalog's worker sends arrives with strings of its own: 50,000
 * products held hundreds of thousands of copies. Taken in, each distinct text is kept once
 * and every product points to it (strings cannot change: nothing else to watch).
 *
 * The table forgets everything past TABLE_LIMIT texts and starts again: ids and names are
 * each seen once, and a repeated text is back in it from its next product on.
 */
const TABLE_LIMIT = 20_000;

export interface TextTable {
  /** Replaces, in place, every string inside `value` (objects, arrays) with the table's. */
  share(value: object): void;
}

export function createTextTable(limit = TABLE_LIMIT): TextTable {
  const texts = new Map<string, string>();
  const text = (value: string): string => {
    const known = texts.get(value);
    if (known !== undefined) return known;
    if (texts.size >= limit) texts.clear();
    texts.set(value, value);
    return value;
  };
  const share = (value: object): void => {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const field = record[key];
      if (typeof field === 'string') record[key] = text(field);
      else if (typeof field === 'object' && field !== null) share(field);
    }
  };
  return { share };
}
