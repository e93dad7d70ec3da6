/**
 * The in-memory store: the embedded default for a single process (`npm start` with no
 * REDIS_URL). Same contract as the Redis store, expiry included.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isRemoval,
  LockTimeoutError,
  storedValue,
  type Carried,
  type Lock,
  type LockOptions,
  type Store,
  type Versioned,
} from './store.js';
import { memoryRateLimit } from './rate-limits.js';

interface Entry {
  json: string;
  version: number;
  expiresAt: number;
}

const LOCK_POLL_MS = 5;

export function createMemoryStore(now: () => number = Date.now): Store {
  const m: Memory = {
    now,
    entries: new Map(),
    claims: new Map(),
    locks: new Map(),
    releasers: new WeakMap(),
  };
  return {
    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      return get<T>(m, key);
    },

    async getMany(keys) {
      return keys.map((key) => get(m, key));
    },

    async put(key, value, expectedVersion, ttlSeconds) {
      return put(m, key, value, expectedVersion, ttlSeconds);
    },

    async putAndRead(key, value, expectedVersion, ttlSeconds, read) {
      const version = put(m, key, value, expectedVersion, ttlSeconds);
      return { version, read: read.map((other) => get(m, other)) };
    },

    async set(key, value, ttlSeconds) {
      return put(m, key, value, live(m, key)?.version ?? 0, ttlSeconds)!;
    },

    async delete(key) {
      m.entries.delete(key);
    },

    async claim(key, ttlSeconds) {
      const until = m.claims.get(key);
      if (until !== undefined && until > now()) return false;
      m.claims.set(key, now() + ttlSeconds * 1000);
      return true;
    },

    lock: <T>(key: string, options: LockOptions) => lock<T>(m, key, options),

    rateLimit(name, points, seconds) {
      return memoryRateLimit(name, points, seconds);
    },

    async close() {
      m.entries.clear();
      m.claims.clear();
      m.locks.clear();
    },
  };
}

/** The store's tables, and the clock expiry is measured on. */
interface Memory {
  now: () => number;
  entries: Map<string, Entry>;
  claims: Map<string, number>;
  locks: Map<string, { token: string; expiresAt: number }>;
  /** Our locks by what `lock` gave out, for another lock's release to free them. */
  releasers: WeakMap<Lock<unknown>, () => void>;
}

function live({ entries, now }: Memory, key: string): Entry | undefined {
  const entry = entries.get(key);
  if (entry && entry.expiresAt <= now()) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

function tryLock({ locks, now }: Memory, key: string, token: string, ttlMs: number): boolean {
  const held = locks.get(key);
  if (held && held.expiresAt > now()) return false;
  locks.set(key, { token, expiresAt: now() + ttlMs });
  return true;
}

function get<T>(m: Memory, key: string): Versioned<T> | undefined {
  const entry = live(m, key);
  return entry ? storedValue<T>(entry.json, entry.version) : undefined;
}

function put(
  m: Memory,
  key: string,
  value: unknown,
  expectedVersion: number,
  ttlSeconds: number,
): number | undefined {
  const current = live(m, key)?.version ?? 0;
  if (current !== expectedVersion) return undefined;
  const version = current + 1;
  m.entries.set(key, {
    json: JSON.stringify(value),
    version,
    expiresAt: m.now() + ttlSeconds * 1000,
  });
  return version;
}

/** What an exchange carries: its writes (`ifWritten` ones only once written), other locks freed. */
function carry(m: Memory, carried: Carried | undefined, written = false): void {
  const writes = [...(carried?.writes ?? []), ...(written ? (carried?.ifWritten ?? []) : [])];
  for (const write of writes) {
    if (isRemoval(write)) m.entries.delete(write.key);
    else put(m, write.key, write.value, live(m, write.key)?.version ?? 0, write.ttlSeconds);
  }
  for (const other of carried?.release ?? []) m.releasers.get(other)?.();
}

/** A lock of ours on `key` (token `token`), with what was read as it was taken. */
function held<T>(
  m: Memory,
  key: string,
  token: string,
  read: Pick<Lock<T>, 'read' | 'also' | 'taken' | 'allowed'>,
): Lock<T> {
  const { locks, now } = m;
  const release = () => {
    if (locks.get(key)?.token === token) locks.delete(key);
  };
  const lock: Lock<T> = {
    ...read,
    async release(carried) {
      carry(m, carried);
      release();
    },
    async putAndRelease(written, value, expectedVersion, ttlSeconds, carried) {
      const version = put(m, written, value, expectedVersion, ttlSeconds);
      carry(m, carried, version !== undefined);
      release();
      return version;
    },
    async putAndKeep(written, value, expectedVersion, ttlSeconds, carried) {
      const version = put(m, written, value, expectedVersion, ttlSeconds);
      carry(m, carried, version !== undefined);
      return version;
    },
    async extend(ttl) {
      const held = locks.get(key);
      if (held?.token !== token || held.expiresAt <= now()) return false;
      held.expiresAt = now() + ttl;
      return true;
    },
  };
  m.releasers.set(lock, release);
  return lock;
}

/**
 * Takes `key`'s lock (polling until `waitMs`), the locks `take` names if free, reads what
 * is asked, and spends the rate limit's point if asked.
 */
async function lock<T>(
  m: Memory,
  key: string,
  { ttlMs, waitMs, read, also = [], take = [], spend }: LockOptions,
): Promise<Lock<T>> {
  const token = randomUUID();
  // Waiting is measured on the real clock; expiry on the store's (injectable) one.
  const deadline = Date.now() + waitMs;
  while (!tryLock(m, key, token, ttlMs)) {
    if (Date.now() >= deadline)
      throw new LockTimeoutError(`lock ${key} not acquired in ${waitMs} ms`);
    await sleep(LOCK_POLL_MS);
  }
  const taken = take.map((named) => {
    const { key: other, read: reads } =
      typeof named === 'string' ? { key: named, read: undefined } : named;
    const otherToken = randomUUID();
    if (!tryLock(m, other, otherToken, ttlMs)) return undefined;
    const saved = reads === undefined ? undefined : get(m, reads);
    return held(m, other, otherToken, saved ? { read: saved } : {});
  });
  const saved = read === undefined ? undefined : get<T>(m, read);
  let allowed: boolean | undefined;
  try {
    allowed = spend ? await spend.limit.take(spend.key) : undefined;
  } catch (error) {
    // The limit out of reach: the locks just taken are given back, not left to lapse.
    if (m.locks.get(key)?.token === token) m.locks.delete(key);
    for (const lock of taken) if (lock) await lock.release();
    throw error;
  }
  return held<T>(m, key, token, {
    ...(allowed !== undefined ? { allowed } : {}),
    ...(saved ? { read: saved } : {}),
    ...(also.length > 0 ? { also: also.map((other) => get(m, other)) } : {}),
    ...(take.length > 0 ? { taken } : {}),
  });
}
