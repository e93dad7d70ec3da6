/**
 * One contract, three stores: the memory store and the Redis store, on the private
 * redis-server of this test run and on its private Redis Cluster, must behave the same.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createMemoryStore } from '#src/store/memory-store.js';
import { clusterLayout, createRedisStore, serverLayout } from '#src/store/redis-store.js';
import { LockTimeoutError, runOnce, withLease, withLock, type Store } from '#src/store/store.js';

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
    await withLease(store, k, { leaseMs: 40, waitMs: 100 }, async () => {
      if (name === 'memory') {
        // The renewal runs on the real clock; the memory store's expiry on its own.
        await new Promise((resolve) => setTimeout(resolve, 25));
        fakeNow += 30;
        await new Promise((resolve) => setTimeout(resolve, 25));
        fakeNow += 30;
      } else await new Promise((resolve) => setTimeout(resolve, 150));
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

  it('spreads conversations over the slots (their keys are not all in one)', async () => {
    const slots = new Set(
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => slot(clusterLayout.value(`conv:tg:${i}`))),
      ),
    );
    expect(slots.size).toBeGreaterThan(1);
  });
});
