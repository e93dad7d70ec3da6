/**
 * The cart steps of the booking machine with fake actors: adding, cart, insurance,
 * review, reserved, payment and done; every guard, what each view offers, and what the
 * actors are given.
 */
import { describe, expect, it } from 'vitest';
import { PartnerEnvelopeError, PartnerTimeoutError } from '#src/api/errors.js';
import {
  AddRefused,
  ReservationExpired,
  type AddFix,
  type CartChange,
} from '#flows/booking/actors/cart.js';
import type { IsoDateTime } from '#src/api/schema.js';
import { Refusal } from '#flows/booking/problem.js';
import { partnerSaleIdOf } from '#flows/booking/steps/reserved.js';
import type { BookingContext, Cart, InsuranceQuote, RoomAgain } from '#flows/booking/types.js';
import {
  context,
  draft,
  failing,
  fake,
  line,
  place,
  reservation,
  TWO_DAYS,
} from './cart-harness.js';

const stepOf = (value: unknown) =>
  typeof value === 'string' ? value : Object.keys(value as object)[0];
const ids = (h: ReturnType<typeof place>) => h.view().options.map((option) => option.id);
const refusal = (message: string) =>
  new PartnerEnvelopeError(
    { operation: 'x', requestId: 'r' },
    { codes: [], messages: [message], entities: [], status: 200 },
  );
const serviceDown = () => new PartnerTimeoutError({ operation: 'x', requestId: 'r' }, 1);

const newCart = (lines = [line('n1')]): Cart => ({
  shoppingCartId: 'cart000000002',
  lines,
  adds: 1,
});
const change = (over: Partial<CartChange> = {}): CartChange => ({
  cart: newCart(),
  rebuilt: false,
  released: false,
  ...over,
});
const quote: InsuranceQuote = {
  policyId: 'pol1',
  name: 'Refund cover',
  quote: { cents: 60, currency: 'EUR' },
  coverage: { cents: 1200, currency: 'EUR' },
};
const selling = (ctx: BookingContext): BookingContext => ({
  ...ctx,
  sale: {
    partnerSaleId: partnerSaleIdOf(ctx.userKey, ctx.cart.shoppingCartId),
    saleIds: [],
    shoppingCartId: ctx.cart.shoppingCartId,
  },
});

describe('adding', () => {
  it.each([
    ['no draft', context(), 'cart'],
    [
      'a Sale of the cart may have happened',
      selling(context({ draft: draft(), reservation: reservation() })),
      'reserved',
    ],
    ['no date', context({ draft: draft({ accessDate: undefined }) }), 'date'],
    ['no quantity', context({ draft: draft({ quantity: undefined }) }), 'quantity'],
    ['no price', context({ draft: draft({ unitPrice: undefined }) }), 'quantity'],
  ])('with %s goes to %s', (_name, ctx, step) => {
    const h = place('adding', ctx);
    expect(stepOf(h.state())).toBe(step);
  });

  it('adds the draft: the new line, the draft dropped, the customer told', async () => {
    const add = fake(() => ({
      ...change({ cart: newCart([line('i1'), line('i2')]) }),
      line: line('i2'),
    }));
    const ctx = context({ draft: draft(), reservation: reservation() });
    const h = place('adding', ctx, { addToCart: add.logic });
    await h.settled();
    expect(add.inputs[0]).toEqual({
      cart: ctx.cart,
      draft: ctx.draft,
      language: 'en',
      reserved: true,
    });
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.context().draft).toBeUndefined();
    expect(h.context().cart.lines).toHaveLength(2);
    expect(h.context().reservation).toEqual(ctx.reservation);
    expect(h.notices).toEqual(['✅ Jellyfish aquarium: feeding time is in your cart.']);
  });

  it('says when the cart had to be rebuilt or the reservation released', async () => {
    const add = fake(() => ({
      ...change({
        rebuilt: true,
        released: true,
        dropped: [{ name: 'Two-day pass', reason: 'sold out' }],
      }),
      line: line('n1'),
    }));
    const h = place('adding', context({ draft: draft(), reservation: reservation() }), {
      addToCart: add.logic,
    });
    await h.settled();
    expect(h.context().reservation).toBeUndefined();
    expect(h.notices[0]).toMatch(/new cart with the same products\. Nothing was charged/);
    expect(h.notices[0]).toMatch(/Two-day pass could not be kept in the cart: sold out/);

    const released = place('adding', context({ draft: draft(), reservation: reservation() }), {
      addToCart: fake(() => ({ ...change({ released: true }), line: line('n1') })).logic,
    });
    await released.settled();
    expect(released.notices[0]).toMatch(/released the reservation/);
  });

  it.each([
    ['date', 'date'],
    ['session', 'session'],
    ['quantity', 'quantity'],
    ['questions', 'questions'],
    ['cart', 'cart'],
  ] as [AddFix, string][])(
    'after a refusal to fix in the %s, goes there keeping the draft',
    async (fix, step) => {
      const h = place(
        'adding',
        context({ draft: draft() }),
        { addToCart: failing(new AddRefused('The booking service did not accept that: no', fix)) },
        { stub: ['date', 'session', 'quantity', 'questions'] },
      );
      await h.settled();
      expect(stepOf(h.state())).toBe(step);
      expect(h.context().draft).toBeDefined();
      expect(h.notices).toContain('The booking service did not accept that: no');
    },
  );

  it('with the service down, goes to the cart, which offers to add the draft again', async () => {
    const h = place('adding', context({ draft: draft() }), { addToCart: failing(serviceDown()) });
    await h.settled();
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.notices[0]).toMatch(/not answering/);
    expect(ids(h)).toContain('cart:add-draft');
  });
});

describe('cart', () => {
  it('shows lines with date, quantity, unit price, line total and the grand total', () => {
    const ctx = context({
      cart: {
        shoppingCartId: 'c',
        lines: [
          line('i1', { sessions: [{ enclosureId: 'e', sessionId: 's', label: '10:30' }] }),
          line('i2', {
            name: 'Two-day pass',
            productId: TWO_DAYS,
            quantity: 1,
            unitPrice: { cents: 3050, currency: 'EUR' },
          }),
        ],
      },
    });
    const view = place({ cart: 'idle' }, ctx).view();
    expect(view.text).toBe(
      [
        '🛒 Your cart:',
        '1. Jellyfish aquarium: feeding time — Wed 17 Jun · 10:30',
        '   2 × €6.00 = €12.00',
        '2. Two-day pass — Wed 17 Jun',
        '   1 × €30.50 = €30.50',
        'Total: €42.50',
      ].join('\n'),
    );
    expect(view.options.map((o) => o.id)).toEqual([
      'checkout',
      'cart:add-more',
      'remove:i1',
      'remove:i2',
      'home',
    ]);
  });

  it('says when it is empty and offers to book', () => {
    const h = place({ cart: 'idle' }, context({ cart: { shoppingCartId: 'c', lines: [] } }));
    expect(h.view().text).toBe('Your cart is empty. Shall we book something?');
    expect(ids(h)).toEqual(['book', 'home']);
  });

  it('shows a reservation, and one that lapsed', () => {
    const held = place({ cart: 'idle' }, context({ reservation: reservation() }));
    expect(held.view().text).toMatch(/Your order is held until 10:15\./);
    expect(ids(held)[0]).toBe('reservation');
    const over = place({ cart: 'idle' }, context({ reservation: reservation({ lapsed: true }) }));
    expect(over.view().text).toMatch(/reservation of your order expired/);
  });

  it('while a Sale may have happened, only leads back to the reservation', async () => {
    const h = place({ cart: 'idle' }, selling(context({ reservation: reservation() })));
    expect(ids(h)).toEqual(['reservation', 'home']);
    await h.send({ type: 'cart.remove', cartItemId: 'i1' });
    expect(stepOf(h.state())).toBe('reserved');
    const more = place({ cart: 'idle' }, selling(context({ reservation: reservation() })));
    await more.send({ type: 'cart.add-more' });
    expect(stepOf(more.state())).toBe('reserved');
  });

  it('goes to browse for another product, home on back', async () => {
    const h = place({ cart: 'idle' }, context());
    await h.choose('cart:add-more');
    expect(stepOf(h.state())).toBe('browse');
    const back = place({ cart: 'idle' }, context());
    await back.send({ type: 'nav.back' });
    expect(back.state()).toBe('home');
  });

  it('adds a kept draft again only when it is complete', async () => {
    const h = place({ cart: 'idle' }, context({ draft: draft() }));
    await h.choose('cart:add-draft');
    expect(stepOf(h.state())).toBe('adding');
    const incomplete = place({ cart: 'idle' }, context({ draft: draft({ quantity: undefined }) }));
    expect(ids(incomplete)).not.toContain('cart:add-draft');
    expect(incomplete.actor.getSnapshot().can({ type: 'cart.add-draft' })).toBe(false);
  });

  it('checks out to the insurance; an empty cart cannot; a reserved one goes to its reservation', async () => {
    const h = place({ cart: 'idle' }, context());
    await h.choose('checkout');
    expect(stepOf(h.state())).toBe('insurance');

    const empty = place({ cart: 'idle' }, context({ cart: { shoppingCartId: 'c', lines: [] } }));
    await empty.send({ type: 'cart.checkout' });
    expect(empty.state()).toEqual({ cart: 'idle' });
    expect(empty.notices).toEqual(['Your cart is empty: add something before checking out.']);

    const reserved = place({ cart: 'idle' }, context({ reservation: reservation() }));
    await reserved.choose('reservation');
    expect(stepOf(reserved.state())).toBe('reserved');
  });

  it('removes a line (releasing a reservation), and explains a failure', async () => {
    const remove = fake(() => ({
      ...change({ released: true, cart: newCart([]) }),
      removed: line('i1'),
    }));
    const ctx = context({ reservation: reservation() });
    const h = place({ cart: 'idle' }, ctx, { removeFromCart: remove.logic });
    await h.choose('remove:i1');
    expect(remove.inputs[0]).toEqual({
      cart: ctx.cart,
      cartItemId: 'i1',
      language: 'en',
      reserved: true,
    });
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.context().cart.lines).toEqual([]);
    expect(h.context().reservation).toBeUndefined();
    expect(h.notices).toEqual(['Done: Jellyfish aquarium: feeding time is out of your cart.']);

    const broken = place({ cart: 'idle' }, context(), {
      removeFromCart: failing(new Refusal('Nope.')),
    });
    await broken.choose('remove:i1');
    expect(broken.state()).toEqual({ cart: 'idle' });
    expect(broken.notices).toEqual(['Nope.']);
    expect(broken.context().cart.lines).toHaveLength(1);
  });

  it('says when a line to remove is not in the cart', async () => {
    const h = place({ cart: 'idle' }, context());
    await h.send({ type: 'cart.remove', cartItemId: 'gone' });
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.notices).toEqual(['That line is no longer in your cart.']);
  });
});

describe('insurance', () => {
  it('skips to the buyer details when no line is insurable, or the cart is empty', () => {
    const none = place(
      'insurance',
      context({ cart: { shoppingCartId: 'c', lines: [line('i1', { insurable: false })] } }),
    );
    expect(stepOf(none.state())).toBe('client');
    const empty = place('insurance', context({ cart: { shoppingCartId: 'c', lines: [] } }));
    expect(stepOf(empty.state())).toBe('cart');
  });

  it('quotes the whole cart on the way, and offers the policy in the review', async () => {
    const quoting = fake(() => ({ quote }));
    const ctx = context();
    const h = place('insurance', ctx, { quoteInsurance: quoting.logic });
    await h.settled();
    expect(quoting.inputs[0]).toEqual({ cart: ctx.cart, language: 'en' });
    // No question of its own: on to the buyer's details, the quote kept for the review.
    expect(stepOf(h.state())).toBe('client');
    expect(h.context().checkout).toMatchObject({ offeredInsurance: quote, insurance: undefined });

    const review = place({ review: 'idle' }, context({ checkout: h.context().checkout }));
    expect(review.view().text).toContain(
      '🛡️ You can add Refund cover: €0.60, covers €12.00 if you cannot go.',
    );
    expect(ids(review)).toContain('insurance:yes');
    await review.choose('insurance:yes');
    expect(review.state()).toEqual({ review: 'idle' });
    expect(review.context().checkout).toMatchObject({ insurance: quote, insuranceDeclined: false });
    expect(review.view().text).not.toContain('You can add');
    expect(ids(review)).toContain('insurance:no');
    await review.choose('insurance:no');
    expect(review.context().checkout.insurance).toBeUndefined();
    expect(review.context().checkout.insuranceDeclined).toBe(true);
  });

  it('a policy accepted before follows the new quote of a changed cart', async () => {
    const dearer: InsuranceQuote = { ...quote, quote: { cents: 90, currency: 'EUR' } };
    const ctx = context({
      checkout: {
        insurance: quote,
        offeredInsurance: quote,
        insuranceDeclined: false,
        profileAnswers: {},
      },
    });
    const h = place('insurance', ctx, { quoteInsurance: fake(() => ({ quote: dearer })).logic });
    await h.settled();
    expect(h.context().checkout).toMatchObject({ insurance: dearer, offeredInsurance: dearer });
  });

  it('a conversation saved at the former offer question still accepts, declines or goes back', async () => {
    const offered = () =>
      context({
        checkout: { offeredInsurance: quote, insuranceDeclined: false, profileAnswers: {} },
      });
    const accept = place({ insurance: 'offer' }, offered());
    await accept.choose('insurance:yes');
    expect(stepOf(accept.state())).toBe('client');
    expect(accept.context().checkout).toMatchObject({ insurance: quote, insuranceDeclined: false });

    const decline = place({ insurance: 'offer' }, offered());
    await decline.choose('insurance:no');
    expect(stepOf(decline.state())).toBe('client');
    expect(decline.context().checkout.insurance).toBeUndefined();
    expect(decline.context().checkout.insuranceDeclined).toBe(true);

    const back = place({ insurance: 'offer' }, offered());
    await back.choose('back');
    expect(stepOf(back.state())).toBe('cart');
  });

  it('goes on without insurance, saying so, when none is offered or the quote fails', async () => {
    const none = place('insurance', context(), { quoteInsurance: fake(() => ({})).logic });
    await none.settled();
    expect(stepOf(none.state())).toBe('client');
    expect(none.notices).toEqual(['There is no refund insurance for this order today.']);

    const ctx = context({
      checkout: { insurance: quote, insuranceDeclined: false, profileAnswers: {} },
    });
    const down = place('insurance', ctx, { quoteInsurance: failing(serviceDown()) });
    await down.settled();
    expect(stepOf(down.state())).toBe('client');
    expect(down.context().checkout.insurance).toBeUndefined();
    expect(down.notices).toEqual([
      'I cannot offer the refund insurance right now; we go on without it.',
    ]);
  });

  it('does not accept a policy that was never offered', () => {
    const h = place({ insurance: 'offer' }, context());
    expect(h.actor.getSnapshot().can({ type: 'insurance.accept' })).toBe(false);
  });
});

describe('review', () => {
  const detailed = (over: Partial<BookingContext> = {}) =>
    context({
      checkout: {
        insurance: quote,
        insuranceDeclined: false,
        client: { fullName: 'Ana', surname: 'García', email: 'ana@example.com' },
        profileAnswers: { p1: [{ questionId: 'q1', stringValue: 'x' }], p2: [] },
      },
      ...over,
    });

  it('shows the whole order with the cancellation policy in plain words and the total', () => {
    const h = place('review', detailed());
    expect(h.view().text).toBe(
      [
        '📋 Check your order:',
        '1. Jellyfish aquarium: feeding time — Wed 17 Jun',
        '   2 × €6.00 = €12.00',
        '   Cancellation: Free cancellation at any time.',
        'Refund insurance (Refund cover): €0.60',
        'In the name of: Ana García, ana@example.com',
        'Total to pay: €12.60',
      ].join('\n'),
    );
    expect(ids(h)).toEqual(['reserve', 'edit', 'cart', 'home']);
  });

  it('goes to the cart when there is nothing to review', () => {
    const h = place('review', context({ cart: { shoppingCartId: 'c', lines: [] } }));
    expect(stepOf(h.state())).toBe('cart');
  });

  it('edits the details or goes back to the cart', async () => {
    const edit = place('review', detailed());
    await edit.choose('edit');
    expect(stepOf(edit.state())).toBe('client');
    const back = place('review', detailed());
    await back.choose('cart');
    expect(stepOf(back.state())).toBe('cart');
  });

  it('reserves with the profile answers and goes to the reservation', async () => {
    const reserve = fake(() => ({
      ...change({ cart: context().cart }),
      reservation: reservation(),
    }));
    const ctx = detailed();
    const h = place('review', ctx, { reserve: reserve.logic });
    await h.choose('reserve');
    expect(reserve.inputs[0]).toEqual({
      cart: ctx.cart,
      language: 'en',
      questionsProfiles: [
        { questionsProfileId: 'p1', questions: [{ questionId: 'q1', stringValue: 'x' }] },
      ],
      renew: false,
    });
    expect(h.state()).toEqual({ reserved: 'idle' });
    expect(h.context().reservation).toEqual(reservation());
    expect(h.notices).toEqual([]);
  });

  it('explains a refused reservation and stays', async () => {
    // The room read again finds nothing full.
    const h = place('review', detailed(), {
      reserve: failing(refusal('no places left')),
      readRoom: fake(() => []).logic,
    });
    await h.choose('reserve');
    expect(h.state()).toEqual({ review: 'idle' });
    expect(h.notices).toEqual(['There are no longer enough places for what you chose.']);
  });

  it('names the items a reservation could not hold, with what can be done', async () => {
    const cart: Cart = {
      shoppingCartId: 'cart000000001',
      lines: [line('i1'), line('i2', { productId: TWO_DAYS, name: 'Two-day pass' })],
    };
    const h = place('review', detailed({ cart }), {
      reserve: fake(() => ({
        ...change({ cart }),
        reservation: reservation({ failedProductIds: [TWO_DAYS] }),
      })).logic,
      readRoom: fake(() => []).logic,
    });
    await h.choose('reserve');
    expect(h.state()).toEqual({ review: 'failed' });
    expect(h.view().text).toMatch(/These could not be reserved:\n2\. Two-day pass/);
    expect(h.view().text).toMatch(/nothing is bought until you decide/);
    expect(ids(h)).toEqual(['remove:i2', 'redate:i2', 'cart', 'home']);
  });

  it('does not say the rest is held when every item failed', async () => {
    const cart: Cart = { shoppingCartId: 'cart000000001', lines: [line('i1')] };
    const h = place('review', detailed({ cart }), {
      reserve: fake(() => ({
        ...change({ cart }),
        reservation: reservation({ failedProductIds: [cart.lines[0]!.productId] }),
      })).logic,
      readRoom: fake(() => []).logic,
    });
    await h.choose('reserve');
    expect(h.state()).toEqual({ review: 'failed' });
    expect(h.view().text).toMatch(/Nothing is held\. What shall we do\?$/);
    expect(h.view().text).not.toMatch(/The rest is held/);
  });

  it('removes a failed item and reviews what is left; or opens it again for another date', async () => {
    const failed = context({
      cart: {
        shoppingCartId: 'cart000000001',
        lines: [line('i1'), line('i2', { productId: TWO_DAYS, name: 'Two-day pass' })],
      },
      reservation: reservation({ failedProductIds: [TWO_DAYS] }),
    });
    const remove = fake(() => ({
      ...change({ released: true, cart: newCart([line('i1')]) }),
      removed: failed.cart.lines[1]!,
    }));
    const h = place({ review: 'failed' }, failed, { removeFromCart: remove.logic });
    await h.choose('remove:i2');
    expect(remove.inputs[0]).toMatchObject({ cartItemId: 'i2', reserved: true });
    // Through the insurance quote again (it was for the lines there were), then the review.
    expect(h.state()).toEqual({ insurance: 'quoting' });
    expect(h.context().reservation).toBeUndefined();
    expect(h.notices).toEqual(['Two-day pass is out. This is your order now:']);

    const redate = place({ review: 'failed' }, failed, {
      removeFromCart: fake(() => ({
        ...change({ released: true, cart: newCart([line('i1')]) }),
        removed: failed.cart.lines[1]!,
      })).logic,
    });
    await redate.choose('redate:i2');
    expect(stepOf(redate.state())).toBe('product');

    const broken = place({ review: 'failed' }, failed, { removeFromCart: failing(serviceDown()) });
    await broken.choose('remove:i2');
    expect(broken.state()).toEqual({ review: 'failed' });
  });

  describe('a refused line whose session is full', () => {
    const at = (time: string) => `2026-06-17T${time}:00` as IsoDateTime;
    const timed = line('i2', {
      productId: TWO_DAYS,
      name: 'Two-day pass',
      quantity: 2,
      sessions: [{ enclosureId: 'e1', sessionId: 's10', label: '10:00' }],
    });
    const cart: Cart = { shoppingCartId: 'cart000000001', lines: [line('i1'), timed] };
    const room: RoomAgain = {
      cartItemId: 'i2',
      enclosureId: 'e1',
      fullTime: at('10:00'),
      nearest: [
        { sessionId: 's11', time: at('11:00'), remaining: 8, maxQuantity: 8 },
        { sessionId: 's12', time: at('12:00'), remaining: 3, maxQuantity: 3 },
      ],
    };
    const refused = () =>
      fake(() => ({
        ...change({ cart }),
        reservation: reservation({ failedProductIds: [TWO_DAYS] }),
      }));
    const movedLine = {
      ...timed,
      cartItemId: 'n2',
      sessions: [{ enclosureId: 'e1', sessionId: 's11', label: '11:00' }],
    };

    it('reads its session again once and names it with the nearest sessions that have room', async () => {
      const readRoom = fake(() => [room]);
      const h = place('review', context({ cart }), {
        reserve: refused().logic,
        readRoom: readRoom.logic,
      });
      await h.choose('reserve');
      expect(readRoom.inputs).toEqual([{ lines: [timed], language: 'en' }]);
      expect(h.state()).toEqual({ review: 'failed' });
      expect(h.view().text).toMatch(
        /2\. Two-day pass.*\n.*€12\.00\n {3}The 10:00 session is full\.\n {3}Nearest with room: 11:00, 12:00\.\nThe rest is held/,
      );
      expect(ids(h)).toEqual([
        'move:i2:s11',
        'move:i2:s12',
        'remove:i2',
        'redate:i2',
        'cart',
        'home',
      ]);
    });

    it('a failed read, or no session to read, shows the refusal as before', async () => {
      const h = place('review', context({ cart }), {
        reserve: refused().logic,
        readRoom: failing(serviceDown()),
      });
      await h.choose('reserve');
      expect(h.state()).toEqual({ review: 'failed' });
      expect(ids(h)).toEqual(['remove:i2', 'redate:i2', 'cart', 'home']);
    });

    it('one tap moves the line to the session (reserved released) and reserves again', async () => {
      const failed = context({
        cart,
        reservation: reservation({ failedProductIds: [TWO_DAYS], room: [room] }),
      });
      const moved = newCart([line('i1'), movedLine]);
      const moveLine = fake(() => ({
        ...change({ released: true, cart: moved }),
        removed: timed,
        line: movedLine,
      }));
      const reserve = fake(() => ({ ...change({ cart: moved }), reservation: reservation() }));
      const h = place({ review: 'failed' }, failed, {
        moveLine: moveLine.logic,
        reserve: reserve.logic,
      });
      await h.choose('move:i2:s11');
      expect(moveLine.inputs).toEqual([
        {
          cart,
          cartItemId: 'i2',
          enclosureId: 'e1',
          sessionId: 's11',
          language: 'en',
          reserved: true,
        },
      ]);
      // A new Confirm of the changed cart, not the refused one again.
      expect(reserve.inputs).toHaveLength(1);
      expect(reserve.inputs[0]).toMatchObject({ cart: moved, renew: false });
      expect(h.state()).toEqual({ reserved: 'idle' });
      expect(h.notices).toEqual(['Two-day pass: now at 11:00.']);
    });

    it('a session not offered is not taken; an insurance chosen is quoted again first', async () => {
      const failed = context({
        cart,
        reservation: reservation({ failedProductIds: [TWO_DAYS], room: [room] }),
        checkout: { insurance: quote, insuranceDeclined: false, profileAnswers: {} },
      });
      const moveLine = fake(() => ({
        ...change({ released: true, cart: newCart([line('i1'), movedLine]) }),
        removed: timed,
        line: movedLine,
      }));
      const h = place({ review: 'failed' }, failed, { moveLine: moveLine.logic });
      await h.send({ type: 'cart.move', cartItemId: 'i2', sessionId: 's10' });
      expect(moveLine.inputs).toEqual([]);
      expect(h.state()).toEqual({ review: 'failed' });
      await h.choose('move:i2:s12');
      expect(h.state()).toEqual({ insurance: 'quoting' });
    });

    it('a Confirm refused whole names the full session, says nothing is held, and a move reserves', async () => {
      let confirms = 0;
      const moved = newCart([line('i1'), movedLine]);
      const reserve = fake(() => {
        confirms += 1;
        if (confirms === 1) throw refusal('capacity exhausted');
        return { ...change({ cart: moved }), reservation: reservation() };
      });
      const readRoom = fake(() => [room]);
      const moveLine = fake(() => ({
        ...change({ cart: moved }),
        removed: timed,
        line: movedLine,
      }));
      const h = place('review', context({ cart }), {
        reserve: reserve.logic,
        readRoom: readRoom.logic,
        moveLine: moveLine.logic,
      });
      await h.choose('reserve');
      expect(h.notices).toEqual(['There are no longer enough places for what you chose.']);
      // Every line that is not a package's or a combined product's is read (the reader
      // passes over one with neither a session nor a limited day).
      expect(readRoom.inputs).toEqual([{ lines: cart.lines, language: 'en' }]);
      expect(h.state()).toEqual({ review: 'full' });
      expect(h.view().text).toMatch(/The 10:00 session is full\./);
      expect(h.view().text).toMatch(/Nothing is held\. What shall we do\?$/);
      expect(h.view().text).not.toMatch(/The rest is held/);
      expect(ids(h)).toEqual(['move:i2:s11', 'move:i2:s12', 'remove:i2', 'cart', 'home']);

      await h.choose('move:i2:s12');
      expect(moveLine.inputs[0]).toMatchObject({ sessionId: 's12', reserved: false });
      expect(reserve.inputs).toHaveLength(2);
      expect(reserve.inputs[1]).toMatchObject({ cart: moved });
      expect(h.state()).toEqual({ reserved: 'idle' });
      expect(h.context().refusedRoom).toBeUndefined();
    });

    it('a Confirm refused whole with no session full is explained as before', async () => {
      const h = place('review', context({ cart }), {
        reserve: failing(refusal('no')),
        readRoom: fake(() => []).logic,
      });
      await h.choose('reserve');
      expect(h.state()).toEqual({ review: 'idle' });
      const unanswered = place('review', context({ cart }), {
        reserve: failing(serviceDown()),
        readRoom: fake(() => [room]).logic,
      });
      await unanswered.choose('reserve');
      // No answer is not a refusal: nothing is read, nothing offered.
      expect(unanswered.state()).toEqual({ review: 'idle' });
    });

    it('a line out whose new session the Add refused is said so, and the order reviewed without it', async () => {
      const failed = context({
        cart,
        reservation: reservation({ failedProductIds: [TWO_DAYS], room: [room] }),
      });
      const h = place({ review: 'failed' }, failed, {
        moveLine: fake(() => ({
          ...change({ released: true, cart: newCart([line('i1')]) }),
          removed: timed,
          refused: 'The booking service did not accept that: session full',
        })).logic,
      });
      await h.choose('move:i2:s11');
      expect(h.state()).toEqual({ insurance: 'quoting' });
      expect(h.context().cart.lines.map((l) => l.cartItemId)).toEqual(['i1']);
      expect(h.context().reservation).toBeUndefined();
      expect(h.notices).toEqual([
        'Two-day pass is out, but the new session could not be added: The booking service did not accept that: session full',
      ]);
    });
  });

  describe('a refused line whose limited day is full', () => {
    const pack = line('i2', { productId: TWO_DAYS, name: 'Two-day pass', quantity: 1 });
    const cart: Cart = { shoppingCartId: 'cart000000001', lines: [line('i1'), pack] };
    const room: RoomAgain = {
      cartItemId: 'i2',
      fullDate: '2026-06-17',
      nearestDates: ['2026-06-16', '2026-06-18'],
    };
    const refused = () =>
      fake(() => ({
        ...change({ cart }),
        reservation: reservation({ failedProductIds: [TWO_DAYS] }),
      }));
    const movedLine = { ...pack, cartItemId: 'n2', accessDate: '2026-06-18' as const };

    it('names the full day with the nearest days that have room, one button per day', async () => {
      const readRoom = fake(() => [room]);
      const h = place('review', context({ cart }), {
        reserve: refused().logic,
        readRoom: readRoom.logic,
      });
      await h.choose('reserve');
      expect(readRoom.inputs).toEqual([{ lines: [pack], language: 'en' }]);
      expect(h.state()).toEqual({ review: 'failed' });
      expect(h.view().text).toMatch(
        /2\. Two-day pass.*\n.*\n {3}Wednesday, 17 June 2026 is full\.\n {3}Nearest days with room: Tue 16 Jun; Thu 18 Jun\.\nThe rest is held/,
      );
      expect(ids(h)).toEqual([
        'move:i2:2026-06-16',
        'move:i2:2026-06-18',
        'remove:i2',
        'redate:i2',
        'cart',
        'home',
      ]);
    });

    it('one tap moves the line to the day and reserves again; a day not offered is not taken', async () => {
      const failed = context({
        cart,
        reservation: reservation({ failedProductIds: [TWO_DAYS], room: [room] }),
      });
      const moved = newCart([line('i1'), movedLine]);
      const moveLine = fake(() => ({
        ...change({ released: true, cart: moved }),
        removed: pack,
        line: movedLine,
      }));
      const reserve = fake(() => ({ ...change({ cart: moved }), reservation: reservation() }));
      const h = place({ review: 'failed' }, failed, {
        moveLine: moveLine.logic,
        reserve: reserve.logic,
      });
      await h.send({ type: 'cart.move', cartItemId: 'i2', date: '2026-06-19' });
      expect(moveLine.inputs).toEqual([]);
      expect(h.state()).toEqual({ review: 'failed' });
      await h.choose('move:i2:2026-06-18');
      expect(moveLine.inputs).toEqual([
        { cart, cartItemId: 'i2', date: '2026-06-18', language: 'en', reserved: true },
      ]);
      // A new Confirm of the changed cart, not the refused one again.
      expect(reserve.inputs).toHaveLength(1);
      expect(reserve.inputs[0]).toMatchObject({ cart: moved, renew: false });
      expect(h.state()).toEqual({ reserved: 'idle' });
      expect(h.notices).toEqual(['Two-day pass: now on Thursday, 18 June 2026.']);
    });

    it('a Confirm refused whole names the full day; a line out whose new day the Add refused is said so', async () => {
      const readRoom = fake(() => [room]);
      const h = place('review', context({ cart }), {
        reserve: failing(refusal('capacity exhausted')),
        readRoom: readRoom.logic,
        moveLine: fake(() => ({
          ...change({ cart: newCart([line('i1')]) }),
          removed: pack,
          refused: 'The booking service did not accept that: no places',
        })).logic,
      });
      await h.choose('reserve');
      expect(h.state()).toEqual({ review: 'full' });
      expect(h.view().text).toMatch(/Wednesday, 17 June 2026 is full\./);
      expect(h.view().text).toMatch(/Nothing is held\. What shall we do\?$/);
      expect(ids(h)).toEqual([
        'move:i2:2026-06-16',
        'move:i2:2026-06-18',
        'remove:i2',
        'cart',
        'home',
      ]);
      await h.choose('move:i2:2026-06-16');
      expect(h.state()).toEqual({ insurance: 'quoting' });
      expect(h.context().cart.lines.map((l) => l.cartItemId)).toEqual(['i1']);
      expect(h.notices.at(-1)).toBe(
        'Two-day pass is out, but the new day could not be added: The booking service did not accept that: no places',
      );
    });
  });
});

/** How the order is paid, as planPayment answers (conversation/actors/payments.ts). */
const planned = (kind: 'partner' | 'on-account' | 'unavailable') => fake(() => ({ kind })).logic;

describe('reserved', () => {
  const reserved = (over: Partial<BookingContext> = {}) =>
    context({
      reservation: reservation(),
      checkout: { insurance: quote, insuranceDeclined: false, profileAnswers: {} },
      ...over,
    });

  it.each([
    ['no reservation', context(), { review: 'idle' }],
    [
      'items that failed',
      context({ reservation: reservation({ failedProductIds: ['x'] }) }),
      { review: 'failed' },
    ],
    ['a live reservation', reserved(), { reserved: 'idle' }],
    [
      'failed items but a Sale under way',
      selling(context({ reservation: reservation({ failedProductIds: ['x'] }) })),
      { reserved: 'idle' },
    ],
  ])('with %s shows the right step', (_name, ctx, value) => {
    expect(place('reserved', ctx).state()).toEqual(value);
  });

  it('shows the expiry in the provider time and the total with insurance', () => {
    const h = place('reserved', reserved());
    expect(h.view().text).toMatch(/^✅ Your order is reserved:/);
    expect(h.view().text).toMatch(/🔒 Held until 10:15\.\nTotal: €12\.60$/);
    expect(ids(h)).toEqual(['pay', 'cancel', 'cart', 'home']);
    const tomorrow = place(
      'reserved',
      reserved({
        reservation: reservation({
          expiresAtLocal: '2026-06-11T00:10:00',
          expiresAt: '2026-06-10T22:10:00.000Z',
        }),
      }),
    );
    expect(tomorrow.view().text).toMatch(/Held until 00:10 \(Thu 11 Jun\)/);
  });

  it('makes the PartnerSaleId once, before the first Sale, and sells with everything', async () => {
    const sell = fake(() => ({
      saleIds: ['s1'],
      reconciled: false,
      nextShoppingCartId: 'next000000001',
    }));
    const ctx = reserved({
      reservation: reservation({ paymentRequired: true, paymentMethodType: 3 }),
      checkout: {
        insurance: quote,
        insuranceDeclined: false,
        client: {
          fullName: 'Ana',
          surname: 'García',
          documentIdentifier: 'X1',
          phoneNumber: '600',
          email: 'a@b.es',
        },
        profileAnswers: { p1: [{ questionId: 'q', stringValue: 'v' }] },
      },
    });
    const h = place('reserved', ctx, {
      planPayment: planned('partner'),
      sell: sell.logic,
      loadTickets: fake(() => ({ activities: [] })).logic,
    });
    await h.choose('pay');
    const partnerSaleId = partnerSaleIdOf('test:cart', 'cart000000001');
    expect(partnerSaleId).toMatch(/^[0-9a-f]{8}-cart000000001$/);
    expect(sell.inputs[0]).toEqual({
      shoppingCartId: 'cart000000001',
      partnerSaleId,
      language: 'en',
      client: ctx.checkout.client,
      insurancePolicyId: 'pol1',
      questionsProfiles: [
        { questionsProfileId: 'p1', questions: [{ questionId: 'q', stringValue: 'v' }] },
      ],
      paymentMethodType: 3,
      expiresAt: '2026-06-10T08:15:00.000Z',
    });
    expect(stepOf(h.state())).toBe('done');
    expect(h.context().sale).toMatchObject({
      partnerSaleId,
      saleIds: ['s1'],
      shoppingCartId: 'cart000000001',
      total: [{ cents: 1260, currency: 'EUR' }],
    });
    // The sold cart is finished; the client details stay for the next purchase.
    expect(h.context().cart).toEqual({ shoppingCartId: 'next000000001', lines: [], adds: 0 });
    expect(h.context().reservation).toBeUndefined();
    expect(h.context().checkout).toEqual({
      insuranceDeclined: false,
      profileAnswers: {},
      client: ctx.checkout.client,
    });
  });

  it('reuses the PartnerSaleId stored for the cart on a second try', async () => {
    const ctx = selling(reserved());
    const stored = { ...ctx, sale: { ...ctx.sale!, partnerSaleId: 'kept-id' } };
    const sell = fake(() => ({ saleIds: ['s1'], reconciled: true, nextShoppingCartId: 'n' }));
    const h = place('reserved', stored, { sell: sell.logic });
    await h.choose('pay');
    expect(sell.inputs[0]).toMatchObject({ partnerSaleId: 'kept-id' });
  });

  it('leaves out client details that are not complete', async () => {
    const sell = fake(() => ({ saleIds: ['s1'], reconciled: false, nextShoppingCartId: 'n' }));
    const h = place(
      'reserved',
      reserved({
        checkout: { insuranceDeclined: true, profileAnswers: {}, client: { fullName: 'Ana' } },
      }),
      { planPayment: planned('on-account'), sell: sell.logic },
    );
    await h.choose('pay');
    expect(sell.inputs[0]).not.toHaveProperty('client');
    expect(sell.inputs[0]).not.toHaveProperty('insurancePolicyId');
    expect(sell.inputs[0]).not.toHaveProperty('paymentMethodType');
  });

  it('goes to the payment when the Sale answers a payment link', async () => {
    const h = place('reserved', reserved(), {
      planPayment: planned('partner'),
      sell: fake(() => ({
        saleIds: ['s1'],
        paymentUrl: 'https://pay/1',
        reconciled: false,
        nextShoppingCartId: 'n',
      })).logic,
    });
    await h.choose('pay');
    expect(h.state()).toEqual({ payment: 'waiting' });
  });

  it('offers to reserve again when the Sale says the reservation lapsed', async () => {
    const h = place('reserved', reserved(), {
      planPayment: planned('on-account'),
      sell: failing(new ReservationExpired('lapsed')),
    });
    await h.choose('pay');
    expect(h.state()).toEqual({ reserved: 'expired' });
    expect(h.context().sale).toBeUndefined();
    expect(h.context().reservation?.lapsed).toBe(true);
    expect(ids(h)).toEqual(['renew', 'cart', 'home']);
  });

  it('forgets the sale record after a clear refusal, keeps it when there was no answer', async () => {
    const refused = place('reserved', reserved(), {
      planPayment: planned('on-account'),
      sell: failing(refusal('Client is required')),
    });
    await refused.choose('pay');
    expect(refused.state()).toEqual({ reserved: 'idle' });
    expect(refused.context().sale).toBeUndefined();
    expect(refused.notices).toEqual(["The booking service needs the buyer's details in full."]);

    const down = place('reserved', reserved(), {
      planPayment: planned('on-account'),
      sell: failing(serviceDown()),
    });
    await down.choose('pay');
    expect(down.state()).toEqual({ reserved: 'idle' });
    expect(down.context().sale?.partnerSaleId).toBe(partnerSaleIdOf('test:cart', 'cart000000001'));
    // A Sale may have happened: no cancelling, and paying again reconciles.
    expect(ids(down)).toEqual(['pay', 'cart', 'home']);
    expect(down.actor.getSnapshot().can({ type: 'reservation.cancel' })).toBe(false);
    expect(down.actor.getSnapshot().can({ type: 'reservation.expired' })).toBe(false);
  });

  it('follows the scheduler: reservation.expired offers a one-tap re-reserve', async () => {
    const reserve = fake(() => ({
      ...change(),
      reservation: reservation({ expiresAtLocal: '2026-06-10T10:40:00' }),
    }));
    const h = place('reserved', reserved(), { reserve: reserve.logic });
    await h.send({ type: 'reservation.expired' });
    expect(h.state()).toEqual({ reserved: 'expired' });
    await h.choose('renew');
    expect(reserve.inputs[0]).toMatchObject({ renew: true });
    expect(h.state()).toEqual({ reserved: 'idle' });
    expect(h.context().cart.shoppingCartId).toBe('cart000000002');
    expect(h.notices).toEqual(['Reserved again until 10:40.']);
  });

  it('shows a reservation past its time as expired, with the re-reserve', () => {
    const h = place('reserved', reserved());
    expect(h.view(new Date('2026-06-10T08:16:00Z')).text).toMatch(/reservation expired/);
  });

  it('renewing: failed items go to the review, a failure back to expired', async () => {
    const partial = place({ reserved: 'expired' }, reserved(), {
      reserve: fake(() => ({ ...change(), reservation: reservation({ failedProductIds: ['x'] }) }))
        .logic,
    });
    await partial.choose('renew');
    expect(partial.state()).toEqual({ review: 'failed' });

    const down = place({ reserved: 'expired' }, reserved(), { reserve: failing(serviceDown()) });
    await down.choose('renew');
    expect(down.state()).toEqual({ reserved: 'expired' });
    await down.choose('cart');
    expect(stepOf(down.state())).toBe('cart');
  });

  it('cancels the reservation back to the cart, and explains a failure', async () => {
    const cancel = fake(() => change({ released: true, cart: context().cart }));
    const h = place('reserved', reserved(), { cancelReservation: cancel.logic });
    await h.choose('cancel');
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.context().reservation).toBeUndefined();
    expect(h.notices).toEqual(['Reservation cancelled. Your cart is still here.']);

    const down = place('reserved', reserved(), { cancelReservation: failing(serviceDown()) });
    await down.choose('cancel');
    expect(down.state()).toEqual({ reserved: 'idle' });
  });

  it('goes back to the cart', async () => {
    const h = place('reserved', reserved());
    await h.choose('cart');
    expect(stepOf(h.state())).toBe('cart');
  });
});

describe('payment', () => {
  const paying = (over: Partial<BookingContext> = {}) =>
    context({
      sale: {
        partnerSaleId: 'p-1',
        saleIds: ['s1'],
        paymentUrl: 'https://pay.example/1',
        total: [{ cents: 1260, currency: 'EUR' }],
      },
      ...over,
    });

  it('shows the payment link and the total; without a link goes to the tickets', () => {
    const h = place('payment', paying());
    expect(h.view().link).toEqual({ label: 'Pay now', url: 'https://pay.example/1' });
    expect(h.view().text).toMatch(/€12\.60/);
    expect(ids(h)).toEqual(['paid', 'home']);
    const none = place('payment', context({ sale: { partnerSaleId: 'p', saleIds: [] } }));
    expect(stepOf(none.state())).toBe('done');
  });

  it.each([
    ['confirmed', { done: 'loading' }, []],
    [
      'pending',
      { payment: 'waiting' },
      ['I cannot see the payment yet. If you have paid, wait a moment and try again.'],
    ],
    ['failed', { payment: 'failed' }, []],
  ] as const)('"I\'ve paid" with the sale %s', async (status, value, notices) => {
    const check = fake(() => ({ status }));
    const h = place('payment', paying(), { checkPayment: check.logic });
    await h.choose('paid');
    expect(check.inputs[0]).toEqual({ partnerSaleId: 'p-1', language: 'en' });
    expect(h.state()).toEqual(value);
    expect(h.notices).toEqual(notices);
  });

  it('checks the payment page result with the service, ok or ko', async () => {
    const ok = place('payment', paying(), {
      checkPayment: fake(() => ({ status: 'confirmed' })).logic,
    });
    await ok.send({ type: 'payment.result', outcome: 'ok' });
    expect(stepOf(ok.state())).toBe('done');
    // A sale without its order kept (an older one): nothing to pay again, book again.
    const ko = place('payment', paying({ cart: { shoppingCartId: 'n', lines: [] } }), {
      checkPayment: fake(() => ({ status: 'failed' })).logic,
    });
    await ko.send({ type: 'payment.result', outcome: 'ko' });
    expect(ko.state()).toEqual({ payment: 'failed' });
    expect(ko.view().text).toMatch(/purchase was cancelled; nothing was charged/);
    expect(ids(ko)).toEqual(['book', 'home']);
  });

  it('explains a failed check', async () => {
    const h = place('payment', paying(), { checkPayment: failing(serviceDown()) });
    await h.choose('paid');
    expect(h.state()).toEqual({ payment: 'waiting' });
    expect(h.notices[0]).toMatch(/not answering/);
  });
});

describe('done', () => {
  const sold = (over: Partial<BookingContext> = {}) =>
    context({ sale: { partnerSaleId: 'p-1', saleIds: ['s1'] }, ...over });
  const activities = [
    {
      productId: 'x',
      name: 'Jellyfish aquarium: feeding time',
      accessDate: '2026-06-17' as const,
      status: 2,
      tickets: [
        {
          ticketId: 't',
          name: 'Jellyfish feeding',
          accessDate: '2026-06-17' as const,
          accessCode: 'C1',
          sessionTime: '10:30',
          suggestedAccessDateMessage: 'Valid on 17/06/2026',
        },
        {
          ticketId: 't',
          name: 'Jellyfish feeding',
          accessDate: '2026-06-17' as const,
          accessCode: 'C2',
          sessionTime: '10:30',
        },
      ],
    },
    {
      productId: 'y',
      name: 'Group route',
      accessDate: '2026-06-18' as const,
      status: 7,
      tickets: [{ ticketId: 'u', name: 'Participant', accessDate: '2026-06-18' as const }],
    },
  ];

  it('shows the tickets with their codes, date, session and conditions', async () => {
    const load = fake(() => ({ activities }));
    const h = place('done', sold(), { loadTickets: load.logic });
    await h.settled();
    // Said while the look-up is out, where the channel can: confirmed, with the order.
    expect(load.inputs[0]).toEqual({
      partnerSaleId: 'p-1',
      language: 'en',
      announce: '✅ Paid: your order s1 is bought. Getting your tickets and receipt ready…',
    });
    const view = h.view();
    expect(view.tickets).toEqual([
      {
        accessCode: 'C1',
        title: 'Jellyfish aquarium: feeding time — Jellyfish feeding',
        lines: ['Wednesday, 17 June 2026', 'Session: 10:30', 'Valid on 17/06/2026'],
      },
      {
        accessCode: 'C2',
        title: 'Jellyfish aquarium: feeding time — Jellyfish feeding',
        lines: ['Wednesday, 17 June 2026', 'Session: 10:30'],
      },
    ]);
    expect(view.text).toMatch(/Purchase confirmed! Here are your tickets:/);
    expect(view.text).toMatch(/Group route: the provider will confirm the booking/);
    expect(ids(h)).toEqual(['book', 'home']);
  });

  it('offers to show the tickets again when they could not be loaded', async () => {
    const h = place('done', sold(), { loadTickets: failing(new Refusal('Not yet.')) });
    await h.settled();
    expect(h.state()).toEqual({ done: 'showing' });
    expect(h.notices).toEqual(['Not yet.']);
    expect(ids(h)).toEqual(['tickets', 'book', 'home']);
    const retried = fake(() => ({ activities }));
    const again = place({ done: 'showing' }, sold(), { loadTickets: retried.logic });
    await again.choose('tickets');
    expect(again.context().sale?.activities).toHaveLength(2);
    // Asked for by a tap: the confirmation is not said again.
    expect(retried.inputs).toEqual([{ partnerSaleId: 'p-1', language: 'en' }]);
    const loaded = place(
      { done: 'showing' },
      sold({ sale: { partnerSaleId: 'p', saleIds: [], activities } }),
    );
    expect(loaded.actor.getSnapshot().can({ type: 'confirm' })).toBe(false);
  });

  it('books more or goes home', async () => {
    const h = place(
      { done: 'showing' },
      sold({ sale: { partnerSaleId: 'p', saleIds: [], activities } }),
    );
    await h.choose('book');
    expect(stepOf(h.state())).toBe('browse');
  });
});
