/**
 * The pieces of taking a payment outside the machine: amounts in minor units, the
 * invoice made of a reservation, which way an order is paid, the lock-free pre-checkout
 * check of open invoices, refunds (Stars, or staff), and the staff alert.
 */
import { describe, expect, it } from 'vitest';
import type { PlanPaymentInput } from '#flows/booking/actors/payments.js';
import type { BookingContext, CartLine, Reservation } from '#flows/booking/types.js';
import { refundNeededAlert } from '#src/channels/slack/blocks/alerts.js';
import { createTextMasker } from '#src/log.js';
import {
  createPaymentActors,
  invoiceOf,
  type PaymentSettings,
} from '#src/conversation/actors/payments.js';
import { checkPreCheckout, rememberInvoices } from '#src/conversation/invoices.js';
import { doWork } from '#src/conversation/turn-work.js';
import { createRefunds } from '#src/conversation/refunds.js';
import { createEventBus, type BotEvents } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { minorUnits } from '#src/payments/amounts.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { createActor, toPromise } from 'xstate';

const lineOf = (name: string, cents: number, quantity: number): CartLine => ({
  cartItemId: name,
  productId: name,
  providerId: 'p',
  name,
  accessDate: '2026-06-17',
  quantity,
  sessions: [],
  unitPrice: { cents, currency: 'EUR' },
});
const reservation = (cents: number): Reservation => ({
  expiresAtLocal: '2026-06-10T10:15:00',
  expiresAt: '2026-06-10T08:15:00.000Z',
  total: { cents, currency: 'EUR' },
  failedProductIds: [],
  paymentRequired: false,
});
const input = (over: Partial<PlanPaymentInput> = {}): PlanPaymentInput => ({
  userKey: 'tg:42',
  language: 'en',
  cart: { shoppingCartId: 'c1', lines: [lineOf('Museum', 600, 2), lineOf('Boat', 1550, 1)] },
  reservation: reservation(2750),
  partnerSaleId: 'abc-c1',
  ...over,
});

describe('amounts in minor units', () => {
  it('keeps cents for 2-decimal currencies, scales others, converts euros to whole stars', () => {
    expect(minorUnits('EUR', { currency: 'EUR' })!(1234)).toBe(1234);
    expect(minorUnits('JPY', { currency: 'JPY' })!(150000)).toBe(1500);
    expect(minorUnits('KWD', { currency: 'KWD' })!(1234)).toBe(12340);
    expect(minorUnits('EUR', { currency: 'XTR', starsPerEur: 50 })!(1235)).toBe(618);
    expect(minorUnits('EUR', { currency: 'XTR', starsPerEur: 50 })!(1200)).toBe(600);
  });

  it('guesses no conversion', () => {
    expect(minorUnits('EUR', { currency: 'USD' })).toBeUndefined();
    expect(minorUnits('EUR', { currency: 'XTR' })).toBeUndefined();
    expect(minorUnits('GBP', { currency: 'XTR', starsPerEur: 50 })).toBeUndefined();
  });
});

describe('the invoice of a reservation', () => {
  it('has a labelled line per cart line, the insurance its own line, the reserved total', () => {
    const invoice = invoiceOf(
      input({
        reservation: reservation(2750),
        insurance: {
          policyId: 'pol',
          name: 'Refund cover',
          quote: { cents: 140, currency: 'EUR' },
          coverage: { cents: 2750, currency: 'EUR' },
        },
      }),
      { currency: 'EUR' },
    )!;
    expect(invoice.lines).toEqual([
      { label: 'Museum × 2', amount: 1200 },
      { label: 'Boat × 1', amount: 1550 },
      { label: 'Insurance: Refund cover', amount: 140 },
    ]);
    expect(invoice.total).toBe(2890);
    expect(invoice.currency).toBe('EUR');
    expect(invoice.payload).toMatch(/^[\w-]{32}$/);
    expect(invoice.payload).not.toContain('c1');
  });

  it('invoices what is reserved when the service priced the lines anew', () => {
    const invoice = invoiceOf(input({ reservation: reservation(2500) }), { currency: 'EUR' })!;
    expect(invoice.lines).toEqual([{ label: 'Your order', amount: 2500 }]);
    expect(invoice.total).toBe(2500);
  });

  it('makes one payload per reservation', () => {
    const first = invoiceOf(input(), { currency: 'EUR' })!;
    const again = invoiceOf(input(), { currency: 'EUR' })!;
    const renewed = invoiceOf(
      input({ reservation: { ...reservation(2750), expiresAt: '2026-06-10T08:40:00.000Z' } }),
      { currency: 'EUR' },
    )!;
    expect(again.payload).toBe(first.payload);
    expect(renewed.payload).not.toBe(first.payload);
  });
});

describe('which way an order is paid', () => {
  const settings = (over: Partial<PaymentSettings> = {}): PaymentSettings => ({
    onAccount: false,
    channels: ['tg'],
    currency: 'EUR',
    ...over,
  });
  const plan = (payments: PaymentSettings, over: Partial<PlanPaymentInput> = {}) =>
    toPromise(
      createActor(createPaymentActors({ payments, logger: silentLogger }).planPayment, {
        input: input(over),
      }).start(),
    );

  it.each([
    [
      'a debit contract',
      settings(),
      { reservation: { ...reservation(2750), paymentRequired: true } },
      'partner',
    ],
    ['on account', settings({ onAccount: true, channels: [] }), {}, 'on-account'],
    ['a channel that takes payments', settings(), {}, 'invoice'],
    ['a channel that does not', settings(), { userKey: 'console:local' }, 'unavailable'],
    ['nothing configured', settings({ channels: [] }), {}, 'unavailable'],
    ['a currency it cannot state', settings({ currency: 'USD' }), {}, 'unavailable'],
    // A gift card redeemed: nothing to collect, no invoice of 0, nothing left unpaid.
    ['nothing to pay', settings({ channels: [] }), { reservation: reservation(0) }, 'on-account'],
  ] as const)('%s: %s', async (_name, payments, over, kind) => {
    expect((await plan(payments, over)).kind).toBe(kind);
  });
});

describe('refunds', () => {
  const refund = async (currency: string, refundStars: () => Promise<void>) => {
    const events = createEventBus();
    const alerts: BotEvents['payment.refund-needed'][0][] = [];
    events.on('payment.refund-needed', (event) => alerts.push(event));
    const refunds = createRefunds();
    refunds.register('tg', { refundStars });
    const actors = createPaymentActors({
      payments: { onAccount: false, channels: ['tg'], currency },
      logger: silentLogger,
      events,
      refunds,
    });
    const output = await toPromise(
      createActor(actors.refundPayment, {
        input: {
          userKey: 'tg:42',
          language: 'en',
          charge: { chargeId: 'tg-1', providerChargeId: 'prov-1', amount: 600, currency },
          partnerSaleId: 'abc-c1',
          reason: 'no capacity',
        },
      }).start(),
    );
    return { output, alerts };
  };

  it('gives Stars back through the channel', async () => {
    const calls: string[] = [];
    const { output, alerts } = await refund('XTR', async () => {
      calls.push('refund');
    });
    expect(output).toEqual({ kind: 'refunded' });
    expect(calls).toEqual(['refund']);
    expect(alerts).toEqual([]);
  });

  it('alerts staff for a provider payment, or when the Stars refund fails', async () => {
    const card = await refund('EUR', async () => undefined);
    expect(card.output).toEqual({ kind: 'staff' });
    expect(card.alerts).toEqual([
      {
        chargeId: 'tg-1',
        providerChargeId: 'prov-1',
        amount: 600,
        currency: 'EUR',
        partnerSaleId: 'abc-c1',
        reason: 'no capacity',
      },
    ]);
    const failed = await refund('XTR', async () => {
      throw new Error('CHARGE_NOT_FOUND');
    });
    expect(failed.output).toEqual({ kind: 'staff' });
    expect(failed.alerts).toHaveLength(1);
  });

  it('the staff alert names the charge ids and the amount to refund', () => {
    const text = JSON.stringify(
      refundNeededAlert(
        {
          chargeId: 'tg-1',
          providerChargeId: 'prov-1',
          amount: 1260,
          currency: 'EUR',
          reason: 'paid, but not sold',
        },
        createTextMasker([]),
      ),
    );
    expect(text).toMatch(/Refund needed/);
    expect(text).toMatch(/€12\.60/);
    expect(text).toMatch(/tg-1/);
    expect(text).toMatch(/prov-1/);
  });
});

describe('the pre-checkout check', () => {
  const NOW = Date.parse('2026-06-10T08:00:00Z');
  const invoice = invoiceOf(input(), { currency: 'EUR' })!;
  const open = (over: Partial<BookingContext> = {}): BookingContext => ({
    language: 'en',
    userKey: 'tg:42',
    browse: { page: 0 },
    cart: input().cart,
    checkout: { insuranceDeclined: false, profileAnswers: {} },
    reservation: reservation(2750),
    payment: { invoice, expiresAt: reservation(2750).expiresAt },
    ...over,
  });
  const closed = open({ payment: undefined });
  const query = {
    payload: invoice.payload,
    currency: 'EUR',
    totalAmount: 2750,
    language: 'es' as const,
  };

  it('accepts an open invoice of the same amount, in time', async () => {
    const store = createMemoryStore(() => NOW);
    await doWork(store, rememberInvoices(() => new Date(NOW))('tg:42', closed, open()));
    expect(await checkPreCheckout(store, query, () => new Date(NOW))).toEqual({ ok: true });
  });

  it('refuses, with the reason in the customer language: unknown, changed, lapsed, paid', async () => {
    const store = createMemoryStore(() => NOW);
    const at = (ms: number) => () => new Date(ms);
    expect(await checkPreCheckout(store, query, at(NOW))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/ya no es válido/),
    });
    await doWork(store, rememberInvoices(at(NOW))('tg:42', closed, open()));
    expect(await checkPreCheckout(store, { ...query, totalAmount: 2700 }, at(NOW))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/amount of this order has changed/),
    });
    expect(
      await checkPreCheckout(store, query, at(Date.parse('2026-06-10T08:14:55Z'))),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/expired/), lapsed: 'tg:42' });
    // Paid: the invoice is closed by the turn that took the payment.
    await doWork(
      store,
      rememberInvoices(at(NOW))(
        'tg:42',
        open(),
        open({
          payment: {
            invoice,
            expiresAt: reservation(2750).expiresAt,
            paid: {
              chargeId: 'c',
              amount: 2750,
              currency: 'EUR',
            },
          },
        }),
      ),
    );
    expect(await checkPreCheckout(store, query, at(NOW))).toMatchObject({ ok: false });
  });
});
