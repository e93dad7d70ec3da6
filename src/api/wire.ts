/**
 * The service speaks PascalCase JSON; the rest of the code speaks camelCase. These two
 * functions are the only place the naming changes, so every schema in `src/api` is
 * written once, in camelCase, and serves both directions (the client reads responses and
 * the sandbox reads requests with the same schema).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in source) {
    const item = source[key];
    if (item === undefined) continue;
    out[rename(key)] = mapKeys(item, rename);
  }
  return out;
}

/**
 * Each name renamed once: the same few hundred names come in every response, and a
 * name's new spelling is a new string each time it is made. Bounded, in case a service
 * ever sends data as keys.
 */
function remembered(rename: (key: string) => string): (key: string) => string {
  const names = new Map<string, string>();
  return (key) => {
    let renamed = names.get(key);
    if (renamed === undefined) {
      renamed = rename(key);
      if (names.size < 10_000) names.set(key, renamed);
    }
    return renamed;
  };
}

const lowerFirst = remembered((key) => key.charAt(0).toLowerCase() + key.slice(1));
const upperFirst = remembered((key) => key.charAt(0).toUpperCase() + key.slice(1));

/** Wire (PascalCase) JSON to camelCase keys, deeply. Values are untouched. */
export function fromWire(value: unknown): unknown {
  return mapKeys(value, lowerFirst);
}

/** camelCase keys to wire (PascalCase) JSON, deeply; undefined properties are left out. */
export function toWire(value: unknown): Json {
  return mapKeys(value, upperFirst) as Json;
}

/** A schema path (camelCase) written as the wire path, e.g. `Providers[0].ProductBases`. */
export function wirePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += (out ? '.' : '') + upperFirst(String(segment));
  }
  return out || '(root)';
}
