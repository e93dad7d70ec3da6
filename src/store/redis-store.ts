/**
 * The Redis store (ioredis). A value and its version live in one hash so that the
 * version check and the write are one atomic script; locks are SET NX PX with a random
 * token, released and extended only by their holder (compare-and-delete and
 * compare-and-expire scripts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { LockTimeoutError, type Lock, type Store, type Versioned } from './store.js';
import { redisRateLimit } from './rate-limits.js';

const PUT = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return nil end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 'json', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return version`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const LOCK_POLL_MS = 10;

export interface RedisStoreOptions {
  /** Prefix of every key, so tests and deployments can share a server. */
  prefix?: string;
}

type StoreRedis = Redis & {
  storePut(key: string, expected: number, json: string, ttl: number): Promise<number | null>;
  storeRelease(key: string, token: string): Promise<number>;
  storeExtend(key: string, token: string, ttlMs: number): Promise<number>;
};

export function createRedisStore(
  url: string,
  options: RedisStoreOptions = {},
): Store & { redis: Redis } {
  const prefix = options.prefix ?? 'bot:';
  const redis = new Redis(url, { keyPrefix: prefix, lazyConnect: false, maxRetriesPerRequest: 3 });
  redis.defineCommand('storePut', { numberOfKeys: 1, lua: PUT });
  redis.defineCommand('storeRelease', { numberOfKeys: 1, lua: RELEASE });
  redis.defineCommand('storeExtend', { numberOfKeys: 1, lua: EXTEND });
  const commands = redis as StoreRedis;

  return {
    redis,

    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      const [version, json] = await redis.hmget(`kv:${key}`, 'v', 'json');
      if (version == null || json == null) return undefined;
      return { value: JSON.parse(json) as T, version: Number(version) };
    },

    async put(key, value, expectedVersion, ttlSeconds) {
      const version = await commands.storePut(
        `kv:${key}`,
        expectedVersion,
        JSON.stringify(value),
        Math.max(1, Math.ceil(ttlSeconds)),
      );
      return version === null ? undefined : Number(version);
    },

    async delete(key) {
      await redis.del(`kv:${key}`);
    },

    async claim(key, ttlSeconds) {
      const result = await redis.set(
        `claim:${key}`,
        '1',
        'EX',
        Math.max(1, Math.ceil(ttlSeconds)),
        'NX',
      );
      return result === 'OK';
    },

    async lock(key, { ttlMs, waitMs }): Promise<Lock> {
      const token = randomUUID();
      const deadline = Date.now() + waitMs;
      for (;;) {
        const acquired = await redis.set(`lock:${key}`, token, 'PX', ttlMs, 'NX');
        if (acquired === 'OK') break;
        if (Date.now() >= deadline)
          throw new LockTimeoutError(`lock ${key} not acquired in ${waitMs} ms`);
        await sleep(LOCK_POLL_MS);
      }
      return {
        async release() {
          await commands.storeRelease(`lock:${key}`, token);
        },
        async extend(ttl) {
          return (await commands.storeExtend(`lock:${key}`, token, Math.max(1, ttl))) === 1;
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
