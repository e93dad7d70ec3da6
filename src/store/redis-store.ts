/**
 * The Redis store (ioredis), on one server or on a Redis Cluster (redis-target.ts). A
 * value and its version live in one hash so that the version check and the write are one
 * atomic script; locks are SET NX PX with a random token, released and extended only by
 * their holder (compare-and-delete and compare-and-expire scripts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cluster, Redis } from 'ioredis';
import {
  isRemoval,
  LockTimeoutError,
  storedValue,
  type Carried,
  type Lock,
  type LockOptions,
  type Store,
  type Versioned,
  type Write,
} from './store.js';
import type { Logger } from '#src/log.js';
import { logConnection } from './connection-log.js';
import { redisRateLimit } from './rate-limits.js';
import { connectRedis, isCluster, type RedisTarget } from './redis-target.js';

const PUT = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if current ~= tonumber(ARGV[1]) then return nil end
local version = current + 1
redis.call('HSET', KEYS[1], 'v', version, 'json', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return version`;

/** PUT on KEYS[1] (expected ARGV[1], json ARGV[2], ttl ARGV[3]), then v and json of the other keys. */
const PUT_READ = `
local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
local fields = { false }
if current == tonumber(ARGV[1]) then
  fields[1] = current + 1
  redis.call('HSET', KEYS[1], 'v', current + 1, 'json', ARGV[2])
  redis.call('EXPIRE', KEYS[1], ARGV[3])
end
for i = 2, #KEYS do
  local pair = redis.call('HMGET', KEYS[i], 'v', 'json')
  fields[#fields + 1] = pair[1]
  fields[#fields + 1] = pair[2]
end
return fields`;

/** A write whatever the version (last writer wins). */
const SET = `
local version = redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('HSET', KEYS[1], 'json', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return version`;

/**
 * The end of a lock's work, in one exchange: with ARGV[1] = '1', PUT on KEYS[1] (expected
 * ARGV[2], json ARGV[3], ttl ARGV[4]); then ARGV[6] writes whatever is stored (SET) on
 * KEYS[3…] (json and ttl pairs from ARGV[7]; a ttl of 'del' removes the key, and one
 * prefixed 'if:' is only written when the PUT was made); then the release of the lock KEYS[2] (token
 * ARGV[5]; an empty token keeps it) and of the other locks after the written keys (their
 * tokens after the pairs), each only if still ours. Returns PUT's new version, or false.
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
  local ttl = ARGV[6 + 2 * i]
  local made = true
  if string.sub(ttl, 1, 3) == 'if:' then
    made = version ~= false
    ttl = string.sub(ttl, 4)
  end
  if not made then
  elseif ttl == 'del' then
    redis.call('DEL', key)
  else
    redis.call('HINCRBY', key, 'v', 1)
    redis.call('HSET', key, 'json', ARGV[5 + 2 * i])
    redis.call('EXPIRE', key, ttl)
  end
end
if ARGV[5] ~= '' and redis.call('GET', KEYS[2]) == ARGV[5] then redis.call('DEL', KEYS[2]) end
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

const ttlOf = (seconds: number) => Math.max(1, Math.ceil(seconds));

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

type StoreRedis = (Redis | Cluster) & {
  storePut(key: string, expected: number, json: string, ttl: number): Promise<number | null>;
  /** The number of keys, the keys, then the arguments (lists flattened by ioredis). */
  storeEnd(count: number, keys: string[], args: (string | number)[]): Promise<number | null>;
  storeLockRead(
    count: number,
    keys: string[],
    args: (string | number)[],
  ): Promise<(string | number | null)[] | null>;
  storeSet(key: string, json: string, ttl: number): Promise<number>;
  storePutRead(...keysThenArgs: (string | number)[]): Promise<(string | number | null)[]>;
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
    // A command is sent again once after a reconnection; the timeout bounds the rest.
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? STORE_COMMAND_TIMEOUT_MS,
  });
  // Always listened to: ioredis prints unhandled connection errors to stderr otherwise.
  if (options.logger) logConnection(redis, options.logger, options.onError);
  else redis.on('error', () => undefined);
  const names = isCluster(target) ? clusterLayout : serverLayout;
  redis.defineCommand('storePut', { numberOfKeys: 1, lua: PUT });
  // Scripts with a key list of their own length: numberOfKeys is given with each call.
  redis.defineCommand('storeEnd', { lua: END });
  redis.defineCommand('storeLockRead', { lua: LOCK_READ });
  redis.defineCommand('storeSet', { numberOfKeys: 1, lua: SET });
  redis.defineCommand('storePutRead', { lua: PUT_READ });
  redis.defineCommand('storeExtend', { numberOfKeys: 1, lua: EXTEND });
  const commands = redis as StoreRedis;

  /** The value whose version and JSON are at `at` and after it in `fields` (HMGET v json). */
  const versioned = <T>(fields: (string | number | null)[], at = 0): Versioned<T> | undefined => {
    const version = fields[at];
    const json = fields[at + 1];
    return version == null || typeof json !== 'string'
      ? undefined
      : storedValue<T>(json, Number(version));
  };

  type Named = { name: string; token: string };

  /**
   * One script: takes the lock `lock` and, if taken, the locks `more` (each if free),
   * spends a point of `window` and reads the values `reads` (server names), as LOCK_READ
   * does; undefined when the lock is held.
   */
  const takeAll = async (
    lock: Named,
    ttlMs: number,
    more: Named[],
    reads: string[],
    window: { key: string; seconds: number; points: number } | undefined,
  ) => {
    if (reads.length === 0 && more.length === 0 && !window) {
      const acquired = await redis.set(lock.name, lock.token, 'PX', ttlMs, 'NX');
      return acquired === 'OK' ? { more: [] as boolean[], values: [] } : undefined;
    }
    // Built in place, as END's lists are (endAll).
    const keys = [lock.name];
    const args: (string | number)[] = [
      lock.token,
      ttlMs,
      more.length,
      window ? ttlOf(window.seconds) : 0,
    ];
    for (const other of more) {
      keys.push(other.name);
      args.push(other.token);
    }
    if (window) keys.push(window.key);
    for (const name of reads) keys.push(name);
    const fields = await commands.storeLockRead(keys.length, keys, args);
    if (fields === null) return undefined;
    const first = more.length + (window ? 1 : 0);
    return {
      more: fields.slice(0, more.length).map((taken) => Number(taken) === 1),
      ...(window ? { allowed: Number(fields[more.length]) <= window.points } : {}),
      values: reads.map((_, at) => versioned(fields, first + 2 * at)),
    };
  };

  /**
   * One attempt at the lock (with more locks or keys to read: those taken, the values
   * read, and what each other lock's `reads` holds). On one server, one script, every read
   * made once every lock is taken. On a cluster a script keeps to one slot: the lock is
   * taken with its `read` (the layout names it in that slot), then, once it is, each other
   * lock with its own read (one script of that slot) and the other values, each on its
   * own, all at once (the rate limit's point is then spent by the limiter itself: `window`
   * is undefined there).
   */
  const take = async (
    lock: Named,
    ttlMs: number,
    more: (Named & { reads?: string })[],
    read: string | undefined,
    also: string[],
    window: { key: string; seconds: number; points: number } | undefined,
  ) => {
    const reads = read === undefined ? also : [read, ...also];
    if (!redis.isCluster) {
      // The other locks' reads after the lock's own, read once every lock is taken.
      const theirs = more.flatMap((other) => (other.reads === undefined ? [] : [other.reads]));
      const all = await takeAll(lock, ttlMs, more, [...reads, ...theirs], window);
      if (!all) return undefined;
      let at = reads.length;
      return {
        ...all,
        values: all.values.slice(0, reads.length),
        read: more.map((other) => (other.reads === undefined ? undefined : all.values[at++])),
      };
    }
    const first = await takeAll(lock, ttlMs, [], read === undefined ? [] : [read], undefined);
    if (!first) return undefined;
    // Each other lock with its read, in one script of its slot: taken before it is read.
    const [taken, values] = await Promise.all([
      Promise.all(
        more.map((other) =>
          takeAll(other, ttlMs, [], other.reads === undefined ? [] : [other.reads], undefined),
        ),
      ),
      Promise.all(also.map(async (name) => versioned(await redis.hmget(name, 'v', 'json')))),
    ]);
    return {
      more: taken.map((other) => other !== undefined),
      values: [...first.values, ...values],
      read: taken.map((other) => other?.values[0]),
    };
  };

  type Put = { name: string; expected: number; json: string; ttl: number };

  /**
   * One END script: the put (if any), the writes (`ifWritten` ones only with the put) and
   * the releases of `lock` and `others`.
   */
  const endAll = (
    lock: Named,
    put: Put | undefined,
    writes: Write[],
    others: Named[],
    ifWritten: Write[] = [],
  ) => {
    // Built in place, once a turn or more: two lists, handed over as they are (flattened
    // by the client), not copied through spreads and maps.
    const keys = [put ? put.name : lock.name, lock.name];
    const args: (string | number)[] = [
      put ? '1' : '0',
      put?.expected ?? 0,
      put?.json ?? '',
      put?.ttl ?? 0,
      lock.token,
      writes.length + ifWritten.length,
    ];
    const carry = (write: Write, when: '' | 'if:') => {
      keys.push(names.value(write.key));
      if (isRemoval(write)) args.push('', `${when}del`);
      else args.push(JSON.stringify(write.value), `${when}${ttlOf(write.ttlSeconds)}`);
    };
    for (const write of writes) carry(write, '');
    for (const write of ifWritten) carry(write, 'if:');
    for (const other of others) {
      keys.push(other.name);
      args.push(other.token);
    }
    return commands.storeEnd(keys.length, keys, args);
  };

  /**
   * The end of a lock's work: the put (if any), the carried writes and releases. On one
   * server, one script. On a cluster a script keeps to one slot: the writes (and a put in
   * another slot than the lock's, or one with `ifWritten` writes) go first, each on its
   * own, all at once, then the `ifWritten` writes if the put was made; then, even if one
   * failed, the lock's release (with its put, when `together`) and the others', all at once.
   * A lock with an empty token is kept (`putAndKeep`).
   */
  const end = async (
    lock: Named,
    put: Put | undefined,
    together: boolean,
    carried: Carried | undefined,
  ): Promise<number | null> => {
    const writes = carried?.writes ?? [];
    const ifWritten = put ? (carried?.ifWritten ?? []) : [];
    const others = (carried?.release ?? []).flatMap((other) => {
      if (!(other instanceof Held)) return [];
      other.released = true;
      return [other];
    });
    if (!redis.isCluster) return endAll(lock, put, writes, others, ifWritten);
    const each = (list: Write[]) =>
      list.map((write) =>
        isRemoval(write)
          ? redis.del(names.value(write.key))
          : commands.storeSet(
              names.value(write.key),
              JSON.stringify(write.value),
              ttlOf(write.ttlSeconds),
            ),
      );
    // With writes that follow from the put, the put goes first, on its own.
    const apart = put && (!together || ifWritten.length > 0) ? put : undefined;
    let version: number | null = null;
    try {
      const [written] = await Promise.all([
        apart ? commands.storePut(apart.name, apart.expected, apart.json, apart.ttl) : null,
        ...each(writes),
      ]);
      version = written ?? null;
      if (version !== null && ifWritten.length > 0) await Promise.all(each(ifWritten));
    } finally {
      const joined = put && !apart ? put : undefined;
      const own = joined || lock.token !== '' ? endAll(lock, joined, [], []) : null;
      const [released] = await Promise.all([
        own,
        ...others.map((other) => endAll(other, undefined, [], [])),
      ]);
      if (joined) version = released ?? null;
    }
    return version;
  };

  const putOf = (key: string, value: unknown, expected: number, ttlSeconds: number): Put => ({
    name: names.value(key),
    expected,
    json: JSON.stringify(value),
    ttl: ttlOf(ttlSeconds),
  });

  /**
   * A lock of ours on `key` (named `name`, token `token`, taken with `read`), with what was
   * read as it was taken. A class, not an object of closures: a turn takes two locks, and
   * their methods are then shared; another lock's release knows ours by `instanceof`.
   */
  class Held<T> implements Lock<T> {
    read?: Versioned<T>;
    also?: (Versioned<unknown> | undefined)[];
    taken?: (Lock<unknown> | undefined)[];
    allowed?: boolean;
    /** Released by us: nothing more to send (a later release, an extend by the timer). */
    released = false;

    constructor(
      readonly key: string,
      readonly name: string,
      readonly token: string,
      private readonly reads: string | undefined,
      fields: Pick<Lock<T>, 'read' | 'also' | 'taken' | 'allowed'>,
    ) {
      if (fields.read !== undefined) this.read = fields.read;
      if (fields.also !== undefined) this.also = fields.also;
      if (fields.taken !== undefined) this.taken = fields.taken;
      if (fields.allowed !== undefined) this.allowed = fields.allowed;
    }

    async release(carried?: Carried): Promise<void> {
      if (this.released && !carried?.writes?.length && !carried?.release?.length) return;
      this.released = true;
      await end(this, undefined, true, carried);
    }

    async putAndRelease<V>(
      written: string,
      value: V,
      expectedVersion: number,
      ttlSeconds: number,
      carried?: Carried,
    ): Promise<number | undefined> {
      this.released = true;
      return this.endWith(this, written, value, expectedVersion, ttlSeconds, carried);
    }

    async putAndKeep<V>(
      written: string,
      value: V,
      expectedVersion: number,
      ttlSeconds: number,
      carried?: Carried,
    ): Promise<number | undefined> {
      const kept = { name: this.name, token: '' };
      return this.endWith(kept, written, value, expectedVersion, ttlSeconds, carried);
    }

    /** The put of `written` ended with `lock` (this one released, or kept: no token). */
    private async endWith(
      lock: Named,
      written: string,
      value: unknown,
      expectedVersion: number,
      ttlSeconds: number,
      carried: Carried | undefined,
    ): Promise<number | undefined> {
      const put = putOf(written, value, expectedVersion, ttlSeconds);
      // In another slot of a cluster than the lock: the write, then the release.
      const together = names.together(this.key, this.reads, written);
      const version = await end(lock, put, together, carried);
      return version === null ? undefined : Number(version);
    }

    async extend(ttl: number): Promise<boolean> {
      if (this.released) return false;
      return (await commands.storeExtend(this.name, this.token, Math.max(1, ttl))) === 1;
    }
  }

  const held = <T>(
    key: string,
    lock: Named,
    read: string | undefined,
    fields: Pick<Lock<T>, 'read' | 'also' | 'taken' | 'allowed'>,
  ): Lock<T> => new Held<T>(key, lock.name, lock.token, read, fields);

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

    async lock<T>(
      key: string,
      { ttlMs, waitMs, read, also = [], take: others = [], spend }: LockOptions,
    ): Promise<Lock<T>> {
      const token = randomUUID();
      const name = names.lock(key, read);
      // Each named as that lock is wherever else it is taken (with the same `read`).
      const more = others.map((other) => {
        const { key: otherKey, read: otherRead } =
          typeof other === 'string' ? { key: other, read: undefined } : other;
        return {
          key: otherKey,
          read: otherRead,
          name: names.lock(otherKey, otherRead),
          token: randomUUID(),
          ...(otherRead !== undefined ? { reads: names.value(otherRead) } : {}),
        };
      });
      const deadline = Date.now() + waitMs;
      // On a cluster the window is in a slot of its own: the limiter spends there itself.
      const limit = redis.isCluster ? undefined : spend?.limit.window;
      const window = limit && spend && { ...limit, key: limit.key(spend.key) };
      const valueNames = also.map((other) => names.value(other));
      let taken;
      for (;;) {
        taken = await take(
          { name, token },
          ttlMs,
          more,
          read === undefined ? undefined : names.value(read),
          valueNames,
          window,
        );
        if (taken) break;
        if (Date.now() >= deadline)
          throw new LockTimeoutError(`lock ${key} not acquired in ${waitMs} ms`);
        await sleep(LOCK_POLL_MS);
      }
      const { values } = taken;
      let allowed: boolean | undefined;
      try {
        // A limit kept elsewhere (not a window of this Redis's scripts) is spent on its own.
        allowed =
          taken.allowed ?? (spend && !window ? await spend.limit.take(spend.key) : undefined);
      } catch (error) {
        // The limit out of reach: the locks just taken are given back, not left to lapse
        // (a redelivered update would find its conversation busy until they did).
        const ours = [{ name, token }, ...more.filter((_, at) => taken.more[at])];
        await Promise.all(ours.map((lock) => end(lock, undefined, true, undefined))).catch(
          () => undefined,
        );
        throw error;
      }
      const saved = read === undefined ? undefined : (values[0] as Versioned<T> | undefined);
      return held<T>(key, { name, token }, read, {
        ...(saved ? { read: saved } : {}),
        ...(also.length > 0 ? { also: read === undefined ? values : values.slice(1) } : {}),
        ...(allowed !== undefined ? { allowed } : {}),
        ...(more.length > 0
          ? {
              taken: more.map((other, at) => {
                if (!taken.more[at]) return undefined;
                const saved = taken.read?.[at];
                return held(other.key, other, other.read, saved ? { read: saved } : {});
              }),
            }
          : {}),
      });
    },

    rateLimit(name, points, seconds) {
      return redisRateLimit(redis, name, points, seconds);
    },

    async close() {
      // Redis out of reach: the connection is dropped rather than waited on.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
