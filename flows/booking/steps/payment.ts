/**
 * Payment, for partners with a debit contract: the Sale answered a PaymentRedirectUrl,
 * where the customer pays. "I've paid" asks the sale list how the sale stands
 * (GET /Sale?PartnerSaleId): Confirmed moves on to the tickets, Started says "not yet".
 * The payment page's return (`payment.result`, from the HTTP return route) moves on the
 * same way: either outcome is checked with the service, which has the last word. A sale
 * the service cancelled (Cancelled, 4) is over: nothing was charged. The order is not
 * lost with it: its lines (kept in the sale record) are added to a new cart and reserved
 * again, so the customer pays again with one tap instead of rebuilding the order.
 */
import { and, assign } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingContext } from '../types.js';
import type { ViewFn } from '../view.js';
import { formatAmounts } from './cart.js';
import { reserveInput, reservedContext } from './review.js';

const messages = defineMessages({
  es: {
    pay: (total: string) =>
      `💳 Falta el pago (${total}). Abre el enlace para pagar y vuelve aquí cuando termines.`,
    link: 'Pagar ahora',
    paid: '✅ Ya he pagado',
    checking: 'Comprobando el pago…',
    notYet:
      'Todavía no me consta el pago. Si ya has pagado, espera un momento y vuelve a intentarlo.',
    failed:
      'El pago no se ha completado y la compra se ha anulado; no se ha cobrado nada. Tu pedido sigue aquí.',
    restoring: 'El pago no se ha completado; no se ha cobrado nada. Reservando tu pedido de nuevo…',
    restored:
      'El pago no se ha completado y no se ha cobrado nada. Tu pedido está reservado de nuevo: puedes pagar otra vez.',
    retry: '🔁 Reservar y pagar de nuevo',
    bookAgain: '🎟️ Reservar de nuevo',
    confirmCancel: (total: string) =>
      `Tu compra espera el pago (${total}) y no se ha cobrado nada. Para cancelarla basta con no pagar: sin el pago no se completa ni se cobra. ¿La dejo sin pagar?`,
    cancelYes: '✖️ Sí, no voy a pagar',
    cancelNo: '↩️ No, volver al pago',
    leftUnpaid: 'De acuerdo: no pagues en el enlace y no se cobrará nada.',
  },
  en: {
    pay: (total: string) =>
      `💳 Payment pending (${total}). Open the link to pay, and come back here when done.`,
    link: 'Pay now',
    paid: "✅ I've paid",
    checking: 'Checking the payment…',
    notYet: 'I cannot see the payment yet. If you have paid, wait a moment and try again.',
    failed:
      'The payment did not go through and the purchase was cancelled; nothing was charged. Your order is still here.',
    restoring: 'The payment did not go through; nothing was charged. Reserving your order again…',
    restored:
      'The payment did not go through and nothing was charged. Your order is reserved again: you can pay once more.',
    retry: '🔁 Reserve and pay again',
    bookAgain: '🎟️ Book again',
    confirmCancel: (total: string) =>
      `Your purchase is waiting for the payment (${total}) and nothing has been charged. To cancel it, just do not pay: without the payment it is not completed and nothing is charged. Shall I leave it unpaid?`,
    cancelYes: "✖️ Yes, I won't pay",
    cancelNo: '↩️ No, back to the payment',
    leftUnpaid: 'All right: do not pay on the link and nothing will be charged.',
  },
});

const paymentView: ViewFn = (context) => {
  const lang = context.language;
  const m = messages(lang);
  return {
    text: m.pay(formatAmounts(context.sale?.total ?? [], lang)),
    expects: 'choice',
    link: { label: m.link, url: context.sale?.paymentUrl ?? '' },
    options: [
      { id: 'paid', label: m.paid, event: { type: 'payment.check' } },
      { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
    ],
  };
};

/**
 * "cancelar" with the payment link open: the sale is made and waits for the money, and no
 * operation of the service cancels it; not paying is what cancels it. Said so, and asked
 * before leaving the payment (the sale record stays, so a late payment is still checked).
 */
const confirmCancelView: ViewFn = (context) => {
  const m = messages(context.language);
  return {
    text: m.confirmCancel(formatAmounts(context.sale?.total ?? [], context.language)),
    expects: 'choice',
    options: [
      { id: 'cancel', label: m.cancelYes, event: { type: 'payment.abandon' } },
      { id: 'keep', label: m.cancelNo, event: { type: 'nav.back' } },
    ],
  };
};

const leftUnpaid = {
  target: '#booking.home',
  actions: {
    type: 'notify' as const,
    params: ({ context }: { context: BookingContext }) => ({
      text: messages(context.language).leftUnpaid,
    }),
  },
};

export const paymentState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'noPaymentPage', target: '#booking.done' }, { target: 'waiting' }],
    },
    waiting: {
      meta: { view: paymentView },
      on: {
        'payment.check': { target: 'checking' },
        'payment.result': { target: 'checking' },
        'command.cancel': { target: 'confirmingCancel' },
      },
    },
    confirmingCancel: {
      meta: { view: confirmCancelView },
      on: {
        'payment.abandon': leftUnpaid,
        // "cancelar" once more: the answer is yes.
        'command.cancel': leftUnpaid,
        'nav.back': { target: 'waiting' },
        // Paid meanwhile: the return is checked as at the link.
        'payment.result': { target: 'checking' },
      },
    },
    checking: partnerCall({
      waiting: (lang) => messages(lang).checking,
      invoke: {
        src: 'checkPayment',
        input: ({ context }) => ({
          partnerSaleId: context.sale?.partnerSaleId ?? '',
          language: context.language,
        }),
        onDone: [
          { guard: 'paymentConfirmed', target: '#booking.done' },
          {
            guard: and(['paymentFailed', 'orderKept']),
            target: 'restoring',
            actions: assign(({ context }) => keptOrder(context)),
          },
          { guard: 'paymentFailed', target: 'failed' },
          {
            target: 'waiting',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).notYet }),
            },
          },
        ],
      },
      failed: 'waiting',
    }),
    // The failed sale's order, on a new cart (the sold one is never touched again).
    restoring: partnerCall({
      waiting: (lang) => messages(lang).restoring,
      invoke: {
        src: 'reserve',
        input: (args) => ({ ...reserveInput(true)(args), rebuild: true }),
        onDone: [
          {
            guard: 'reserveRefusedLines',
            target: '#booking.review.failed',
            actions: assign(({ context, event }) => ({
              ...reservedContext(context, event.output),
              sale: undefined,
            })),
          },
          {
            target: '#booking.reserved',
            actions: [
              assign(({ context, event }) => ({
                ...reservedContext(context, event.output),
                sale: undefined,
              })),
              {
                type: 'notify',
                params: ({ context }) => ({ text: messages(context.language).restored }),
              },
            ],
          },
        ],
      },
      failed: 'failed',
    }),
    failed: {
      meta: {
        view: (context) => {
          const m = messages(context.language);
          return {
            text: m.failed,
            expects: 'choice',
            ...(context.cart.lines.length > 0 ? {} : { trouble: true as const }),
            options: [
              ...(context.cart.lines.length > 0
                ? [{ id: 'retry', label: m.retry, event: { type: 'payment.retry' as const } }]
                : [
                    {
                      id: 'book',
                      label: m.bookAgain,
                      event: { type: 'command.book' as const },
                    },
                  ]),
              { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
            ],
          };
        },
      },
      on: {
        'payment.retry': {
          guard: 'cartHasLines',
          target: 'restoring',
        },
      },
    },
  },
});

/**
 * The order of a sale whose payment failed, back in the context: its lines under the
 * sold cart's id (`reserve` with `rebuild` adds them to a new cart), its checkout.
 */
function keptOrder(context: BookingContext): Partial<BookingContext> {
  const sale = context.sale;
  const kept = sale?.kept;
  if (sale === undefined || kept === undefined) return {};
  return {
    cart: { shoppingCartId: sale.shoppingCartId ?? context.cart.shoppingCartId, lines: kept.lines },
    checkout: kept.checkout,
    reservation: undefined,
  };
}
