/**
 * Partner reads fetched ahead: what the next step will need is asked for while the
 * customer reads the current one (the insurance quote and the checkout's questions when
 * the cart changes; the quantity's capacity and price, and the tickets' questions, from
 * what a turn left: reads-ahead.ts), so that the step finds it here instead of waiting
 * for the partner.
 *
 * Only reads go through here, keyed by their exact request: a value is used only for the
 * very request it answered, and only briefly (a quote is the partner's for a while, not
 * for ever). Nothing that decides money — Add, Confirm, Sale, the reserved total — is
 * ever fetched ahead or kept: those are asked of the partner each time.
 *
 * Per process: a value asked for ahead is used by the same instance (a conversation's
 * turns usually land on the one that served its last; elsewhere the step just asks).
 */

export interface FetchAhead {
  /**
   * The value under `key`, fetched ahead and still fresh (or under way); else `load()` now,
   * not kept (a read asked for when it is needed is asked of the partner each time).
   */
  take<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Starts `load()` under `key` for a step to come; a failure is forgotten (the step asks). */
  warm<T>(key: string, load: () => Promise<T>): void;
  /** The keys of the values kept now (what was fetched ahead: reads only). */
  keys(): string[];
}

interface Kept {
  value: Promise<unknown>;
  at: number;
}

export interface FetchAheadOptions {
  /** How long a value fetched ahead may be used (ms). */
  ttlMs?: number;
  /** At most this many kept; the oldest go first. */
  max?: number;
  /** The clock for the freshness (tests move it). */
  now?: () => number;
}

/** A minute: longer than a customer reads a view, short enough for a quote to stand. */
export const FETCH_AHEAD_TTL_MS = 60_000;

export function createFetchAhead(options: FetchAheadOptions = {}): FetchAhead {
  const { ttlMs = FETCH_AHEAD_TTL_MS, max = 2000, now = Date.now } = options;
  const kept = new Map<string, Kept>();

  const fresh = (key: string): Kept | undefined => {
    const entry = kept.get(key);
    if (entry && now() - entry.at <= ttlMs) return entry;
    if (entry) kept.delete(key);
    return undefined;
  };

  const keep = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const value = load();
    const entry = { value, at: now() };
    kept.set(key, entry);
    while (kept.size > max) kept.delete(kept.keys().next().value!);
    // A failed read is not kept: the step that needs it asks again (and sees the failure).
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return value;
  };

  return {
    take<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = fresh(key);
      return entry ? (entry.value as Promise<T>) : load();
    },
    warm(key, load) {
      if (fresh(key)) return;
      keep(key, load).catch(() => undefined);
    },
    keys: () => [...kept.keys()],
  };
}

/** A read's key: the operation and its request, so a value answers only its own request. */
export const readKey = (operation: string, request: unknown): string =>
  `${operation} ${JSON.stringify(request)}`;
