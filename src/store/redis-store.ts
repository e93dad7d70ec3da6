/**
 * The Redis store (ioredis), on one server or on a Redis Cluster (redis-target.ts). A
 * value and its version live in one hash so that the version check and the write are one
 * atomic script; locks are SET NX PX with a random token, released and extended only by
 * their holder (compare-and-delete and compare-and-expire scripts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cluster, Redis } from 'ioredis';
import { LockTimeoutError, type Lock, type Store, type Versioned } from './store.js';
import { redisRateLimit } from './rate-limits.js';
import { connectRedis, isCluster, type RedisTarget } from './redis-target.js';

const PUT = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return nil end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 'json', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return version`;

/** A write whatever the version (last writer wins). */
const SET = `
local version = redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('HSET', KEYS[1], 'json', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return version`;

/** PUT on KEYS[1], then RELEASE of the lock KEYS[2] (token ARGV[4]), whatever PUT did. */
const PUT_RELEASE = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
local version = false
if current == tonumber(ARGV[1]) then
  version = current + 1
  redis.call('HSET', KEYS[1], 'v', version, 'json', ARGV[2])
  redis.call('EXPIRE', KEYS[1], ARGV[3])
end
if redis.call('GET', KEYS[2]) == ARGV[4] then redis.call('DEL', KEYS[2]) end
return version`;

/** Takes the lock KEYS[1] (SET NX PX) and, if taken, reads the value KEYS[2] (v, json). */
const LOCK_READ = `
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return nil end
return redis.call('HMGET', KEYS[2], 'v', 'json')`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const LOCK_POLL_MS = 10;

/**
 * The server's names for a store key: `kv:` (values), `claim:` (claims), `lock:` (locks).
 * On one server the key follows as it is (`kv:conv:tg:42`), the format data already
 * stored is found by. On a cluster a script's keys must share a slot, so the key is a
 * hash tag (`kv:{conv:tg:42}`, `lock:{conv:tg:42}`: a conversation's value and its lock
 * together), and a lock taken with `read` of another key is named in that key's slot
 * (`lock:{tg:chat:7}tg:tap:<stamp>`): the lock, what it reads and what it writes back go
 * in one exchange there too. Such a lock is always taken with the same `read` (each
 * caller does), or it would be two locks.
 */
export interface RedisLayout {
  value(key: string): string;
  claim(key: string): string;
  lock(key: string, read?: string): string;
  /** Whether a lock taken with `read` and the value `written` can go in one script. */
  together(key: string, read: string | undefined, written: string): boolean;
}

export const serverLayout: RedisLayout = {
  value: (key) => `kv:${key}`,
  claim: (key) => `claim:${key}`,
  lock: (key) => `lock:${key}`,
  together: () => true,
};

export const clusterLayout: RedisLayout = {
  value: (key) => `kv:{${key}}`,
  claim: (key) => `claim:{${key}}`,
  lock: (key, read) =>
    read === undefined || read === key ? `lock:{${key}}` : `lock:{${read}}${key}`,
  together: (key, read, written) => written === (read ?? key),
};

export interface RedisStoreOptions {
  /** Prefix of every key, so tests and deployments can share a server. */
  prefix?: string;
}

type StoreRedis = (Redis | Cluster) & {
  storePut(key: string, expected: number, json: string, ttl: number): Promise<number | null>;
  storePutRelease(
    key: string,
    lock: string,
    expected: number,
    json: string,
    ttl: number,
    token: string,
  ): Promise<number | null>;
  storeLockRead(
    lock: string,
    key: string,
    token: string,
    ttlMs: number,
  ): Promise<[string | null, string | null] | null>;
  storeSet(key: string, json: string, ttl: number): Promise<number>;
  storeRelease(key: string, token: string): Promise<number>;
  storeExtend(key: string, token: string, ttlMs: number): Promise<number>;
};

export function createRedisStore(
  target: string,
  options?: RedisStoreOptions,
): Store & { redis: Redis };
export function createRedisStore(
  target: { cluster: string[] },
  options?: RedisStoreOptions,
): Store & { redis: Cluster };
export function createRedisStore(
  target: RedisTarget,
  options?: RedisStoreOptions,
): Store & { redis: Redis | Cluster };
export function createRedisStore(
  target: RedisTarget,
  options: RedisStoreOptions = {},
): Store & { redis: Redis | Cluster } {
  const prefix = options.prefix ?? 'bot:';
  const redis = connectRedis(target, {
    keyPrefix: prefix,
    lazyConnect: false,
    maxRetriesPerRequest: 3,
  });
  const names = isCluster(target) ? clusterLayout : serverLayout;
  redis.defineCommand('storePut', { numberOfKeys: 1, lua: PUT });
  redis.defineCommand('storePutRelease', { numberOfKeys: 2, lua: PUT_RELEASE });
  redis.defineCommand('storeLockRead', { numberOfKeys: 2, lua: LOCK_READ });
  redis.defineCommand('storeSet', { numberOfKeys: 1, lua: SET });
  redis.defineCommand('storeRelease', { numberOfKeys: 1, lua: RELEASE });
  redis.defineCommand('storeExtend', { numberOfKeys: 1, lua: EXTEND });
  const commands = redis as StoreRedis;

  const versioned = <T>([version, json]: (string | null)[]): Versioned<T> | undefined =>
    version == null || json == null
      ? undefined
      : { value: JSON.parse(json) as T, version: Number(version) };

  /** One attempt at the lock (with `read`: and the value, in the same script). */
  const take = async (key: string, token: string, ttlMs: number, read: string | undefined) => {
    if (read === undefined) {
      const acquired = await redis.set(names.lock(key), token, 'PX', ttlMs, 'NX');
      return acquired === 'OK' ? { read: undefined } : undefined;
    }
    const fields = await commands.storeLockRead(
      names.lock(key, read),
      names.value(read),
      token,
      ttlMs,
    );
    return fields === null ? undefined : { read: fields };
  };

  return {
    redis,

    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      return versioned<T>(await redis.hmget(names.value(key), 'v', 'json'));
    },

    async getMany(keys) {
      // A cluster's pipeline stays on one node: there each read goes on its own, all at once.
      if (redis.isCluster)
        return Promise.all(
          keys.map(async (key) => versioned(await redis.hmget(names.value(key), 'v', 'json'))),
        );
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.hmget(names.value(key), 'v', 'json');
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, fields]) => {
        if (error) throw error;
        return versioned(fields as (string | null)[]);
      });
    },

    async put(key, value, expectedVersion, ttlSeconds) {
      const version = await commands.storePut(
        names.value(key),
        expectedVersion,
        JSON.stringify(value),
        Math.max(1, Math.ceil(ttlSeconds)),
      );
      return version === null ? undefined : Number(version);
    },

    async set(key, value, ttlSeconds) {
      return Number(
        await commands.storeSet(
          names.value(key),
          JSON.stringify(value),
          Math.max(1, Math.ceil(ttlSeconds)),
        ),
      );
    },

    async delete(key) {
      await redis.del(names.value(key));
    },

    async claim(key, ttlSeconds) {
      const result = await redis.set(
        names.claim(key),
        '1',
        'EX',
        Math.max(1, Math.ceil(ttlSeconds)),
        'NX',
      );
      return result === 'OK';
    },

    async lock<T>(
      key: string,
      { ttlMs, waitMs, read }: { ttlMs: number; waitMs: number; read?: string },
    ): Promise<Lock<T>> {
      const token = randomUUID();
      const deadline = Date.now() + waitMs;
      let taken;
      for (;;) {
        taken = await take(key, token, ttlMs, read);
        if (taken) break;
        if (Date.now() >= deadline)
          throw new LockTimeoutError(`lock ${key} not acquired in ${waitMs} ms`);
        await sleep(LOCK_POLL_MS);
      }
      const saved = taken.read && versioned<T>(taken.read);
      const name = names.lock(key, read);
      // Released by us: nothing more to send (a later release, an extend by the timer).
      let released = false;
      return {
        ...(saved ? { read: saved } : {}),
        async release() {
          if (released) return;
          released = true;
          await commands.storeRelease(name, token);
        },
        async putAndRelease(written, value, expectedVersion, ttlSeconds) {
          released = true;
          const json = JSON.stringify(value);
          const ttl = Math.max(1, Math.ceil(ttlSeconds));
          // In another slot of a cluster than the lock: the write, then the release.
          const version = names.together(key, read, written)
            ? await commands.storePutRelease(
                names.value(written),
                name,
                expectedVersion,
                json,
                ttl,
                token,
              )
            : await commands
                .storePut(names.value(written), expectedVersion, json, ttl)
                .finally(() => commands.storeRelease(name, token));
          return version === null ? undefined : Number(version);
        },
        async extend(ttl) {
          if (released) return false;
          return (await commands.storeExtend(name, token, Math.max(1, ttl))) === 1;
        },
      };
    },

    rateLimit(name, points, seconds) {
      return redisRateLimit(redis, name, points, seconds);
    },

    async close() {
      await redis.quit();
    },
  };
}
