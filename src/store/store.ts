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

export interface Lock {
  /** Releases the lock if still held by us; a lock that expired is not touched. */
  release(): Promise<void>;
}

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

export interface Store {
  /** A JSON value with its version, or undefined when absent or expired. */
  get<T>(key: string): Promise<Versioned<T> | undefined>;

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
   */
  lock(key: string, options: { ttlMs: number; waitMs: number }): Promise<Lock>;

  close(): Promise<void>;
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
