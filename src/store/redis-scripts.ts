/**
 * The store's Lua scripts, each one atomic exchange with Redis: a value and its version in
 * one hash (the version check and the write together), locks as SET NX PX with a random
 * token, released and extended only by their holder.
 */
import type { Cluster, Redis } from 'ioredis';
import { storedValue, type Versioned } from './store.js';

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

/** The client with the scripts defined on it (`defineScripts`). */
export type StoreRedis = (Redis | Cluster) & {
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

export function defineScripts(redis: Redis | Cluster): StoreRedis {
  redis.defineCommand('storePut', { numberOfKeys: 1, lua: PUT });
  // Scripts with a key list of their own length: numberOfKeys is given with each call.
  redis.defineCommand('storeEnd', { lua: END });
  redis.defineCommand('storeLockRead', { lua: LOCK_READ });
  redis.defineCommand('storeSet', { numberOfKeys: 1, lua: SET });
  redis.defineCommand('storePutRead', { lua: PUT_READ });
  redis.defineCommand('storeExtend', { numberOfKeys: 1, lua: EXTEND });
  return redis as StoreRedis;
}

/** The value whose version and JSON are at `at` and after it in `fields` (HMGET v json). */
export function versioned<T>(fields: (string | number | null)[], at = 0): Versioned<T> | undefined {
  const version = fields[at];
  const json = fields[at + 1];
  return version == null || typeof json !== 'string'
    ? undefined
    : storedValue<T>(json, Number(version));
}

export const ttlOf = (seconds: number) => Math.max(1, Math.ceil(seconds));
