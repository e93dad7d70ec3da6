/**
 * Values shared between products. A catalog repeats short texts in every product (the
 * currency and its name, a ticket's name, a venue's id, a description written once for
 * many) and small values (a price set of the same price and dates, its tax breakdown, a
 * commission, no tags), and each part the catalog's worker sends arrives with copies of
 * its own: 50,000 products held hundreds of thousands of them. Taken in, each distinct
 * text, and each distinct small object or array (up to SMALL characters of JSON), is kept
 * once and every product points to it: read-only, as every reader of the catalog already
 * treats it (as the shared date lists are).
 *
 * The table forgets everything past TABLE_LIMIT values and starts again: ids and names
 * are each seen once, and a repeated value is back in it from its next product on.
 */
const TABLE_LIMIT = 20_000;
const SMALL = 200;

export interface ValueTable {
  /** Replaces, in place, every string and small value inside `value` with the table's. */
  share(value: object): void;
}

export function createValueTable(limit = TABLE_LIMIT): ValueTable {
  const texts = new Map<string, string>();
  const values = new Map<string, object>();
  const kept = <T>(table: Map<string, T>, key: string, value: T): T => {
    const known = table.get(key);
    if (known !== undefined) return known;
    if (table.size >= limit) table.clear();
    table.set(key, value);
    return value;
  };
  // The value's children shared first, then the value itself when small; undefined for a
  // large one, left where it is (a value with a large child is large: no JSON written).
  const shared = (value: object): object | undefined => {
    const record = value as Record<string, unknown>;
    let small = true;
    for (const key of Object.keys(record)) {
      const field = record[key];
      if (typeof field === 'string') record[key] = kept(texts, field, field);
      else if (typeof field === 'object' && field !== null) {
        const child = shared(field);
        if (child === undefined) small = false;
        else record[key] = child;
      }
    }
    const json = small ? JSON.stringify(value) : undefined;
    // An array and an object never write the same JSON.
    return json !== undefined && json.length <= SMALL ? kept(values, json, value) : undefined;
  };
  return { share: (value) => void shared(value) };
}
