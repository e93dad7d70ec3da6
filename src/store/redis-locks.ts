/**
 * The store's locks on Redis: taken with what they read (one script on one server; split
 * by slot on a cluster), ended with their writes and the releases they carry, extended
 * and released only by their holder (its random token).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cluster, Redis } from 'ioredis';
import type { RedisLayout } from './redis-layout.js';
import { ttlOf, versioned, type StoreRedis } from './redis-scripts.js';
import {
  isRemoval,
  LockTimeoutError,
  type Carried,
  type Lock,
  type LockOptions,
  type Versioned,
  type Write,
} from './store.js';

/** What each piece of the store is given: the client, its scripts, the keys' names. */
export interface Connection {
  redis: Redis | Cluster;
  commands: StoreRedis;
  names: RedisLayout;
}

const LOCK_POLL_MS = 10;

export type Named = { name: string; token: string };

/** A rate limit's window for `key` (RateLimit.window), to spend a point of in LOCK_READ. */
export type Window = { key: string; seconds: number; points: number };

/**
 * One script: takes the lock `lock` and, if taken, the locks `more` (each if free),
 * spends a point of `window` and reads the values `reads` (server names), as LOCK_READ
 * does; undefined when the lock is held.
 */
async function takeAll(
  conn: Connection,
  lock: Named,
  ttlMs: number,
  more: Named[],
  reads: string[],
  window?: Window,
) {
  const { redis, commands } = conn;
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
}

/**
 * One attempt at the lock (with more locks or keys to read: those taken, the values
 * read, and what each other lock's `reads` holds). On one server, one script, every read
 * made once every lock is taken. On a cluster a script keeps to one slot: the lock is
 * taken with its `read` (the layout names it in that slot), then, once it is, each other
 * lock with its own read (one script of that slot) and the other values, each on its
 * own, all at once (the rate limit's point is then spent by the limiter itself: `window`
 * is undefined there).
 */
async function take(
  conn: Connection,
  lock: Named,
  ttlMs: number,
  more: (Named & { reads?: string })[],
  read: string | undefined,
  also: string[],
  window: Window | undefined,
) {
  const { redis } = conn;
  const reads = read === undefined ? also : [read, ...also];
  if (!redis.isCluster) {
    // The other locks' reads after the lock's own, read once every lock is taken.
    const theirs = more.flatMap((other) => (other.reads === undefined ? [] : [other.reads]));
    const all = await takeAll(conn, lock, ttlMs, more, [...reads, ...theirs], window);
    if (!all) return undefined;
    let at = reads.length;
    return {
      ...all,
      values: all.values.slice(0, reads.length),
      read: more.map((other) => (other.reads === undefined ? undefined : all.values[at++])),
    };
  }
  const first = await takeAll(conn, lock, ttlMs, [], read === undefined ? [] : [read]);
  if (!first) return undefined;
  // Each other lock with its read, in one script of its slot: taken before it is read.
  const [taken, values] = await Promise.all([
    Promise.all(
      more.map((other) =>
        takeAll(conn, other, ttlMs, [], other.reads === undefined ? [] : [other.reads]),
      ),
    ),
    Promise.all(also.map(async (name) => versioned(await redis.hmget(name, 'v', 'json')))),
  ]);
  return {
    more: taken.map((other) => other !== undefined),
    values: [...first.values, ...values],
    read: taken.map((other) => other?.values[0]),
  };
}

export type Put = { name: string; expected: number; json: string; ttl: number };

/**
 * One END script: the put (if any), the writes (`ifWritten` ones only with the put) and
 * the releases of `lock` and `others`.
 */
function endAll(
  conn: Connection,
  lock: Named,
  put: Put | undefined,
  writes: Write[],
  others: Named[],
  ifWritten: Write[] = [],
) {
  const { commands, names } = conn;
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
}

/**
 * The end of a lock's work: the put (if any), the carried writes and releases. On one
 * server, one script. On a cluster a script keeps to one slot: the writes (and a put in
 * another slot than the lock's, or one with `ifWritten` writes) go first, each on its
 * own, all at once, then the `ifWritten` writes if the put was made; then, even if one
 * failed, the lock's release (with its put, when `together`) and the others', all at once.
 * A lock with an empty token is kept (`putAndKeep`).
 */
async function end(
  conn: Connection,
  lock: Named,
  put: Put | undefined,
  together: boolean,
  carried: Carried | undefined,
): Promise<number | null> {
  const { redis, commands, names } = conn;
  const writes = carried?.writes ?? [];
  const ifWritten = put ? (carried?.ifWritten ?? []) : [];
  const others = (carried?.release ?? []).flatMap((other) => {
    if (!(other instanceof Held)) return [];
    other.released = true;
    return [other];
  });
  if (!redis.isCluster) return endAll(conn, lock, put, writes, others, ifWritten);
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
    const own = joined || lock.token !== '' ? endAll(conn, lock, joined, [], []) : null;
    const [released] = await Promise.all([
      own,
      ...others.map((other) => endAll(conn, other, undefined, [], [])),
    ]);
    if (joined) version = released ?? null;
  }
  return version;
}

const putOf = (
  names: RedisLayout,
  key: string,
  value: unknown,
  expected: number,
  ttlSeconds: number,
): Put => ({
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
export class Held<T> implements Lock<T> {
  read?: Versioned<T>;
  also?: (Versioned<unknown> | undefined)[];
  taken?: (Lock<unknown> | undefined)[];
  allowed?: boolean;
  /** Released by us: nothing more to send (a later release, an extend by the timer). */
  released = false;

  constructor(
    private readonly conn: Connection,
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
    await end(this.conn, this, undefined, true, carried);
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
    const put = putOf(this.conn.names, written, value, expectedVersion, ttlSeconds);
    // In another slot of a cluster than the lock: the write, then the release.
    const together = this.conn.names.together(this.key, this.reads, written);
    const version = await end(this.conn, lock, put, together, carried);
    return version === null ? undefined : Number(version);
  }

  async extend(ttl: number): Promise<boolean> {
    if (this.released) return false;
    return (await this.conn.commands.storeExtend(this.name, this.token, Math.max(1, ttl))) === 1;
  }
}

const held = <T>(
  conn: Connection,
  key: string,
  lock: Named,
  read: string | undefined,
  fields: Pick<Lock<T>, 'read' | 'also' | 'taken' | 'allowed'>,
): Lock<T> => new Held<T>(conn, key, lock.name, lock.token, read, fields);

export async function lockOn<T>(
  conn: Connection,
  key: string,
  { ttlMs, waitMs, read, also = [], take: others = [], spend }: LockOptions,
): Promise<Lock<T>> {
  const { names } = conn;
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
  const limit = conn.redis.isCluster ? undefined : spend?.limit.window;
  const window = limit && spend && { ...limit, key: limit.key(spend.key) };
  const valueNames = also.map((other) => names.value(other));
  let taken;
  for (;;) {
    taken = await take(
      conn,
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
    allowed = taken.allowed ?? (spend && !window ? await spend.limit.take(spend.key) : undefined);
  } catch (error) {
    // The limit out of reach: the locks just taken are given back, not left to lapse
    // (a redelivered update would find its conversation busy until they did).
    const ours = [{ name, token }, ...more.filter((_, at) => taken.more[at])];
    await Promise.all(ours.map((lock) => end(conn, lock, undefined, true, undefined))).catch(
      () => undefined,
    );
    throw error;
  }
  const saved = read === undefined ? undefined : (values[0] as Versioned<T> | undefined);
  return held<T>(conn, key, { name, token }, read, {
    ...(saved ? { read: saved } : {}),
    ...(also.length > 0 ? { also: read === undefined ? values : values.slice(1) } : {}),
    ...(allowed !== undefined ? { allowed } : {}),
    ...(more.length > 0
      ? {
          taken: more.map((other, at) => {
            if (!taken.more[at]) return undefined;
            const saved = taken.read?.[at];
            return held(conn, other.key, other, other.read, saved ? { read: saved } : {});
          }),
        }
      : {}),
  });
}
