/**
 * What the bot keeps between turns, behind one interface with two implementations:
 * Redis (production, tests, several instances) and memory (the embedded default, one
 * process). Both pass the same contract tests (test/store/contract.test.ts).
 *
 * Every key written has a time to live: conversations and carts hold personal data,
 * which must expire.
 */

export interface Versioned<T> {
  value: T;
  /** Increases by one on every successful write; 0 means "never written". */
  version: number;
}

/**
 * A stored value as read: its JSON parsed the first time `value` is read, not before. A
 * reader that already holds what was written there (the engine's live actor, whose
 * version is the stored one) never pays for the parse nor for the objects it makes.
 */
export function storedValue<T>(json: string, version: number): Versioned<T> {
  let parsed: { value: T } | undefined;
  return {
    version,
    get value() {
      parsed ??= { value: JSON.parse(json) as T };
      return parsed.value;
    },
  };
}

/**
 * A write whatever is stored (as `Store.set`), or a key's removal (as `Store.delete`),
 * carried by another exchange.
 */
export type Write = Overwrite | Removal;

export interface Overwrite {
  key: string;
  value: unknown;
  ttlSeconds: number;
}

export interface Removal {
  key: string;
  delete: true;
}

export const isRemoval = (write: Write): write is Removal => 'delete' in write;

/**
 * What the exchange that releases a lock carries besides, so that the end of a piece of
 * work is one round trip: writes (last writer wins, made whether or not the lock is still
 * held) and other locks of ours released (each only if still ours).
 */
export interface Carried {
  writes?: Write[];
  /**
   * Writes made only with `putAndRelease`'s own write, when its version check passes (what
   * follows from what is written, lost with it: a dropped turn's records).
   */
  ifWritten?: Write[];
  release?: Lock<unknown>[];
}

export interface Lock<T = unknown> {
  /**
   * With the lock's `read` option: the value under that key, read in the exchange that
   * took the lock (what the previous holder wrote, without a second round trip).
   */
  read?: Versioned<T>;
  /** With the lock's `also` option: those keys' values, in order, read in that exchange. */
  also?: (Versioned<unknown> | undefined)[];
  /**
   * With the lock's `take` option: those locks, in order, taken in that exchange with the
   * same time to live, each if it was free (undefined: held by someone else); one taken
   * with a `read` has that value read too, once taken (its own `read`).
   */
  taken?: (Lock<unknown> | undefined)[];
  /** With the lock's `spend` option: whether the point was there to spend (`take`'s answer). */
  allowed?: boolean;
  /**
   * Releases the lock if still held by us; a lock that expired is not touched. Once
   * released (by this or `putAndRelease`), does nothing but what it carries.
   */
  release(carried?: Carried): Promise<void>;
  /**
   * Writes as `put` does (version-checked: a lease lost meanwhile does not let a stale
   * write through) and releases the lock, in one exchange. The lock is released whether
   * or not the write was made; returns the new version, or undefined as `put`.
   */
  putAndRelease<V>(
    key: string,
    value: V,
    expectedVersion: number,
    ttlSeconds: number,
    carried?: Carried,
  ): Promise<number | undefined>;
  /**
   * `putAndRelease` keeping the lock (still ours, to release later): the write and what it
   * carries in one exchange, for work that must follow the write under the lock.
   */
  putAndKeep<V>(
    key: string,
    value: V,
    expectedVersion: number,
    ttlSeconds: number,
    carried?: Carried,
  ): Promise<number | undefined>;
  /** Makes the lock expire `ttlMs` from now if still held by us; false when it was lost. */
  extend(ttlMs: number): Promise<boolean>;
}

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/**
 * A rate limit: `take` spends one point for `key`; false once the window's points are
 * spent. With the store out of reach, both reject with a StoreUnavailableError at once.
 */
export interface RateLimit {
  take(key: string): Promise<boolean>;
  /** Whether `key` has no point left in its window (a look: spends nothing). */
  spent(key: string): Promise<boolean>;
  /**
   * Where the store keeps `key`'s window (a Redis key under the client's prefix), its
   * points and length: for a script that spends a point with other work (LockOptions.spend).
   */
  window?: { points: number; seconds: number; key(key: string): string };
}

export interface LockOptions {
  ttlMs: number;
  waitMs: number;
  read?: string;
  also?: string[];
  /**
   * Locks taken too, each if free: a key, or a key and the `read` that lock is taken with
   * elsewhere (a lock is always taken with the same `read`: a cluster names it by that),
   * read with it as that lock's own `read` would be (what its holder finds there).
   */
  take?: (string | { key: string; read: string })[];
  /** One point spent of `limit` for `key`, in the same exchange, once the lock is taken. */
  spend?: { limit: RateLimit; key: string };
}

export interface Store {
  /** A JSON value with its version, or undefined when absent or expired. */
  get<T>(key: string): Promise<Versioned<T> | undefined>;

  /** Several values at once, in one exchange: each as `get` reads it, in order. */
  getMany(keys: string[]): Promise<(Versioned<unknown> | undefined)[]>;

  /**
   * Writes `value` only if the stored version is still `expectedVersion` (0: absent).
   * Returns the new version, or undefined when someone else wrote first.
   */
  put<T>(
    key: string,
    value: T,
    expectedVersion: number,
    ttlSeconds: number,
  ): Promise<number | undefined>;

  /**
   * `put`, and the values under `read` (as `getMany` reads them, after the write), in one
   * exchange: for a write that is made before knowing whether it will be kept.
   */
  putAndRead<T>(
    key: string,
    value: T,
    expectedVersion: number,
    ttlSeconds: number,
    read: string[],
  ): Promise<{ version: number | undefined; read: (Versioned<unknown> | undefined)[] }>;

  /**
   * Writes `value` whatever is stored (last writer wins), in one exchange; returns the
   * new version.
   */
  set<T>(key: string, value: T, ttlSeconds: number): Promise<number>;

  /** Removes a key. */
  delete(key: string): Promise<void>;

  /**
   * Marks `key` as seen; true the first time, false while it is remembered. For
   * deduplicating redelivered updates, double taps and retried webhooks.
   */
  claim(key: string, ttlSeconds: number): Promise<boolean>;

  /**
   * Takes an exclusive lock on `key`, waiting up to `waitMs`; the lock frees itself
   * after `ttlMs` if its holder dies. Throws LockTimeoutError when not acquired in time.
   * With `read`, the value under that key is read in the same exchange (Lock.read); with
   * `also`, those keys' values too (Lock.also); with `take`, those locks are taken there
   * too, each if free (Lock.taken), once this one is. A lock is always taken with the same
   * `read` (on a Redis Cluster it lives in the slot of what it reads).
   */
  lock<T = unknown>(key: string, options: LockOptions): Promise<Lock<T>>;

  /**
   * A limit of `points` per `seconds` for each key, counted where the store keeps its data
   * (shared by every instance on one Redis), by rate-limiter-flexible.
   */
  rateLimit(name: string, points: number, seconds: number): RateLimit;

  close(): Promise<void>;
}

/**
 * Runs `fn` holding the lock on `key` as a lease: taken for `leaseMs` and extended while
 * `fn` runs, so that a holder that dies (a killed process) frees it within `leaseMs`,
 * however long a live holder's work takes. Losing the lease (a stall longer than
 * `leaseMs`) does not stop `fn`: what it writes must be version-checked anyway.
 */
export async function withLease<T>(
  store: Store,
  key: string,
  options: { leaseMs: number; waitMs: number },
  fn: () => Promise<T>,
): Promise<T> {
  const lock = await store.lock(key, { ttlMs: options.leaseMs, waitMs: options.waitMs });
  return keepLease(lock, options.leaseMs, fn);
}

/**
 * Extends `lock` to `leaseMs` from now, four times a lease, until the returned function
 * is called: a lost extension only lets the lease expire, as a dead holder's would.
 */
export function renewLease(lock: Lock<unknown>, leaseMs: number): () => void {
  const renew = setInterval(
    () => void lock.extend(leaseMs).catch(() => false),
    Math.max(1, Math.floor(leaseMs / 4)),
  );
  renew.unref();
  return () => clearInterval(renew);
}

/**
 * Runs `fn` with `lock` (taken for `leaseMs`) extended while it runs, then releases it;
 * with `end`, the release is handed to it (made by the exchange that ends a `runOnce`).
 */
export async function keepLease<T>(
  lock: Lock<unknown>,
  leaseMs: number,
  fn: () => Promise<T>,
  end?: EndOfRun,
): Promise<T> {
  const stopRenewing = renewLease(lock, leaseMs);
  try {
    return await fn();
  } finally {
    stopRenewing();
    if (!end) await lock.release();
    else if (!end.release.includes(lock)) end.release.push(lock);
  }
}

/** What the end of a `runOnce` carries: filled by its work, sent with the done mark. */
export interface EndOfRun {
  writes: Write[];
  release: Lock<unknown>[];
}

/** What a `runOnce` read and took as it began (its `also` and `take` options). */
export interface BeginOfRun {
  also: (Versioned<unknown> | undefined)[];
  /** Taken locks are released with the done mark unless handed on. */
  taken: (Lock<unknown> | undefined)[];
  /** With `spend`: whether the point was there. */
  allowed?: boolean;
}

/**
 * Runs `fn` unless it already ran to its end for `key` (remembered `doneTtlSeconds`) or
 * is running now, in this process or another; 'done' and 'busy' say which stopped it.
 * Running holds a lease (`leaseMs`): if the process dies meanwhile, `fn` may run again
 * soon after, so it must be safe to repeat what it did before dying. Two exchanges with
 * the store: the lease taken with the done mark read, the mark written with the release,
 * carrying what `fn` left in its `end` (writes, other leases to release), even when `fn`
 * throws. The first exchange may read more keys (`also`) and take more locks (`take`,
 * each if free, with the same lease; released with the mark) and spend a rate limit's
 * point (`spend`, only for a run that is not done), given to `fn`.
 */
export async function runOnce(
  store: Store,
  key: string,
  options: {
    leaseMs: number;
    doneTtlSeconds: number;
    also?: string[];
    take?: LockOptions['take'];
    spend?: LockOptions['spend'];
  },
  fn: (end: EndOfRun, begun: BeginOfRun) => Promise<void>,
): Promise<'ran' | 'done' | 'busy'> {
  const doneKey = `${key}:done`;
  let lock: Lock;
  try {
    lock = await store.lock(key, {
      ttlMs: options.leaseMs,
      waitMs: 0,
      read: doneKey,
      ...(options.also ? { also: options.also } : {}),
      ...(options.take ? { take: options.take } : {}),
      ...(options.spend ? { spend: options.spend } : {}),
    });
  } catch (error) {
    if (error instanceof LockTimeoutError) return 'busy';
    throw error;
  }
  return keepLease(lock, options.leaseMs, async () => {
    const taken = lock.taken ?? [];
    const held = taken.filter((other) => other !== undefined);
    if (lock.read !== undefined) {
      if (held.length > 0) await lock.release({ release: held });
      return 'done';
    }
    const end: EndOfRun = { writes: [], release: held };
    try {
      await fn(end, {
        also: lock.also ?? [],
        taken,
        ...(lock.allowed !== undefined ? { allowed: lock.allowed } : {}),
      });
    } finally {
      await lock.putAndRelease(doneKey, true, 0, options.doneTtlSeconds, end);
    }
    return 'ran';
  });
}

/** Runs `fn` holding the lock on `key`. */
export async function withLock<T>(
  store: Store,
  key: string,
  options: { ttlMs: number; waitMs: number },
  fn: () => Promise<T>,
): Promise<T> {
  const lock = await store.lock(key, options);
  try {
    return await fn();
  } finally {
    await lock.release();
  }
}
