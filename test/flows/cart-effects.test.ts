/**
 * Effect records: a write to the partner is recorded "started" before the call and
 * "done" with its result after; a "started" record (a crash, or an ambiguous failure)
 * is never called again; a clear refusal is forgotten so the same attempt may be made.
 */
import { describe, expect, it } from 'vitest';
import { PartnerRequestError } from '#src/api/client.js';
import {
  PartnerEnvelopeError,
  PartnerHttpError,
  PartnerNetworkError,
  PartnerTimeoutError,
} from '#src/api/errors.js';
import {
  createEffects,
  EFFECT_TTL_SECONDS,
  fingerprintOf,
  mayHaveActed,
  type EffectKey,
  type EffectRecord,
} from '#src/conversation/actors/effects.js';
import { TurnWrites } from '#src/conversation/turn-writes.js';
import { createMemoryStore } from '#src/store/memory-store.js';

const ctx = { operation: 'cart-sale', requestId: 'r1' };
const key: EffectKey = { shoppingCartId: 'cart000000001', operation: 'sale', attempt: 'sale' };
const storeKey = 'effect:cart000000001:sale:sale';
const refused = () =>
  new PartnerEnvelopeError(ctx, { codes: ['1'], messages: ['no'], entities: [], status: 200 });

function setup(clock = { ms: Date.parse('2026-06-10T08:00:00Z') }) {
  const store = createMemoryStore(() => clock.ms);
  const effects = createEffects(store, () => new Date(clock.ms));
  let calls = 0;
  const counted =
    <T>(fn: () => Promise<T>) =>
    () => {
      calls += 1;
      return fn();
    };
  return { store, effects, clock, calls: () => calls, counted };
}

describe('effect records', () => {
  it('writes "started" before the call and "done" with the result after', async () => {
    const { store, effects, counted } = setup();
    let seenDuringCall: EffectRecord<unknown> | undefined;
    const outcome = await effects.run(
      key,
      'f1',
      counted(async () => {
        seenDuringCall = (await store.get<EffectRecord<unknown>>(storeKey))?.value;
        return { saleIds: ['s1'] };
      }),
    );
    expect(seenDuringCall).toMatchObject({ status: 'started', fingerprint: 'f1' });
    expect(outcome).toEqual({
      kind: 'done',
      result: { saleIds: ['s1'] },
      replayed: false,
      fingerprint: 'f1',
    });
    expect((await store.get<EffectRecord<unknown>>(storeKey))?.value).toMatchObject({
      status: 'done',
      result: { saleIds: ['s1'] },
    });
  });

  it('replays a done record of the same request without calling', async () => {
    const { effects, counted, calls } = setup();
    await effects.run(
      key,
      'f1',
      counted(async () => 'first'),
    );
    const again = await effects.run(
      key,
      'f1',
      counted(async () => 'second'),
    );
    expect(again).toMatchObject({ kind: 'done', result: 'first', replayed: true });
    expect(calls()).toBe(1);
  });

  it('never calls again on a "started" record left by a crash: the caller reconciles', async () => {
    const { store, effects, counted, calls } = setup();
    await store.put(storeKey, { status: 'started', fingerprint: 'f1', startedAt: 'x' }, 0, 60);
    const outcome = await effects.run(
      key,
      'f1',
      counted(async () => 'sold again'),
    );
    expect(outcome).toEqual({ kind: 'unknown' });
    expect(calls()).toBe(0);
  });

  it.each([
    ['a timeout', new PartnerTimeoutError(ctx, 30_000)],
    ['a dropped connection', new PartnerNetworkError(ctx)],
    ['a 502', new PartnerHttpError(ctx, 502)],
    ['an unexpected error', new Error('bug between send and receive')],
  ])('keeps "started" after %s, and the next run does not call', async (_name, error) => {
    const { store, effects, counted, calls } = setup();
    const first = await effects.run(
      key,
      'f1',
      counted(async () => {
        throw error;
      }),
    );
    expect(first).toEqual({ kind: 'unknown', error });
    expect((await store.get<EffectRecord<unknown>>(storeKey))?.value.status).toBe('started');
    expect(
      await effects.run(
        key,
        'f1',
        counted(async () => 'x'),
      ),
    ).toEqual({ kind: 'unknown' });
    expect(calls()).toBe(1);
  });

  it.each([
    ['an error envelope', refused()],
    ['a 400 without envelope', new PartnerHttpError(ctx, 400)],
    ['a request that never left', new PartnerRequestError('bad request field')],
  ])('forgets the attempt after %s, so it may be made again', async (_name, error) => {
    const { store, effects, counted, calls } = setup();
    await expect(
      effects.run(
        key,
        'f1',
        counted(async () => {
          throw error;
        }),
      ),
    ).rejects.toBe(error);
    expect(await store.get(storeKey)).toBeUndefined();
    expect(
      await effects.run(
        key,
        'f1',
        counted(async () => 'ok'),
      ),
    ).toMatchObject({
      kind: 'done',
      result: 'ok',
    });
    expect(calls()).toBe(2);
  });

  it('lets the caller read a done record of another request as unknown, or try again', async () => {
    const { effects, counted, calls } = setup();
    await effects.run(
      key,
      'f1',
      counted(async () => 'one'),
    );
    expect(
      await effects.run(
        key,
        'f2',
        counted(async () => 'two'),
        { decide: () => 'unknown' },
      ),
    ).toEqual({ kind: 'unknown' });
    expect(calls()).toBe(1);
    expect(
      await effects.run(
        key,
        'f2',
        counted(async () => 'two'),
      ),
    ).toMatchObject({
      kind: 'done',
      result: 'two',
      replayed: false,
    });
    expect(calls()).toBe(2);
  });

  it('lets only one of two concurrent runs call', async () => {
    const { effects, counted, calls } = setup();
    let release: () => void = () => undefined;
    const slow = counted(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('done');
        }),
    );
    const first = effects.run(key, 'f1', slow);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await effects.run(
      key,
      'f1',
      counted(async () => 'second'),
    );
    release();
    expect(second).toEqual({ kind: 'unknown' });
    expect(await first).toMatchObject({ kind: 'done', result: 'done' });
    expect(calls()).toBe(1);
  });

  it('settles, repeats or forgets an attempt after reconciling', async () => {
    const { store, effects, counted } = setup();
    await store.put(storeKey, { status: 'started', fingerprint: 'f1', startedAt: 'x' }, 0, 60);
    await effects.settle(key, 'f1', 'found');
    expect(await effects.read(key)).toMatchObject({ status: 'done', result: 'found' });

    await effects.forget(key);
    expect(await effects.read(key)).toBeUndefined();

    await store.put(storeKey, { status: 'started', fingerprint: 'f1', startedAt: 'x' }, 0, 60);
    await expect(
      effects.callAgain(
        key,
        'f1',
        counted(async () => {
          throw new PartnerTimeoutError(ctx, 1);
        }),
      ),
    ).rejects.toBeInstanceOf(PartnerTimeoutError);
    expect((await effects.read(key))?.status).toBe('started');
    await expect(
      effects.callAgain(
        key,
        'f1',
        counted(async () => {
          throw refused();
        }),
      ),
    ).rejects.toBeInstanceOf(PartnerEnvelopeError);
    expect(await effects.read(key)).toBeUndefined();
    await store.put(storeKey, { status: 'started', fingerprint: 'f1', startedAt: 'x' }, 0, 60);
    expect(
      await effects.callAgain(
        key,
        'f1',
        counted(async () => 'sold'),
      ),
    ).toBe('sold');
    expect(await effects.read(key)).toMatchObject({ status: 'done', result: 'sold' });
  });

  it('in a turn, holds "done" back for the turn\'s end, seen by the turn, "started" in the store till then', async () => {
    const { store, clock, counted, calls } = setup();
    const turn = new TurnWrites();
    // The effects of an actor started in the turn (it took the turn's writes as it started).
    const effects = createEffects(store, () => new Date(clock.ms), turn);
    const stored = () => store.get<EffectRecord<unknown>>(storeKey);
    expect(
      await effects.run(
        key,
        'f1',
        counted(async () => 'sold'),
      ),
    ).toMatchObject({
      kind: 'done',
      result: 'sold',
    });
    // A crash now leaves "started": reconciled next time, never called blindly.
    expect((await stored())?.value.status).toBe('started');
    expect(await effects.read(key)).toMatchObject({ status: 'done', result: 'sold' });
    // Run again within the turn: the held record is written first, and replayed.
    expect(
      await effects.run(
        key,
        'f1',
        counted(async () => 'again'),
      ),
    ).toMatchObject({
      kind: 'done',
      result: 'sold',
      replayed: true,
    });
    expect((await stored())?.value).toMatchObject({ status: 'done', result: 'sold' });
    expect(calls()).toBe(1);

    const other: EffectKey = { ...key, attempt: 'other' };
    await effects.run(other, 'f1', async () => 'two');
    const held = turn.close();
    expect(held).toEqual([
      {
        key: 'effect:cart000000001:sale:other',
        value: expect.objectContaining({ status: 'done', result: 'two' }),
        ttlSeconds: EFFECT_TTL_SECONDS,
      },
    ]);
    // Once the turn has taken its writes, a late outcome is written by its run itself.
    await effects.run({ ...key, attempt: 'late' }, 'f1', async () => 'three');
    expect(turn.close()).toEqual([]);
    expect(await effects.read({ ...key, attempt: 'late' })).toMatchObject({ status: 'done' });
  });

  it('writes a fresh attempt\'s "started" in one exchange, reading only when a record is there', async () => {
    const { store, effects } = setup();
    let reads = 0;
    const get = store.get.bind(store);
    store.get = ((k: string) => {
      reads += 1;
      return get(k);
    }) as typeof store.get;
    await effects.run(key, 'f1', async () => 'one');
    expect(reads).toBe(0);
    await effects.run(key, 'f1', async () => 'two');
    expect(reads).toBe(1);
  });

  it('checks the records that must allow an attempt with its "started": a check that throws removes it, calling nothing', async () => {
    const { store, effects, counted, calls } = setup();
    const mark: EffectKey = { ...key, operation: 'add', attempt: 'refused' };
    let writes = 0;
    const putAndRead = store.putAndRead.bind(store);
    store.putAndRead = ((...args: Parameters<typeof store.putAndRead>) => {
      writes += 1;
      return putAndRead(...args);
    }) as typeof store.putAndRead;
    const before = {
      keys: [mark],
      check: ([found]: (EffectRecord<unknown> | undefined)[]) => {
        if (found !== undefined) throw new Error('marked');
      },
    };
    expect(
      await effects.run(
        key,
        'f1',
        counted(async () => 'one'),
        { before },
      ),
    ).toMatchObject({
      kind: 'done',
      result: 'one',
    });
    expect(writes).toBe(1);
    await store.set('effect:cart000000001:add:refused', { status: 'done' }, 60);
    const other: EffectKey = { ...key, attempt: 'other' };
    await expect(
      effects.run(
        other,
        'f1',
        counted(async () => 'two'),
        { before },
      ),
    ).rejects.toThrow('marked');
    expect(calls()).toBe(1);
    expect(await effects.read(other)).toBeUndefined();
    // An attempt already recorded is checked too, before its record is looked at.
    await expect(
      effects.run(
        key,
        'f1',
        counted(async () => 'three'),
        { before },
      ),
    ).rejects.toThrow('marked');
    expect(await effects.read(key)).toMatchObject({ status: 'done', result: 'one' });
  });

  it('keeps records for a week, longer than a conversation', async () => {
    const { effects, clock } = setup();
    await effects.run(key, 'f1', async () => 'one');
    clock.ms += (EFFECT_TTL_SECONDS - 60) * 1000;
    expect(await effects.read(key)).toBeDefined();
    clock.ms += 120 * 1000;
    expect(await effects.read(key)).toBeUndefined();
    expect(EFFECT_TTL_SECONDS).toBeGreaterThan(3 * 24 * 3600);
  });

  it('tells requests apart by a stable fingerprint', () => {
    expect(fingerprintOf({ a: 1, b: [1, 2], c: undefined })).toBe(
      fingerprintOf({ b: [1, 2], a: 1 }),
    );
    expect(fingerprintOf({ a: 1, b: [2, 1] })).not.toBe(fingerprintOf({ a: 1, b: [1, 2] }));
  });

  it('counts only clear refusals and unsent requests as "did not act"', () => {
    expect(mayHaveActed(refused())).toBe(false);
    expect(mayHaveActed(new PartnerHttpError(ctx, 404))).toBe(false);
    expect(mayHaveActed(new PartnerHttpError(ctx, 500))).toBe(true);
    expect(mayHaveActed(new PartnerRequestError('x'))).toBe(false);
    expect(mayHaveActed(new PartnerTimeoutError(ctx, 1))).toBe(true);
    expect(mayHaveActed(new Error('x'))).toBe(true);
  });
});
