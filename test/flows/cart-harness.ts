/**
 * The cart steps' fixtures (a line, a draft, a reservation, a context with one line) over
 * the one machine harness (test/support/machine-harness.ts), in English.
 */
import { demoIds } from '#src/sandbox/seed/index.js';
import {
  demo,
  startMachine,
  type BookingActors,
  type MachineOptions,
} from '#test/support/machine-harness.js';
import type {
  BookingContext,
  BookingEvent,
  CartLine,
  Draft,
  Reservation,
} from '#flows/booking/types.js';

export { NOW, fake, failing } from '#test/support/machine-harness.js';
export const catalog = demo('en');

export const JELLYFISH = demoIds.products.museumJellyfish;
export const TWO_DAYS = demoIds.products.parkTwoDays;

export function line(cartItemId: string, over: Partial<CartLine> = {}): CartLine {
  return {
    cartItemId,
    productId: JELLYFISH,
    providerId: demoIds.providers.museum,
    name: 'Jellyfish aquarium: feeding time',
    accessDate: '2026-06-17',
    quantity: 2,
    sessions: [],
    unitPrice: { cents: 600, currency: 'EUR' },
    insurable: true,
    ...over,
  };
}

export function draft(over: Partial<Draft> = {}): Draft {
  return {
    product: {
      productId: JELLYFISH,
      productBaseId: demoIds.productBases.museumTickets,
      providerId: demoIds.providers.museum,
      name: 'Jellyfish aquarium: feeding time',
      dates: ['2026-06-17'],
      openDate: false,
      minimumQuantity: 1,
      requiresRealTimePrice: false,
    },
    accessDate: '2026-06-17',
    sessions: [],
    quantity: 2,
    unitPrice: { cents: 600, currency: 'EUR' },
    questionSets: [],
    answers: {},
    questionCursor: 0,
    ...over,
  };
}

export function reservation(over: Partial<Reservation> = {}): Reservation {
  return {
    expiresAtLocal: '2026-06-10T10:15:00',
    expiresAt: '2026-06-10T08:15:00.000Z',
    total: { cents: 1200, currency: 'EUR' },
    failedProductIds: [],
    paymentRequired: false,
    zone: 'Europe/Madrid',
    ...over,
  };
}

export function context(over: Partial<BookingContext> = {}): BookingContext {
  return {
    language: 'en',
    userKey: 'test:cart',
    browse: { page: 0 },
    cart: { shoppingCartId: 'cart000000001', lines: [line('i1')], adds: 1 },
    checkout: { insuranceDeclined: false, profileAnswers: {} },
    // Remembered details are looked up once (the client step); none here.
    customer: { recalled: true, saved: false },
    ...over,
  };
}

/**
 * The machine in `value` (e.g. `{ cart: 'idle' }`, or a step name entered as from the
 * step before, its `always` transitions and actors running); a choice and an event wait
 * until the machine settles.
 */
export function place(
  value: MachineOptions['at'],
  ctx: BookingContext,
  actors: BookingActors = {},
  options: { stub?: string[] } = {},
) {
  const h = startMachine({ at: value, context: ctx, actors, catalog, ...options });
  const settle = async <R>(result: R) => {
    await h.settled();
    return result;
  };
  return {
    ...h,
    choose: (id: string) => settle(h.input({ kind: 'choose', id })),
    send: (event: BookingEvent) => {
      h.send(event);
      return h.settled();
    },
  };
}
