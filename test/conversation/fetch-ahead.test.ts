/**
 * Reads fetched ahead: the cart's change asks for what its checkout will read (the
 * insurance quote only for a cart worth insuring), the checkout takes those answers
 * instead of asking again, and nothing that decides money (Add, Confirm, Sale) is ever
 * answered from what was kept.
 */
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { PartnerClient } from '#src/api/client.js';
import type { CartActivity } from '#src/api/cart.js';
import type { Operation } from '#src/api/operation.js';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import type { CatalogService } from '#src/catalog/catalog-service.js';
import { createFetchAhead } from '#src/conversation/actors/fetch-ahead.js';
import { createBookingActors } from '#src/conversation/actors/index.js';
import { createQuestionReads } from '#src/conversation/actors/questions.js';
import { quantityReadsAhead, ticketQuestionsAhead } from '#src/conversation/reads-ahead.js';
import { warmQuantityReads } from '#src/conversation/actors/selection.js';
import { silentLogger } from '#src/log.js';
import { createReturnUrls } from '#src/payments/return-token.js';
import { demoCatalog, demoIds } from '#src/sandbox/seed/index.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { AddToCartOutput, QuoteInsuranceOutput } from '#flows/booking/actors/cart.js';
import { checkoutQuestionsInput } from '#flows/booking/steps/checkout-questions.js';
import type { BookingContext, Draft } from '#flows/booking/types.js';

const TODAY = '2026-06-10';
const index = indexCatalog(demoCatalog({ today: TODAY, language: 'en' }));
const catalog: CatalogService = {
  get: async () => index,
  refresh: async () => 'unchanged',
  languages: () => ['en'],
};

let items = 0;
const answers: Record<string, (request: never) => unknown> = {
  'cart-add': (request: { activities: CartActivity[] }) => ({
    activities: request.activities.map((activity) => ({
      id: `item${(items += 1)}`,
      activity: { ...activity, accessDateTime: `${activity.accessDateTime}T00:00:00`, tickets: [] },
    })),
    accommodations: [],
  }),
  insurancepolicycheck: () => ({
    insurancePolicies: [
      { id: 'policy1', name: 'Refund', quote: 1.5, coverageAmount: 24, sale: { products: [] } },
    ],
  }),
  availablecapacity: (request: { productIds: string[]; dates: string[] }) => ({
    products: request.productIds.map((productId) => ({
      productId,
      date: request.dates[0],
      availableCapacity: 40,
    })),
    sessions: [],
  }),
  realtimeprices: (request: { productIds: string[]; accessDates: string[] }) => ({
    productsRealTimePrices: request.productIds.map((productId) => ({
      productId,
      accessDate: request.accessDates[0],
      success: true,
      price: 31.5,
    })),
  }),
  checkticketsquestions: () => ({
    products: [],
    providers: [],
    ticketQuestionsProfiles: [],
    providerQuestionsProfiles: [],
    saleQuestionsProfiles: [],
    clientQuestionsProfiles: [],
  }),
};

function harness() {
  const calls: string[] = [];
  const requests: unknown[] = [];
  const client: PartnerClient = {
    call: (async (operation: Operation, request: never) => {
      calls.push(operation.name);
      requests.push(request);
      return answers[operation.name]!(request);
    }) as PartnerClient['call'],
  };
  const ahead = createFetchAhead();
  const deps = {
    client,
    catalog,
    store: createMemoryStore(),
    now: () => new Date(`${TODAY}T08:00:00Z`),
    returnUrls: createReturnUrls('https://bot.example/', 'a-test-secret-of-at-least-32-characters'),
    logger: silentLogger,
    ahead,
  };
  const actors = createBookingActors(deps) as Record<string, AnyActorLogic>;
  // What a turn asks for ahead (the app's turn hook), on the same store.
  const { warmTickets } = createQuestionReads(deps);
  const warmed: unknown[] = [];
  const hook = ticketQuestionsAhead((input) => {
    warmed.push(input);
    warmTickets(input);
  });
  const run = <T>(name: string, input: unknown): Promise<T> =>
    toPromise(createActor(actors[name]!, { input }).start()) as Promise<T>;
  const count = (name: string) => calls.filter((call) => call === name).length;
  // The questions asked about a product's tickets (not profiles by id).
  const productQueries = () =>
    requests.filter((request) => (request as { products?: unknown[] }).products !== undefined)
      .length;
  // A day's sessions shown: the quantity's reads asked ahead (the app's turn hook).
  const days: unknown[] = [];
  const dayHook = quantityReadsAhead((day) => {
    days.push(day);
    warmQuantityReads({ client, ahead }, day);
  });
  return { ahead, run, count, hook, warmed, productQueries, dayHook, days };
}

/**
 * Two tickets of `productId`: by default the museum's guided tour, a line worth insuring
 * (its provider is insurable, and cancelling it costs from 48 h before).
 */
function draft(productId: string = demoIds.products.museumGuided): Draft {
  const entry = index.product(productId)!;
  return {
    product: {
      productId,
      productBaseId: entry.base.productBaseId,
      providerId: entry.provider.providerId,
      name: entry.product.productName,
      dates: [],
      openDate: false,
      minimumQuantity: 1,
      requiresRealTimePrice: false,
    },
    accessDate: '2026-06-17',
    sessions: [],
    quantity: 2,
    unitPrice: { cents: 1200, currency: 'EUR' },
    questionSets: [],
    answers: {},
    questionCursor: 0,
  };
}

describe('reads fetched ahead', () => {
  it("asks for the checkout's reads when the cart changes, and the checkout takes them", async () => {
    const { run, count } = harness();
    const added = await run<AddToCartOutput>('addToCart', {
      cart: { shoppingCartId: 'cart000000001', lines: [] },
      draft: draft(),
      language: 'en',
      reserved: false,
    });
    expect(added.line.insurable).toBe(true);
    // Asked for while the customer reads the cart, not awaited by the Add's turn.
    await vi.waitFor(() => {
      expect(count('insurancepolicycheck')).toBe(1);
      expect(count('checkticketsquestions')).toBe(1);
    });

    const quoted = await run<QuoteInsuranceOutput>('quoteInsurance', {
      cart: added.cart,
      language: 'en',
    });
    await run('loadCheckoutQuestions', checkoutQuestionsInput(added.cart, 'en'));
    // The checkout took what was fetched ahead: no second call of either.
    expect(quoted.quote?.quote).toEqual({ cents: 150, currency: 'EUR' });
    expect(count('insurancepolicycheck')).toBe(1);
    expect(count('checkticketsquestions')).toBe(1);
  });

  it('asks for no quote when every line is free to cancel', async () => {
    const { run, count } = harness();
    // The museum's adult ticket: insurable, but refunded whole whenever it is cancelled.
    const added = await run<AddToCartOutput>('addToCart', {
      cart: { shoppingCartId: 'cart000000003', lines: [] },
      draft: draft(demoIds.products.museumAdult),
      language: 'en',
      reserved: false,
    });
    expect(added.line.insurable).toBe(false);
    await vi.waitFor(() => expect(count('checkticketsquestions')).toBe(1));
    expect(count('insurancepolicycheck')).toBe(0);
  });

  it("asks for the tickets' questions while the quantity is asked, and the quantity's answer takes them", async () => {
    const { ahead, run, hook, warmed, productQueries } = harness();
    // The museum's adult entry: its tickets have a questions profile.
    const { quantity: _none, ...asking } = draft(demoIds.products.museumAdult);
    const context = (over: Partial<BookingContext>) =>
      ({ language: 'en', ...over }) as BookingContext;
    // The turn that leaves the quantity asked (product, day, no session to choose).
    hook('c1', context({}), context({ draft: asking }));
    await vi.waitFor(() => expect(productQueries()).toBe(1));
    // Asked once: a turn that leaves the same question asks nothing more.
    hook('c1', context({ draft: asking }), context({ draft: asking }));
    // The quantity answered (any quantity): its questions are the ones fetched ahead.
    await run('loadTicketQuestions', {
      productId: demoIds.products.museumAdult,
      date: asking.accessDate,
      quantity: 3,
      sessions: [],
      language: 'en',
    });
    expect(productQueries()).toBe(1);
    expect(ahead.keys().every((key) => key.startsWith('checkticketsquestions '))).toBe(true);
    // Asked for once per question, never once the quantity is chosen.
    hook('c2', context({}), context({ draft: draft(demoIds.products.museumAdult) }));
    expect(warmed).toHaveLength(1);
  });

  it("asks for the quantity's capacity and real-time price while a day's sessions are shown, and the quantity takes them", async () => {
    const { ahead, run, count, dayHook, days } = harness();
    const date = '2026-06-17' as const;
    const product = demoIds.products.parkAdult;
    const base = draft(product);
    const { quantity: _none, ...rest } = base;
    // The park's day chosen, its limited capacity not known, its session still to pick.
    const picking: Draft = {
      ...rest,
      accessDate: date,
      product: {
        ...base.product,
        requiresRealTimePrice: true,
        rules: {
          sessionEnclosures: [{ enclosureId: 'e1', name: 'Pool', autoAssign: 0 }],
          limitedDates: [date],
          capacityByDate: {},
        } as never,
      },
    };
    const context = (over: Partial<BookingContext>) =>
      ({ language: 'en', ...over }) as BookingContext;
    dayHook('c1', context({}), context({ draft: picking }));
    // Once per product and day.
    dayHook('c1', context({ draft: picking }), context({ draft: picking }));
    expect(days).toHaveLength(1);
    await vi.waitFor(() => {
      expect(count('availablecapacity')).toBe(1);
      expect(count('realtimeprices')).toBe(1);
    });
    // The session picked: the quantity step's reads take what was fetched ahead.
    await run('checkCapacity', { productId: product, date, language: 'en' });
    await run('quotePrice', { productId: product, date, language: 'en' });
    expect(count('availablecapacity')).toBe(1);
    expect(count('realtimeprices')).toBe(1);
    expect(ahead.keys().every((key) => /^(availablecapacity|realtimeprices) /.test(key))).toBe(
      true,
    );
    // The quantity chosen: nothing more asked ahead.
    dayHook('c2', context({}), context({ draft: { ...picking, quantity: 2 } }));
    expect(days).toHaveLength(1);
  });

  it('never answers what decides money from what was kept', async () => {
    const { ahead, run, count } = harness();
    const input = {
      cart: { shoppingCartId: 'cart000000002', lines: [] },
      draft: draft(),
      language: 'en',
      reserved: false,
    };
    const first = await run<AddToCartOutput>('addToCart', input);
    await vi.waitFor(() => expect(count('checkticketsquestions')).toBe(1));
    // The same tickets added again (to the cart as it is now) reach the partner again: an
    // Add is never answered from what was kept.
    const second = await run<AddToCartOutput>('addToCart', { ...input, cart: first.cart });
    expect(count('cart-add')).toBe(2);
    await vi.waitFor(() => expect(count('checkticketsquestions')).toBe(2));
    // Only reads are kept, each under its own request.
    expect(
      ahead.keys().every((key) => /^(insurancepolicycheck|checkticketsquestions) /.test(key)),
    ).toBe(true);
    expect(ahead.keys().some((key) => /cart-(add|confirm|sale)/.test(key))).toBe(false);
    // A quote for another cart is asked for, not taken from the one kept for the first.
    const quotes = count('insurancepolicycheck');
    const other = { ...second.cart, lines: second.cart.lines.slice(1) };
    await run<QuoteInsuranceOutput>('quoteInsurance', { cart: other, language: 'en' });
    expect(count('insurancepolicycheck')).toBe(quotes + 1);
  });
});
