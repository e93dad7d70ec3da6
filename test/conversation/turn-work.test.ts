/**
 * What follows a turn: several hooks' work as one (each hook its own reads, a failure
 * reported and the rest done), and the bookings record drawn from what it read.
 */
import { describe, expect, it } from 'vitest';
import type { BookingContext } from '#flows/booking/types.js';
import {
  bookingsOf,
  chargesOf,
  recordBookings,
  staysOf,
} from '#src/conversation/bookings-record.js';
import { allWork, doWork, type TurnWork } from '#src/conversation/turn-work.js';
import { createMemoryStore } from '#src/store/memory-store.js';

describe("a turn's work", () => {
  it('is nothing when no hook has any', () => {
    expect(allWork([], () => undefined)).toBeUndefined();
  });

  it("gives each hook its own reads, and does every hook's writes, saved and runs in order", async () => {
    const store = createMemoryStore();
    await store.set('a', 1, 60);
    await store.set('c', 3, 60);
    const done: string[] = [];
    const failures: unknown[] = [];
    const hooks: TurnWork[] = [
      {
        reads: ['a'],
        writes: ([a]) => [{ key: 'a2', value: (a?.value as number) * 2, ttlSeconds: 60 }],
        run: async () => void done.push('run 1'),
      },
      {
        writes: () => {
          throw new Error('a bug in a hook');
        },
        saved: () => void done.push('saved 2'),
        run: async () => {
          throw new Error('scheduler down');
        },
      },
      {
        reads: ['b', 'c'],
        writes: ([b, c]) => [
          { key: 'c2', value: [b?.value ?? null, c?.value], ttlSeconds: 60 },
          { key: 'a', delete: true },
        ],
        run: async () => void done.push('run 3'),
      },
    ];
    const work = allWork(hooks, (error) => failures.push(error));
    expect(work?.reads).toEqual(['a', 'b', 'c']);
    await doWork(store, work);
    expect(await store.getMany(['a', 'a2', 'c2'])).toEqual([
      undefined,
      { value: 2, version: 1 },
      { value: [null, 3], version: 1 },
    ]);
    expect(done).toEqual(['saved 2', 'run 1', 'run 3']);
    expect(failures.map((error) => (error as Error).message)).toEqual([
      'a bug in a hook',
      'scheduler down',
    ]);
  });
});

describe('the bookings record', () => {
  const sold = (partnerSaleId: string, extra: object = {}) =>
    ({ sale: { partnerSaleId, saleIds: ['s1'], ...extra } }) as unknown as BookingContext;
  const none = {} as BookingContext;

  it('remembers each sale once, newest first, with its charge and stays, read before written', async () => {
    const store = createMemoryStore();
    const record = recordBookings();
    const charge = { chargeId: 'c1', amount: 2750, currency: 'EUR' };
    const stays = [{ rateId: 'r1', name: 'Hotel Sol' }];
    const first = record('tg:1', none, sold('P1', { charge }));
    expect(first?.reads).toEqual(['bookings:tg:1', 'bookings:tg:1:charges']);
    await doWork(store, first);
    await doWork(store, record('tg:1', none, sold('P2', { stays })));
    // The same sale seen again by a later turn: nothing to do.
    expect(record('tg:1', sold('P2', { stays }), sold('P2', { stays }))).toBeUndefined();
    // A sale written again (a turn redone) is not listed twice.
    await doWork(store, record('tg:1', none, sold('P2', { stays })));
    expect(await bookingsOf(store, 'tg:1')).toEqual(['P2', 'P1']);
    expect(await chargesOf(store, 'tg:1')).toEqual({ P1: charge });
    expect(await staysOf(store, 'tg:1')).toEqual({ P2: stays });
  });

  it('waits for the sale to have ids', () => {
    expect(
      recordBookings()('tg:1', none, {
        sale: { partnerSaleId: 'P1', saleIds: [] },
      } as unknown as BookingContext),
    ).toBeUndefined();
  });
});
