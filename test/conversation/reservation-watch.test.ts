import { describe, expect, it } from 'vitest';
import type { BookingContext, Reservation } from '#flows/booking/types.js';
import { REMIND_BEFORE_MS, watchReservations } from '#src/conversation/reservation-watch.js';
import type { Job, Scheduler } from '#src/scheduler/scheduler.js';

function recordingScheduler() {
  const calls: (['schedule', Job] | ['cancel', string])[] = [];
  const scheduler: Scheduler = {
    schedule: async (job) => {
      calls.push(['schedule', job]);
    },
    cancel: async (id) => {
      calls.push(['cancel', id]);
    },
    start: () => undefined,
    close: async () => undefined,
  };
  return { scheduler, calls };
}

const now = new Date('2026-12-01T10:00:00Z');
const base = {
  language: 'en',
  userKey: 'tg:1',
  browse: { page: 0 },
  cart: { shoppingCartId: 'c1', lines: [] },
  checkout: { insuranceDeclined: false, profileAnswers: {} },
} as unknown as BookingContext;
const reservation = (expiresAt: string, extra: Partial<Reservation> = {}): Reservation =>
  ({
    expiresAt,
    expiresAtLocal: '2026-12-01T11:15:00',
    total: { cents: 100, currency: 'EUR' },
    failedProductIds: [],
    paymentRequired: false,
    ...extra,
  }) as Reservation;

describe('watching reservations', () => {
  it('schedules a reminder before the expiry and the expiry itself for a new reservation', async () => {
    const { scheduler, calls } = recordingScheduler();
    const watch = watchReservations(scheduler, () => now);
    await watch('tg:1', base, {
      ...base,
      reservation: reservation('2026-12-01T10:15:00.000Z'),
    })?.run?.();
    expect(calls).toEqual([
      [
        'schedule',
        {
          id: 'remind:tg:1',
          kind: 'reservation.remind',
          conversationId: 'tg:1',
          at: new Date(Date.parse('2026-12-01T10:15:00Z') - REMIND_BEFORE_MS),
        },
      ],
      [
        'schedule',
        {
          id: 'expire:tg:1',
          kind: 'reservation.expired',
          conversationId: 'tg:1',
          at: new Date('2026-12-01T10:15:05Z'),
        },
      ],
    ]);
  });

  it('does nothing when the reservation did not change', async () => {
    const { scheduler, calls } = recordingScheduler();
    const held = { ...base, reservation: reservation('2026-12-01T10:15:00.000Z') };
    await watchReservations(scheduler, () => now)('tg:1', held, { ...held })?.run?.();
    expect(calls).toEqual([]);
  });

  it('reschedules a renewed reservation under the same ids', async () => {
    const { scheduler, calls } = recordingScheduler();
    const before = { ...base, reservation: reservation('2026-12-01T10:15:00.000Z') };
    await watchReservations(scheduler, () => now)('tg:1', before, {
      ...base,
      reservation: reservation('2026-12-01T10:30:00.000Z'),
    })?.run?.();
    expect(calls.map(([verb, job]) => [verb, typeof job === 'string' ? job : job.id])).toEqual([
      ['schedule', 'remind:tg:1'],
      ['schedule', 'expire:tg:1'],
    ]);
  });

  it('skips the reminder when the expiry is too close', async () => {
    const { scheduler, calls } = recordingScheduler();
    await watchReservations(scheduler, () => now)('tg:1', base, {
      ...base,
      reservation: reservation('2026-12-01T10:01:00.000Z'),
    })?.run?.();
    expect(calls.map(([verb, job]) => [verb, typeof job === 'string' ? job : job.id])).toEqual([
      ['cancel', 'remind:tg:1'],
      ['schedule', 'expire:tg:1'],
    ]);
  });

  it.each([
    ['sold', { sale: { partnerSaleId: 'p', saleIds: ['s1'] } }],
    ['lapsed', { reservation: reservation('2026-12-01T10:15:00.000Z', { lapsed: true }) }],
    ['gone', { reservation: undefined }],
  ])('cancels both jobs when the reservation is %s', async (_name, change) => {
    const { scheduler, calls } = recordingScheduler();
    const before = { ...base, reservation: reservation('2026-12-01T10:15:00.000Z') };
    await watchReservations(scheduler, () => now)('tg:1', before, {
      ...before,
      ...change,
    } as BookingContext)?.run?.();
    expect(calls).toEqual([
      ['cancel', 'remind:tg:1'],
      ['cancel', 'expire:tg:1'],
    ]);
  });
});
