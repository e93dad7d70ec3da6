/**
 * One contract, three stores: the memory store and the Redis store, on the private
 * redis-server of this test run and on its private Redis Cluster, must behave the same.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createMemoryStore } from '#src/store/memory-store.js';
import { clusterLayout, createRedisStore, serverLayout } from '#src/store/redis-store.js';
import {
  LockTimeoutError,
  runOnce,
  withLease,
  withLock,
  type RateLimit,
  type Store,
} from '#src/store/store.js';
import { StoreUnavailableError } from '#src/store/unavailable.js';

let fakeNow = 1_000_000;
const memory = createMemoryStore(() => fakeNow);
const prefix = `test:${randomUUID()}:`;
const redis = createRedisStore(inject('redisUrl'), { prefix });
const cluster = createRedisStore({ cluster: inject('redisCluster') }, { prefix });

afterAll(async () => {
  const keys = await redis.redis.keys('*');
  // ioredis does not prefix KEYS results: delete with the prefix stripped.
  const ours = keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  if (ours.length) await redis.redis.del(...ours);
  // Each master's own keys, by its own client (which has no prefix).
  for (const node of cluster.redis.nodes('master')) {
    const theirs = await node.keys(`${prefix}*`);
    for (const key of theirs) await node.del(key);
  }
  await redis.close();
  await cluster.close();
  await memory.close();
});

const stores: [string, Store, (seconds: number) => Promise<void>][] = [
  [
    'memory',
    memory,
    async (seconds) => {
      fakeNow += seconds * 1000;
    },
  ],
  [
    'redis',
    redis,
    async () => {
      // Expiry on a real server: tested through the TTL instead of waiting.
    },
  ],
  ['redis cluster', cluster, async () => {}],
];

describe.each(stores)('%s store', (name, store) => {
  const key = (suffix: string) => `${name}:${suffix}:${randomUUID()}`;

  it('reads nothing for an absent key', async () => {
    expect(await store.get(key('absent'))).toBeUndefined();
  });

  it('writes with a version check', async () => {
    const k = key('versioned');
    expect(await store.put(k, { step: 1 }, 0, 60)).toBe(1);
    expect(await store.get(k)).toEqual({ value: { step: 1 }, version: 1 });
    expect(await store.put(k, { step: 2 }, 1, 60)).toBe(2);
    // A stale writer (still at version 1) loses and changes nothing.
    expect(await store.put(k, { step: 'stale' }, 1, 60)).toBeUndefined();
    expect(await store.put(k, { step: 'new' }, 0, 60)).toBeUndefined();
    expect(await store.get(k)).toEqual({ value: { step: 2 }, version: 2 });
  });

  it('reads several values at once, absent ones as nothing', async () => {
    const [a, b] = [key('many-a'), key('many-b')];
    await store.put(a, { name: 'a' }, 0, 60);
    await store.put(b, { name: 'b' }, 0, 60);
    await store.put(b, { name: 'b2' }, 1, 60);
    expect(await store.getMany([b, key('many-absent'), a])).toEqual([
      { value: { name: 'b2' }, version: 2 },
      undefined,
      { value: { name: 'a' }, version: 1 },
    ]);
  });

  it('writes with a version check and reads other keys in one step', async () => {
    const [k, a, b] = [key('put-read'), key('pr-a'), key('pr-b')];
    await store.set(a, { n: 1 }, 60);
    expect(await store.putAndRead(k, 'one', 0, 60, [a, b])).toEqual({
      version: 1,
      read: [{ value: { n: 1 }, version: 1 }, undefined],
    });
    // A stale version: nothing written, the reads made all the same.
    expect(await store.putAndRead(k, 'stale', 0, 60, [b, a])).toEqual({
      version: undefined,
      read: [undefined, { value: { n: 1 }, version: 1 }],
    });
    expect(await store.get(k)).toEqual({ value: 'one', version: 1 });
    expect(await store.putAndRead(k, 'two', 1, 60, [])).toEqual({ version: 2, read: [] });
  });

  it('writes whatever is stored with set, last writer winning', async () => {
    const k = key('set');
    expect(await store.set(k, { step: 1 }, 60)).toBe(1);
    expect(await store.put(k, { step: 2 }, 1, 60)).toBe(2);
    expect(await store.set(k, { step: 3 }, 60)).toBe(3);
    expect(await store.get(k)).toEqual({ value: { step: 3 }, version: 3 });
  });

  it('lets exactly one of many concurrent writers win', async () => {
    const k = key('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.put(k, { writer: i }, 0, 60)),
    );
    expect(results.filter((r) => r === 1)).toHaveLength(1);
    expect(results.filter((r) => r === undefined)).toHaveLength(19);
  });

  it('deletes', async () => {
    const k = key('delete');
    await store.put(k, 1, 0, 60);
    await store.delete(k);
    expect(await store.get(k)).toBeUndefined();
  });

  it('claims a key once', async () => {
    const k = key('claim');
    expect(await store.claim(k, 60)).toBe(true);
    expect(await store.claim(k, 60)).toBe(false);
  });

  it('claims once among many concurrent claimers', async () => {
    const k = key('claim-race');
    const results = await Promise.all(Array.from({ length: 50 }, () => store.claim(k, 60)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('serializes holders of a lock', async () => {
    const k = key('lock');
    const events: string[] = [];
    await Promise.all(
      [1, 2, 3].map((i) =>
        withLock(store, k, { ttlMs: 5_000, waitMs: 5_000 }, async () => {
          events.push(`in ${i}`);
          await new Promise((resolve) => setTimeout(resolve, 15));
          events.push(`out ${i}`);
        }),
      ),
    );
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]?.replace('in', 'out')).toBe(events[i + 1]);
    }
  });

  it('times out waiting for a held lock', async () => {
    const k = key('lock-timeout');
    const held = await store.lock(k, { ttlMs: 5_000, waitMs: 100 });
    await expect(store.lock(k, { ttlMs: 5_000, waitMs: 30 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await held.release();
    const again = await store.lock(k, { ttlMs: 5_000, waitMs: 100 });
    await again.release();
  });

  it('gives its locks back when the limit it spends cannot be reached', async () => {
    const k = key('limit-down');
    const other = key('limit-down-other');
    const unreachable: RateLimit = {
      take: () => Promise.reject(new StoreUnavailableError('the limit did not answer')),
      spent: () => Promise.resolve(false),
    };
    await expect(
      store.lock(k, {
        ttlMs: 60_000,
        waitMs: 100,
        take: [other],
        spend: { limit: unreachable, key: 'someone' },
      }),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
    // Free at once, not after the minute the locks were taken for.
    const again = await store.lock(k, { ttlMs: 5_000, waitMs: 0 });
    const otherAgain = await store.lock(other, { ttlMs: 5_000, waitMs: 0 });
    await Promise.all([again.release(), otherAgain.release()]);
  });

  it('frees a lock whose holder died when its time runs out', async () => {
    const k = key('lock-expiry');
    await store.lock(k, { ttlMs: 50, waitMs: 100 }); // never released
    if (name === 'memory') fakeNow += 100;
    const next = await store.lock(k, { ttlMs: 1_000, waitMs: 2_000 });
    await next.release();
  });

  it('extends a lock only while it holds it', async () => {
    const k = key('lock-extend');
    const ours = await store.lock(k, { ttlMs: 50, waitMs: 100 });
    expect(await ours.extend(60_000)).toBe(true);
    if (name === 'memory') fakeNow += 100;
    else await new Promise((resolve) => setTimeout(resolve, 80));
    await expect(store.lock(k, { ttlMs: 1_000, waitMs: 30 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await ours.release();
    expect(await ours.extend(60_000)).toBe(false);
  });

  it('keeps a lease while its work runs, longer than the lease', async () => {
    const k = key('lease');
    let inside = false;
    // On Redis the lease expires on the server's clock while the renewal runs on ours: a
    // lease of a second, renewed every 250 ms, outlives any pause of a loaded machine's
    // event loop, where one of 40 ms did not (the work lasts 2.5 leases either way).
    const leaseMs = name === 'memory' ? 40 : 1_000;
    await withLease(store, k, { leaseMs, waitMs: 100 }, async () => {
      if (name === 'memory') {
        // The renewal runs on the real clock; the memory store's expiry on its own.
        await new Promise((resolve) => setTimeout(resolve, 25));
        fakeNow += 30;
        await new Promise((resolve) => setTimeout(resolve, 25));
        fakeNow += 30;
      } else await new Promise((resolve) => setTimeout(resolve, 2.5 * leaseMs));
      await expect(store.lock(k, { ttlMs: 1_000, waitMs: 0 })).rejects.toBeInstanceOf(
        LockTimeoutError,
      );
      inside = true;
    });
    expect(inside).toBe(true);
    const next = await store.lock(k, { ttlMs: 1_000, waitMs: 0 });
    await next.release();
  });

  it('reads a value in the exchange that takes the lock', async () => {
    const k = key('lock-read');
    const absent = await store.lock(k, { ttlMs: 1_000, waitMs: 100, read: k });
    expect(absent.read).toBeUndefined();
    await absent.release();
    await store.put(k, { step: 1 }, 0, 60);
    const held = await store.lock(k, { ttlMs: 1_000, waitMs: 100, read: k });
    expect(held.read).toEqual({ value: { step: 1 }, version: 1 });
    await held.release();
  });

  it('writes with a version check and releases the lock in one step', async () => {
    const k = key('put-release');
    const first = await store.lock(k, { ttlMs: 60_000, waitMs: 100, read: k });
    expect(await first.putAndRelease(k, { step: 1 }, 0, 60)).toBe(1);
    // Released: the next holder takes it at once, and sees what was written.
    const second = await store.lock(k, { ttlMs: 60_000, waitMs: 0, read: k });
    expect(second.read).toEqual({ value: { step: 1 }, version: 1 });
    // A stale write (the version moved on) is refused, and the lock released all the same.
    await store.put(k, { step: 'other' }, 1, 60);
    expect(await second.putAndRelease(k, { step: 'stale' }, 1, 60)).toBeUndefined();
    expect(await store.get(k)).toEqual({ value: { step: 'other' }, version: 2 });
    const third = await store.lock(k, { ttlMs: 1_000, waitMs: 0 });
    await third.release();
  });

  it("writes another key than the lock's and releases the lock", async () => {
    const [k, other] = [key('put-release-other'), key('put-release-written')];
    const held = await store.lock(k, { ttlMs: 60_000, waitMs: 100 });
    expect(await held.putAndRelease(other, { step: 1 }, 0, 60)).toBe(1);
    expect(await store.get(other)).toEqual({ value: { step: 1 }, version: 1 });
    const next = await store.lock(k, { ttlMs: 1_000, waitMs: 0 });
    await next.release();
  });

  it('does not release, writing, a lock someone else took after ours expired', async () => {
    const k = key('put-release-stolen');
    const ours = await store.lock(k, { ttlMs: 50, waitMs: 100 });
    if (name === 'memory') fakeNow += 100;
    const theirs = await store.lock(k, { ttlMs: 60_000, waitMs: 2_000 });
    expect(await ours.putAndRelease(k, { by: 'us' }, 0, 60)).toBe(1);
    await expect(store.lock(k, { ttlMs: 1_000, waitMs: 30 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await theirs.release();
  });

  it('runs once: a second run finds it done, or busy while the first runs', async () => {
    const k = key('once');
    const options = { leaseMs: 1_000, doneTtlSeconds: 60 };
    let runs = 0;
    let during: string | undefined;
    const first = await runOnce(store, k, options, async () => {
      runs += 1;
      during = await runOnce(store, k, options, async () => {
        runs += 1;
      });
    });
    expect([first, during, runs]).toEqual(['ran', 'busy', 1]);
    expect(await runOnce(store, k, options, async () => void (runs += 1))).toBe('done');
    expect(runs).toBe(1);
  });

  it('reads more keys in the exchange that takes the lock', async () => {
    const [k, a, b] = [key('lock-also'), key('also-a'), key('also-b')];
    await store.put(a, 'A', 0, 60);
    const held = await store.lock(k, { ttlMs: 1_000, waitMs: 100, read: k, also: [a, b] });
    expect(held.read).toBeUndefined();
    expect(held.also).toEqual([{ value: 'A', version: 1 }, undefined]);
    await held.release();
    const alone = await store.lock(k, { ttlMs: 1_000, waitMs: 100, also: [b, a] });
    expect(alone.also).toEqual([undefined, { value: 'A', version: 1 }]);
    await alone.release();
  });

  it('takes more locks, each if free, in the exchange that takes a lock', async () => {
    const [k, free, busy] = [key('take'), key('take-free'), key('take-busy')];
    const theirs = await store.lock(busy, { ttlMs: 60_000, waitMs: 0 });
    const held = await store.lock(k, { ttlMs: 60_000, waitMs: 0, take: [free, busy] });
    expect(held.taken?.map((lock) => lock !== undefined)).toEqual([true, false]);
    await expect(store.lock(free, { ttlMs: 1_000, waitMs: 0 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    // Ours, released with the first; theirs untouched.
    await held.release({ release: [held.taken![0]!] });
    await (await store.lock(free, { ttlMs: 1_000, waitMs: 0 })).release();
    await expect(store.lock(busy, { ttlMs: 1_000, waitMs: 0 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await theirs.release();
  });

  it('reads, for a lock taken with another, what that lock is taken with, once taken', async () => {
    // A conversation's lease taken with an update's (its lock and its value under one name).
    const [k, conversation] = [key('take-read'), key('take-read-conv')];
    const lease = { key: conversation, read: conversation };
    await store.put(conversation, 'saved', 0, 60);
    const held = await store.lock(k, { ttlMs: 60_000, waitMs: 0, take: [lease] });
    const taken = held.taken![0]!;
    expect(taken.read).toEqual({ value: 'saved', version: 1 });
    // The very lock its holder takes elsewhere with that read: held, written and freed so.
    await expect(
      store.lock(conversation, { ttlMs: 1_000, waitMs: 0, read: conversation }),
    ).rejects.toBeInstanceOf(LockTimeoutError);
    expect(await taken.putAndRelease(conversation, 'next', 1, 60)).toBe(2);
    const again = await store.lock(conversation, { ttlMs: 60_000, waitMs: 0, read: conversation });
    expect(again.read).toEqual({ value: 'next', version: 2 });
    await held.release();
    // Held by another: not taken, nothing read for it; a free one with nothing there.
    const [free, absent] = [key('take-read-free'), key('take-read-absent')];
    const theirs = await store.lock(k, {
      ttlMs: 60_000,
      waitMs: 0,
      take: [lease, { key: free, read: absent }],
    });
    expect(theirs.taken?.[0]).toBeUndefined();
    expect(theirs.taken?.[1]).toBeDefined();
    expect(theirs.taken?.[1]?.read).toBeUndefined();
    await theirs.release({ release: [theirs.taken![1]!] });
    await again.release();
  });

  it('spends a rate limit point in the exchange that takes a lock, in the limit window', async () => {
    const limit = store.rateLimit(`spend-${randomUUID()}`, 2, 600);
    const spend = { limit, key: 'chat-1' };
    const allowed = [];
    for (let turn = 0; turn < 3; turn += 1) {
      const held = await store.lock(key('spend'), { ttlMs: 1_000, waitMs: 0, spend });
      allowed.push(held.allowed);
      await held.release();
    }
    expect(allowed).toEqual([true, true, false]);
    expect(await limit.spent('chat-1')).toBe(true);
    expect(await limit.take('chat-1')).toBe(false);
    expect(await limit.spent('chat-2')).toBe(false);
  });

  it('carries writes and other releases in the exchange that ends a lock', async () => {
    const [k, other, written, again] = [key('end'), key('end-other'), key('w1'), key('w2')];
    await store.set(written, 'old', 60);
    const mine = await store.lock(other, { ttlMs: 60_000, waitMs: 0 });
    const held = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    expect(
      await held.putAndRelease(k, 'value', 0, 60, {
        writes: [
          { key: written, value: 'new', ttlSeconds: 60 },
          { key: again, value: { n: 1 }, ttlSeconds: 60 },
        ],
        release: [mine],
      }),
    ).toBe(1);
    expect(await store.getMany([k, written, again])).toEqual([
      { value: 'value', version: 1 },
      { value: 'new', version: 2 },
      { value: { n: 1 }, version: 1 },
    ]);
    // Both locks are free at once.
    for (const lock of [k, other])
      await (await store.lock(lock, { ttlMs: 1_000, waitMs: 0 })).release();
    // A plain release carries them too; a lock already released by another is not freed
    // again (someone else's now).
    const plain = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    const theirs = await store.lock(other, { ttlMs: 60_000, waitMs: 0 });
    await plain.release({
      writes: [{ key: written, value: 'plain', ttlSeconds: 60 }],
      release: [mine],
    });
    expect((await store.get(written))?.value).toBe('plain');
    await expect(store.lock(other, { ttlMs: 1_000, waitMs: 0 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await theirs.release();
  });

  it('carries removals with the writes that end a lock', async () => {
    const [k, gone, kept] = [key('end-remove'), key('gone'), key('kept')];
    await store.set(gone, 'old', 60);
    const held = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    expect(
      await held.putAndRelease(k, 'value', 0, 60, {
        writes: [
          { key: gone, delete: true },
          { key: kept, value: 'new', ttlSeconds: 60 },
          { key: key('never-there'), delete: true },
        ],
      }),
    ).toBe(1);
    expect(await store.getMany([k, gone, kept])).toEqual([
      { value: 'value', version: 1 },
      undefined,
      { value: 'new', version: 1 },
    ]);
    // A removed key starts over: its next version-checked write expects nothing there.
    expect(await store.put(gone, 'again', 0, 60)).toBe(1);
    const plain = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    await plain.release({ writes: [{ key: gone, delete: true }] });
    expect(await store.get(gone)).toBeUndefined();
  });

  it('carries writes made only when the write that releases the lock is made', async () => {
    const [k, follows, always] = [key('end-if'), key('follows'), key('always')];
    await store.set(follows, 'old', 60);
    const first = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    expect(
      await first.putAndRelease(k, 'one', 0, 60, {
        writes: [{ key: always, value: 1, ttlSeconds: 60 }],
        ifWritten: [
          { key: follows, value: 'new', ttlSeconds: 60 },
          { key: key('follows-gone'), delete: true },
        ],
      }),
    ).toBe(1);
    expect((await store.get(follows))?.value).toBe('new');
    // A stale write (the version moved on): the lock is released, the plain writes made,
    // what follows from the write is not.
    const stale = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    expect(
      await stale.putAndRelease(k, 'two', 0, 60, {
        writes: [{ key: always, value: 2, ttlSeconds: 60 }],
        ifWritten: [
          { key: follows, value: 'dropped', ttlSeconds: 60 },
          { key: always, delete: true },
        ],
      }),
    ).toBeUndefined();
    expect(await store.getMany([k, follows, always])).toEqual([
      { value: 'one', version: 1 },
      { value: 'new', version: 2 },
      { value: 2, version: 2 },
    ]);
    await (await store.lock(k, { ttlMs: 1_000, waitMs: 0 })).release();
  });

  it('writes with a version check and carries writes keeping the lock, to release later', async () => {
    const [k, other, follows, always] = [
      key('keep'),
      key('keep-other'),
      key('follows'),
      key('always'),
    ];
    const held = await store.lock(k, { ttlMs: 60_000, waitMs: 0 });
    expect(
      await held.putAndKeep(k, 'one', 0, 60, {
        writes: [{ key: always, value: 1, ttlSeconds: 60 }],
        ifWritten: [{ key: follows, value: 'new', ttlSeconds: 60 }],
      }),
    ).toBe(1);
    // Another key (another slot of a cluster); a stale write makes only the plain writes.
    expect(await held.putAndKeep(other, 'one', 0, 60)).toBe(1);
    expect(
      await held.putAndKeep(k, 'two', 0, 60, {
        writes: [{ key: always, value: 2, ttlSeconds: 60 }],
        ifWritten: [{ key: follows, value: 'dropped', ttlSeconds: 60 }],
      }),
    ).toBeUndefined();
    expect(await store.getMany([k, other, follows, always])).toEqual([
      { value: 'one', version: 1 },
      { value: 'one', version: 1 },
      { value: 'new', version: 1 },
      { value: 2, version: 2 },
    ]);
    await expect(store.lock(k, { ttlMs: 1_000, waitMs: 0 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    expect(await held.extend(60_000)).toBe(true);
    await held.release();
    await (await store.lock(k, { ttlMs: 1_000, waitMs: 0 })).release();
  });

  it('runs once, carrying the end of its work with the done mark, even when it throws', async () => {
    const [k, written] = [key('once-end'), key('once-written')];
    const options = { leaseMs: 1_000, doneTtlSeconds: 60 };
    const tap = await store.lock(key('once-tap'), { ttlMs: 60_000, waitMs: 0 });
    await expect(
      runOnce(store, k, options, async (end) => {
        end.writes.push({ key: written, value: 'pointer', ttlSeconds: 60 });
        end.release.push(tap);
        throw new Error('sending failed');
      }),
    ).rejects.toThrow('sending failed');
    expect((await store.get(written))?.value).toBe('pointer');
    expect(await runOnce(store, k, options, async () => {})).toBe('done');
  });

  it('does not release a lock someone else took after ours expired', async () => {
    const k = key('lock-stolen');
    const ours = await store.lock(k, { ttlMs: 50, waitMs: 100 });
    if (name === 'memory') fakeNow += 100;
    const theirs = await store.lock(k, { ttlMs: 60_000, waitMs: 2_000 });
    await ours.release();
    await expect(store.lock(k, { ttlMs: 1_000, waitMs: 30 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    await theirs.release();
  });
});

describe('expiry', () => {
  it('memory: values and claims expire', async () => {
    await memory.put('exp', 'x', 0, 10);
    await memory.claim('exp-claim', 10);
    fakeNow += 11_000;
    expect(await memory.get('exp')).toBeUndefined();
    expect(await memory.claim('exp-claim', 10)).toBe(true);
  });

  it.each([
    ['redis', redis, serverLayout],
    ['redis cluster', cluster, clusterLayout],
  ] as const)('%s: every key written carries a TTL', async (_, store, names) => {
    const k = `ttl:${randomUUID()}`;
    await store.put(k, { a: 1 }, 0, 120);
    await store.set(`${k}:set`, { a: 1 }, 120);
    await store.claim(k, 30);
    const lock = await store.lock(k, { ttlMs: 10_000, waitMs: 100 });
    for (const key of [names.value(k), names.value(`${k}:set`), names.claim(k), names.lock(k)]) {
      const ttl = await store.redis.pttl(key);
      expect(ttl, key).toBeGreaterThan(0);
    }
    expect(await store.redis.ttl(names.value(k))).toBeLessThanOrEqual(120);
    await lock.release();
  });
});

describe('the cluster layout', () => {
  // The server computes each name's slot (CLUSTER KEYSLOT), the client's prefix included.
  const slot = async (name: string) => cluster.redis.cluster('KEYSLOT', `${prefix}${name}`);

  it.each([
    ['a conversation: its lock, read and written', 'conv:tg:42', 'conv:tg:42'],
    ["a view's tap: its lock and the chat's pointer read", 'tg:tap:abc', 'tg:chat:42'],
    ['once: the lock and its done mark', 'tg:update:1:7', 'tg:update:1:7:done'],
  ])('puts the keys of one script in one slot: %s', async (_, key, read) => {
    const names = clusterLayout;
    expect(await slot(names.lock(key, read))).toBe(await slot(names.value(read)));
    expect(names.together(key, read, read)).toBe(true);
  });

  it("keeps each script of a Telegram update's three exchanges in one slot", async () => {
    // Every multi-key script the cluster store sends, with its keys (numberOfKeys first).
    const sent: string[][] = [];
    const client = cluster.redis as unknown as Record<string, (...args: unknown[]) => unknown>;
    const originals = { storeLockRead: client.storeLockRead!, storeEnd: client.storeEnd! };
    for (const [command, original] of Object.entries(originals)) {
      client[command] = (...args: unknown[]) => {
        // Lists among the arguments are flattened by the client: the keys follow their count.
        const flat = args.flat();
        const count = Number(flat[0]);
        sent.push(flat.slice(1, 1 + count).map(String));
        return original.apply(cluster.redis, args);
      };
    }
    try {
      const id = randomUUID();
      const [update, view, pointer, tap, conversation, tickets] = [
        `tg:update:1:${id}`,
        `tg:view:${id}`,
        `tg:chat:${id}`,
        `tg:tap:${id}`,
        `conv:tg:${id}`,
        `tickets-pending:${id}`,
      ];
      await cluster.set(view, { chatId: 1 }, 60);
      await cluster.set(conversation, { step: 0 }, 60);
      const limit = cluster.rateLimit(`slots-${id}`, 5, 60);
      // (1) the update's lease, its done mark, the tap's reads and view's lease, the point,
      // the conversation's lease with the conversation, the chat's tickets and pointer;
      const outcome = await runOnce(
        cluster,
        update,
        {
          leaseMs: 10_000,
          doneTtlSeconds: 60,
          also: [view, pointer, tickets, pointer],
          take: [
            { key: tap, read: pointer },
            { key: conversation, read: conversation },
          ],
          spend: { limit, key: id },
        },
        async (end, begun) => {
          expect(begun.also[0]?.value).toEqual({ chatId: 1 });
          expect(begun.taken[0]).toBeDefined();
          expect(begun.allowed).toBe(true);
          const lock = begun.taken[1]!;
          expect(lock.read).toEqual({ value: { step: 0 }, version: 1 });
          // The turn's now: not freed with the update.
          end.release.splice(end.release.indexOf(lock), 1);
          // (2) the snapshot, the new view's record, the release;
          expect(
            await lock.putAndRelease(conversation, { step: 1 }, 1, 60, {
              writes: [{ key: `tg:view:${id}:next`, value: { chatId: 1 }, ttlSeconds: 60 }],
            }),
          ).toBe(2);
          // (3) with the done mark: the pointer and the view's lease.
          end.writes.push({ key: pointer, value: { stamp: 'next' }, ttlSeconds: 60 });
        },
      );
      expect(outcome).toBe('ran');
      expect(await cluster.get(`tg:view:${id}:next`)).toMatchObject({ value: { chatId: 1 } });
      expect(await cluster.get(pointer)).toMatchObject({ value: { stamp: 'next' } });
      expect(await cluster.get(conversation)).toMatchObject({ value: { step: 1 }, version: 2 });
      // The conversation is free for the next turn.
      const next = await cluster.lock(conversation, {
        ttlMs: 10_000,
        waitMs: 0,
        read: conversation,
      });
      await next.release();
      // The view's lease was freed with the done mark: a choice of it can be taken again.
      const again = await cluster.lock(tap, { ttlMs: 10_000, waitMs: 0, read: pointer });
      await again.release();
      expect(
        await runOnce(cluster, update, { leaseMs: 10_000, doneTtlSeconds: 60 }, async () => {}),
      ).toBe('done');
    } finally {
      Object.assign(client, originals);
    }
    expect(sent.length).toBeGreaterThan(0);
    for (const keys of sent) {
      const slots = new Set(await Promise.all(keys.map(slot)));
      expect(slots.size, keys.join(' ')).toBe(1);
    }
  });

  it('spreads conversations over the slots (their keys are not all in one)', async () => {
    const slots = new Set(
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => slot(clusterLayout.value(`conv:tg:${i}`))),
      ),
    );
    expect(slots.size).toBeGreaterThan(1);
  });
});
