/**
 * Checkout end to end: a customer talking to the real bot (real actors, memory store)
 * against the sandbox, from a cart to tickets. The cart's lines are added through the
 * client as the adding step would, and the conversation is placed at the cart; the
 * provider, sale and client questions and the client details (their own steps, tested
 * on their own) are given by placing the conversation at the review with those answers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cartAddOperation, type CartActivity } from '#src/api/cart.js';
import { salesOperation } from '#src/api/sales.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { toCents } from '#src/domain/pricing.js';
import { activityOf, lineOf } from '#src/conversation/actors/cart-requests.js';
import { newCartId } from '#src/conversation/actors/cart-id.js';
import { demoIds } from '#src/sandbox/seed/demo-ids.js';
import { seedId } from '#src/sandbox/seed/ids.js';
import { bookingMachine } from '#flows/booking/machine.js';
import { partnerSaleIdOf } from '#flows/booking/steps/reserved.js';
import type { BookingContext, Cart, Draft } from '#flows/booking/types.js';
import { startChat, type Chat } from '#test/support/chat.js';

/**
 * These tests are about the checkout and the Sale (reservations, reconciling, selling once), not about taking the money: the operator sells on
 * account on purpose (PAYMENT_MODE=on-account), so a partner without a debit contract
 * sells at "Confirm and pay" (payments: telegram-invoice.test.ts).
 */
const ON_ACCOUNT = { PAYMENT_MODE: 'on-account' };

const JELLYFISH = demoIds.products.museumJellyfish;
/** Insurable and not free to cancel (penalties from 48 h): the insurance is offered. */
const GUIDED = demoIds.products.museumGuided;
const TWO_DAYS = demoIds.products.parkTwoDays;
const PLANETARIUM = demoIds.products.museumPlanetarium;
const FAMILY = demoIds.products.museumFamily;

let chat: Chat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

interface Persisted {
  snapshot: { value: unknown; context: BookingContext };
}

async function saved(c: Chat): Promise<{ value: unknown; context: BookingContext }> {
  const found = await c.app.store.get<Persisted>(`conv:${c.conversationId}`);
  if (!found) throw new Error('no conversation saved');
  return found.value.snapshot;
}

/** Places the conversation in `value` with `context`, as if the customer had got there. */
async function place(
  c: Chat,
  value: Record<string, string>,
  context: BookingContext,
): Promise<void> {
  const key = `conv:${c.conversationId}`;
  const current = await c.app.store.get<Persisted>(key);
  const state = bookingMachine.resolveState({ value, context });
  const snapshot = bookingMachine.getPersistedSnapshot(state);
  const version = await c.app.store.put(key, { snapshot }, current?.version ?? 0, 3600);
  if (version === undefined) throw new Error('could not place the conversation');
}

/** A line of the cart added through the client, as the adding step adds it. */
async function addLine(
  c: Chat,
  cart: Cart,
  productId: string,
  quantity: number,
  pick = 6,
  sessions: Draft['sessions'] = [],
  answered: (activity: CartActivity) => CartActivity = (activity) => activity,
) {
  const index = await c.app.catalog.get('en');
  const entry = index.product(productId)!;
  const set = entry.product.pricesAndDates[0]!;
  const accessDate = set.dates[pick] as IsoDate;
  const draft: Draft = {
    product: {
      productId,
      productBaseId: entry.base.productBaseId,
      providerId: entry.provider.providerId,
      name: entry.product.productName,
      dates: set.dates,
      openDate: false,
      minimumQuantity: 1,
      requiresRealTimePrice: false,
    },
    accessDate,
    sessions,
    quantity,
    unitPrice: { cents: toCents(set.price), currency: set.currency },
    questionSets: [],
    answers: {},
    questionCursor: 0,
  };
  const activity = answered(activityOf(draft, index));
  const added = await c.sandbox.client.call(cartAddOperation, {
    shoppingCartId: cart.shoppingCartId,
    activities: [activity],
  });
  cart.lines.push(lineOf(draft, activity, added.activities[0]!.id, index));
  cart.adds = (cart.adds ?? 0) + 1;
}

function baseContext(c: Chat, cart: Cart): BookingContext {
  return {
    language: 'en',
    userKey: c.conversationId,
    browse: { page: 0 },
    cart,
    checkout: { insuranceDeclined: false, profileAnswers: {} },
  };
}

/** The provider, sale and client answers and client details the checkout steps gather. */
function withDetails(context: BookingContext): BookingContext {
  const answer = (key: string, stringValue: string) => ({
    questionId: seedId(`question:${key}`),
    stringValue,
  });
  return {
    ...context,
    checkout: {
      ...context.checkout,
      client: {
        fullName: 'Ana',
        surname: 'García',
        documentIdentifier: 'X1234567L',
        phoneNumber: '+34600000000',
        email: 'ana@example.com',
      },
      profileAnswers: {
        [demoIds.profiles.providerMuseum]: [answer('museum.phone', '+34600000000')],
        [demoIds.profiles.client]: [
          answer('client.name', 'Ana García'),
          answer('client.email', 'ana@example.com'),
        ],
      },
    },
  };
}

async function salesOf(c: Chat, partnerSaleId: string) {
  return (await c.sandbox.client.call(salesOperation, { partnerSaleId })).sales;
}

async function stats(c: Chat): Promise<Record<string, number>> {
  return ((await c.sandbox.extra('stats')) as { calls: Record<string, number> }).calls;
}

/** A conversation at the review of a reserved-to-be order of two jellyfish tickets. */
async function atReview(options: { reset?: Record<string, unknown> } = {}) {
  const c = await startChat({ env: ON_ACCOUNT });
  if (options.reset) await c.sandbox.extra('reset', { options: options.reset });
  const cart: Cart = { shoppingCartId: newCartId(), lines: [], adds: 0 };
  await addLine(c, cart, JELLYFISH, 2);
  await place(c, { review: 'idle' }, withDetails(baseContext(c, cart)));
  await c.start();
  return { c, cart, partnerSaleId: partnerSaleIdOf(c.conversationId, cart.shoppingCartId) };
}

describe('checkout against the sandbox', () => {
  it('buys from the cart to the tickets: insurance, reservation, sale, access codes', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const cart: Cart = { shoppingCartId: newCartId(), lines: [], adds: 0 };
    await addLine(chat, cart, GUIDED, 2);
    await place(chat, { cart: 'idle' }, baseContext(chat, cart));

    const [cartView] = await chat.start();
    expect(cartView!.text).toMatch(/Your cart/);
    expect(cartView!.text).toMatch(/Guided tour "Mediterranean routes"/);
    expect(cartView!.text).toMatch(/2 × €\d+\.\d\d = €\d+\.\d\d/);
    expect(cartView!.options.map((o) => o.id)).toEqual(
      expect.arrayContaining(['checkout', 'cart:add-more', `remove:${cart.lines[0]!.cartItemId}`]),
    );

    const total = /Total: (€\d+\.\d\d)/.exec(cartView!.text)![1]!;
    await chat.choose('checkout');
    // The buyer's details first; the checkout questions are answered from them.
    expect(chat.last().text).toMatch(/Your details/);
    await chat.say('Ana García, 12345678Z, +34600111222, ana@example.com');
    // The insurance, quoted over the whole sale (every unit covered), offered in the review.
    expect(chat.last().text).toMatch(/Check your order/);
    expect(chat.last().text).toMatch(/You can add .+: €\d+\.\d\d, covers (€\d+\.\d\d)/);
    expect(chat.last().text).toContain(`covers ${total}`);
    await chat.choose('insurance:yes');
    const afterInsurance = await saved(chat);
    expect(afterInsurance.context.checkout.insurance?.policyId).toBeTruthy();
    expect(afterInsurance.value).toHaveProperty('review');
    expect(chat.last().options.map((o) => o.id)).toContain('insurance:no');
    expect(chat.last().text).toMatch(/Cancellation: Free cancellation until 48 h before access/);
    expect(chat.last().text).toMatch(/Refund insurance/);

    await chat.choose('reserve');
    expect(chat.last().text).toMatch(/Held until \d\d:\d\d/);
    expect(chat.last().options.map((o) => o.id)).toContain('pay');

    await chat.choose('pay');
    const done = chat.last();
    expect(done.text).toMatch(/Purchase confirmed/);
    // A receipt to keep: the reference, the lines, the total paid, the terms.
    expect(done.text).toMatch(/^🧾 Order \S+$/m);
    expect(done.text).toMatch(/^• Guided tour "Mediterranean routes" — .+ \(2 tickets\)$/m);
    expect(done.text).toMatch(/^Total paid: €\d+\.\d\d$/m);
    expect(done.text).toMatch(
      /^↩️ Guided tour "Mediterranean routes": Free cancellation until 48 h/m,
    );
    expect(done.tickets?.length).toBe(2);
    for (const ticket of done.tickets ?? []) {
      expect(ticket.accessCode).toMatch(/\S+/);
      expect(ticket.title).toMatch(/Guided tour/);
    }

    const partnerSaleId = partnerSaleIdOf(chat.conversationId, cart.shoppingCartId);
    const sales = await salesOf(chat, partnerSaleId);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.insurancePolicyAmount).toBeGreaterThan(0);
    // The sold cart is finished: the next purchase has a new, empty cart.
    const after = await saved(chat);
    expect(after.context.cart.shoppingCartId).not.toBe(cart.shoppingCartId);
    expect(after.context.cart.lines).toEqual([]);
  });

  it('sells once when "confirm and pay" is sent twice', async () => {
    const { c, partnerSaleId } = await atReview();
    chat = c;
    await c.choose('reserve');
    await c.choose('pay');
    const again = await c.choose('pay');
    expect(again[0]!.text).toMatch(/no longer valid/);
    expect(await salesOf(c, partnerSaleId)).toHaveLength(1);
    expect((await stats(c))['cart-sale']).toBe(1);
  });

  it('reconciles a Sale whose answer was lost after the sandbox sold: no second sale', async () => {
    const { c, partnerSaleId } = await atReview();
    chat = c;
    await c.choose('reserve');
    await c.sandbox.extra('faults', {
      faults: [{ operation: 'cart-sale', phase: 'after', drop: true, times: 1 }],
    });
    await c.choose('pay');
    expect(c.last().text).toMatch(/Purchase confirmed/);
    expect(c.last().tickets?.length).toBeGreaterThan(0);
    expect(await salesOf(c, partnerSaleId)).toHaveLength(1);
    const calls = await stats(c);
    expect(calls['cart-sale']).toBe(1);
    expect(calls['sales']).toBeGreaterThanOrEqual(2);
  });

  it('offers to reserve again when the reservation expired, and then sells', async () => {
    const { c, partnerSaleId } = await atReview();
    chat = c;
    await c.choose('reserve');
    await c.sandbox.extra('clock', { advanceMinutes: 20 });
    await c.choose('pay');
    expect(c.last().text).toMatch(/reservation expired/);
    expect(await salesOf(c, partnerSaleId)).toHaveLength(0);

    await c.choose('renew');
    expect(c.last().text).toMatch(/Held until/);
    await c.choose('pay');
    expect(c.last().text).toMatch(/Purchase confirmed/);
    expect(await salesOf(c, partnerSaleId)).toHaveLength(1);
  });

  it("follows the scheduler's reservation.expired event to a one-tap re-reserve", async () => {
    const { c } = await atReview();
    chat = c;
    await c.choose('reserve');
    await c.send({ kind: 'event', event: { type: 'reservation.expired' } });
    expect(c.last().options.map((o) => o.id)).toContain('renew');
    await c.choose('renew');
    expect(c.last().text).toMatch(/Held until/);
    expect((await stats(c))['cart-confirm']).toBe(2);
  });

  it('gives a debit partner the payment link, then the tickets once paid', async () => {
    const { c, partnerSaleId } = await atReview({ reset: { debitPartner: true } });
    chat = c;
    await c.choose('reserve');
    await c.choose('pay');
    const payment = c.last();
    expect(payment.link?.url).toMatch(/\/__sandbox\/pay\//);
    expect(payment.options.map((o) => o.id)).toContain('paid');

    await c.choose('paid');
    expect(c.transcript.at(-2)!.text).toMatch(/cannot see the payment yet/);
    expect(c.last().link?.url).toBe(payment.link!.url);

    const paid = await fetch(payment.link!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=ok',
    });
    expect(paid.status).toBe(200);
    await c.send({ kind: 'event', event: { type: 'payment.result', outcome: 'ok' } });
    expect(c.last().text).toMatch(/Purchase confirmed/);
    expect(c.last().tickets?.length).toBeGreaterThan(0);
    expect(await salesOf(c, partnerSaleId)).toHaveLength(1);
  });

  it('moves a line whose session filled up before the Confirm to the nearest with room, reserves and pays', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await c.sandbox.extra('reset', { options: { debitPartner: true } });
    // Two planetarium tickets at the first session of their day, and a park pass.
    const index = await c.app.catalog.get('en');
    const { provider, product } = index.product(PLANETARIUM)!;
    const day = product.pricesAndDates[0]!.dates[6]!;
    const enclosure = provider.ticketEnclosures.find(
      (e) =>
        e.sessions?.sessionSessionContents.length &&
        product.tickets.some((t) => t.ticketEnclosureId === e.ticketEnclosureId),
    )!;
    const enclosureId = enclosure.ticketEnclosureId;
    const daySessions = enclosure.sessions!.sessionSessionContents.filter((s) =>
      s.sessionTime.startsWith(day),
    );
    const first = daySessions[0]!;
    const cart: Cart = { shoppingCartId: newCartId(), lines: [], adds: 0 };
    await addLine(c, cart, TWO_DAYS, 1);
    const dome = new Set(
      product.tickets.filter((t) => t.ticketEnclosureId === enclosureId).map((t) => t.ticketId),
    );
    const language = { questionId: seedId('question:planetarium.language'), stringValue: 'en' };
    await addLine(
      c,
      cart,
      PLANETARIUM,
      2,
      6,
      [{ enclosureId, sessionId: first.sessionId, label: first.sessionTime.slice(11, 16) }],
      // The narration language each show ticket asks, answered once.
      (activity) => ({
        ...activity,
        tickets: activity.tickets?.map((t) =>
          dome.has(t.ticketId) ? { ...t, questions: [language] } : t,
        ),
      }),
    );
    const [pass, planetarium] = cart.lines;
    await place(c, { review: 'idle' }, withDetails(baseContext(c, cart)));
    await c.start();

    // Another customer's reservation takes every place left in that session.
    const capacity = c.sandbox.sandbox.context().state.cart.capacity;
    const left = capacity.remainingForSession(first.sessionId)!;
    capacity.hold(
      'someone-else',
      { days: new Map(), sessions: new Map([[first.sessionId, left]]) },
      c.sandbox.sandbox.clock.now().getTime() + 3_600_000,
    );
    const before = await stats(c);

    await c.choose('reserve');
    const refused = c.last();
    expect(refused.text).toMatch(/These could not be reserved:\n2\. Museum \+ Planetarium/);
    expect(refused.text).toMatch(
      new RegExp(
        `The ${first.sessionTime.slice(11, 16)} session is full\\.\n {3}Nearest with room: \\d\\d:\\d\\d`,
      ),
    );
    // Only the pass is held, and said so.
    expect(refused.text).toMatch(/The rest is held/);
    const moves = refused.options.filter((o) =>
      o.id.startsWith(`move:${planetarium!.cartItemId}:`),
    );
    expect(moves.map((o) => o.id)).not.toContain(
      `move:${planetarium!.cartItemId}:${first.sessionId}`,
    );
    expect(moves.length).toBeGreaterThan(0);
    // One capacity read for the refused line.
    const afterRefusal = await stats(c);
    expect((afterRefusal['availablecapacity'] ?? 0) - (before['availablecapacity'] ?? 0)).toBe(1);

    await c.choose(moves[0]!.id);
    const time = /at (\d\d:\d\d)/.exec(moves[0]!.label)![1]!;
    expect(c.transcript.some((line) => line.text === `Museum + Planetarium: now at ${time}.`)).toBe(
      true,
    );
    expect(c.last().text).toMatch(/Held until \d\d:\d\d/);
    const heldCart = (await saved(c)).context.cart;
    expect(heldCart.lines.map((l) => l.productId)).toEqual([TWO_DAYS, PLANETARIUM]);
    expect(heldCart.lines[0]!.cartItemId).toBe(pass!.cartItemId);
    expect(heldCart.lines[1]!.sessions[0]!.label).toBe(time);
    // Its tickets and answers as added, only the show's session changed.
    expect(heldCart.lines[1]!.activity!.tickets).toEqual(
      planetarium!.activity!.tickets!.map((t) =>
        dome.has(t.ticketId) ? { ...t, sessionId: heldCart.lines[1]!.sessions[0]!.sessionId } : t,
      ),
    );

    await c.choose('pay');
    expect(c.last().link?.url).toMatch(/\/__sandbox\/pay\//);
    const calls = await stats(c);
    expect(calls['cart-confirm']).toBe(2);
    expect(calls['cart-sale']).toBe(1);
  });

  it('moves the only line of a Confirm refused whole (its session filled up) to the nearest with room, and pays', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await c.sandbox.extra('reset', { options: { debitPartner: true } });
    // Two planetarium tickets at the first session of their day, and a park pass.
    const index = await c.app.catalog.get('en');
    const { provider, product } = index.product(PLANETARIUM)!;
    const day = product.pricesAndDates[0]!.dates[6]!;
    const enclosure = provider.ticketEnclosures.find(
      (e) =>
        e.sessions?.sessionSessionContents.length &&
        product.tickets.some((t) => t.ticketEnclosureId === e.ticketEnclosureId),
    )!;
    const enclosureId = enclosure.ticketEnclosureId;
    const daySessions = enclosure.sessions!.sessionSessionContents.filter((s) =>
      s.sessionTime.startsWith(day),
    );
    const first = daySessions[0]!;
    const cart: Cart = { shoppingCartId: newCartId(), lines: [], adds: 0 };
    const dome = new Set(
      product.tickets.filter((t) => t.ticketEnclosureId === enclosureId).map((t) => t.ticketId),
    );
    const language = { questionId: seedId('question:planetarium.language'), stringValue: 'en' };
    await addLine(
      c,
      cart,
      PLANETARIUM,
      2,
      6,
      [{ enclosureId, sessionId: first.sessionId, label: first.sessionTime.slice(11, 16) }],
      // The narration language each show ticket asks, answered once.
      (activity) => ({
        ...activity,
        tickets: activity.tickets?.map((t) =>
          dome.has(t.ticketId) ? { ...t, questions: [language] } : t,
        ),
      }),
    );
    const [planetarium] = cart.lines;
    await place(c, { review: 'idle' }, withDetails(baseContext(c, cart)));
    await c.start();

    // Another customer's reservation takes every place left in that session.
    const capacity = c.sandbox.sandbox.context().state.cart.capacity;
    const left = capacity.remainingForSession(first.sessionId)!;
    capacity.hold(
      'someone-else',
      { days: new Map(), sessions: new Map([[first.sessionId, left]]) },
      c.sandbox.sandbox.clock.now().getTime() + 3_600_000,
    );
    const before = await stats(c);

    await c.choose('reserve');
    // The sandbox refuses the Confirm whole (nothing fits): said, then the session named.
    expect(c.transcript.some((line) => /no longer enough places/.test(line.text))).toBe(true);
    const refused = c.last();
    expect(refused.text).toMatch(/These could not be reserved:\n1\. Museum \+ Planetarium/);
    expect(refused.text).toMatch(
      new RegExp(
        `The ${first.sessionTime.slice(11, 16)} session is full\\.\n {3}Nearest with room: \\d\\d:\\d\\d`,
      ),
    );
    expect(refused.text).toMatch(/Nothing is held\./);
    expect(refused.text).not.toMatch(/The rest is held/);
    const moves = refused.options.filter((o) =>
      o.id.startsWith(`move:${planetarium!.cartItemId}:`),
    );
    expect(moves.length).toBeGreaterThan(0);
    const afterRefusal = await stats(c);
    expect((afterRefusal['availablecapacity'] ?? 0) - (before['availablecapacity'] ?? 0)).toBe(1);

    await c.choose(moves[moves.length - 1]!.id);
    const time = /at (\d\d:\d\d)/.exec(moves[moves.length - 1]!.label)![1]!;
    expect(c.last().text).toMatch(/Held until \d\d:\d\d/);
    const held = (await saved(c)).context;
    expect(held.cart.lines.map((l) => l.sessions[0]!.label)).toEqual([time]);
    expect(held.refusedRoom).toBeUndefined();

    await c.choose('pay');
    expect(c.last().link?.url).toMatch(/\/__sandbox\/pay\//);
    const calls = await stats(c);
    expect(calls['cart-confirm']).toBe(2);
    expect(calls['cart-sale']).toBe(1);
  });

  it('moves the only line of a Confirm refused whole (its limited day filled up) to the nearest day with room, and pays', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const c = chat;
    await c.sandbox.extra('reset', { options: { debitPartner: true } });
    // One family pack (4 quota tickets) on a limited day a few days ahead.
    const index = await c.app.catalog.get('en');
    const { product } = index.product(FAMILY)!;
    const set = product.pricesAndDates[0]!;
    const limited = new Set<string>(product.daysWithLimitedCapacity);
    const pick = set.dates.findIndex((date, at) => at >= 2 && limited.has(date));
    expect(pick).toBeGreaterThan(0);
    const day = set.dates[pick]!;
    const cart: Cart = { shoppingCartId: newCartId(), lines: [], adds: 0 };
    // Each visitor's name and birth date, answered once (a move keeps them).
    const visitor = [
      { questionId: seedId('question:visitor.name'), stringValue: 'Ana García' },
      {
        questionId: seedId('question:visitor.birthDate'),
        dateTimeValue: '2018-05-17T00:00:00' as IsoDateTime,
      },
    ];
    await addLine(c, cart, FAMILY, 1, pick, [], (activity) => ({
      ...activity,
      tickets: activity.tickets?.map((t) => ({ ...t, questions: visitor })),
    }));
    const [pack] = cart.lines;
    expect(pack!.accessDate).toBe(day);
    await place(c, { review: 'idle' }, withDetails(baseContext(c, cart)));
    await c.start();

    // Another customer's reservation takes every place left that day.
    const capacity = c.sandbox.sandbox.context().state.cart.capacity;
    const left = capacity.remainingForDay(FAMILY, day)!;
    capacity.hold(
      'someone-else',
      { days: new Map([[`${FAMILY}|${day}`, left]]), sessions: new Map() },
      c.sandbox.sandbox.clock.now().getTime() + 3_600_000,
    );
    const before = await stats(c);

    await c.choose('reserve');
    // The sandbox refuses the Confirm whole: said, then the day named with the nearest.
    expect(c.transcript.some((line) => /no longer enough places/.test(line.text))).toBe(true);
    const refused = c.last();
    expect(refused.text).toMatch(/These could not be reserved:\n1\. Family pack/);
    expect(refused.text).toMatch(/ is full\.\n {3}Nearest days with room: /);
    expect(refused.text).toMatch(/Nothing is held\./);
    const moves = refused.options.filter((o) => o.id.startsWith(`move:${pack!.cartItemId}:`));
    expect(moves.length).toBeGreaterThan(0);
    // None offered is the full day; one capacity read for the line.
    expect(moves.map((o) => o.id.split(':')[2])).not.toContain(day);
    const afterRefusal = await stats(c);
    expect((afterRefusal['availablecapacity'] ?? 0) - (before['availablecapacity'] ?? 0)).toBe(1);

    const chosen = moves[0]!;
    const to = chosen.id.split(':')[2]!;
    await c.choose(chosen.id);
    expect(c.transcript.some((line) => /Family pack.*: now on /.test(line.text))).toBe(true);
    expect(c.last().text).toMatch(/Held until \d\d:\d\d/);
    const held = (await saved(c)).context;
    expect(held.cart.lines.map((l) => l.accessDate)).toEqual([to]);
    expect(held.cart.lines[0]!.activity?.tickets?.every((t) => t.accessDateTime === to)).toBe(true);
    expect(held.refusedRoom).toBeUndefined();

    await c.choose('pay');
    expect(c.last().link?.url).toMatch(/\/__sandbox\/pay\//);
    const calls = await stats(c);
    // A new Confirm of the changed cart: the refused one and this one.
    expect(calls['cart-confirm']).toBe(2);
    expect(calls['cart-sale']).toBe(1);
  });

  it('removes a line from the cart, and says when the cart is empty', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    const cart: Cart = { shoppingCartId: newCartId(), lines: [], adds: 0 };
    await addLine(chat, cart, JELLYFISH, 1);
    await addLine(chat, cart, TWO_DAYS, 1);
    await place(chat, { cart: 'idle' }, baseContext(chat, cart));
    await chat.start();
    await chat.choose(`remove:${cart.lines[0]!.cartItemId}`);
    expect(chat.transcript.at(-2)!.text).toMatch(/Jellyfish .* is out of your cart/);
    expect(chat.last().text).not.toMatch(/Jellyfish/);
    expect(chat.last().text).toMatch(/Two-day pass/);
    await chat.choose(`remove:${cart.lines[1]!.cartItemId}`);
    expect(chat.last().text).toMatch(/Your cart is empty/);
    expect(chat.last().options.map((o) => o.id)).toEqual(['book', 'home']);
  });
});
