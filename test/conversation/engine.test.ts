/**
 * The turn engine on the real booking machine (its home and language steps), with the
 * memory store and with Redis: snapshots survive a new engine (a restart), buttons of an
 * older view are refused, concurrent turns of one conversation are serialized, and an
 * input with a key is taken once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookingMachine } from '#flows/booking/machine.js';
import { createPartnerClient } from '#src/api/client.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { fromPromise } from 'xstate';
import type { MyBooking, MyBookingsInput } from '#flows/booking/actors/bookings.js';
import { createEffects, type EffectKey } from '#src/conversation/actors/effects.js';
import { createEngine, type Engine, type EngineOptions } from '#src/conversation/engine.js';
import { turnOf } from '#src/conversation/turn-writes.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { createRedisStore } from '#src/store/redis-store.js';
import { conversationKey, effectKey } from '#src/store/keys.js';
import { LockTimeoutError, type Lock, type Store } from '#src/store/store.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
const prefix = `engine-test:${randomUUID()}:`;
const redis = createRedisStore(inject('redisUrl'), { prefix });
const memory = createMemoryStore();

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  const keys = (await redis.redis.keys(`${prefix}*`)).map((key) => key.slice(prefix.length));
  if (keys.length) await redis.redis.del(...keys);
  await redis.close();
  await sandbox.close();
});

function engineOn(
  store: Store,
  liveConversations?: number,
  onSettled?: EngineOptions['onSettled'],
  machine: EngineOptions['machine'] = bookingMachine,
): Engine {
  const client = createPartnerClient({ baseUrl: sandbox.sandbox.url, apiKey: 'sandbox-key' });
  let carts = 0;
  return createEngine({
    machine,
    store,
    catalog: createCatalogService(client),
    defaultLanguage: 'es',
    // The sandbox's (pinned) clock, not the machine's: the same "today" on both sides.
    now: () => sandbox.sandbox.clock.now(),
    newCartId: () => `cart${String((carts += 1)).padStart(9, '0')}`,
    ...(liveConversations !== undefined ? { liveConversations } : {}),
    ...(onSettled ? { onSettled } : {}),
  });
}

describe.each([
  ['memory', memory],
  ['redis', redis],
] as const)('engine with the %s store', (_name, store) => {
  it('starts a new conversation at home, in the default language', async () => {
    const engine = engineOn(store);
    const reply = await engine.current(`c:${randomUUID()}`);
    expect(reply.notices).toEqual([]);
    expect(reply.view.text).toMatch(/Hola/);
    expect(reply.view.options.map((option) => option.id)).toEqual([
      'book',
      'cart',
      'giftcards',
      'packages',
      'help',
      'language',
    ]);
  });

  it('keeps the conversation across a new engine (a restart)', async () => {
    const id = `c:${randomUUID()}`;
    await engineOn(store).handle(id, { kind: 'choose', id: 'language' });
    const after = await engineOn(store).current(id);
    expect(after.view.text).toMatch(/Hi!/);
  });

  it("tells the conversation's language: none before its first turn, then the customer's choice", async () => {
    const id = `c:${randomUUID()}`;
    const engine = engineOn(store);
    expect(await engine.languageOf(id)).toBeUndefined();
    await engine.current(id);
    expect(await engine.languageOf(id)).toBe('es');
    await engine.handle(id, { kind: 'choose', id: 'language' });
    expect(await engineOn(store).languageOf(id)).toBe('en');
  });

  it('refuses a button of an older view and changes nothing', async () => {
    const id = `c:${randomUUID()}`;
    const engine = engineOn(store);
    await engine.handle(id, { kind: 'text', text: '/language' });
    const stale = await engine.handle(id, { kind: 'choose', id: 'book' });
    expect(stale.notices.map((n) => n.text)).toEqual([
      'Ese botón ya no es válido. Esto es lo que tienes ahora:',
    ]);
    expect(stale.view.options.map((option) => option.id)).toEqual(['lang:es', 'lang:en', 'back']);
  });

  it('answers a forged button politely', async () => {
    const id = `c:${randomUUID()}`;
    const reply = await engineOn(store).handle(id, { kind: 'choose', id: '../../etc/passwd' });
    expect(reply.notices).toHaveLength(1);
    expect(reply.view.text).toMatch(/Hola/);
  });

  it('explains what it did not understand, and stays', async () => {
    const id = `c:${randomUUID()}`;
    const reply = await engineOn(store).handle(id, {
      kind: 'text',
      text: 'what is the meaning of life?',
    });
    // Written in English as the first message of a Spanish conversation: it goes on in
    // English (nothing was said in Spanish yet), and the message is read in English.
    expect(reply.notices.map((n) => n.text)).toEqual([
      'Language changed to English.',
      'Sorry, I didn\'t get that. Choose a button or type one of these (or its number): «Book tickets», «My cart (0)», «Gift cards», «Packages (activity + hotel)», «Help», «Español». Also "help", "menu" or "cancel".',
    ]);
    expect(reply.view.text).toMatch(/Hi/);
  });

  it('serializes concurrent turns of one conversation (a double tap toggles once)', async () => {
    const id = `c:${randomUUID()}`;
    const engine = engineOn(store);
    const other = engineOn(store);
    const replies = await Promise.all([
      engine.handle(id, { kind: 'choose', id: 'language' }),
      other.handle(id, { kind: 'choose', id: 'language' }),
    ]);
    // Both taps were on the Spanish home's "English" button. The first switches to
    // English; the second finds an English home whose button now reads "Español", whose
    // id is the same: both are valid in turn, and no turn is lost or interleaved.
    const languages = replies.map((reply) => (/Hi!/.test(reply.view.text) ? 'en' : 'es'));
    expect(languages.sort()).toEqual(['en', 'es']);
  });

  it('takes an input once by its key: a repeat (two instances, a redelivery) shows where it is', async () => {
    const id = `c:${randomUUID()}`;
    const tap = { kind: 'choose', id: 'language' } as const;
    // The same tap (one rendered view's button) handled by two instances at once.
    const replies = await Promise.all([
      engineOn(store).handle(id, tap, { key: 'view:1' }),
      engineOn(store).handle(id, tap, { key: 'view:1' }),
    ]);
    expect(replies.map((reply) => /Hi!/.test(reply.view.text))).toEqual([true, true]);
    // Again after a crash that lost the answer: still the current view, nothing changed.
    const again = await engineOn(store).handle(id, tap, { key: 'view:1' });
    expect(again.notices).toEqual([]);
    expect(again.view.text).toMatch(/Hi!/);
    // A tap of a later view is a new input.
    const later = await engineOn(store).handle(id, tap, { key: 'view:2' });
    expect(later.view.text).toMatch(/Hola/);
  });

  it('remembers the keys of the latest 32 inputs, the oldest forgotten', async () => {
    const id = `c:${randomUUID()}`;
    const engine = engineOn(store);
    const keys = Array.from({ length: 40 }, (_, i) => `view:${i + 1}`);
    for (const key of keys) await engine.handle(id, { kind: 'choose', id: 'language' }, { key });
    const saved = await store.get<{ handled: string[] }>(conversationKey(id));
    expect(saved?.value.handled).toEqual(keys.slice(-32));
    // A remembered key shows where things are; a forgotten one is a new input.
    const shown = (await engine.current(id)).view.text;
    expect(
      (await engine.handle(id, { kind: 'choose', id: 'language' }, { key: 'view:9' })).view.text,
    ).toBe(shown);
    expect(
      (await engine.handle(id, { kind: 'choose', id: 'language' }, { key: 'view:8' })).view.text,
    ).not.toBe(shown);
  });

  it('begins a turn from the lease a channel took in its own exchange, taking none itself, and frees it', async () => {
    const id = `c:${randomUUID()}`;
    const tap = { kind: 'choose', id: 'language' } as const;
    let locks = 0;
    const counted: Store = {
      ...store,
      lock: (key, options) => {
        locks += 1;
        return store.lock(key, options);
      },
    };
    const engine = engineOn(counted);
    expect((await engine.handle(id, tap)).view.text).toMatch(/Hi!/);
    // The channel's exchange (an update's lease) takes the conversation's with it.
    const channel = await store.lock(`update:${id}`, {
      ttlMs: 60_000,
      waitMs: 0,
      take: [engine.turnBegins!(id)],
    });
    const lease = channel.taken![0]!;
    expect(lease.read?.version).toBe(1);
    locks = 0;
    expect((await engine.handle(id, tap, { begun: lease })).view.text).toMatch(/Hola/);
    expect(locks).toBe(0);
    // Freed by the turn's write: the next turn takes it at once, and reads what it wrote.
    const next = await store.lock(conversationKey(id), {
      ttlMs: 1_000,
      waitMs: 0,
      read: conversationKey(id),
    });
    expect(next.read?.version).toBe(2);
    await next.release();
    await channel.release();
  });

  it('drops a turn begun from a lease lost before it (another turn wrote since) and goes on from what is saved', async () => {
    const id = `c:${randomUUID()}`;
    const engine = engineOn(store);
    await engine.handle(id, { kind: 'choose', id: 'language' });
    const channel = await store.lock(`update:${id}`, {
      ttlMs: 60_000,
      waitMs: 0,
      take: [engine.turnBegins!(id)],
    });
    const lease = channel.taken![0]!;
    // Lost, as an expired lease is: another instance's turn writes the conversation.
    await lease.release();
    await engineOn(store).handle(id, { kind: 'text', text: '/language' });
    // The turn begun from what the lease read (the English home) is not written over it:
    // the customer is shown where the conversation is (the language question).
    const reply = await engine.handle(id, { kind: 'choose', id: 'language' }, { begun: lease });
    expect(reply.view.options.map((option) => option.id)).toEqual(['lang:es', 'lang:en', 'back']);
    expect(await engine.languageOf(id)).toBe('en');
    await channel.release();
  });

  it("keeps a conversation's actor running between turns until another instance writes it", async () => {
    const id = `c:${randomUUID()}`;
    const tap = { kind: 'choose', id: 'language' } as const;
    const one = engineOn(store);
    const two = engineOn(store);
    expect((await one.handle(id, tap)).view.text).toMatch(/Hi!/);
    expect(one.live?.()).toBe(1);
    // Another instance takes the next turn: back to Spanish.
    expect((await two.handle(id, tap)).view.text).toMatch(/Hola/);
    // The first one's running actor still says English: it is not trusted, the stored
    // conversation is (the tap reads the Spanish home's "English" button).
    expect((await one.handle(id, tap)).view.text).toMatch(/Hi!/);
    expect((await one.handle(id, tap)).view.text).toMatch(/Hola/);
  });

  it("leaves the stored record unread on its live actor's turn (the version is ours), an input still taken once", async () => {
    const id = `c:${randomUUID()}`;
    const tap = { kind: 'choose', id: 'language' } as const;
    // Each read of the record's value the lease's exchange brought, counted.
    let reads = 0;
    const watched: Store = {
      ...store,
      lock: async <T>(key: string, options: Parameters<Store['lock']>[1]) => {
        const lock = await store.lock<T>(key, options);
        const read = lock.read;
        if (read)
          lock.read = {
            version: read.version,
            get value() {
              reads += 1;
              return read.value;
            },
          };
        return lock;
      },
    };
    const one = engineOn(watched);
    expect((await one.handle(id, tap, { key: 'view:1' })).view.text).toMatch(/Hi!/);
    expect((await one.handle(id, tap, { key: 'view:2' })).view.text).toMatch(/Hola/);
    // A repeat is known from the keys the live actor's record kept, not from the one read.
    const again = await one.handle(id, tap, { key: 'view:2' });
    expect(again.view.text).toMatch(/Hola/);
    expect(reads).toBe(0);
    // Another instance writes: the stored record is newer than the live actor, and read.
    expect((await engineOn(store).handle(id, tap, { key: 'view:3' })).view.text).toMatch(/Hi!/);
    expect((await one.handle(id, tap, { key: 'view:3' })).view.text).toMatch(/Hi!/);
    expect(reads).toBeGreaterThan(0);
  });

  it("writes a turn's after-turn records with its save, from what they read, and tells it saved", async () => {
    const id = `c:${randomUUID()}`;
    const record = `record:${id}`;
    await store.set(record, ['es'], 60);
    const told: string[] = [];
    const engine = engineOn(store, undefined, (_id, before, after) =>
      before.language === after.language
        ? undefined
        : {
            reads: [record],
            writes: ([current]) => [
              {
                key: record,
                value: [...(current?.value as string[]), after.language],
                ttlSeconds: 60,
              },
            ],
            saved: () => told.push(after.language),
          },
    );
    await engine.current(id);
    expect(told).toEqual([]);
    await engine.handle(id, { kind: 'choose', id: 'language' });
    expect(told).toEqual(['en']);
    expect((await store.get(record))?.value).toEqual(['es', 'en']);
    // With work to run under the lease: the record rides the save, which keeps the lease.
    const other = engineOn(store, 0, () => ({
      writes: () => [{ key: record, value: ['none'], ttlSeconds: 60 }],
      run: async () => {
        expect((await store.get(record))?.value).toEqual(['none']);
        await expect(
          store.lock(conversationKey(id), { ttlMs: 1_000, waitMs: 0 }),
        ).rejects.toBeInstanceOf(LockTimeoutError);
        told.push('ran');
      },
    }));
    expect((await other.handle(id, { kind: 'choose', id: 'language' })).view.text).toMatch(/Hola/);
    expect(told).toEqual(['en', 'ran']);
    expect((await store.get(record))?.value).toEqual(['none']);
    await (await store.lock(conversationKey(id), { ttlMs: 1_000, waitMs: 0 })).release();
  });

  /**
   * The booking machine whose "my bookings" list first makes a partner call with its
   * effect record (as an Add does), then does `meanwhile`, within the turn.
   */
  const callingMachine = (attempt: EffectKey, meanwhile: () => Promise<void> = async () => {}) =>
    bookingMachine.provide({
      actors: {
        loadMyBookings: fromPromise<MyBooking[], MyBookingsInput>(async ({ system }) => {
          const effects = createEffects(store, undefined, turnOf(system));
          await effects.run(attempt, 'fingerprint', async () => 'added');
          await meanwhile();
          return [];
        }),
      },
    });
  const attemptOf = (id: string): EffectKey => ({
    shoppingCartId: id,
    operation: 'add',
    attempt: '1',
  });
  /** The attempt's stored record's status (what another turn would read). */
  const statusOf = async ({ shoppingCartId, operation, attempt }: EffectKey) =>
    (await store.get<{ status: string }>(effectKey(shoppingCartId, operation, attempt)))?.value
      .status;

  it("writes a failing turn's held-back outcome in the exchange that frees the conversation", async () => {
    const id = `c:${randomUUID()}`;
    const attempt = attemptOf(id);
    // What the attempt's record said as each exchange that frees the conversation ended.
    const seen: (string | undefined)[] = [];
    let during: string | undefined;
    const watched: Store = {
      ...store,
      async lock<T>(key: string, options: Parameters<Store['lock']>[1]) {
        const lock = await store.lock<T>(key, options);
        let free = false;
        const freed = async () => {
          if (!free) seen.push(await statusOf(attempt));
          free = true;
        };
        return {
          ...lock,
          async release(carried) {
            await lock.release(carried);
            await freed();
          },
          async putAndRelease(written, value, expected, ttl, carried) {
            const version = await lock.putAndRelease(written, value, expected, ttl, carried);
            await freed();
            return version;
          },
        } satisfies Lock<T>;
      },
    };
    const engine = engineOn(
      watched,
      0,
      (_id, _before, after) => {
        if (after.myBookings !== undefined) throw new Error('a bug after the partner call');
        return undefined;
      },
      callingMachine(attempt, async () => {
        during = await statusOf(attempt);
      }),
    );
    await expect(engine.handle(id, { kind: 'text', text: 'mis reservas' })).rejects.toThrow(
      'a bug after the partner call',
    );
    // Held back within the turn, written as the conversation was freed.
    expect(during).toBe('started');
    expect(seen).toEqual(['done']);
    // The conversation is free.
    await (await store.lock(conversationKey(id), { ttlMs: 1_000, waitMs: 0 })).release();
  });

  it("writes a turn's held-back outcome with its save when work runs under the lease after it", async () => {
    const id = `c:${randomUUID()}`;
    const attempt = attemptOf(id);
    let during: string | undefined;
    const engine = engineOn(
      store,
      0,
      (_id, _before, after) =>
        after.myBookings === undefined
          ? undefined
          : {
              run: async () => {
                during = await statusOf(attempt);
              },
            },
      callingMachine(attempt),
    );
    await engine.handle(id, { kind: 'text', text: 'mis reservas' });
    expect(during).toBe('done');
  });

  it("writes a turn's held-back outcome when its save is refused (the conversation written meanwhile)", async () => {
    const id = `c:${randomUUID()}`;
    const attempt = attemptOf(id);
    await engineOn(store).current(id);
    const engine = engineOn(
      store,
      0,
      undefined,
      callingMachine(attempt, async () => {
        // Another instance's write (our lease had expired): this turn's save is refused.
        const saved = await store.get(conversationKey(id));
        await store.set(conversationKey(id), saved?.value, 60);
      }),
    );
    const reply = await engine.handle(id, { kind: 'text', text: 'mis reservas' });
    // The turn is dropped: the customer goes on from what is saved (home).
    expect(reply.view.text).toMatch(/Hola/);
    expect(await statusOf(attempt)).toBe('done');
  });

  it('bounds the running actors it keeps, and keeps none with 0', async () => {
    const bounded = engineOn(store, 2);
    const none = engineOn(store, 0);
    for (let n = 0; n < 3; n += 1) {
      await bounded.current(`c:${randomUUID()}`);
      await none.current(`c:${randomUUID()}`);
    }
    expect(bounded.live?.()).toBe(2);
    expect(none.live?.()).toBe(0);
  });
});
