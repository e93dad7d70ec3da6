/**
 * A stored conversation carried to the current machine version (restore.ts), on the real
 * booking machine: migrations run in order from the stored version, and a snapshot with no
 * way forward (no migration, a migration that throws, a newer release's, a state that is
 * gone) starts over at home with the order kept.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type StateValue } from 'xstate';
import { bookingMachine } from '#flows/booking/machine.js';
import { orderKept, type Migrations, type StoredSnapshot } from '#flows/booking/migrations.js';
import type { BookingContext } from '#flows/booking/types.js';
import { migrate, readRecord, restoreConversation } from '#src/conversation/restore.js';
import { storedValue } from '#src/store/store.js';
import { line, reservation } from '#test/flows/cart-harness.js';

const input = { language: 'es' as const, userKey: 'tg:1', shoppingCartId: 'cart000000009' };

const context: BookingContext = {
  language: 'en',
  userKey: 'tg:1',
  browse: { page: 0 },
  cart: { shoppingCartId: 'cart000000001', lines: [line('item-1')] },
  checkout: { insuranceDeclined: false, profileAnswers: {} },
  reservation: reservation(),
  sale: { partnerSaleId: 'sale-1', saleIds: ['S1'], shoppingCartId: 'cart000000001' },
  payment: { paid: { chargeId: 'charge-1', amount: 1200, currency: 'EUR' } },
  draft: undefined,
  wish: { productId: 'p-1' } as BookingContext['wish'],
};

/** A snapshot of the machine at `value` as the store holds it (JSON). */
function stored(value: StateValue, ctx: BookingContext = context): StoredSnapshot {
  const snapshot = bookingMachine.resolveState({ value, context: ctx });
  const persisted = createActor(bookingMachine, { snapshot, input }).getPersistedSnapshot();
  return JSON.parse(JSON.stringify(persisted)) as StoredSnapshot;
}

/** A snapshot's state renamed, as a release that renamed it would find it. */
const renamed = (snapshot: StoredSnapshot, from: string, to: string): StoredSnapshot => {
  const value = snapshot['value'] as Record<string, StateValue>;
  const { [from]: inner, ...rest } = value;
  return { ...snapshot, value: { ...rest, [to]: inner! } };
};

const restore = (record: object, version: number, migrations: Migrations = {}) =>
  restoreConversation(bookingMachine, { record: record as never, damaged: false }, input, {
    version,
    migrations,
  });

describe('restoring a stored conversation', () => {
  it('restores a snapshot of the current version as it was', () => {
    const restored = restore({ machineVersion: 3, snapshot: stored({ reserved: 'idle' }) }, 3);
    expect(restored.reset).toBeUndefined();
    expect(restored.actor.getSnapshot().value).toEqual({ reserved: 'idle' });
  });

  it('runs the migrations from the stored version, in order, then restores', () => {
    // Version 1 called the state "holding"; version 2 "reservedV2"; version 3 "reserved".
    const calls: number[] = [];
    const migrations: Migrations = {
      1: (snapshot) => (calls.push(1), renamed(snapshot, 'holding', 'reservedV2')),
      2: (snapshot) => (calls.push(2), renamed(snapshot, 'reservedV2', 'reserved')),
    };
    const old = renamed(stored({ reserved: 'idle' }), 'reserved', 'holding');
    const restored = restore({ machineVersion: 1, snapshot: old }, 3, migrations);
    expect(restored.reset).toBeUndefined();
    expect(calls).toEqual([1, 2]);
    expect(restored.actor.getSnapshot().value).toEqual({ reserved: 'idle' });
    expect(restored.actor.getSnapshot().context.sale).toEqual(context.sale);
  });

  it('reads a record without a version as of the first version', () => {
    const migrations: Migrations = { 1: (snapshot) => renamed(snapshot, 'holding', 'reserved') };
    const old = renamed(stored({ reserved: 'idle' }), 'reserved', 'holding');
    const restored = restore({ snapshot: old }, 2, migrations);
    expect(restored.reset).toBeUndefined();
    expect(restored.actor.getSnapshot().value).toEqual({ reserved: 'idle' });
  });

  it.each([
    [
      'a state the machine no longer has',
      { snapshot: renamed(stored({ reserved: 'idle' }), 'reserved', 'reservedV2') },
      1,
      {},
      'invalid',
    ],
    [
      'no migration from its version',
      { machineVersion: 1, snapshot: stored({ reserved: 'idle' }) },
      2,
      {},
      'no-migration',
    ],
    [
      'a migration that throws',
      { machineVersion: 1, snapshot: stored({ reserved: 'idle' }) },
      2,
      {
        1: () => {
          throw new Error('cannot');
        },
      },
      'migration-failed',
    ],
    [
      "a newer release's version",
      { machineVersion: 4, snapshot: stored({ reserved: 'idle' }) },
      3,
      {},
      'newer',
    ],
    [
      'a context without a cart',
      { snapshot: { ...stored('home'), context: { language: 'en' } } },
      1,
      {},
      'invalid',
    ],
  ] as const)(
    'starts over at home, the order kept, from %s',
    (_name, record, version, migrations, reason) => {
      const restored = restore(record, version, migrations as Migrations);
      expect(restored.reset).toBe(reason);
      const snapshot = restored.actor.getSnapshot();
      expect(snapshot.status).toBe('active');
      expect(snapshot.value).toBe('home');
      if (reason !== 'invalid' || 'cart' in (record.snapshot['context'] as object)) {
        expect(snapshot.context.cart).toEqual(context.cart);
        expect(snapshot.context.reservation).toEqual(context.reservation);
        expect(snapshot.context.sale).toEqual(context.sale);
        expect(snapshot.context.payment).toEqual(context.payment);
        expect(snapshot.context.language).toBe('en');
        // What belonged to the step it was at is not kept.
        expect(snapshot.context.wish).toBeUndefined();
      } else {
        expect(snapshot.context.cart).toEqual({ shoppingCartId: input.shoppingCartId, lines: [] });
        expect(snapshot.context.language).toBe('en');
      }
    },
  );

  it('keeps of an order only the fields of the shape its steps read', () => {
    const kept = orderKept({
      context: { ...context, reservation: { expiresAt: 5 }, cart: 'x', booked: ['p-1'] },
    });
    expect(kept).toEqual({
      language: 'en',
      checkout: context.checkout,
      sale: context.sale,
      payment: context.payment,
      booked: ['p-1'],
    });
  });

  it('reads a damaged stored value as damaged, and a missing one as none', () => {
    expect(readRecord(storedValue('{"snapshot":', 2))).toEqual({ damaged: true });
    expect(readRecord(storedValue('[1]', 2))).toEqual({ damaged: true });
    expect(readRecord(undefined)).toEqual({ damaged: false });
    expect(readRecord(storedValue('{"snapshot":{},"handled":["a",3]}', 2))).toEqual({
      record: { snapshot: {}, handled: ['a'] },
      damaged: false,
    });
  });

  it('migrates nothing from the current version', () => {
    const snapshot = stored('home');
    expect(migrate(snapshot, 2, { version: 2, migrations: {} })).toEqual({ snapshot });
  });
});
