/**
 * Capacity through the cart: limited sessions and limited days sold until nothing is
 * left (Confirm then fails per item, or as a whole when nothing fits), expiry giving
 * places back (sandbox clock), CancelConfirm, and the injected capacity fault.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartAddOperation,
  cartCancelConfirmOperation,
  cartConfirmOperation,
  cartSaleOperation,
  type CartActivity,
} from '#src/api/cart.js';
import { salesOperation } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import { toInstant } from '#src/domain/time.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import {
  P,
  profileAnswers,
  question,
  refusal,
  saleDate,
  saleDates,
  ticket,
  visitorAnswers,
} from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', { options: { reservationMinutes: 15 } });
});

const ctx = () => t.sandbox.context();
const capacity = () => ctx().state.cart.capacity;

function planetarium(date: IsoDate, sessionId: string, quantity: number): CartActivity {
  return {
    productId: P.museumPlanetarium,
    accessDateTime: date,
    quantity,
    questions: [{ questionId: question('planetarium.language'), stringValue: 'en' }],
    tickets: Array.from({ length: quantity }, () => ({
      ticketId: ticket('museumPlanetarium', 'dome'),
      sessionId,
    })),
  };
}

const family = (date: IsoDate, quantity: number): CartActivity => ({
  productId: P.museumFamily,
  accessDateTime: date,
  quantity,
  questions: visitorAnswers('Familia Pérez'),
});

async function reserve(cartId: string, activities: CartActivity[]) {
  await t.client.call(cartAddOperation, { shoppingCartId: cartId, activities });
  return t.client.call(cartConfirmOperation, {
    shoppingCartId: cartId,
    questionsProfiles: profileAnswers(),
  });
}

/** The first limited day of the family pack that is on sale (from tomorrow). */
const familyDay = (): IsoDate => {
  const limited = ctx().data.index().product(P.museumFamily)!.product.daysWithLimitedCapacity;
  return saleDates(ctx(), 'museumFamily').find((date) => limited.includes(date))!;
};

describe('limited sessions', () => {
  it('sells a session until it is full; then Confirm fails for that item only', async () => {
    const date = saleDate(ctx(), 'museumPlanetarium');
    const [first, second] = ctx()
      .data.capacity.sessions.filter(
        (s) =>
          s.ticketEnclosureId === demoIds.enclosures.planetarium && s.sessionTime.startsWith(date),
      )
      .sort((a, b) => a.sessionTime.localeCompare(b.sessionTime));
    const initial = capacity().remainingForSession(first!.sessionId)!;
    expect(initial).toBeGreaterThan(0);

    let left = initial;
    let n = 0;
    while (left > 0) {
      const quantity = Math.min(left, 9);
      const confirmed = await reserve(`fill-${(n += 1)}`, [
        planetarium(date, first!.sessionId, quantity),
      ]);
      expect(confirmed.activities.products[0]!.success).toBe(true);
      left -= quantity;
      expect(capacity().remainingForSession(first!.sessionId)).toBe(left);
    }

    const none = await refusal(
      reserve('over', [planetarium(date, first!.sessionId, 1)]),
      SandboxCode.CapacityExceeded,
    );
    expect(none.messages.join()).toMatch(first!.sessionId);

    const secondBefore = capacity().remainingForSession(second!.sessionId)!;
    const mixed = await reserve('mixed', [
      planetarium(date, first!.sessionId, 1),
      planetarium(date, second!.sessionId, 1),
    ]);
    expect(mixed.activities.products.map((p) => p.success)).toEqual([false, true]);
    expect(capacity().remainingForSession(second!.sessionId)).toBe(secondBefore - 1);

    await t.client.call(cartSaleOperation, { shoppingCartId: 'mixed', partnerSaleId: 'PS-mixed' });
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-mixed' })).sales[0]!;
    expect(sale.activities).toHaveLength(1);
    expect(sale.activities[0]!.tickets.find((x) => x.sessionId)?.sessionId).toBe(second!.sessionId);
    expect(capacity().remainingForSession(second!.sessionId)).toBe(secondBefore - 1);
  });
});

describe('limited days', () => {
  it('counts the quota tickets of each pack until the day is full', async () => {
    const date = familyDay();
    const initial = capacity().remainingForDay(P.museumFamily, date)!;
    const packs = Math.floor(initial / 4);
    let sold = 0;
    while (sold < packs) {
      const quantity = Math.min(packs - sold, 4);
      await reserve(`day-${sold}`, [family(date, quantity)]);
      sold += quantity;
    }
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial - packs * 4);
    await refusal(reserve('day-over', [family(date, 1)]), SandboxCode.CapacityExceeded);
  });

  it('gives the places of a lapsed reservation back, and cannot sell it', async () => {
    const date = familyDay();
    const initial = capacity().remainingForDay(P.museumFamily, date)!;
    const firstAsked = t.sandbox.clock.now();
    const confirmed = await reserve('lapse', [family(date, 1)]);
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial - 4);
    await t.extra('clock', { advanceMinutes: 16 });
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial);
    const expired = await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'lapse', partnerSaleId: 'PS-lapse' }),
      SandboxCode.ReservationExpired,
    );
    expect(expired.messages.join()).toMatch(confirmed.expirationDateTime);
    expect((await t.client.call(salesOperation, { partnerSaleId: 'PS-lapse' })).sales).toEqual([]);

    const asked = t.sandbox.clock.now();
    const again = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'lapse',
      questionsProfiles: profileAnswers(),
    });
    // Later as an instant: local times go back in autumn's repeated hour (the museum is
    // in Madrid), so the local strings alone need not sort.
    expect(toInstant(again.expirationDateTime, 'Europe/Madrid', asked).getTime()).toBeGreaterThan(
      toInstant(confirmed.expirationDateTime, 'Europe/Madrid', firstAsked).getTime(),
    );
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial - 4);
    await t.client.call(cartSaleOperation, { shoppingCartId: 'lapse', partnerSaleId: 'PS-lapse' });
    await t.extra('clock', { advanceMinutes: 60 });
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial - 4);
  });

  it('states the expiry in provider-local time, reservationMinutes ahead', async () => {
    await t.extra('reset', { options: { reservationMinutes: 5 } });
    const madrid = (ms: number) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Madrid',
        dateStyle: 'short',
        timeStyle: 'medium',
      })
        .format(new Date(ms + 5 * 60_000))
        .replace(' ', 'T');
    const before = madrid(ctx().clock.now().getTime());
    const confirmed = await reserve('expiry', [family(familyDay(), 1)]);
    const after = madrid(ctx().clock.now().getTime());
    expect(confirmed.expirationDateTime >= before && confirmed.expirationDateTime <= after).toBe(
      true,
    );
  });

  it('releases the places on CancelConfirm', async () => {
    const date = familyDay();
    const initial = capacity().remainingForDay(P.museumFamily, date)!;
    await reserve('undo', [family(date, 1)]);
    await t.client.call(cartCancelConfirmOperation, { shoppingCartId: 'undo' });
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial);
  });

  it('refuses Confirm with the capacity code under the injected fault, holding nothing', async () => {
    const date = familyDay();
    const initial = capacity().remainingForDay(P.museumFamily, date)!;
    await t.extra('faults', { faults: [{ operation: 'cart-confirm', capacityExhausted: true }] });
    await refusal(reserve('fault', [family(date, 1)]), SandboxCode.CapacityExceeded);
    expect(capacity().remainingForDay(P.museumFamily, date)).toBe(initial);
  });
});
