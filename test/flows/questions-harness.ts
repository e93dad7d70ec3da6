/**
 * The question steps' fixtures (a demo profile, a draft with a session, a context with
 * it) over the one machine harness (test/support/machine-harness.ts): a refused input
 * or event is noted with the notices, as the customer would hear it.
 */
import type { BookingContext, BookingEvent, Draft } from '#flows/booking/types.js';
import type { Input } from '#src/conversation/interpret.js';
import { startMachine, type BookingActors } from '#test/support/machine-harness.js';
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

export function startBooking(
  at: string | Record<string, string>,
  ctx: BookingContext,
  actors: BookingActors = {},
) {
  const h = startMachine({ at, context: ctx, actors });
  const send = (event: BookingEvent) => {
    if (h.can(event)) h.send(event);
    else h.notices.push('(not understood)');
    return h.snapshot();
  };
  /** A customer's input, read through the current view like the engine does. */
  const say = (input: Input) => {
    const { refused } = h.input(input);
    if (refused !== undefined) h.notices.push(refused === 'cannot' ? '(not understood)' : refused);
    return h.snapshot();
  };
  return { ...h, say, send };
}
