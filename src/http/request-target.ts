/**
 * The request target, read without trusting it. Origin-form (`/path?query`, what browsers
 * and webhooks send) is read onto a fixed base by concatenation: resolved against a base
 * instead, `//host…` would be taken for another host (and `//` or `//a:b@` throw).
 * Absolute-form (`http://host/path`, which HTTP/1.1 servers must accept) keeps its path
 * and query only. Anything else (`*`, authority-form, bytes no URL holds) is undefined,
 * and the server answers 400.
 */
const BASE = 'http://localhost';
const ABSOLUTE = /^https?:\/\//i;

export function parseTarget(target: string | undefined): URL | undefined {
  if (target === undefined) return undefined;
  try {
    if (target.startsWith('/')) return new URL(`${BASE}${target}`);
    if (ABSOLUTE.test(target)) {
      const absolute = new URL(target);
      return new URL(`${BASE}${absolute.pathname}${absolute.search}`);
    }
  } catch {
    return undefined;
  }
  return undefined;
}
