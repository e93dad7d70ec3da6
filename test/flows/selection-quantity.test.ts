/**
 * The quantity step: its bounds (minimum, groups, limited days, sessions, cap), the late
 * capacity check, the price (fake quotePrice, failures with a retry), the choice with
 * its total, typed numbers and their refusals, and back.
 */
import { describe, expect, it } from 'vitest';
import type { CheckCapacityInput, QuotePriceInput } from '#flows/booking/actors/selection.js';
import { Refusal } from '#flows/booking/problem.js';
import { heldInCart, quantityBounds } from '#flows/booking/choosing/bounds.js';
import { readCount } from '#flows/booking/choosing/read.js';
import type { CartLine, Draft, Money } from '#flows/booking/types.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { context, draftOf, fake, opened, start, withoutTypes } from './selection-harness.js';

const P = demoIds.providers;
const I = demoIds.products;
const E = demoIds.enclosures;
const EUR = (cents: number): Money => ({ cents, currency: 'EUR' });

const priced = (productId: string, over: Partial<Draft> = {}) =>
  draftOf(opened(productId), { accessDate: '2026-06-12', unitPrice: EUR(1200), ...over });

const choosing = (draft: Draft, lang: 'en' | 'es' = 'en') =>
  start({ quantity: 'choosing' }, context({ language: lang, draft }));

describe('quantity bounds', () => {
  it('go from the minimum to the least of group, day, session and cap', () => {
    expect(quantityBounds(priced(I.museumAdult))).toEqual({ min: 1, max: 19, binding: 'group' });
    expect(quantityBounds(priced(I.museumGuided))).toEqual({ min: 2, max: 9, binding: 'group' });
    expect(quantityBounds(priced(I.mountainHike))).toEqual({ min: 20, max: 40, binding: 'cap' });

    const family = opened(I.museumFamily, {
      capacity: [{ productId: I.museumFamily, date: '2026-06-12', availableCapacity: 9 }],
    });
    expect(quantityBounds(draftOf(family, { accessDate: '2026-06-12' }))).toEqual({
      min: 1,
      max: 2,
      binding: 'capacity',
    });

    const dome = draftOf(opened(I.museumPlanetarium), {
      accessDate: '2026-06-12',
      sessions: [{ enclosureId: E.planetarium, sessionId: 's1', label: '11:00' }],
      sessionStep: {
        cursor: 1,
        offers: [
          {
            enclosureId: E.planetarium,
            name: 'Planetarium',
            date: '2026-06-12',
            mode: 'choose',
            available: true,
            options: [
              { sessionId: 's1', time: '2026-06-12T11:00:00', remaining: 3, maxQuantity: 3 },
            ],
          },
        ],
      },
    });
    expect(quantityBounds(dome)).toEqual({ min: 1, max: 3, binding: 'session' });
  });

  it('count what the cart already takes of the session and of a limited day (9 + 2 of 9)', () => {
    const session = { enclosureId: E.planetarium, sessionId: 's1', label: '11:00' };
    const dome = draftOf(opened(I.museumPlanetarium), {
      accessDate: '2026-06-12',
      sessions: [session],
      sessionStep: {
        cursor: 1,
        offers: [
          {
            enclosureId: E.planetarium,
            name: 'Planetarium',
            date: '2026-06-12',
            mode: 'choose',
            available: true,
            options: [
              { sessionId: 's1', time: '2026-06-12T11:00:00', remaining: 9, maxQuantity: 9 },
            ],
          },
        ],
      },
    });
    const line = (over: Partial<CartLine>): CartLine => ({
      cartItemId: 'i1',
      productId: I.museumPlanetarium,
      providerId: P.museum,
      name: 'Museum + Planetarium',
      accessDate: '2026-06-12',
      quantity: 9,
      sessions: [session],
      unitPrice: EUR(1800),
      ...over,
    });
    // Another product sold in the same session takes its places too.
    const held = heldInCart(
      [line({ quantity: 7 }), line({ productId: I.comboMuseum, quantity: 2 })],
      dome,
    );
    expect(held).toEqual({ day: 7, sessions: { s1: 9 } });
    expect(quantityBounds({ ...dome, held })).toEqual({ min: 1, max: 0, binding: 'session' });
    expect(quantityBounds({ ...dome, held: heldInCart([line({ quantity: 6 })], dome) }).max).toBe(
      3,
    );
    // Another session or day takes none.
    expect(
      heldInCart(
        [line({ sessions: [{ ...session, sessionId: 's2' }], accessDate: '2026-06-13' })],
        dome,
      ),
    ).toEqual({
      day: 0,
      sessions: { s1: 0 },
    });

    const family = draftOf(
      opened(I.museumFamily, {
        capacity: [{ productId: I.museumFamily, date: '2026-06-12', availableCapacity: 9 }],
      }),
      { accessDate: '2026-06-12' },
    );
    const two = heldInCart(
      [line({ productId: I.museumFamily, sessions: [], quantity: 1 })],
      family,
    );
    expect(quantityBounds({ ...family, held: two })).toEqual({
      min: 1,
      max: 1,
      binding: 'capacity',
    });
  });

  it('reads typed counts in digits and words', () => {
    expect(readCount('3')).toBe(3);
    expect(readCount('tres entradas')).toBe(3);
    expect(readCount('two tickets')).toBe(2);
    expect(readCount('un momento')).toBeUndefined();
    expect(readCount('lots')).toBeUndefined();
  });
});

describe('entering the quantity step', () => {
  it('prices the date with quotePrice and asks how many', async () => {
    const quote = fake<Money, QuotePriceInput>(async () => EUR(1550));
    const chat = start(
      'quantity',
      context({
        draft: draftOf(withoutTypes(opened(I.museumAdult)), { accessDate: '2026-06-12' }),
      }),
      { actors: { quotePrice: quote.logic } },
    );
    await chat.settled();
    expect(quote.inputs).toEqual([
      { productId: I.museumAdult, date: '2026-06-12', language: 'en' },
    ]);
    expect(chat.state()).toEqual({ quantity: 'choosing' });
    expect(chat.snapshot().context.draft?.unitPrice).toEqual(EUR(1550));
    const view = chat.view();
    expect(view.expects).toBe('number');
    expect(view.text).toContain('Price each: €15.50.');
    expect(view.options.map((o) => o.id)).toEqual([
      'qty:1',
      'qty:2',
      'qty:3',
      'qty:4',
      'qty:5',
      'qty:6',
      'qty:7',
      'qty:8',
      'back',
      'home',
    ]);
  });

  it('explains a failed price and offers a retry', async () => {
    let calls = 0;
    const quote = fake<Money, QuotePriceInput>(async () => {
      calls += 1;
      if (calls === 1) throw new Refusal('The price could not be obtained: no quota');
      return EUR(2800);
    });
    const chat = start(
      'quantity',
      context({
        draft: draftOf(withoutTypes(opened(I.parkChild)), { accessDate: '2026-06-12' }),
      }),
      { actors: { quotePrice: quote.logic } },
    );
    await chat.settled();
    expect(chat.state()).toEqual({ quantity: 'failed' });
    expect(chat.notices).toEqual(['The price could not be obtained: no quota']);
    chat.choose('retry');
    await chat.settled();
    expect(chat.state()).toEqual({ quantity: 'choosing' });
    expect(chat.snapshot().context.draft?.unitPrice).toEqual(EUR(2800));
  });

  it('checks a limited day whose places are unknown, then prices it', async () => {
    const check = fake<{ products?: number }, CheckCapacityInput>(async () => ({ products: 2 }));
    const quote = fake<Money, QuotePriceInput>(async () => EUR(4000));
    const chat = start(
      'quantity',
      context({ draft: draftOf(opened(I.museumFamily), { accessDate: '2026-06-12' }) }),
      { actors: { checkCapacity: check.logic, quotePrice: quote.logic } },
    );
    await chat.settled();
    expect(check.inputs).toEqual([
      { productId: I.museumFamily, date: '2026-06-12', language: 'en' },
    ]);
    expect(chat.snapshot().context.draft?.product.rules?.capacityByDate).toEqual({
      '2026-06-12': 2,
    });
    expect(chat.view().options.map((o) => o.id)).toEqual(['qty:1', 'qty:2', 'back', 'home']);
    expect(chat.view().text).toContain('There are places left for 2 that day.');
  });

  it('sends the customer back to the date when the day sold out meanwhile', async () => {
    const check = fake<{ products?: number }, CheckCapacityInput>(async () => ({ products: 0 }));
    const chat = start(
      'quantity',
      context({ draft: draftOf(opened(I.museumFamily), { accessDate: '2026-06-12' }) }),
      { actors: { checkCapacity: check.logic } },
    );
    await chat.settled();
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.notices).toEqual([
      'There are no places left on Friday, 12 June 2026. Please choose another date.',
    ]);
    expect(chat.snapshot().context.draft?.product.dates).not.toContain('2026-06-12');
  });

  it('drops the day from the limited ones when the service has no limit for it', async () => {
    const check = fake<{ products?: number }, CheckCapacityInput>(async () => ({}));
    const chat = start(
      'quantity',
      context({ draft: draftOf(opened(I.museumFamily), { accessDate: '2026-06-12' }) }),
      { actors: { checkCapacity: check.logic } },
    );
    await chat.settled();
    expect(chat.state()).toEqual({ quantity: 'pricing' });
    expect(chat.snapshot().context.draft?.product.rules?.limitedDates).not.toContain('2026-06-12');
  });

  it('offers a retry when the capacity check fails', async () => {
    const check = fake<{ products?: number }, CheckCapacityInput>(async () => {
      throw new Error('down');
    });
    const chat = start(
      'quantity',
      context({ draft: draftOf(opened(I.museumFamily), { accessDate: '2026-06-12' }) }),
      { actors: { checkCapacity: check.logic } },
    );
    await chat.settled();
    expect(chat.state()).toEqual({ quantity: 'failed' });
    expect(chat.view().options.map((o) => o.id)).toEqual(['retry', 'back', 'home']);
    chat.choose('back');
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('goes to browse without a date', () => {
    expect(start('quantity', context({ draft: draftOf(opened(I.museumAdult)) })).state()).toBe(
      'browse',
    );
  });
});

describe('choosing how many', () => {
  it('takes a quantity, shows the total and moves on to the questions', () => {
    const chat = choosing(priced(I.museumAdult));
    expect(chat.choose('qty:3').sent).toEqual({ type: 'quantity.pick', quantity: 3 });
    expect(chat.snapshot().context.draft?.quantity).toBe(3);
    expect(chat.notices).toEqual(['Total: 3 × €12.00 = €36.00.']);
    const value = chat.state();
    expect(typeof value === 'string' ? value : Object.keys(value)[0]).toBe('questions');
  });

  it('shows the total in Spanish conventions', () => {
    const chat = choosing(priced(I.museumAdult), 'es');
    chat.say('dos');
    // Intl separates the euro sign with a no-break space.
    expect(chat.notices).toEqual(['Total: 2 × 12,00\u00a0€ = 24,00\u00a0€.']);
  });

  it('refuses more than the group limit, explaining it', () => {
    const chat = choosing(priced(I.museumAdult));
    expect(chat.say('25')).toEqual({
      refused: 'Groups of more than 19 people are not accepted: at most 19.',
    });
    expect(chat.snapshot().can({ type: 'quantity.pick', quantity: 25 })).toBe(false);
    expect(chat.say('19').sent).toEqual({ type: 'quantity.pick', quantity: 19 });
  });

  it('counts the people already in the cart for the provider', () => {
    const cart: CartLine[] = [
      {
        cartItemId: 'i1',
        productId: I.museumChild,
        providerId: P.museum,
        name: 'x',
        accessDate: '2026-06-12',
        quantity: 15,
        sessions: [],
        unitPrice: EUR(700),
      },
    ];
    const draft = draftOf(opened(I.museumAdult, { cart }), {
      accessDate: '2026-06-12',
      unitPrice: EUR(1200),
    });
    const chat = choosing(draft);
    expect(chat.view().text).toContain(
      'Groups of more than 19 people are not accepted (you already have 15 from this provider in your cart): at most 4.',
    );
    expect(chat.say('5').refused).toMatch(/at most 4/);
  });

  it('explains the minimum per purchase and refuses less', () => {
    const chat = choosing(priced(I.museumGuided));
    expect(chat.view().text).toContain('Sold from 2 per purchase.');
    expect(chat.view().options[0]?.id).toBe('qty:2');
    expect(chat.say('1')).toEqual({ refused: 'Sold from 2 per purchase.' });
  });

  it('asks groups-only providers for a group, and allows typing beyond the buttons', () => {
    const chat = choosing(priced(I.mountainHike));
    const text = chat.view().text;
    expect(text).toContain(
      'Sold to groups only: the purchase must add up to more than 19 people, so choose at least 20.',
    );
    expect(text).toContain('You can type a number up to 40.');
    expect(chat.view().options[0]?.id).toBe('qty:20');
    expect(chat.say('12').refused).toMatch(/^Sold to groups only/);
    expect(chat.say('41')).toEqual({ refused: 'Up to 40 can be booked here at once.' });
    expect(chat.say('35').sent).toEqual({ type: 'quantity.pick', quantity: 35 });
  });

  it('shows no numbers when nothing can be bought, only why', () => {
    const family = opened(I.museumFamily, {
      capacity: [{ productId: I.museumFamily, date: '2026-06-12', availableCapacity: 4 }],
    });
    const draft = draftOf(family, { accessDate: '2026-06-12', unitPrice: EUR(4000) });
    draft.product.minimumQuantity = 2; // more than the day's places allow
    const chat = choosing(draft);
    expect(chat.view().options.map((o) => o.id)).toEqual(['back', 'home']);
    expect(chat.say('1')).toEqual({
      refused: 'There are not enough places left that day. Please choose another date.',
    });
  });

  it('answers text that is not a number, and a price asked with the prices of the day', () => {
    const chat = choosing(priced(I.museumAdult));
    expect(chat.say('a few of them')).toEqual({
      refused: 'Type how many you would like as a number, e.g. "2".',
    });
    expect(chat.say('how much is it?')).toEqual({
      refused: 'Prices on Friday, 12 June 2026: adult €12.00 · child €7.00 · senior €8.00.',
    });
  });

  it('goes back to the sessions when some were chosen, else to the date, or the card', () => {
    const withSessions = priced(I.museumPlanetarium, {
      sessionStep: {
        cursor: 1,
        offers: [
          {
            enclosureId: E.planetarium,
            name: 'Planetarium',
            date: '2026-06-12',
            mode: 'choose',
            available: true,
            options: [],
          },
        ],
      },
    });
    const a = choosing(withSessions);
    a.choose('back');
    expect(a.state()).toEqual({ session: 'loading' });

    const b = choosing(priced(I.museumAdult));
    b.choose('back');
    expect(b.state()).toEqual({ date: 'pick' });

    const c = choosing(priced(I.wineShop, { accessDate: '2026-06-10' }));
    c.choose('back');
    expect(c.state()).toEqual({ product: 'card' });
  });
});
