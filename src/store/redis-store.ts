/**
 * The Redis store (ioredis). A value and its version live in one hash so that the
 * version check and the write are one atomic script; locks are SET NX PX with a random
 * token, released and extended only by their holder (compare-and-delete and
 * compare-and-expire scripts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import {
  LockTimeoutError,
  type Carried,
  type Lock,
  type LockOptions,
  type Store,
  type Versioned,
} from './store.js';
import { redisRateLimit } from './rate-limits.js';

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

/**
 * The end of a lock's work, in one exchange: with ARGV[1] = '1', PUT on KEYS[1] (expected
 * ARGV[2], json ARGV[3], ttl ARGV[4]); then ARGV[6] writes whatever is stored (SET) on
 * KEYS[3…] (json and ttl pairs from ARGV[7]); then the release of the lock KEYS[2] (token
 * ARGV[5]) and of the other locks after the written keys (their tokens after the pairs),
 * each only if still ours. Returns PUT's new version, or false.
 */
const END = `
local version = false
if ARGV[1] == '1' then
  local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
  if current == tonumber(ARGV[2]) then
    version = current + 1
    redis.call('HSET', KEYS[1], 'v', version, 'json', ARGV[3])
    redis.call('EXPIRE', KEYS[1], ARGV[4])
  end
end
local writes = tonumber(ARGV[6])
for i = 1, writes do
  local key = KEYS[2 + i]
  redis.call('HINCRBY', key, 'v', 1)
  redis.call('HSET', key, 'json', ARGV[5 + 2 * i])
  redis.call('EXPIRE', key, ARGV[6 + 2 * i])
end
if redis.call('GET', KEYS[2]) == ARGV[5] then redis.call('DEL', KEYS[2]) end
for i = 3 + writes, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[4 + writes + i] then redis.call('DEL', KEYS[i]) end
end
return version`;

/**
 * Takes the lock KEYS[1] (SET NX PX, token ARGV[1], ttl ARGV[2]) and, if taken, the ARGV[3]
 * locks after it, each if free (their tokens from ARGV[5]); with ARGV[4] > 0, spends a
 * point of the rate limit window after them (ARGV[4] seconds long), as rate-limiter-flexible
 * does; then reads the values of the keys after those (v, json of each). Returns the taken
 * locks' 1 or 0, the points spent in the window (if spending), then the values' pairs.
 */
const LOCK_READ = `
if not redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return nil end
local fields = {}
local more = tonumber(ARGV[3])
for i = 2, 1 + more do
  fields[#fields + 1] = redis.call('SET', KEYS[i], ARGV[3 + i], 'PX', ARGV[2], 'NX') and 1 or 0
end
local first = 2 + more
if tonumber(ARGV[4]) > 0 then
  local window = KEYS[first]
  first = first + 1
  redis.call('SET', window, 0, 'EX', ARGV[4], 'NX')
  fields[#fields + 1] = redis.call('INCRBY', window, 1)
  if redis.call('PTTL', window) == -1 then redis.call('EXPIRE', window, ARGV[4]) end
end
for i = first, #KEYS do
  local pair = redis.call('HMGET', KEYS[i], 'v', 'json')
  fields[#fields + 1] = pair[1]
  fields[#fields + 1] = pair[2]
end
return fields`;

const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const LOCK_POLL_MS = 10;

const ttlOf = (seconds: number) => Math.max(1, Math.ceil(seconds));

export interface RedisStoreOptions {
  /** Prefix of every key, so tests and deployments can share a server. */
  prefix?: string;
}

type StoreRedis = Redis & {
  storePut(key: string, expected: number, json: string, ttl: number): Promise<number | null>;
  storeEnd(...keysThenArgs: (string | number)[]): Promise<number | null>;
  storeLockRead(...keysThenArgs: (string | number)[]): Promise<(string | number | null)[] | null>;
  storeSet(key: string, json: string, ttl: number): Promise<number>;
  storeExtend(key: string, token: string, ttlMs: number): Promise<number>;
};

export function createRedisStore(
  url: string,
  options: RedisStoreOptions = {},
): Store & { redis: Redis } {
  const prefix = options.prefix ?? 'bot:';
  const redis = new Redis(url, { keyPrefix: prefix, lazyConnect: false, maxRetriesPerRequest: 3 });
  redis.defineCommand('storePut', { numberOfKeys: 1, lua: PUT });
  // Scripts with a key list of their own length: numberOfKeys is given with each call.
  redis.defineCommand('storeEnd', { lua: END });
  redis.defineCommand('storeLockRead', { lua: LOCK_READ });
  redis.defineCommand('storeSet', { numberOfKeys: 1, lua: SET });
  redis.defineCommand('storeExtend', { numberOfKeys: 1, lua: EXTEND });
  const commands = redis as StoreRedis;

  const versioned = <T>([version, json]: (string | null)[]): Versioned<T> | undefined =>
    version == null || json == null
      ? undefined
      : { value: JSON.parse(json) as T, version: Number(version) };

  /**
   * One attempt at the lock (with more locks or keys to read: those taken and the values
   * read, in the same script).
   */
  const take = async (
    key: string,
    token: string,
    ttlMs: number,
    more: { key: string; token: string }[],
    reads: string[],
    window: { key: string; seconds: number; points: number } | undefined,
  ) => {
    if (reads.length === 0 && more.length === 0 && !window) {
      const acquired = await redis.set(`lock:${key}`, token, 'PX', ttlMs, 'NX');
      return acquired === 'OK' ? { more: [], values: [] } : undefined;
    }
    const keys = [
      `lock:${key}`,
      ...more.map((other) => `lock:${other.key}`),
      ...(window ? [window.key] : []),
      ...reads.map((read) => `kv:${read}`),
    ];
    const args = [
      token,
      ttlMs,
      more.length,
      window ? Math.max(1, Math.ceil(window.seconds)) : 0,
      ...more.map((other) => other.token),
    ];
    const fields = await commands.storeLockRead(keys.length, ...keys, ...args);
    if (fields === null) return undefined;
    const spent = window ? 1 : 0;
    const pairs = fields.slice(more.length + spent) as (string | null)[];
    return {
      more: fields.slice(0, more.length).map((taken) => Number(taken) === 1),
      ...(window ? { allowed: Number(fields[more.length]) <= window.points } : {}),
      values: reads.map((_, at) => versioned(pairs.slice(2 * at, 2 * at + 2))),
    };
  };

  /** Our locks by what `lock` gave out: their key and token, for another lock's release. */
  const ours = new WeakMap<Lock<unknown>, { key: string; token: string; released(): void }>();

  /** The end script's keys and arguments: the put (if any), the carried writes and releases. */
  const end = (
    lockKey: string,
    token: string,
    put: { key: string; expected: number; json: string; ttl: number } | undefined,
    carried: Carried | undefined,
  ) => {
    const writes = carried?.writes ?? [];
    const others = (carried?.release ?? []).flatMap((lock) => {
      const own = ours.get(lock);
      if (!own) return [];
      own.released();
      return [own];
    });
    const keys = [
      put ? `kv:${put.key}` : `lock:${lockKey}`,
      `lock:${lockKey}`,
      ...writes.map((write) => `kv:${write.key}`),
      ...others.map((other) => `lock:${other.key}`),
    ];
    const args = [
      put ? '1' : '0',
      put?.expected ?? 0,
      put?.json ?? '',
      put?.ttl ?? 0,
      token,
      writes.length,
      ...writes.flatMap((write) => [JSON.stringify(write.value), ttlOf(write.ttlSeconds)]),
      ...others.map((other) => other.token),
    ];
    return commands.storeEnd(keys.length, ...keys, ...args);
  };

  /** A lock of ours on `key` (token `token`), with what was read as it was taken. */
  const held = <T>(
    key: string,
    token: string,
    read: Pick<Lock<T>, 'read' | 'also' | 'taken' | 'allowed'>,
  ): Lock<T> => {
    // Released by us: nothing more to send (a later release, an extend by the timer).
    let released = false;
    const lock: Lock<T> = {
      ...read,
      async release(carried) {
        if (released && !carried?.writes?.length && !carried?.release?.length) return;
        released = true;
        await end(key, token, undefined, carried);
      },
      async putAndRelease(written, value, expectedVersion, ttlSeconds, carried) {
        released = true;
        const version = await end(
          key,
          token,
          {
            key: written,
            expected: expectedVersion,
            json: JSON.stringify(value),
            ttl: ttlOf(ttlSeconds),
          },
          carried,
        );
        return version === null ? undefined : Number(version);
      },
      async extend(ttl) {
        if (released) return false;
        return (await commands.storeExtend(`lock:${key}`, token, Math.max(1, ttl))) === 1;
      },
    };
    ours.set(lock, { key, token, released: () => (released = true) });
    return lock;
  };

  return {
    redis,

    async get<T>(key: string): Promise<Versioned<T> | undefined> {
      return versioned<T>(await redis.hmget(`kv:${key}`, 'v', 'json'));
    },

    async getMany(keys) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.hmget(`kv:${key}`, 'v', 'json');
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, fields]) => {
        if (error) throw error;
        return versioned(fields as (string | null)[]);
      });
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

    async set(key, value, ttlSeconds) {
      return Number(
        await commands.storeSet(
          `kv:${key}`,
          JSON.stringify(value),
          Math.max(1, Math.ceil(ttlSeconds)),
        ),
      );
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

    async lock<T>(
      key: string,
      { ttlMs, waitMs, read, also = [], take: others = [], spend }: LockOptions,
    ): Promise<Lock<T>> {
      const token = randomUUID();
      const more = others.map((other) => ({ key: other, token: randomUUID() }));
      const deadline = Date.now() + waitMs;
      const reads = read === undefined ? also : [read, ...also];
      const limit = spend?.limit.window;
      const window = limit && spend && { ...limit, key: limit.key(spend.key) };
      let taken;
      for (;;) {
        taken = await take(key, token, ttlMs, more, reads, window);
        if (taken) break;
        if (Date.now() >= deadline)
          throw new LockTimeoutError(`lock ${key} not acquired in ${waitMs} ms`);
        await sleep(LOCK_POLL_MS);
      }
      const { values } = taken;
      // A limit kept elsewhere (not a window of this Redis) is spent on its own.
      const allowed =
        taken.allowed ?? (spend && !window ? await spend.limit.take(spend.key) : undefined);
      const saved = read === undefined ? undefined : (values[0] as Versioned<T> | undefined);
      const lock = held<T>(key, token, {
        ...(saved ? { read: saved } : {}),
        ...(also.length > 0 ? { also: read === undefined ? values : values.slice(1) } : {}),
        ...(allowed !== undefined ? { allowed } : {}),
        ...(more.length > 0
          ? {
              taken: more.map((other, at) =>
                taken.more[at] ? held(other.key, other.token, {}) : undefined,
              ),
            }
          : {}),
      });
      return lock;
    },

    rateLimit(name, points, seconds) {
      return redisRateLimit(redis, name, points, seconds);
    },

    async close() {
      await redis.quit();
    },
  };
}
