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
  const entries = new Map<string, Entry>();
  const claims = new Map<string, number>();
  const locks = new Map<string, { token: string; expiresAt: number }>();
  /** Our locks by what `lock` gave out, for another lock's release to free them. */
  const releasers = new WeakMap<Lock<unknown>, () => void>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const tryLock = (key: string, token: string, ttlMs: number): boolean => {
    const held = locks.get(key);
    if (held && held.expiresAt > now()) return false;
    locks.set(key, { token, expiresAt: now() + ttlMs });
    return true;
  };

  const get = <T>(key: string): Versioned<T> | undefined => {
    const entry = live(key);
    return entry ? storedValue<T>(entry.json, entry.version) : undefined;
  };

  const put = (key: string, value: unknown, expectedVersion: number, ttlSeconds: number) => {
    const current = live(key)?.version ?? 0;
    if (current !== expectedVersion) return undefined;
    const version = current + 1;
    entries.set(key, {
      json: JSON.stringify(value),
      version,
      expiresAt: now() + ttlSeconds * 1000,
    });
    return version;
  };

  const carry = (carried: Carried | undefined, written = false) => {
    const writes = [...(carried?.writes ?? []), ...(written ? (carried?.ifWritten ?? []) : [])];
    for (const write of writes) {
      if (isRemoval(write)) entries.delete(write.key);
      else put(write.key, write.value, live(write.key)?.version ?? 0, write.ttlSeconds);
    }
    for (const other of carried?.release ?? []) releasers.get(other)?.();
  };

  /** A lock of ours on `key` (token `token`), with what was read as it was taken. */
  const held = <T>(
    key: string,
    token: string,
    read: Pick<Lock<T>, 'read' | 'also' | 'taken' | 'allowed'>,
  ): Lock<T> => {
    const release = () => {
      if (locks.get(key)?.token === token) locks.delete(key);
    };
    const lock: Lock<T> = {
      ...read,
      async release(carried) {
        carry(carried);
        release();
      },
      async putAndRelease(written, value, expectedVersion, ttlSeconds, carried) {
        const version = put(written, value, expectedVersion, ttlSeconds);
        carry(carried, version !== undefined);
        release();
        return version;
      },
      async putAndKeep(written, value, expectedVersion, ttlSeconds, carried) {
        const version = put(written, value, expectedVersion, ttlSeconds);
        carry(carried, version !== undefined);
        return version;
      },
      async extend(ttl) {
        const held = locks.get(key);
        if (held?.token !== token || held.expiresAt <= now()) return false;
        held.expiresAt = now() + ttl;
        return true;
      },
    };
    releasers.set(lock, release);
    return lock;
  };

  return {
    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      return get<T>(key);
    },

    async getMany(keys) {
      return keys.map((key) => get(key));
    },

    async put(key, value, expectedVersion, ttlSeconds) {
      return put(key, value, expectedVersion, ttlSeconds);
    },

    async putAndRead(key, value, expectedVersion, ttlSeconds, read) {
      const version = put(key, value, expectedVersion, ttlSeconds);
      return { version, read: read.map((other) => get(other)) };
    },

    async set(key, value, ttlSeconds) {
      return put(key, value, live(key)?.version ?? 0, ttlSeconds)!;
    },

    async delete(key) {
      entries.delete(key);
    },

    async claim(key, ttlSeconds) {
      const until = claims.get(key);
      if (until !== undefined && until > now()) return false;
      claims.set(key, now() + ttlSeconds * 1000);
      return true;
    },

    async lock<T>(
      key: string,
      { ttlMs, waitMs, read, also = [], take = [], spend }: LockOptions,
    ): Promise<Lock<T>> {
      const token = randomUUID();
      // Waiting is measured on the real clock; expiry on the store's (injectable) one.
      const deadline = Date.now() + waitMs;
      while (!tryLock(key, token, ttlMs)) {
        if (Date.now() >= deadline)
          throw new LockTimeoutError(`lock ${key} not acquired in ${waitMs} ms`);
        await sleep(LOCK_POLL_MS);
      }
      const taken = take.map((named) => {
        const { key: other, read: reads } =
          typeof named === 'string' ? { key: named, read: undefined } : named;
        const otherToken = randomUUID();
        if (!tryLock(other, otherToken, ttlMs)) return undefined;
        const saved = reads === undefined ? undefined : get(reads);
        return held(other, otherToken, saved ? { read: saved } : {});
      });
      const saved = read === undefined ? undefined : get<T>(read);
      let allowed: boolean | undefined;
      try {
        allowed = spend ? await spend.limit.take(spend.key) : undefined;
      } catch (error) {
        // The limit out of reach: the locks just taken are given back, not left to lapse.
        if (locks.get(key)?.token === token) locks.delete(key);
        for (const lock of taken) if (lock) await lock.release();
        throw error;
      }
      return held<T>(key, token, {
        ...(allowed !== undefined ? { allowed } : {}),
        ...(saved ? { read: saved } : {}),
        ...(also.length > 0 ? { also: also.map((other) => get(other)) } : {}),
        ...(take.length > 0 ? { taken } : {}),
      });
    },

    rateLimit(name, points, seconds) {
      return memoryRateLimit(name, points, seconds);
    },

    async close() {
      entries.clear();
      claims.clear();
      locks.clear();
    },
  };
}
