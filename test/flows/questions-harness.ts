/**
 * A booking machine for the question steps' tests: started in a step with a prepared
 * context (entered as from the step before, so its actors run) or resolved inside a
 * state (`{ questions: 'asking' }`), with the given fake actors and every other actor
 * idle (never settling), so only the step under test acts. Inputs go through the
 * current view and `interpret`, as the engine does.
 */
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { bookingMachine } from '#flows/booking/machine.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent, Draft } from '#flows/booking/types.js';
import type { BookingView } from '#flows/booking/view.js';
import { viewOf } from '#src/conversation/engine.js';
import { interpret, type Input } from '#src/conversation/interpret.js';
import { testNow } from '#test/support/clock.js';
import type { QuestionsProfile } from '#src/api/questions.js';
import { demoIds, questionProfiles } from '#src/sandbox/seed/index.js';

export function demoProfile(id: string, language: 'es' | 'en' = 'en'): QuestionsProfile {
  const found = questionProfiles(language).find((profile) => profile.id === id);
  if (!found) throw new Error(`no demo profile ${id}`);
  return found;
}

export function draft(over: Partial<Draft> = {}): Draft {
  return {
    product: {
      productId: demoIds.products.museumAdult,
      productBaseId: demoIds.productBases.museumTickets,
      providerId: demoIds.providers.museum,
      name: 'General admission, adult',
      dates: ['2026-08-14'],
      openDate: false,
      minimumQuantity: 1,
      requiresRealTimePrice: false,
    },
    accessDate: '2026-08-14',
    sessions: [{ enclosureId: 'dome', sessionId: 'session-1', label: '12:00' }],
    quantity: 2,
    unitPrice: { cents: 1200, currency: 'EUR' },
    questionSets: [],
    answers: {},
    questionCursor: 0,
    ...over,
  };
}

export function context(over: Partial<BookingContext> = {}): BookingContext {
  return {
    language: 'en',
    userKey: 'test:questions',
    browse: { page: 0 },
    cart: { shoppingCartId: 'cart000000001', lines: [] },
    checkout: { insuranceDeclined: false, profileAnswers: {} },
    // Remembered details are looked up once (the client step); none here.
    customer: { recalled: true, saved: false },
    draft: draft(),
    ...over,
  };
}

/** Other steps' actors: never settle. */
const idle = Object.fromEntries(
  Object.keys(bookingMachine.implementations.actors).map((name) => [
    name,
    fromPromise(() => new Promise<never>(() => undefined)),
  ]),
);

export function startBooking(
  at: string | Record<string, string>,
  ctx: BookingContext,
  actors: Record<string, AnyActorLogic> = {},
) {
  const provided = { ...idle, ...actors };
  const machine: typeof bookingMachine =
    typeof at === 'string'
      ? (booking
          .createMachine({ ...bookingMachine.config, initial: at, context: () => ctx } as never)
          .provide({ actors: provided } as never) as never)
      : bookingMachine.provide({ actors: provided });
  const notices: string[] = [];
  const actor = createActor(machine, {
    input: { language: ctx.language, userKey: ctx.userKey, shoppingCartId: 'cart000000001' },
    ...(typeof at === 'string'
      ? {}
      : { snapshot: machine.resolveState({ value: at, context: ctx }) }),
  });
  actor.on('notice', (event) => notices.push(event.text));
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const settled = async () => {
    for (let i = 0; i < 50 && snapshot().hasTag('busy'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return snapshot();
  };
  const view = (): BookingView =>
    viewOf(snapshot() as never, { catalog: undefined as never, now: testNow() });
  const send = (event: BookingEvent) => {
    if (snapshot().can(event)) actor.send(event);
    else notices.push('(not understood)');
    return snapshot();
  };
  /** A customer's input, read through the current view like the engine does. */
  const say = (input: Input) => {
    const reading = interpret(input, view());
    if ('event' in reading) return send(reading.event);
    notices.push('error' in reading ? reading.error : `(${Object.keys(reading)[0]})`);
    return snapshot();
  };
  return { actor, notices, snapshot, settled, view, say, send };
}
