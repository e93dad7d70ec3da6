/**
 * How a response departed from its schema, for an operator to learn the day the service
 * changes. Reading is lenient only while a response is read (`readResponse`): a list
 * element that cannot be read is then skipped instead of failing the whole response.
 * Requests, which we write and the sandbox reads, stay exact: outside `readResponse`
 * every list is strict.
 *
 * After a lenient parse, the input (wire JSON with its names' first letter lowered) is
 * walked beside the output to name each departure by its wire path, indices generalized
 * (`Providers[].Products[].Tickets[]`) so that the metric's labels stay few:
 * - skipped: a list element that could not be read (every one is counted);
 * - missing: a declared field absent, read with its default;
 * - coerced: a value sent in another type (a number as a string, an object for a list);
 * - unknown: a field the schema does not declare (dropped).
 * The walk looks at the first elements of each list only: a departure of shape shows in
 * them, and a 50,000-product catalog is not walked whole on every refresh. Skipped
 * elements are all counted, exactly, wherever they are: when the lists noted more than
 * the sampled walk met, the input is walked whole once more for them alone.
 */
export type DepartureKind = 'missing' | 'coerced' | 'skipped' | 'unknown';

export interface Departure {
  /** Wire path, indices generalized: `Sales[].Activities[].Quantity`. */
  path: string;
  kind: DepartureKind;
  /** How many times in this response (skipped elements); 1 for the other kinds. */
  count: number;
}

interface Reading {
  /** Input lists (or the single object sent for a list) → indices of skipped elements. */
  skipped: WeakMap<object, number[]>;
  /** Input objects → canonical name → the other name it was read from. */
  aliases: WeakMap<object, Record<string, string>>;
  /** Copies made while reading (`derived`) → the input object they were made from. */
  copies: WeakMap<object, object>;
  /** Top-level fields read by someone else (the envelope's), never "unknown". */
  readElsewhere: ReadonlySet<string>;
  /** How many elements the lists skipped in all, and how many the walk has named so far. */
  skippedInAll: number;
  skippedNamed: number;
}

/**
 * The reading under way, for the length of one parse: zod parses synchronously, so a
 * variable set around the call is enough. Not an AsyncLocalStorage: running one turns
 * on Node's promise hooks for the whole process, a cost on every promise of every turn.
 */
let reading: Reading | undefined;

/** Elements walked per list when looking for departures of shape. */
const SAMPLE = 20;

/** Whether lists are read leniently now (inside `readResponse`). */
export function readingLeniently(): boolean {
  return reading !== undefined;
}

/** A list element skipped while reading: `source` is the list as it came in. */
export function noteSkipped(source: object, index: number): void {
  const current = reading;
  if (!current) return;
  const indices = current.skipped.get(source) ?? [];
  indices.push(index);
  current.skipped.set(source, indices);
  current.skippedInAll += 1;
}

/** A field read under another name (`aliased` in schema.ts). */
export function noteAlias(read: object, canonical: string, found: string): void {
  const current = reading;
  if (!current) return;
  const source = current.copies.get(read) ?? read;
  const names = current.aliases.get(source) ?? {};
  names[canonical] = found;
  current.aliases.set(source, names);
}

/** A copy of an input object made while reading, so its aliases are told of the input. */
export function noteCopy(copy: object, source: object): void {
  const current = reading;
  if (!current) return;
  current.copies.set(copy, current.copies.get(source) ?? source);
}

/**
 * Parses `input` with lists read leniently, then names what departed. `parse` is the
 * schema's safeParse: zod parses synchronously, so the reading stays with this call.
 */
export function readResponse<T>(
  input: unknown,
  parse: (input: unknown) => T,
  output: (result: T) => unknown,
  readElsewhere: ReadonlySet<string> = new Set(),
): { result: T; departures: Departure[] } {
  const state: Reading = {
    skipped: new WeakMap(),
    aliases: new WeakMap(),
    copies: new WeakMap(),
    readElsewhere,
    skippedInAll: 0,
    skippedNamed: 0,
  };
  const outer = reading;
  reading = state;
  let result: T;
  try {
    result = parse(input);
  } finally {
    reading = outer;
  }
  const parsed = output(result);
  const departures = new Map<string, Departure>();
  const note = (path: string, kind: DepartureKind, count = 1) => {
    const key = `${kind} ${path}`;
    const seen = departures.get(key);
    if (seen) {
      if (kind === 'skipped') seen.count += count;
    } else departures.set(key, { path: path || '(root)', kind, count });
  };
  if (parsed !== undefined) {
    walk(input, parsed, '', state, note);
    if (state.skippedNamed < state.skippedInAll) {
      // Some lie beyond the sampled elements: counted over the whole input instead.
      for (const [key, departure] of departures)
        if (departure.kind === 'skipped') departures.delete(key);
      countSkipped(input, '', state, note);
    }
  }
  return { result, departures: [...departures.values()] };
}

type Note = (path: string, kind: DepartureKind, count?: number) => void;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A field's wire path under its parent's, and a list's elements' path (`Sales[]`), each
 * made once: a response is walked on every call, and its paths are the same few each
 * time. At most PATHS are kept, in case a service ever sends data as keys.
 */
const PATHS = 10_000;
let pathsKept = 0;
const fields = new Map<string, Map<string, string>>();
const elements = new Map<string, string>();

function join(path: string, name: string): string {
  let names = fields.get(path);
  if (names === undefined) {
    names = new Map();
    if (pathsKept < PATHS) fields.set(path, names);
  }
  let full = names.get(name);
  if (full === undefined) {
    const wire = name.charAt(0).toUpperCase() + name.slice(1);
    full = path ? `${path}.${wire}` : wire;
    if (pathsKept < PATHS) {
      names.set(name, full);
      pathsKept += 1;
    }
  }
  return full;
}

function elementsOf(path: string): string {
  let full = elements.get(path);
  if (full === undefined) {
    full = `${path}[]`;
    if (pathsKept < PATHS) {
      elements.set(path, full);
      pathsKept += 1;
    }
  }
  return full;
}

function walk(input: unknown, output: unknown, path: string, state: Reading, note: Note): void {
  if (Array.isArray(output)) {
    if (input === null || input === undefined) return;
    // A comma-separated string is how the spec writes its lists of dates: read, not a departure.
    if (!Array.isArray(input) && typeof input !== 'string') note(path, 'coerced');
    const items: unknown[] = Array.isArray(input) ? input : [input];
    const skipped = typeof input === 'object' ? state.skipped.get(input) : undefined;
    const itemPath = elementsOf(path);
    if (skipped && skipped.length > 0) {
      note(itemPath, 'skipped', skipped.length);
      state.skippedNamed += skipped.length;
    }
    const passed = skipped && skipped.length > 0 ? new Set(skipped) : undefined;
    const kept = passed ? items.filter((_, index) => !passed.has(index)) : items;
    const length = Math.min(kept.length, output.length, SAMPLE);
    for (let index = 0; index < length; index += 1) {
      walk(kept[index], output[index], itemPath, state, note);
    }
    return;
  }
  if (isRecord(output)) {
    if (Array.isArray(input)) {
      // One object sent as a list (`objectOrList`): read from its first readable element.
      note(path, 'coerced');
      const skipped = state.skipped.get(input) ?? [];
      if (skipped.length > 0) {
        note(elementsOf(path), 'skipped', skipped.length);
        state.skippedNamed += skipped.length;
      }
      const first = input.findIndex((_, index) => !skipped.includes(index));
      if (first >= 0) walk(input[first], output, elementsOf(path), state, note);
      return;
    }
    if (!isRecord(input)) return;
    const aliases = state.aliases.get(input);
    for (const name in output) {
      const value = output[name];
      const source = aliases?.[name] ?? name;
      if (!(source in input)) {
        if (value !== undefined) note(join(path, name), 'missing');
        continue;
      }
      // Named as sent: the operator compares the path with what is on the wire.
      walk(input[source], value, join(path, source), state, note);
    }
    for (const name in input) {
      if (name in output || (aliases && Object.values(aliases).includes(name))) continue;
      if (path === '' && state.readElsewhere.has(name)) continue;
      note(join(path, name), 'unknown');
    }
    return;
  }
  const sent = typeof input;
  const read = typeof output;
  if (input !== null && input !== undefined && output !== undefined && sent !== read) {
    note(path, 'coerced');
  }
}

/**
 * Every skipped element of `input`, by its list's path: the whole input walked, what the
 * lists noted looked up at each list (or object read as a list) on the way. Elements
 * skipped are not entered: what they held was not read.
 */
function countSkipped(input: unknown, path: string, state: Reading, note: Note): void {
  if (input === null || typeof input !== 'object') return;
  const skipped = state.skipped.get(input);
  if (skipped && skipped.length > 0) note(elementsOf(path), 'skipped', skipped.length);
  if (Array.isArray(input)) {
    const itemPath = elementsOf(path);
    const passed = new Set(skipped);
    for (let index = 0; index < input.length; index += 1) {
      if (passed.has(index)) continue;
      countSkipped(input[index], itemPath, state, note);
    }
    return;
  }
  // An object read as a one-element list and skipped: nothing of it was read.
  if (skipped && skipped.length > 0) return;
  const record = input as Record<string, unknown>;
  for (const name in record) countSkipped(record[name], join(path, name), state, note);
}
