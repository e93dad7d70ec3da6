/**
 * How the money is taken, in the machine: planned from the reservation and the
 * configuration (planPayment), an invoice paid in the channel before the Sale (the
 * collect step), what happens when that Sale fails, and a debit payment page's failure
 * giving the order back.
 */
import { describe, expect, it } from 'vitest';
import { PartnerEnvelopeError, PartnerTimeoutError } from '#src/api/errors.js';
import { ReservationExpired, type CartChange, type SellInput } from '#flows/booking/actors/cart.js';
import { partnerSaleIdOf } from '#flows/booking/steps/reserved.js';
import type { BookingContext, BookingEvent, Invoice, PaymentCharge } from '#flows/booking/types.js';
import { context, failing, fake, line, place, reservation } from './cart-harness.js';

const ids = (h: ReturnType<typeof place>) => h.view().options.map((option) => option.id);
const stepOf = (value: unknown) =>
  typeof value === 'string' ? value : Object.keys(value as object)[0];
const refusal = (message: string) =>
  new PartnerEnvelopeError(
    { operation: 'x', requestId: 'r' },
    { codes: [], messages: [message], entities: [], status: 200 },
  );
const serviceDown = () => new PartnerTimeoutError({ operation: 'x', requestId: 'r' }, 1);

const invoice: Invoice = {
  payload: 'inv-1',
  currency: 'EUR',
  title: 'Your order',
  description: 'Jellyfish aquarium: feeding time',
  lines: [{ label: 'Jellyfish aquarium: feeding time × 2', amount: 1200 }],
  total: 1200,
};
const charge: PaymentCharge = {
  chargeId: 'tg-1',
  providerChargeId: 'prov-1',
  amount: 1200,
  currency: 'EUR',
};
const paid = (over: Partial<PaymentCharge> = {}, payload = 'inv-1'): BookingEvent => ({
  type: 'payment.paid',
  payload,
  charge: { ...charge, ...over },
});

/** Reserved, with the invoice of this reservation shown. */
const invoiced = (over: Partial<BookingContext> = {}): BookingContext =>
  context({
    reservation: reservation(),
    payment: { invoice, expiresAt: reservation().expiresAt },
    ...over,
  });

const sold = () => fake(() => ({ saleIds: ['s1'], reconciled: false, nextShoppingCartId: 'next' }));
const tickets = () => fake(() => ({ activities: [] })).logic;
const renewed = (over: Partial<CartChange> = {}) =>
  fake(() => ({
    cart: context().cart,
    rebuilt: false,
    released: false,
    reservation: reservation({ expiresAt: '2026-06-10T08:40:00.000Z' }),
    ...over,
  }));

describe('planning the payment', () => {
  it('with an invoice: shows it, and sells nothing', async () => {
    const sell = sold();
    const plan = fake(() => ({ kind: 'invoice' as const, invoice }));
    const h = place('reserved', context({ reservation: reservation() }), {
      planPayment: plan.logic,
      sell: sell.logic,
    });
    await h.choose('pay');
    expect(plan.inputs[0]).toMatchObject({
      userKey: 'test:cart',
      partnerSaleId: partnerSaleIdOf('test:cart', 'cart000000001'),
    });
    expect(h.state()).toEqual({ collect: 'awaiting' });
    expect(h.view().invoice).toEqual(invoice);
    expect(h.view().text).toMatch(/Pay €12\.00 with the payment button.*held until 10:15/);
    expect(ids(h)).toEqual(['cart', 'cancel', 'home']);
    expect(sell.inputs).toHaveLength(0);
    // Not selling yet: the cart may still change.
    expect(h.context().sale).toBeUndefined();
  });

  it('with no way to pay here: nothing sold, the reservation given up, the cart kept', async () => {
    const sell = sold();
    const cancel = fake(() => ({ cart: context().cart, rebuilt: false, released: true }));
    const h = place('reserved', context({ reservation: reservation() }), {
      planPayment: fake(() => ({ kind: 'unavailable' as const })).logic,
      cancelReservation: cancel.logic,
      sell: sell.logic,
    });
    await h.choose('pay');
    expect(sell.inputs).toHaveLength(0);
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.context().cart.lines).toHaveLength(1);
    expect(h.notices[0]).toMatch(/paying is not available here yet, so nothing was bought/);
  });

  it('on account (or a debit partner): sells at once', async () => {
    const sell = sold();
    const h = place('reserved', context({ reservation: reservation() }), {
      planPayment: fake(() => ({ kind: 'on-account' as const })).logic,
      sell: sell.logic,
      loadTickets: tickets(),
    });
    await h.choose('pay');
    expect(sell.inputs).toHaveLength(1);
    expect(stepOf(h.state())).toBe('done');
  });
});

describe('payment by the channel', () => {
  it('sells once after the payment, keeps the charge with the sale', async () => {
    const sell = sold();
    const h = place({ collect: 'awaiting' }, invoiced(), {
      sell: sell.logic,
      loadTickets: tickets(),
    });
    await h.send(paid());
    expect(stepOf(h.state())).toBe('done');
    expect(sell.inputs).toHaveLength(1);
    expect(sell.inputs[0]).not.toHaveProperty('paymentMethodType');
    expect(h.context().sale).toMatchObject({ saleIds: ['s1'], charge });
    expect(h.context().payment).toBeUndefined();
    // The same payment again (a redelivered update): nothing more.
    await h.send(paid());
    expect(sell.inputs).toHaveLength(1);
    expect(stepOf(h.state())).toBe('done');
  });

  it('takes the payment from another step too (the customer moved on)', async () => {
    const sell = sold();
    const h = place('home', invoiced(), { sell: sell.logic, loadTickets: tickets() });
    await h.send(paid());
    expect(sell.inputs).toHaveLength(1);
    expect(stepOf(h.state())).toBe('done');
  });

  it.each([
    ['another amount', paid({ amount: 1100 })],
    ['another invoice', paid({}, 'inv-old')],
  ])('gives back a payment of %s, sells nothing', async (_name, event) => {
    const sell = sold();
    const refund = fake(() => ({ kind: 'staff' as const }));
    const h = place({ collect: 'awaiting' }, invoiced(), {
      sell: sell.logic,
      refundPayment: refund.logic,
    });
    await h.send(event);
    expect(sell.inputs).toHaveLength(0);
    expect(refund.inputs[0]).toMatchObject({ userKey: 'test:cart', charge: { chargeId: 'tg-1' } });
    expect(stepOf(h.state())).toBe('cart');
    expect(h.notices[0]).toMatch(/staff have been alerted and will refund/);
  });

  it('a lapse before the Sale: reserved again and sold', async () => {
    let calls = 0;
    const sell = fake(() => {
      calls += 1;
      if (calls === 1) throw new ReservationExpired('lapsed');
      return { saleIds: ['s2'], reconciled: false, nextShoppingCartId: 'next' };
    });
    const reserve = renewed();
    const h = place({ collect: 'awaiting' }, invoiced(), {
      sell: sell.logic,
      reserve: reserve.logic,
      loadTickets: tickets(),
    });
    await h.send(paid());
    expect(reserve.inputs[0]).toMatchObject({ renew: true });
    expect(sell.inputs).toHaveLength(2);
    expect(stepOf(h.state())).toBe('done');
    expect(h.context().sale).toMatchObject({ saleIds: ['s2'], charge });
  });

  it.each([
    ['refunded', /has been refunded \(€12\.00\)/],
    ['staff', /staff have been alerted and will refund €12\.00 \(reference tg-1\)/],
  ] as const)(
    'a Sale refused after reserving again: the payment %s, the customer told, the cart kept',
    async (kind, told) => {
      const sell = fake(() => {
        throw refusal('no capacity');
      });
      const refund = fake(() => ({ kind }));
      const h = place({ collect: 'awaiting' }, invoiced(), {
        sell: sell.logic,
        reserve: renewed().logic,
        refundPayment: refund.logic,
      });
      await h.send(paid());
      expect(sell.inputs).toHaveLength(2);
      expect(refund.inputs[0]).toMatchObject({
        charge,
        reason: expect.stringMatching(/no capacity/),
      });
      expect(stepOf(h.state())).toBe('cart');
      expect(h.context().cart.lines).toEqual([line('i1')]);
      expect(h.notices.at(-1)).toMatch(told);
      expect(h.context().payment).toBeUndefined();
    },
  );

  it('reserving again fails: the payment is given back', async () => {
    const refund = fake(() => ({ kind: 'staff' as const }));
    const h = place({ collect: 'awaiting' }, invoiced(), {
      sell: failing(new ReservationExpired('lapsed')),
      reserve: failing(refusal('sold out')),
      refundPayment: refund.logic,
    });
    await h.send(paid());
    expect(refund.inputs).toHaveLength(1);
    expect(stepOf(h.state())).toBe('cart');
  });

  it('a Sale with no answer is never refunded on a guess: checked again', async () => {
    let calls = 0;
    const sell = fake<
      { saleIds: string[]; reconciled: boolean; nextShoppingCartId: string },
      SellInput
    >(() => {
      calls += 1;
      if (calls === 1) throw serviceDown();
      return { saleIds: ['s1'], reconciled: true, nextShoppingCartId: 'next' };
    });
    const refund = fake(() => ({ kind: 'staff' as const }));
    const h = place({ collect: 'awaiting' }, invoiced(), {
      sell: sell.logic,
      refundPayment: refund.logic,
      loadTickets: tickets(),
    });
    await h.send(paid());
    expect(h.state()).toEqual({ collect: 'unsure' });
    expect(h.view().text).toMatch(/We have your payment/);
    await h.choose('check');
    expect(refund.inputs).toHaveLength(0);
    expect(sell.inputs[1]).toMatchObject({ partnerSaleId: sell.inputs[0]!.partnerSaleId });
    expect(stepOf(h.state())).toBe('done');
  });

  it('the reservation lapses while waiting: no invoice, a one-tap re-reserve', async () => {
    const h = place({ collect: 'awaiting' }, invoiced());
    expect(h.view(new Date('2026-06-10T08:16:00Z')).invoice).toBeUndefined();
    expect(h.view(new Date('2026-06-10T08:16:00Z')).text).toMatch(/reservation expired/);
    await h.send({ type: 'reservation.expired' });
    expect(h.state()).toEqual({ reserved: 'expired' });
    expect(ids(h)).toEqual(['renew', 'cart', 'home']);
  });

  it('a payment made just before the lapse still sells: reserved again first', async () => {
    const sell = fake<
      { saleIds: string[]; reconciled: boolean; nextShoppingCartId: string },
      SellInput
    >((input) => {
      if (input.expiresAt === reservation().expiresAt) throw new ReservationExpired('lapsed');
      return { saleIds: ['s1'], reconciled: false, nextShoppingCartId: 'next' };
    });
    const reserve = renewed();
    const refund = fake(() => ({ kind: 'staff' as const }));
    const h = place({ collect: 'awaiting' }, invoiced(), {
      sell: sell.logic,
      reserve: reserve.logic,
      refundPayment: refund.logic,
      loadTickets: tickets(),
    });
    await h.send({ type: 'reservation.expired' });
    await h.send(paid());
    expect(reserve.inputs).toHaveLength(1);
    expect(refund.inputs).toHaveLength(0);
    expect(stepOf(h.state())).toBe('done');
    expect(h.context().sale).toMatchObject({ saleIds: ['s1'], charge });
  });

  it('a payment of an invoice whose order was reserved anew is given back', async () => {
    const refund = fake(() => ({ kind: 'staff' as const }));
    const sell = sold();
    const h = place(
      { reserved: 'idle' },
      invoiced({ reservation: reservation({ expiresAt: '2026-06-10T08:40:00.000Z' }) }),
      { sell: sell.logic, refundPayment: refund.logic },
    );
    await h.send(paid());
    expect(sell.inputs).toHaveLength(0);
    expect(refund.inputs).toHaveLength(1);
  });

  it('reminds the customer to pay before the reservation expires', async () => {
    const h = place({ collect: 'awaiting' }, invoiced());
    await h.send({ type: 'reservation.remind' });
    expect(h.notices).toEqual(['⏳ Your reservation expires at 10:15. Pay to keep it.']);
    expect(h.state()).toEqual({ collect: 'awaiting' });
  });

  it('cancels the reservation or goes to the cart', async () => {
    const cancel = fake(() => ({ cart: context().cart, rebuilt: false, released: true }));
    const h = place({ collect: 'awaiting' }, invoiced(), { cancelReservation: cancel.logic });
    await h.choose('cancel');
    expect(cancel.inputs).toHaveLength(1);
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.context().payment).toBeUndefined();
  });
});

describe('a debit payment page that fails', () => {
  it('gives the order back, reserved again on a new cart, ready to pay once more', async () => {
    const keptLines = [line('i1')];
    const reserve = renewed({
      cart: { shoppingCartId: 'cart000000003', lines: [line('r1')], adds: 1 },
      rebuilt: true,
      released: true,
    });
    const h = place(
      { payment: 'waiting' },
      context({
        cart: { shoppingCartId: 'next000000001', lines: [], adds: 0 },
        sale: {
          partnerSaleId: 'p-1',
          saleIds: ['s1'],
          shoppingCartId: 'cart000000001',
          paymentUrl: 'https://pay.example/1',
          kept: {
            lines: keptLines,
            checkout: { insuranceDeclined: true, profileAnswers: {} },
          },
        },
      }),
      { checkPayment: fake(() => ({ status: 'failed' as const })).logic, reserve: reserve.logic },
    );
    await h.send({ type: 'payment.result', outcome: 'ko' });
    expect(reserve.inputs[0]).toMatchObject({
      cart: { shoppingCartId: 'cart000000001', lines: keptLines },
      rebuild: true,
    });
    expect(h.state()).toEqual({ reserved: 'idle' });
    expect(h.context().cart.shoppingCartId).toBe('cart000000003');
    expect(h.context().checkout.insuranceDeclined).toBe(true);
    expect(h.context().sale).toBeUndefined();
    expect(h.notices.at(-1)).toMatch(/did not go through and nothing was charged.*reserved again/);
  });

  it('when reserving again fails, offers to try again', async () => {
    const h = place(
      { payment: 'waiting' },
      context({
        sale: {
          partnerSaleId: 'p-1',
          saleIds: ['s1'],
          shoppingCartId: 'cart000000001',
          paymentUrl: 'https://pay.example/1',
          kept: { lines: [line('i1')], checkout: { insuranceDeclined: false, profileAnswers: {} } },
        },
      }),
      {
        checkPayment: fake(() => ({ status: 'failed' as const })).logic,
        reserve: failing(serviceDown()),
      },
    );
    await h.send({ type: 'payment.result', outcome: 'ko' });
    expect(h.state()).toEqual({ payment: 'failed' });
    expect(ids(h)).toEqual(['retry', 'home']);
  });

  it('with no order kept, offers to book again and says it is trouble (a person offered)', async () => {
    const h = place(
      { payment: 'waiting' },
      context({
        cart: { shoppingCartId: 'next000000001', lines: [], adds: 0 },
        sale: {
          partnerSaleId: 'p-1',
          saleIds: ['s1'],
          shoppingCartId: 'cart000000001',
          paymentUrl: 'https://pay.example/1',
        },
      }),
      { checkPayment: fake(() => ({ status: 'failed' as const })).logic },
    );
    await h.send({ type: 'payment.result', outcome: 'ko' });
    expect(h.state()).toEqual({ payment: 'failed' });
    expect(ids(h)).toEqual(['book', 'home']);
    expect(h.view().trouble).toBe(true);
  });
});
