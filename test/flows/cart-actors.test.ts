/**
 * The cart and sale actors over a scripted partner client: what they send, and how they
 * reconcile a write whose outcome was never seen (never by calling again blindly).
 */
import { createReturnUrls } from '#src/payments/return-token.js';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CartActivity } from '#src/api/cart.js';
import type { PartnerClient } from '#src/api/client.js';
import { PartnerEnvelopeError, PartnerNetworkError, PartnerTimeoutError } from '#src/api/errors.js';
import type { Operation } from '#src/api/operation.js';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import type { CatalogService } from '#src/catalog/catalog-service.js';
import { createCartActors } from '#src/conversation/actors/cart.js';
import { activityOf } from '#src/conversation/actors/cart-requests.js';
import { createEffects } from '#src/conversation/actors/effects.js';
import type { ActorDeps } from '#src/conversation/actors/index.js';
import { createPackageActors } from '#src/conversation/actors/packages.js';
import { createSaleActors } from '#src/conversation/actors/sales.js';
import { silentLogger } from '#src/log.js';
import { demoCatalog, demoIds } from '#src/sandbox/seed/index.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { AddRefused, ReservationExpired, type MoveLineOutput } from '#flows/booking/actors/cart.js';
import { Refusal } from '#flows/booking/problem.js';
import type { Cart, CartLine, Draft } from '#flows/booking/types.js';
import { SEARCH, quote } from './packages-harness.js';

const TODAY = '2026-06-10';
const index = indexCatalog(demoCatalog({ today: TODAY, language: 'en' }));
const catalog: CatalogService = {
  get: async () => index,
  refresh: async () => 'unchanged',
  languages: () => ['en'],
};

type Handler = (request: never) => unknown;
interface Call {
  name: string;
  request: Record<string, unknown>;
}

const ctx = (operation: string) => ({ operation, requestId: 'r' });
const envelope = (operation: string, message: string, status = 200, codes = ['1']) =>
  new PartnerEnvelopeError(ctx(operation), { codes, messages: [message], entities: [], status });

function harness(
  handlers: Record<string, Handler>,
  clock = { ms: Date.parse('2026-06-10T08:00:00Z') },
) {
  const calls: Call[] = [];
  const client: PartnerClient = {
    call: (async (operation: Operation, request: Record<string, unknown>) => {
      calls.push({ name: operation.name, request });
      const handler = handlers[operation.name];
      // What the sandbox answers for an operation it does not offer.
      if (!handler) throw envelope(operation.name, `${operation.name} is not offered`, 404);
      return handler(request as never);
    }) as PartnerClient['call'],
  };
  const store = createMemoryStore(() => clock.ms);
  const now = () => new Date(clock.ms);
  const deps: ActorDeps = {
    client,
    catalog,
    store,
    now,
    returnUrls: createReturnUrls('https://bot.example/', 'a-test-secret-of-at-least-32-characters'),
    logger: silentLogger,
  };
  let carts = 0;
  const options = { newCartId: () => `newcart${String((carts += 1)).padStart(6, '0')}` };
  const actors: Record<string, AnyActorLogic> = {
    ...createCartActors(deps, options),
    ...createSaleActors(deps, options),
    ...createPackageActors(deps, options),
  };
  const run = <T>(name: string, input: unknown): Promise<T> =>
    toPromise(createActor(actors[name]!, { input }).start()) as Promise<T>;
  const named = (name: string) => calls.filter((call) => call.name === name);
  return { calls, named, store, run, clock, effects: createEffects(store, now) };
}

const started = { status: 'started', fingerprint: 'x', startedAt: '2026-06-10T07:59:00Z' } as const;

/** An Add answer with one id per activity sent. */
let itemSeq = 0;
const addAnswer = (request: { activities: CartActivity[] }) => ({
  activities: request.activities.map((activity) => ({
    id: `item${(itemSeq += 1)}`,
    activity: { ...activity, accessDateTime: `${activity.accessDateTime}T00:00:00`, tickets: [] },
  })),
  accommodations: [],
});

const JELLYFISH = demoIds.products.museumJellyfish;

function productOf(productId: string): Draft['product'] {
  const entry = index.product(productId)!;
  return {
    productId,
    productBaseId: entry.base.productBaseId,
    providerId: entry.provider.providerId,
    name: entry.product.productName,
    dates: [],
    openDate: false,
    minimumQuantity: 1,
    requiresRealTimePrice: false,
  };
}

function draftOf(productId: string, over: Partial<Draft> = {}): Draft {
  return {
    product: productOf(productId),
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

function lineOf(cartItemId: string, productId = JELLYFISH): CartLine {
  const draft = draftOf(productId);
  return {
    cartItemId,
    productId,
    providerId: draft.product.providerId,
    name: draft.product.name,
    accessDate: '2026-06-17',
    quantity: 2,
    sessions: [],
    unitPrice: { cents: 600, currency: 'EUR' },
    activity: activityOf(draft, index),
    insurable: true,
  };
}

const cartOf = (...lines: CartLine[]): Cart => ({
  shoppingCartId: 'oldcart000001',
  lines,
  adds: lines.length,
});

const confirmAnswer = (
  cart: string,
  products: { productId: string; price: number; success?: boolean }[],
) => ({
  expirationDateTime: '2026-06-10T10:15:00',
  activities: {
    products: products.map((p) => ({
      productId: p.productId,
      accessDateTime: '2026-06-17T00:00:00',
      price: p.price,
      success: p.success ?? true,
      tickets: [],
    })),
  },
  accommodations: [],
  paymentMethodsNotApplicable: cart !== 'debit',
  paymentMethods:
    cart === 'debit'
      ? [{ id: 'card', type: 1, name: 'Card', enableSendByEmail: true, fields: [] }]
      : [],
});

describe('the Add request', () => {
  it('holds every ticket × quantity with its session, enclosure date and answers', () => {
    const adult = index.product(demoIds.products.museumAdult)!.product;
    const entry = adult.tickets[0]!;
    const draft = draftOf(demoIds.products.museumAdult, {
      questionSets: [
        { ticketId: entry.ticketId, attendee: 1, label: 'a', questions: [{ id: 'q1' } as never] },
        { ticketId: entry.ticketId, attendee: 2, label: 'b', questions: [{ id: 'q1' } as never] },
      ],
      answers: {
        '0:q1': { questionId: 'q1', stringValue: 'Ana' },
        '1:q1': { questionId: 'q1', stringValue: 'Luis' },
      },
    });
    const activity = activityOf(draft, index);
    expect(activity).toMatchObject({
      productId: adult.productId,
      accessDateTime: '2026-06-17',
      quantity: 2,
    });
    expect(activity.tickets).toHaveLength(adult.tickets.length * 2);
    const answered = activity.tickets!.filter((ticket) => ticket.ticketId === entry.ticketId);
    expect(answered.map((ticket) => ticket.questions?.[0]?.stringValue)).toEqual(['Ana', 'Luis']);
    expect(activity.tickets!.every((ticket) => ticket.accessDateTime === '2026-06-17')).toBe(true);
  });

  it('gives each enclosure its own date for DatePerTicketEnclosure providers, and chosen sessions', () => {
    const park = index.product(demoIds.products.parkAdult)!;
    const [slides, pool] = park.product.tickets;
    const draft = draftOf(demoIds.products.parkAdult, {
      quantity: 1,
      enclosureDates: { [pool!.ticketEnclosureId!]: '2026-06-18' },
      sessions: [{ enclosureId: slides!.ticketEnclosureId!, sessionId: 'sess1', label: '10:00' }],
    });
    const activity = activityOf(draft, index);
    expect(activity.tickets).toEqual([
      { ticketId: slides!.ticketId, sessionId: 'sess1', accessDateTime: '2026-06-17' },
      { ticketId: pool!.ticketId, accessDateTime: '2026-06-18' },
    ]);
  });
});

describe('addToCart', () => {
  it('adds the draft as the next line, with the returned item id', async () => {
    const h = harness({ 'cart-add': addAnswer });
    const cart = cartOf(lineOf('a1'));
    const output = await h.run<{ cart: Cart; line: CartLine; rebuilt: boolean }>('addToCart', {
      cart,
      draft: draftOf(JELLYFISH),
      language: 'en',
      reserved: false,
    });
    expect(h.named('cart-add')).toHaveLength(1);
    expect(h.named('cart-add')[0]!.request['shoppingCartId']).toBe('oldcart000001');
    expect(output.rebuilt).toBe(false);
    expect(output.cart.shoppingCartId).toBe('oldcart000001');
    expect(output.cart.lines.map((l) => l.cartItemId)).toEqual(['a1', output.line.cartItemId]);
    expect(output.cart.adds).toBe(2);
    // Insurable, but free to cancel at any time: no insurance is worth offering for it.
    expect(output.line).toMatchObject({ productId: JELLYFISH, quantity: 2, insurable: false });
  });

  it('explains a refusal with the step that can fix it, and forgets the attempt', async () => {
    const h = harness({
      'cart-add': () => {
        throw envelope(
          'cart-add',
          'product x on 2026-06-17: sale closed at 2026-06-17T04:00:00',
          200,
          ['1101'],
        );
      },
    });
    const input = { cart: cartOf(), draft: draftOf(JELLYFISH), language: 'en', reserved: false };
    const error = await h.run('addToCart', input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AddRefused);
    expect((error as AddRefused).fix).toBe('date');
    expect((error as AddRefused).message).toBe(
      'The booking service does not accept that day for this product.',
    );
    await h.run('addToCart', input).catch(() => undefined);
    expect(h.named('cart-add')).toHaveLength(2);
  });

  it('after a refused package Add, an activity Add goes to a new cart with the lines held', async () => {
    const h = harness({
      'cart-add': (request: { activities?: CartActivity[]; packages?: unknown[] }) => {
        if (request.packages !== undefined)
          throw envelope('cart-add', 'no rooms left at Hotel Faro Sur', 200, ['1204']);
        return addAnswer({ activities: request.activities ?? [] });
      },
    });
    const cart = cartOf(lineOf('a1'));
    const refused = await h
      .run('addPackageToCart', {
        cart,
        search: SEARCH,
        quote: quote(),
        language: 'en',
        reserved: false,
      })
      .catch((e: unknown) => e);
    // Told as any Add refusal is: in our words, and the step that can fix it.
    expect(refused).toBeInstanceOf(AddRefused);
    expect((refused as AddRefused).message).toBe(
      'The booking service does not accept that number of tickets for that day.',
    );
    expect((refused as AddRefused).fix).toBe('quantity');

    // The old cart may hold the package all the same: the activity goes to a new cart,
    // after the line held, and the old one is never added to again.
    const output = await h.run<{ cart: Cart; rebuilt: boolean; line: CartLine }>('addToCart', {
      cart,
      draft: draftOf(JELLYFISH),
      language: 'en',
      reserved: false,
    });
    expect(h.named('cart-add').map((call) => call.request['shoppingCartId'])).toEqual([
      'oldcart000001',
      'newcart000001',
      'newcart000001',
    ]);
    expect(h.named('cart-add')[1]!.request['activities']).toEqual([cart.lines[0]!.activity]);
    expect(output.rebuilt).toBe(true);
    expect(output.cart.shoppingCartId).toBe('newcart000001');
    expect(output.cart.lines.map((l) => l.productId)).toEqual([JELLYFISH, JELLYFISH]);
    expect(output.cart.adds).toBe(2);
  });

  it('never adds again to a cart with an Add in doubt: the lines go to a new cart', async () => {
    const h = harness({ 'cart-add': addAnswer });
    const cart = cartOf(lineOf('a1'), lineOf('a2'));
    // An Add at position 2 started and never finished (the process died).
    await h.store.put('effect:oldcart000001:add:2', started, 0, 3600);
    const output = await h.run<{ cart: Cart; rebuilt: boolean; line: CartLine }>('addToCart', {
      cart,
      draft: draftOf(JELLYFISH),
      language: 'en',
      reserved: false,
    });
    const adds = h.named('cart-add');
    expect(adds.every((call) => call.request['shoppingCartId'] === 'newcart000001')).toBe(true);
    expect(adds).toHaveLength(3);
    expect(adds[0]!.request['activities']).toEqual([cart.lines[0]!.activity]);
    expect(output.rebuilt).toBe(true);
    expect(output.cart.shoppingCartId).toBe('newcart000001');
    expect(output.cart.lines).toHaveLength(3);
    expect(output.cart.lines.map((l) => l.cartItemId)).not.toContain('a1');
  });

  it('abandons the cart after an Add that timed out, without adding to it again', async () => {
    let first = true;
    const h = harness({
      'cart-add': (request: { shoppingCartId: string; activities: CartActivity[] }) => {
        if (first) {
          first = false;
          throw new PartnerTimeoutError(ctx('cart-add'), 30_000);
        }
        return addAnswer(request);
      },
    });
    const output = await h.run<{ cart: Cart; rebuilt: boolean }>('addToCart', {
      cart: cartOf(lineOf('a1')),
      draft: draftOf(JELLYFISH),
      language: 'en',
      reserved: false,
    });
    expect(h.named('cart-add').map((call) => call.request['shoppingCartId'])).toEqual([
      'oldcart000001',
      'newcart000001',
      'newcart000001',
    ]);
    expect(output).toMatchObject({ rebuilt: true, cart: { shoppingCartId: 'newcart000001' } });
  });

  it('releases a reservation before adding (CancelConfirm), on the same cart', async () => {
    const h = harness({ 'cart-add': addAnswer, 'cart-cancelconfirm': () => ({}) });
    const output = await h.run<{ released: boolean; rebuilt: boolean; cart: Cart }>('addToCart', {
      cart: cartOf(lineOf('a1')),
      draft: draftOf(JELLYFISH),
      language: 'en',
      reserved: true,
    });
    expect(h.calls.map((call) => call.name)).toEqual(['cart-cancelconfirm', 'cart-add']);
    expect(output).toMatchObject({ released: true, rebuilt: false });
    expect(output.cart.shoppingCartId).toBe('oldcart000001');
  });

  it('touches nothing of a cart whose Sale may have happened', async () => {
    const h = harness({ 'cart-add': addAnswer });
    await h.store.put('effect:oldcart000001:sale:sale', started, 0, 3600);
    const error = await h
      .run('addToCart', {
        cart: cartOf(lineOf('a1')),
        draft: draftOf(JELLYFISH),
        language: 'en',
        reserved: false,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect(h.calls).toEqual([]);
  });
});

describe('a line refused for a full session', () => {
  const PLANETARIUM = demoIds.products.museumPlanetarium;
  const { provider, product } = index.product(PLANETARIUM)!;
  const enclosure = provider.ticketEnclosures.find(
    (e) =>
      e.sessions?.sessionSessionContents.length &&
      product.tickets.some((t) => t.ticketEnclosureId === e.ticketEnclosureId),
  )!;
  const [s11, s13, s17] = enclosure.sessions!.sessionSessionContents.filter((s) =>
    s.sessionTime.startsWith('2026-06-17'),
  );
  const enclosureId = enclosure.ticketEnclosureId;
  const choice = { enclosureId, sessionId: s11!.sessionId, label: '11:00' };
  const planetarium = (): CartLine => {
    const draft = draftOf(PLANETARIUM, { sessions: [choice] });
    return { ...lineOf('p1', PLANETARIUM), sessions: [choice], activity: activityOf(draft, index) };
  };

  it("reads the refused line's sessions in one call and names the nearest with room for it", async () => {
    const h = harness({
      availablecapacity: () => ({
        products: [],
        sessions: [
          { sessionId: s11!.sessionId, date: s11!.sessionTime, availableCapacity: 0 },
          { sessionId: s13!.sessionId, date: s13!.sessionTime, availableCapacity: 1 },
          { sessionId: s17!.sessionId, date: s17!.sessionTime, availableCapacity: 9 },
        ],
      }),
    });
    const room = await h.run('readRoom', { lines: [planetarium()], language: 'en' });
    expect(h.calls.map((call) => call.name)).toEqual(['availablecapacity']);
    // Two tickets wanted: 13:00 (one place) is full for the line.
    expect(room).toEqual([
      {
        cartItemId: 'p1',
        enclosureId,
        fullTime: s11!.sessionTime,
        nearest: [expect.objectContaining({ sessionId: s17!.sessionId, maxQuantity: 9 })],
      },
    ]);
  });

  it('names nothing when the session still has room, or the read fails', async () => {
    const roomy = harness({
      availablecapacity: () => ({
        products: [],
        sessions: [{ sessionId: s11!.sessionId, date: s11!.sessionTime, availableCapacity: 5 }],
      }),
    });
    expect(await roomy.run('readRoom', { lines: [planetarium()], language: 'en' })).toEqual([]);
    const down = harness({});
    expect(await down.run('readRoom', { lines: [planetarium()], language: 'en' })).toEqual([]);
  });

  it('moves the line: reopened, removed, added with the same request but the session', async () => {
    const h = harness({
      'cart-cancelconfirm': () => ({}),
      'cart-remove': () => ({}),
      'cart-add': addAnswer,
    });
    const line = planetarium();
    const output = await h.run<MoveLineOutput>('moveLine', {
      cart: cartOf(lineOf('a1'), line),
      cartItemId: 'p1',
      enclosureId,
      sessionId: s17!.sessionId,
      language: 'en',
      reserved: true,
    });
    expect(h.calls.map((call) => call.name)).toEqual([
      'cart-cancelconfirm',
      'cart-remove',
      'cart-add',
    ]);
    const inEnclosure = new Set(
      product.tickets.filter((t) => t.ticketEnclosureId === enclosureId).map((t) => t.ticketId),
    );
    expect(h.named('cart-add')[0]!.request).toEqual({
      shoppingCartId: 'oldcart000001',
      activities: [
        {
          ...line.activity,
          tickets: line.activity!.tickets!.map((t) =>
            inEnclosure.has(t.ticketId) ? { ...t, sessionId: s17!.sessionId } : t,
          ),
        },
      ],
    });
    expect(output.released).toBe(true);
    expect(output.line?.sessions).toEqual([
      { ...choice, sessionId: s17!.sessionId, label: s17!.sessionTime.slice(11, 16) },
    ]);
    expect(output.cart.lines.map((l) => l.productId)).toEqual([JELLYFISH, PLANETARIUM]);
  });

  it('an Add refused once the line is out resolves with the line out, and why', async () => {
    const h = harness({
      'cart-remove': () => ({}),
      'cart-add': () => {
        throw envelope('cart-add', 'session full', 200, ['1204']);
      },
    });
    const output = await h.run<MoveLineOutput>('moveLine', {
      cart: cartOf(lineOf('a1'), planetarium()),
      cartItemId: 'p1',
      enclosureId,
      sessionId: s17!.sessionId,
      language: 'en',
      reserved: false,
    });
    expect(output.line).toBeUndefined();
    expect(output.refused).toMatch(/does not accept that session/);
    expect(output.removed.cartItemId).toBe('p1');
    expect(output.cart.lines.map((l) => l.cartItemId)).toEqual(['a1']);
  });

  it('an Add never answered once the line is out leaves the carts in doubt for a new one', async () => {
    let adds = 0;
    const h = harness({
      'cart-remove': () => ({}),
      'cart-add': (request: { activities: CartActivity[] }) => {
        adds += 1;
        // The move's Add and its retry on a new cart are lost; the lines kept go through.
        if (adds === 1 || adds === 3) throw new PartnerTimeoutError(ctx('cart-add'), 1);
        return addAnswer(request);
      },
    });
    const output = await h.run<MoveLineOutput>('moveLine', {
      cart: cartOf(lineOf('a1'), planetarium()),
      cartItemId: 'p1',
      enclosureId,
      sessionId: s17!.sessionId,
      language: 'en',
      reserved: false,
    });
    expect(output.line).toBeUndefined();
    expect(output.refused).toBeTruthy();
    expect(output.rebuilt).toBe(true);
    const tried = new Set(h.named('cart-add').map((call) => call.request.shoppingCartId));
    // Neither the old cart nor the one the retry went to is kept.
    expect(tried.has(output.cart.shoppingCartId)).toBe(true);
    expect(output.cart.shoppingCartId).not.toBe('oldcart000001');
    expect(
      h
        .named('cart-add')
        .filter((call) => call.request.shoppingCartId === output.cart.shoppingCartId),
    ).toHaveLength(1);
    expect(output.cart.lines.map((l) => l.productId)).toEqual([JELLYFISH]);
  });
});

describe('a line refused for a full limited day', () => {
  const FAMILY = demoIds.products.museumFamily;
  const { product } = index.product(FAMILY)!;
  // A Saturday: limited, in the weekend price set (Saturdays limited, Sundays not).
  const SATURDAY = '2026-06-13';
  const pack = (): CartLine => {
    const draft = draftOf(FAMILY, { accessDate: SATURDAY, quantity: 1 });
    return {
      ...lineOf('f1', FAMILY),
      accessDate: SATURDAY,
      quantity: 1,
      activity: activityOf(draft, index),
    };
  };
  // Capacity in quota tickets: 4 a pack.
  const capacity = (request: { dates: string[] }) => ({
    products: request.dates.map((date) => ({
      productId: FAMILY,
      date,
      availableCapacity: date === '2026-06-20' ? 8 : 3,
    })),
    sessions: [],
  });

  it("reads the product's limited days in one call and names the nearest days with room for the line", async () => {
    const h = harness({ availablecapacity: capacity });
    const room = await h.run('readRoom', { lines: [pack()], language: 'en' });
    expect(h.calls.map((call) => call.name)).toEqual(['availablecapacity']);
    const asked = h.named('availablecapacity')[0]!.request as {
      productIds: string[];
      dates: string[];
    };
    expect(asked.productIds).toEqual([FAMILY]);
    // The refused day and the limited days of its price set only (weekends).
    expect(asked.dates).toContain(SATURDAY);
    expect(
      asked.dates.every((date) => (product.daysWithLimitedCapacity as string[]).includes(date)),
    ).toBe(true);
    expect(asked.dates.every((date) => [0, 6].includes(new Date(date).getUTCDay()))).toBe(true);
    // Saturdays other than the 20th hold 3 tickets: not a pack. Sundays are not limited.
    expect(room).toEqual([
      {
        cartItemId: 'f1',
        fullDate: SATURDAY,
        nearestDates: ['2026-06-14', '2026-06-20', '2026-06-21'],
      },
    ]);
  });

  it('names nothing when the day still has room for the line, or the read fails', async () => {
    const roomy = harness({
      availablecapacity: (request: { dates: string[] }) => ({
        products: request.dates.map((date) => ({ productId: FAMILY, date, availableCapacity: 4 })),
        sessions: [],
      }),
    });
    expect(await roomy.run('readRoom', { lines: [pack()], language: 'en' })).toEqual([]);
    const down = harness({});
    expect(await down.run('readRoom', { lines: [pack()], language: 'en' })).toEqual([]);
    // A line of a product without limited days: nothing read.
    const plain = harness({ availablecapacity: capacity });
    expect(await plain.run('readRoom', { lines: [lineOf('a1')], language: 'en' })).toEqual([]);
    expect(plain.calls).toEqual([]);
  });

  it('moves the line by the one path: removed, added with the same request but the date', async () => {
    const h = harness({
      'cart-cancelconfirm': () => ({}),
      'cart-remove': () => ({}),
      'cart-add': addAnswer,
    });
    const line = pack();
    const output = await h.run<MoveLineOutput>('moveLine', {
      cart: cartOf(lineOf('a1'), line),
      cartItemId: 'f1',
      date: '2026-06-20',
      language: 'en',
      reserved: true,
    });
    expect(h.calls.map((call) => call.name)).toEqual([
      'cart-cancelconfirm',
      'cart-remove',
      'cart-add',
    ]);
    expect(h.named('cart-add')[0]!.request).toEqual({
      shoppingCartId: 'oldcart000001',
      activities: [
        {
          ...line.activity,
          accessDateTime: '2026-06-20',
          tickets: line.activity!.tickets!.map((t) => ({ ...t, accessDateTime: '2026-06-20' })),
        },
      ],
    });
    expect(output.released).toBe(true);
    expect(output.line).toMatchObject({ accessDate: '2026-06-20', quantity: 1, sessions: [] });
    expect(output.cart.lines.map((l) => [l.productId, l.accessDate])).toEqual([
      [JELLYFISH, '2026-06-17'],
      [FAMILY, '2026-06-20'],
    ]);
  });

  it('an Add never answered once the line is out leaves the rest on a new cart', async () => {
    let adds = 0;
    const h = harness({
      'cart-remove': () => ({}),
      'cart-add': (request: { activities: CartActivity[] }) => {
        adds += 1;
        if (adds === 1 || adds === 3) throw new PartnerTimeoutError(ctx('cart-add'), 1);
        return addAnswer(request);
      },
    });
    const output = await h.run<MoveLineOutput>('moveLine', {
      cart: cartOf(lineOf('a1'), pack()),
      cartItemId: 'f1',
      date: '2026-06-20',
      language: 'en',
      reserved: false,
    });
    expect(output.line).toBeUndefined();
    expect(output.refused).toBeTruthy();
    expect(output.rebuilt).toBe(true);
    expect(output.cart.shoppingCartId).not.toBe('oldcart000001');
    expect(output.cart.lines.map((l) => l.productId)).toEqual([JELLYFISH]);
  });
});

describe('removeFromCart', () => {
  it('removes the item where the service offers Remove', async () => {
    const h = harness({ 'cart-remove': () => ({}) });
    const output = await h.run<{ cart: Cart; rebuilt: boolean }>('removeFromCart', {
      cart: cartOf(lineOf('a1'), lineOf('a2')),
      cartItemId: 'a1',
      language: 'en',
      reserved: false,
    });
    expect(h.calls[0]).toMatchObject({
      name: 'cart-remove',
      request: { shoppingCartId: 'oldcart000001', shoppingCartItemIdsToRemove: ['a1'] },
    });
    expect(output.rebuilt).toBe(false);
    expect(output.cart.lines.map((line) => line.cartItemId)).toEqual(['a2']);
  });

  it('rebuilds the cart without the line where Remove is not offered', async () => {
    const h = harness({ 'cart-add': addAnswer });
    const cart = cartOf(lineOf('a1'), lineOf('a2'));
    const output = await h.run<{ cart: Cart; rebuilt: boolean; removed: CartLine }>(
      'removeFromCart',
      { cart, cartItemId: 'a1', language: 'en', reserved: false },
    );
    expect(h.calls.map((call) => call.name)).toEqual(['cart-remove', 'cart-add']);
    expect(h.named('cart-add')[0]!.request).toEqual({
      shoppingCartId: 'newcart000001',
      activities: [cart.lines[1]!.activity],
    });
    expect(output.rebuilt).toBe(true);
    expect(output.removed.cartItemId).toBe('a1');
    expect(output.cart.lines).toHaveLength(1);
  });

  it('reopens a reserved cart first, and rebuilds it without the line when it cannot', async () => {
    const reopened = harness({ 'cart-cancelconfirm': () => ({}), 'cart-remove': () => ({}) });
    await reopened.run('removeFromCart', {
      cart: cartOf(lineOf('a1'), lineOf('a2')),
      cartItemId: 'a2',
      language: 'en',
      reserved: true,
    });
    expect(reopened.calls.map((call) => call.name)).toEqual(['cart-cancelconfirm', 'cart-remove']);

    const stuck = harness({ 'cart-add': addAnswer });
    const output = await stuck.run<{ cart: Cart; released: boolean }>('removeFromCart', {
      cart: cartOf(lineOf('a1'), lineOf('a2')),
      cartItemId: 'a2',
      language: 'en',
      reserved: true,
    });
    expect(stuck.calls.map((call) => call.name)).toEqual(['cart-cancelconfirm', 'cart-add']);
    expect(output).toMatchObject({ released: true, cart: { shoppingCartId: 'newcart000001' } });
  });

  it('leaves out a line the service no longer takes when rebuilding, and says why', async () => {
    const h = harness({
      'cart-add': (request: { activities: CartActivity[] }) => {
        if (request.activities[0]!.productId === demoIds.products.parkTwoDays)
          throw envelope('cart-add', 'sale closed');
        return addAnswer(request);
      },
    });
    const output = await h.run<{ cart: Cart; dropped: { name: string; reason: string }[] }>(
      'removeFromCart',
      {
        cart: cartOf(lineOf('a1'), lineOf('a2', demoIds.products.parkTwoDays), lineOf('a3')),
        cartItemId: 'a1',
        language: 'en',
        reserved: false,
      },
    );
    expect(output.cart.lines.map((line) => line.productId)).toEqual([JELLYFISH]);
    expect(output.dropped).toEqual([
      { name: 'Two-day pass', reason: 'That date can no longer be booked.' },
    ]);

    // The new cart may hold the line refused all the same: the next Add goes to another.
    const added = await h.run<{ cart: Cart }>('addToCart', {
      cart: output.cart,
      draft: draftOf(JELLYFISH),
      language: 'en',
      reserved: false,
    });
    expect(added.cart.shoppingCartId).toBe('newcart000002');
    expect(added.cart.lines.map((line) => line.productId)).toEqual([JELLYFISH, JELLYFISH]);
  });
});

describe('quoteInsurance', () => {
  it('quotes the whole sale and offers the first policy, in cents', async () => {
    const h = harness({
      insurancepolicycheck: () => ({
        insurancePolicies: [
          {
            id: 'pol1',
            name: 'Refund',
            quote: 0.599,
            coverageAmount: 59.9,
            sale: { products: [] },
          },
        ],
      }),
    });
    const cart = cartOf(lineOf('a1'), lineOf('a2', demoIds.products.parkTwoDays));
    const output = await h.run('quoteInsurance', { cart, language: 'en' });
    // One item per unit: the request has no quantities.
    expect(h.calls[0]!.request).toEqual({
      languageCode: 'en',
      sale: {
        products: [
          { id: 'a1/1', productId: JELLYFISH, accessDate: '2026-06-17' },
          { id: 'a1/2', productId: JELLYFISH, accessDate: '2026-06-17' },
          { id: 'a2/1', productId: demoIds.products.parkTwoDays, accessDate: '2026-06-17' },
          { id: 'a2/2', productId: demoIds.products.parkTwoDays, accessDate: '2026-06-17' },
        ],
      },
    });
    expect(output).toEqual({
      quote: {
        policyId: 'pol1',
        name: 'Refund',
        quote: { cents: 60, currency: 'EUR' },
        coverage: { cents: 5990, currency: 'EUR' },
      },
    });
  });

  it('offers nothing when the service has no policy', async () => {
    const h = harness({ insurancepolicycheck: () => ({ insurancePolicies: [] }) });
    expect(await h.run('quoteInsurance', { cart: cartOf(lineOf('a1')), language: 'en' })).toEqual(
      {},
    );
  });
});

describe('reserve', () => {
  const input = (cart: Cart, renew = false) => ({
    cart,
    language: 'en',
    questionsProfiles: [
      { questionsProfileId: 'p1', questions: [{ questionId: 'q', stringValue: 'x' }] },
    ],
    renew,
  });

  it('reserves with the answers and reads expiry, total, failures and payment', async () => {
    const h = harness({
      'cart-confirm': () =>
        confirmAnswer('debit', [
          { productId: JELLYFISH, price: 12 },
          { productId: demoIds.products.parkTwoDays, price: 30, success: false },
        ]),
    });
    const output = await h.run<{ reservation: Record<string, unknown> }>(
      'reserve',
      input(cartOf(lineOf('a1'), lineOf('a2', demoIds.products.parkTwoDays))),
    );
    expect(h.calls[0]!.request).toEqual({
      shoppingCartId: 'oldcart000001',
      languageCode: 'en',
      questionsProfiles: input(cartOf()).questionsProfiles,
    });
    expect(output.reservation).toEqual({
      expiresAtLocal: '2026-06-10T10:15:00',
      // Madrid in summer: UTC+2.
      expiresAt: '2026-06-10T08:15:00.000Z',
      total: { cents: 1200, currency: 'EUR' },
      failedProductIds: [demoIds.products.parkTwoDays],
      paymentRequired: true,
      paymentMethodType: 1,
      zone: 'Europe/Madrid',
    });
  });

  it('asks no payment of a debit partner when there is nothing to pay (a gift card redeemed)', async () => {
    const h = harness({
      'cart-confirm': () => confirmAnswer('debit', [{ productId: JELLYFISH, price: 0 }]),
    });
    const output = await h.run<{ reservation: { paymentRequired: boolean; total: unknown } }>(
      'reserve',
      input(cartOf(lineOf('a1'))),
    );
    expect(output.reservation.total).toEqual({ cents: 0, currency: 'EUR' });
    expect(output.reservation.paymentRequired).toBe(false);
  });

  it('reuses a live reservation of the same cart instead of reserving twice', async () => {
    const h = harness({
      'cart-confirm': () => confirmAnswer('x', [{ productId: JELLYFISH, price: 12 }]),
    });
    const cart = cartOf(lineOf('a1'));
    await h.run('reserve', input(cart));
    await h.run('reserve', input(cart));
    expect(h.named('cart-confirm')).toHaveLength(1);
    await h.run('reserve', input(cart, true));
    expect(h.named('cart-confirm')).toHaveLength(2);
  });

  it('never reserves a cart an Add was refused by: its lines are reserved on a new cart', async () => {
    const h = harness({
      'cart-add': (request: { activities?: CartActivity[]; packages?: unknown[] }) => {
        if (request.packages !== undefined)
          throw envelope('cart-add', 'no rooms left at Hotel Faro Sur', 200, ['1204']);
        return addAnswer({ activities: request.activities ?? [] });
      },
      'cart-confirm': () => confirmAnswer('x', [{ productId: JELLYFISH, price: 12 }]),
    });
    const cart = cartOf(lineOf('a1'));
    await h
      .run('addPackageToCart', {
        cart,
        search: SEARCH,
        quote: quote(),
        language: 'en',
        reserved: false,
      })
      .catch(() => undefined);
    // Straight to checkout: the old cart may hold the package the service said no to.
    const output = await h.run<{ cart: Cart; rebuilt: boolean }>('reserve', input(cart));
    expect(h.named('cart-confirm').map((call) => call.request['shoppingCartId'])).toEqual([
      'newcart000001',
    ]);
    expect(h.named('cart-add').at(-1)!.request['activities']).toEqual([cart.lines[0]!.activity]);
    expect(output.cart.shoppingCartId).toBe('newcart000001');
    expect(output.rebuilt).toBe(true);
  });

  it('never confirms again a cart with a Confirm in doubt: a new cart is confirmed', async () => {
    const h = harness({
      'cart-add': addAnswer,
      'cart-confirm': () => confirmAnswer('x', [{ productId: JELLYFISH, price: 12 }]),
    });
    await h.store.put('effect:oldcart000001:confirm:reserve', started, 0, 3600);
    const output = await h.run<{ cart: Cart; rebuilt: boolean }>(
      'reserve',
      input(cartOf(lineOf('a1'))),
    );
    expect(h.named('cart-confirm').map((call) => call.request['shoppingCartId'])).toEqual([
      'newcart000001',
    ]);
    expect(output).toMatchObject({ rebuilt: true, cart: { shoppingCartId: 'newcart000001' } });
  });

  it('renewing, rebuilds and confirms a new cart when the service refuses the old one', async () => {
    const h = harness({
      'cart-add': addAnswer,
      'cart-confirm': (request: { shoppingCartId: string }) => {
        if (request.shoppingCartId === 'oldcart000001')
          throw envelope('cart-confirm', 'cart lapsed');
        return confirmAnswer('x', [{ productId: JELLYFISH, price: 12 }]);
      },
    });
    const output = await h.run<{ cart: Cart }>('reserve', input(cartOf(lineOf('a1')), true));
    expect(h.named('cart-confirm').map((call) => call.request['shoppingCartId'])).toEqual([
      'oldcart000001',
      'newcart000001',
    ]);
    expect(output.cart.shoppingCartId).toBe('newcart000001');
  });

  it('passes a refusal of a first reservation on to the customer', async () => {
    const h = harness({
      'cart-confirm': () => {
        throw envelope('cart-confirm', 'no places left', 200, ['1204']);
      },
    });
    await expect(h.run('reserve', input(cartOf(lineOf('a1'))))).rejects.toBeInstanceOf(
      PartnerEnvelopeError,
    );
    expect(h.named('cart-add')).toEqual([]);
  });
});

describe('cancelReservation', () => {
  it('uses CancelConfirm, or rebuilds the cart when it is not offered', async () => {
    const offered = harness({ 'cart-cancelconfirm': () => ({}) });
    expect(
      await offered.run('cancelReservation', { cart: cartOf(lineOf('a1')), language: 'en' }),
    ).toMatchObject({ released: true, rebuilt: false });
    const missing = harness({ 'cart-add': addAnswer });
    expect(
      await missing.run('cancelReservation', { cart: cartOf(lineOf('a1')), language: 'en' }),
    ).toMatchObject({ released: true, rebuilt: true, cart: { shoppingCartId: 'newcart000001' } });
  });
});

describe('sell', () => {
  const PSID = 'abcd1234-oldcart000001';
  const sellInput = (over: Record<string, unknown> = {}) => ({
    shoppingCartId: 'oldcart000001',
    partnerSaleId: PSID,
    language: 'en',
    questionsProfiles: [],
    expiresAt: '2026-06-10T08:15:00.000Z',
    ...over,
  });
  const sold = () => ({ serviceSales: [{ id: 'sale1' }] });
  const listed = (status = 2) => ({
    sales: [
      {
        partnerSaleId: PSID,
        saleId: 'sale1',
        activities: [
          {
            productId: JELLYFISH,
            accessDateTime: '2026-06-17',
            quantity: 2,
            price: 12,
            status,
            tickets: [],
            discountCoupons: [],
          },
        ],
        accommodations: [],
        combinedProducts: [],
        pointOfSaleCustomCodes: [],
        totalPrice: 12,
      },
    ],
  });
  const none = () => ({ sales: [] });

  it('sells with the PartnerSaleId, and replays the sale to a second "confirm and pay"', async () => {
    const h = harness({ 'cart-sale': sold });
    const first = await h.run<{ saleIds: string[]; nextShoppingCartId: string }>(
      'sell',
      sellInput(),
    );
    const second = await h.run<{ saleIds: string[]; nextShoppingCartId: string }>(
      'sell',
      sellInput(),
    );
    expect(h.named('cart-sale')).toHaveLength(1);
    expect(h.named('cart-sale')[0]!.request).toEqual({
      shoppingCartId: 'oldcart000001',
      partnerSaleId: PSID,
    });
    expect(first).toMatchObject({ saleIds: ['sale1'], reconciled: false });
    expect(second.nextShoppingCartId).toBe(first.nextShoppingCartId);
  });

  it('after a crash during the Sale, finds the sale and does not sell again', async () => {
    const h = harness({ 'cart-sale': sold, sales: () => listed() });
    await h.store.put('effect:oldcart000001:sale:sale', started, 0, 3600);
    const output = await h.run('sell', sellInput());
    expect(h.calls.map((call) => call.name)).toEqual(['sales']);
    expect(h.calls[0]!.request).toEqual({ partnerSaleId: PSID });
    expect(output).toMatchObject({ saleIds: ['sale1'], reconciled: true });
    expect(
      (
        await h.effects.read({
          shoppingCartId: 'oldcart000001',
          operation: 'sale',
          attempt: 'sale',
        })
      )?.status,
    ).toBe('done');
    await h.run('sell', sellInput());
    expect(h.calls.map((call) => call.name)).toEqual(['sales']);
  });

  it('after a Sale that timed out and did sell, reconciles with the sale list: one Sale call', async () => {
    const h = harness({
      'cart-sale': () => {
        throw new PartnerNetworkError(ctx('cart-sale'));
      },
      sales: () => listed(),
    });
    const output = await h.run('sell', sellInput());
    expect(h.calls.map((call) => call.name)).toEqual(['cart-sale', 'sales']);
    expect(output).toMatchObject({ saleIds: ['sale1'], reconciled: true });
  });

  it('not found while the reservation holds: sells again with the SAME PartnerSaleId', async () => {
    const h = harness({ 'cart-sale': sold, sales: none });
    await h.store.put('effect:oldcart000001:sale:sale', started, 0, 3600);
    await h.run('sell', sellInput());
    expect(h.calls.map((call) => call.name)).toEqual(['sales', 'cart-sale']);
    expect(h.named('cart-sale')[0]!.request['partnerSaleId']).toBe(PSID);
  });

  it('not found after the reservation lapsed: asks to reserve again, no Sale', async () => {
    const h = harness({ 'cart-sale': sold, sales: none });
    await h.store.put('effect:oldcart000001:sale:sale', started, 0, 3600);
    h.clock.ms = Date.parse('2026-06-10T08:20:00Z');
    await expect(h.run('sell', sellInput())).rejects.toBeInstanceOf(ReservationExpired);
    expect(h.named('cart-sale')).toEqual([]);
    // Proven unsold: the cart may be changed again.
    expect(
      await h.effects.read({ shoppingCartId: 'oldcart000001', operation: 'sale', attempt: 'sale' }),
    ).toBeUndefined();
  });

  it('reads a refusal that says the reservation lapsed as ReservationExpired', async () => {
    const h = harness({
      'cart-sale': () => {
        throw envelope('cart-sale', 'the reservation of cart x expired at 10:15', 200, ['1203']);
      },
    });
    await expect(h.run('sell', sellInput())).rejects.toBeInstanceOf(ReservationExpired);
    const other = harness({
      'cart-sale': () => {
        throw envelope('cart-sale', 'Client is required', 200, ['1205']);
      },
    });
    await expect(other.run('sell', sellInput())).rejects.toBeInstanceOf(PartnerEnvelopeError);
  });

  it('sends the client, the insurance and, for debit partners, the payment method', async () => {
    const h = harness({
      'cart-sale': () => ({ ...sold(), paymentRedirectUrl: 'https://pay.example/1' }),
    });
    const client = {
      fullName: 'Ana',
      surname: 'García',
      documentIdentifier: 'X1',
      phoneNumber: '600',
      email: 'a@b.es',
    };
    const output = await h.run(
      'sell',
      sellInput({
        client,
        insurancePolicyId: 'pol1',
        paymentMethodType: 1,
        questionsProfiles: [{ questionsProfileId: 'p', questions: [] }],
      }),
    );
    const token = createReturnUrls(
      'https://bot.example/',
      'a-test-secret-of-at-least-32-characters',
    ).tokenOf(PSID);
    expect(h.calls[0]!.request).toEqual({
      shoppingCartId: 'oldcart000001',
      partnerSaleId: PSID,
      insurancePolicyId: 'pol1',
      client,
      paymentMethod: {
        paymentMethodType: 1,
        // Signed per sale, never the cart id.
        returnUrlOk: `https://bot.example/payments/return/ok?sale=${token}`,
        returnUrlKo: `https://bot.example/payments/return/ko?sale=${token}`,
        sendByEmail: false,
      },
      questionsProfiles: [{ questionsProfileId: 'p', questions: [] }],
    });
    expect(output).toMatchObject({ paymentUrl: 'https://pay.example/1' });
  });

  it('tells a debit payment: confirmed, still pending, failed', async () => {
    for (const [status, expected] of [
      [2, 'confirmed'],
      [1, 'pending'],
      [4, 'failed'],
    ] as const) {
      const h = harness({ sales: () => listed(status) });
      expect(await h.run('checkPayment', { partnerSaleId: PSID, language: 'en' })).toEqual({
        status: expected,
      });
    }
    const h = harness({ sales: none });
    expect(await h.run('checkPayment', { partnerSaleId: PSID, language: 'en' })).toEqual({
      status: 'pending',
    });
  });

  it("never takes another customer's sale for ours, whatever the list holds", async () => {
    // A service that ignored the PartnerSaleId filter: the list holds someone else's
    // confirmed sale only. It is not ours: no payment, no tickets.
    const theirs = () => {
      const answer = listed(2);
      answer.sales[0]!.partnerSaleId = 'zzzz9999-othercart0001';
      return answer;
    };
    const h = harness({ sales: theirs });
    expect(await h.run('checkPayment', { partnerSaleId: PSID, language: 'en' })).toEqual({
      status: 'pending',
    });
    await expect(
      h.run('loadTickets', { partnerSaleId: PSID, language: 'en' }),
    ).rejects.toBeInstanceOf(Refusal);
  });
});

describe('loadTickets', () => {
  it('reads the sold activities with their codes, names in the customer language', async () => {
    const product = index.product(JELLYFISH)!.product;
    const ticket = product.tickets[0]!;
    const h = harness({
      sales: () => ({
        sales: [
          {
            partnerSaleId: 'p',
            activities: [
              {
                productId: JELLYFISH,
                productName: 'Acuario',
                accessDateTime: '2026-06-17',
                quantity: 1,
                price: 6,
                status: 2,
                discountCoupons: [],
                tickets: [
                  {
                    ticketId: ticket.ticketId,
                    accessDateTime: '2026-06-17',
                    sessionTime: '10:30',
                    accessCode: 'CODE1',
                    suggestedAccessDateMessage: 'Valid on 17/06/2026',
                    questions: [],
                  },
                ],
              },
            ],
            accommodations: [],
            combinedProducts: [],
            pointOfSaleCustomCodes: [],
            totalPrice: 6,
          },
        ],
      }),
    });
    const output = await h.run('loadTickets', { partnerSaleId: 'p', language: 'en' });
    expect(output).toEqual({
      activities: [
        {
          productId: JELLYFISH,
          name: product.productName,
          accessDate: '2026-06-17',
          status: 2,
          people: 1,
          tickets: [
            {
              ticketId: ticket.ticketId,
              name: ticket.ticketName,
              accessDate: '2026-06-17',
              accessCode: 'CODE1',
              sessionTime: '10:30',
              enclosureName: expect.any(String),
              suggestedAccessDateMessage: 'Valid on 17/06/2026',
            },
          ],
        },
      ],
      // A sale without a stay: none to show beside the tickets.
      stays: [],
    });
  });

  it('says so when the sale is not there yet', async () => {
    const h = harness({ sales: () => ({ sales: [] }) });
    await expect(
      h.run('loadTickets', { partnerSaleId: 'p', language: 'en' }),
    ).rejects.toBeInstanceOf(Refusal);
  });
});
