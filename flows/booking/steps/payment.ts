/**
 * Payment, for partners with a debit contract: the Sale answered a PaymentRedirectUrl,
 * where the customer pays. "I've paid" asks the sale list how the sale stands
 * (GET /Sale?PartnerSaleId): Confirmed moves on to the tickets, Started says "not yet".
 * The payment page's return (`payment.result`, from the HTTP return route) moves on the
 * same way: either outcome is checked with the service, which has the last word. A sale
 * the service cancelled (Cancelled, 4) is over: nothing was charged, and the customer
 * may book again.
 */
import { common } from '../../../src/i18n/common.js';
import { defineMessages } from '../../../src/i18n/messages.js';
import { booking } from '../setup.js';
import type { ViewFn } from '../view.js';
import { formatAmounts } from './cart.js';

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
      'El pago no se ha completado y la compra se ha anulado; no se ha cobrado nada. Puedes reservar de nuevo cuando quieras.',
    bookAgain: '🎟️ Reservar de nuevo',
  },
  en: {
    pay: (total: string) =>
      `💳 Payment pending (${total}). Open the link to pay, and come back here when done.`,
    link: 'Pay now',
    paid: "✅ I've paid",
    checking: 'Checking the payment…',
    notYet: 'I cannot see the payment yet. If you have paid, wait a moment and try again.',
    failed:
      'The payment did not go through and the purchase was cancelled; nothing was charged. You can book again whenever you like.',
    bookAgain: '🎟️ Book again',
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

export const paymentState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.sale?.paymentUrl === undefined, target: '#booking.done' },
        { target: 'waiting' },
      ],
    },
    waiting: {
      meta: { view: paymentView },
      on: {
        'payment.check': { target: 'checking' },
        'payment.result': { target: 'checking' },
      },
    },
    checking: {
      tags: ['busy'],
      meta: {
        view: (context) => ({
          text: messages(context.language).checking,
          expects: 'none',
          options: [],
        }),
      },
      invoke: {
        src: 'checkPayment',
        input: ({ context }) => ({
          partnerSaleId: context.sale?.partnerSaleId ?? '',
          language: context.language,
        }),
        onDone: [
          { guard: ({ event }) => event.output.status === 'confirmed', target: '#booking.done' },
          { guard: ({ event }) => event.output.status === 'failed', target: 'failed' },
          {
            target: 'waiting',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).notYet }),
            },
          },
        ],
        onError: { target: 'waiting', actions: 'explainFailure' },
      },
    },
    failed: {
      meta: {
        view: (context) => {
          const m = messages(context.language);
          return {
            text: m.failed,
            expects: 'choice',
            options: [
              { id: 'book', label: m.bookAgain, event: { type: 'command', name: 'book' } },
              { id: 'home', label: common(context.language).home, event: { type: 'nav.home' } },
            ],
          };
        },
      },
    },
  },
});
