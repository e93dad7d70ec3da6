/**
 * The booking machine for the cart steps' tests: placed in a state with a context, with
 * fake actors (those not given never settle), the demo catalog for views, a fixed clock
 * (Wednesday 10 June 2026, 10:00 in Madrid), and input read through the current view as
 * the engine reads it.
 */
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { indexCatalog, type CatalogIndex } from '#src/catalog/catalog-index.js';
import { viewOf } from '#src/conversation/engine.js';
import { interpret, type Input } from '#src/conversation/interpret.js';
import { demoCatalog, demoIds } from '#src/sandbox/seed/index.js';
import { bookingMachine } from '#flows/booking/machine.js';
import { booking } from '#flows/booking/setup.js';
import type {
  BookingContext,
  BookingEvent,
  CartLine,
  Draft,
  Reservation,
} from '#flows/booking/types.js';
import type { BookingView } from '#flows/booking/view.js';

export const NOW = new Date('2026-06-10T08:00:00Z');
export const catalog: CatalogIndex = indexCatalog(
  demoCatalog({ today: '2026-06-10', language: 'en' }),
);

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

/** Every actor of the machine as one that never settles. */
const idle = Object.fromEntries(
  Object.keys(bookingMachine.implementations.actors).map((name) => [
    name,
    fromPromise(() => new Promise<never>(() => undefined)),
  ]),
);

/** A promise actor that records its inputs and answers with `run`. */
export function fake<Output, In = unknown>(run: (input: In) => Promise<Output> | Output) {
  const inputs: In[] = [];
  const logic = fromPromise<Output, In>(async ({ input }) => {
    inputs.push(input);
    return run(input);
  });
  return { logic, inputs };
}

/** A promise actor that fails with `error`. */
export const failing = (error: unknown) =>
  fromPromise(async () => {
    throw error;
  });

/**
 * The machine in `value` (e.g. `{ cart: 'idle' }`, or a step name entered as from the
 * step before, its `always` transitions and actors running).
 */
export function place(
  value: string | Record<string, string>,
  ctx: BookingContext,
  actors: Record<string, AnyActorLogic> = {},
  options: { stub?: string[] } = {},
) {
  const provided = { actors: { ...idle, ...actors } } as never;
  // Steps of other modules replaced by inert states: to see that a transition lands
  // there, whatever those steps then do on their own.
  const states = { ...bookingMachine.config.states };
  for (const name of options.stub ?? []) states[name] = {};
  const machine =
    typeof value === 'string' || options.stub
      ? booking
          .createMachine({
            ...bookingMachine.config,
            states,
            ...(typeof value === 'string' ? { initial: value, context: () => ctx } : {}),
          } as never)
          .provide(provided)
      : bookingMachine.provide(provided);
  const notices: string[] = [];
  const actor = createActor(machine, {
    input: { language: ctx.language, userKey: ctx.userKey, shoppingCartId: 'unused' },
    ...(typeof value === 'string'
      ? {}
      : { snapshot: machine.resolveState({ value, context: ctx }) }),
  });
  actor.on('notice', (event) => notices.push(event.text));
  actor.start();
  const settled = async () => {
    for (let i = 0; i < 100 && actor.getSnapshot().hasTag('busy'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return actor.getSnapshot();
  };
  const view = (now = NOW): BookingView => viewOf(actor.getSnapshot() as never, { catalog, now });
  const input = (value: Input): { sent?: BookingEvent; refused?: string } => {
    const reading = interpret(value, view());
    if ('event' in reading) {
      if (!actor.getSnapshot().can(reading.event)) return { refused: 'cannot' };
      actor.send(reading.event);
      return { sent: reading.event };
    }
    if ('error' in reading) return { refused: reading.error };
    return { refused: 'stale' in reading ? 'stale' : 'not understood' };
  };
  const choose = async (id: string) => {
    const result = input({ kind: 'choose', id });
    await settled();
    return result;
  };
  const send = async (event: BookingEvent) => {
    actor.send(event);
    return settled();
  };
  const state = () => actor.getSnapshot().value;
  const ctxNow = () => actor.getSnapshot().context;
  return { actor, notices, settled, view, choose, send, state, context: ctxNow };
}
