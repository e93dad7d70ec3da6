/**
 * Payment by the channel, for partners without a debit contract: the service bills the
 * partner, so the money is taken here before the Sale. The step shows an invoice (the
 * amounts as data; Telegram draws it with sendInvoice) and waits for `payment.paid`,
 * which the machine takes from any step (machine.ts: a customer may pay an invoice
 * after wandering off). Nothing is sold before that event.
 *
 * After the payment, the Sale (its usual effect record and reconciliation). A lapse or
 * a clear refusal reserves again and sells once more; if that fails too, the payment is
 * given back (refundPayment: Stars at once, otherwise staff are alerted) and the
 * customer is told which, with the cart kept. A Sale with no answer is never refunded
 * (it may have sold): the customer is told the payment is safe and can check again.
 */
import { and, assign, not } from 'xstate';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent, PaymentCharge } from '../types.js';
import type { ViewFn } from '../view.js';
import { holdTime, lapsed } from './cart.js';
import { reserveInput, reservedContext } from './review.js';
import { saleRecordOf, sellInputOf, soldContext } from './reserved.js';
import { formatPrice, formatTime } from '#flows/booking/choosing/format.js';

const messages = defineMessages({
  es: {
    invoice: (total: string, time: string) =>
      `💳 Paga ${total} con el botón de pago. Tu pedido está reservado hasta las ${time}; no se compra nada hasta que pagues.`,
    toCart: '🛒 Ver el carrito',
    cancel: '✖️ Cancelar la reserva',
    expired:
      '⌛ La reserva ha caducado y no se ha cobrado nada; ese pago ya no se acepta. ¿La renuevo con un toque?',
    renew: '🔁 Reservar de nuevo',
    reminder: (time: string) => `⏳ Tu reserva caduca a las ${time}. Paga para no perderla.`,
    selling: 'Pago recibido. Confirmando tu compra…',
    renewing: 'Pago recibido. Reservando de nuevo tu pedido para completar la compra…',
    unsure:
      'Tenemos tu pago, pero el servicio de reservas no ha respondido y aún no sé si la compra se ha completado. No se cobrará dos veces: pulsa «Comprobar» en un momento.',
    check: '🔄 Comprobar',
    refunding: 'No se ha podido completar la compra. Devolviendo tu pago…',
    refunded: (amount: string) =>
      `No se ha podido completar la compra después de tu pago, así que te lo he devuelto (${amount}). Tu carrito sigue aquí.`,
    staff: (amount: string, reference: string) =>
      `No se ha podido completar la compra después de tu pago. El equipo ya está avisado y te devolverá ${amount} (referencia ${reference}). Tu carrito sigue aquí.`,
  },
  en: {
    invoice: (total: string, time: string) =>
      `💳 Pay ${total} with the payment button. Your order is held until ${time}; nothing is bought until you pay.`,
    toCart: '🛒 See the cart',
    cancel: '✖️ Cancel the reservation',
    expired:
      '⌛ The reservation expired and nothing was charged; that payment is no longer accepted. Shall I reserve it again?',
    renew: '🔁 Reserve again',
    reminder: (time: string) => `⏳ Your reservation expires at ${time}. Pay to keep it.`,
    selling: 'Payment received. Confirming your purchase…',
    renewing: 'Payment received. Reserving your order again to complete the purchase…',
    unsure:
      'We have your payment, but the booking service did not answer, so I cannot tell yet whether your purchase went through. You will not be charged twice: choose “Check” in a moment.',
    check: '🔄 Check',
    refunding: 'The purchase could not be completed. Refunding your payment…',
    refunded: (amount: string) =>
      `The purchase could not be completed after your payment, so it has been refunded (${amount}). Your cart is still here.`,
    staff: (amount: string, reference: string) =>
      `The purchase could not be completed after your payment. Our staff have been alerted and will refund ${amount} (reference ${reference}). Your cart is still here.`,
  },
});

/** A charge in words: stars as a count, other currencies in their 2-decimal minor units. */
export function formatCharge(charge: { amount: number; currency: string }, lang: Lang): string {
  if (charge.currency === 'XTR') return `${charge.amount} ⭐`;
  return formatPrice({ cents: charge.amount, currency: charge.currency }, lang);
}

const chargeOf = (event: BookingEvent): PaymentCharge | undefined =>
  event.type === 'payment.paid' ? event.charge : undefined;

const awaitingView: ViewFn = (context, deps) => {
  const lang = context.language;
  const m = messages(lang);
  const invoice = context.payment!.invoice!;
  const home = { id: 'home', label: common(lang).home, event: { type: 'nav.home' as const } };
  // Past its time by our clock (the scheduler may not have said so yet): no invoice.
  if (lapsed(context, deps.now)) {
    return {
      text: m.expired,
      expects: 'choice',
      options: [
        { id: 'renew', label: m.renew, event: { type: 'reservation.renew' } },
        { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
        home,
      ],
    };
  }
  return {
    text: m.invoice(
      formatCharge({ amount: invoice.total, currency: invoice.currency }, lang),
      holdTime(context.reservation!, deps.now, lang),
    ),
    expects: 'choice',
    invoice,
    options: [
      { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
      { id: 'cancel', label: m.cancel, event: { type: 'reservation.cancel' } },
      home,
    ],
  };
};

/** Why the payment is being given back, for staff. */
const refundReasonOf = (context: BookingContext, error: unknown): string =>
  `paid, but not sold (cart ${context.cart.shoppingCartId}): ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;

export const collectState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        // Entered with a payment taken (machine.ts, `payment.paid`): sell, or give back.
        { guard: 'paymentStray', target: 'refunding' },
        { guard: 'paymentTaken', target: 'selling' },
        { guard: not('invoiceHolds'), target: '#booking.reserved' },
        { target: 'awaiting' },
      ],
    },
    awaiting: {
      meta: { view: awaitingView },
      on: {
        'nav.back': { target: '#booking.cart' },
        'reservation.cancel': { target: '#booking.reserved.cancelling' },
        // A new reservation, then a new invoice from "Confirm and pay".
        'reservation.renew': {
          target: '#booking.reserved.renewing',
          actions: assign({ payment: undefined }),
        },
        // Sent by the scheduler shortly before the expiry.
        'reservation.remind': {
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              text: messages(context.language).reminder(
                formatTime(context.reservation!.expiresAtLocal),
              ),
            }),
          },
        },
        // The scheduler: the reservation is over, and so is this invoice. The invoice is
        // kept: a payment made just before the lapse still sells (reserving again).
        'reservation.expired': {
          target: '#booking.reserved.expired',
          actions: assign({
            reservation: ({ context }) =>
              context.reservation && { ...context.reservation, lapsed: true },
          }),
        },
      },
    },
    selling: partnerCall({
      waiting: (lang) => messages(lang).selling,
      invoke: {
        src: 'sell',
        input: ({ context }) => sellInputOf(context),
        onDone: {
          target: '#booking.done',
          actions: assign(({ context, event }) => {
            const sold = soldContext(context, event.output);
            const charge = context.payment?.paid;
            return {
              ...sold,
              sale: { ...sold.sale, ...(charge !== undefined ? { charge } : {}) },
              payment: undefined,
            };
          }),
        },
        onError: [
          // Once more after a lapse or a clear "no": reserve again, then sell.
          {
            guard: and(['firstSaleAttempt', 'definitelyNotSold']),
            target: 'renewing',
            actions: assign({
              sale: undefined,
              payment: ({ context }) => ({ ...context.payment, attempts: 1 }),
            }),
          },
          {
            guard: 'definitelyNotSold',
            target: 'refunding',
            actions: assign({ sale: undefined }),
          },
          // No answer: it may have sold. Never refunded on a guess; checked again.
          { target: 'unsure' },
        ],
      },
    }),
    renewing: partnerCall({
      waiting: (lang) => messages(lang).renewing,
      invoke: {
        src: 'reserve',
        input: reserveInput(true),
        onDone: [
          {
            guard: 'reserveRefusedLines',
            target: 'refunding',
            actions: assign(({ context, event }) => reservedContext(context, event.output)),
          },
          {
            target: 'selling',
            actions: [
              assign(({ context, event }) => reservedContext(context, event.output)),
              // The new cart's own PartnerSaleId, made once before its Sale.
              assign({ sale: ({ context }) => saleRecordOf(context) }),
            ],
          },
        ],
        onError: { target: 'refunding' },
      },
    }),
    unsure: {
      meta: {
        view: (context) => {
          const m = messages(context.language);
          return {
            text: m.unsure,
            expects: 'choice',
            options: [{ id: 'check', label: m.check, event: { type: 'payment.retry' } }],
          };
        },
      },
      on: { 'payment.retry': { target: 'selling' } },
    },
    refunding: partnerCall({
      waiting: (lang) => messages(lang).refunding,
      invoke: {
        src: 'refundPayment',
        input: ({ context, event }) => ({
          userKey: context.userKey,
          language: context.language,
          charge: context.payment!.paid!,
          ...(context.sale?.partnerSaleId !== undefined
            ? { partnerSaleId: context.sale.partnerSaleId }
            : {}),
          reason: refundReasonOf(context, (event as { error?: unknown }).error ?? 'not sold'),
        }),
        onDone: {
          target: '#booking.cart',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }) => {
                const m = messages(context.language);
                const charge = context.payment!.paid!;
                const amount = formatCharge(charge, context.language);
                return {
                  text:
                    event.output.kind === 'refunded'
                      ? m.refunded(amount)
                      : m.staff(amount, charge.chargeId),
                };
              },
            },
            assign({ payment: undefined }),
          ],
        },
        onError: {
          target: '#booking.cart',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => {
                const charge = context.payment!.paid!;
                return {
                  text: messages(context.language).staff(
                    formatCharge(charge, context.language),
                    charge.chargeId,
                  ),
                };
              },
            },
            assign({ payment: undefined }),
          ],
        },
      },
    }),
  },
});

/** What `payment.paid` takes into the context when it starts the Sale (machine.ts). */
export const paidContext = (context: BookingContext, event: BookingEvent) => ({
  payment: { ...context.payment, paid: chargeOf(event)!, attempts: 0 },
  // Made once, before the first Sale call; kept for every retry of this cart.
  sale: saleRecordOf(context),
});

/** A payment for an order no longer held (changed, lapsed, paid twice): to give back. */
export const strayPaymentContext = (_context: BookingContext, event: BookingEvent) => ({
  payment: { paid: chargeOf(event)!, stray: true },
});
