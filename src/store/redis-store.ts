/**
 * The Redis store (ioredis), on one server or on a Redis Cluster (redis-target.ts), in
 * pieces: the keys' names (redis-layout.ts), the Lua scripts (redis-scripts.ts), the
 * values (here), the locks (redis-locks.ts) and the rate limits (rate-limits.ts).
 */
import type { Cluster, Redis } from 'ioredis';
import type { Logger } from '#src/log.js';
import { logConnection } from './connection-log.js';
import { redisRateLimit } from './rate-limits.js';
import { clusterLayout, serverLayout } from './redis-layout.js';
import { lockOn, type Connection } from './redis-locks.js';
import { defineScripts, versioned } from './redis-scripts.js';
import { connectRedis, isCluster, type RedisTarget } from './redis-target.js';
import type { LockOptions, Store, Versioned } from './store.js';

export { clusterLayout, serverLayout, type RedisLayout } from './redis-layout.js';

/**
 * How long one command may wait for Redis (queued while it reconnects, or sent and not
 * answered) before it fails: a turn with Redis out of reach fails, and its update is
 * left to be delivered again, instead of hanging until Redis comes back.
 */
export const STORE_COMMAND_TIMEOUT_MS = 2_000;

export interface RedisStoreOptions {
  /** Prefix of every key, so tests and deployments can share a server. */
  prefix?: string;
  /** Where the client's connection losses and recoveries are told (one line each). */
  logger?: Logger;
  /** STORE_COMMAND_TIMEOUT_MS unless given. */
  commandTimeoutMs?: number;
  /** Told every error of the connection (a metric), however many the log line sums up. */
  onError?: () => void;
}

/** The store's values: versioned JSON in a hash, read, written and claimed. */
function valuesOn({
  redis,
  commands,
  names,
}: Connection): Omit<Store, 'lock' | 'rateLimit' | 'close'> {
  return {
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

    async putAndRead(key, value, expectedVersion, ttlSeconds, read) {
      const json = JSON.stringify(value);
      const ttl = Math.max(1, Math.ceil(ttlSeconds));
      const keys = [key, ...read].map((other) => names.value(other));
      // A cluster's script keeps to one slot: there the write and each read on its own.
      if (redis.isCluster) {
        const [version, ...values] = await Promise.all([
          commands.storePut(keys[0]!, expectedVersion, json, ttl),
          ...keys.slice(1).map(async (name) => versioned(await redis.hmget(name, 'v', 'json'))),
        ]);
        return {
          version: version === null ? undefined : Number(version),
          read: values as (Versioned<unknown> | undefined)[],
        };
      }
      const [version, ...pairs] = await commands.storePutRead(
        keys.length,
        ...keys,
        expectedVersion,
        json,
        ttl,
      );
      return {
        version: version == null ? undefined : Number(version),
        read: read.map((_, at) => versioned(pairs, 2 * at)),
      };
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
  };
}

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
    // A command is sent again once after a reconnection; the timeout bounds the rest.
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? STORE_COMMAND_TIMEOUT_MS,
  });
  // Always listened to: ioredis prints unhandled connection errors to stderr otherwise.
  if (options.logger) logConnection(redis, options.logger, options.onError);
  else redis.on('error', () => undefined);
  const conn: Connection = {
    redis,
    commands: defineScripts(redis),
    names: isCluster(target) ? clusterLayout : serverLayout,
  };
  return {
    redis,
    ...valuesOn(conn),
    lock: <T>(key: string, options: LockOptions) => lockOn<T>(conn, key, options),
    rateLimit: (name, points, seconds) => redisRateLimit(redis, name, points, seconds),
    async close() {
      // Redis out of reach: the connection is dropped rather than waited on.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
