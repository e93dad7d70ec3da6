/**
 * Refund insurance, on the way to pay. Offered only when some line is worth insuring (the
 * partner settings enable it, the provider, category or product is insurable, and
 * cancelling it may cost money: never over a cart free to cancel; see
 * src/domain/insurance.ts), and then quoted each time over the whole sale
 * (POST /activity/InsurancePolicyCheck). No policy, or a quote that fails: the step is
 * skipped with a short word, never blocking the purchase.
 *
 * The quote is not a question of its own: it is offered in the review, beside the total
 * it would add to (one tap to add it, one to take it off), so a customer who does not
 * want it spends no turn on it. Quoted again whenever the way to pay is taken again (a
 * line removed at the review comes back through here), a policy already accepted follows
 * the new quote. The `offer` state remains for conversations saved while in it.
 */
import { assign, not } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingContext, Checkout } from '../types.js';
import type { ViewFn } from '../view.js';
import { formatPrice } from '#flows/booking/choosing/format.js';

const messages = defineMessages({
  es: {
    quoting: 'Consultando el seguro de cancelación…',
    offer: (name: string, price: string, cover: string) =>
      `🛡️ Seguro de cancelación: ${name}, ${price}, cubre hasta ${cover}.\nSi no puedes ir, te devuelve el importe según sus condiciones. ¿Lo añadimos?`,
    accept: (price: string) => `✅ Sí, añadir (${price})`,
    decline: 'No, gracias',
    add: (price: string) => `🛡️ Añadir el seguro (${price})`,
    remove: '🛡️ Quitar el seguro',
    available: (name: string, price: string, cover: string) =>
      `🛡️ Puedes añadir ${name}: ${price}, cubre hasta ${cover} si no puedes ir.`,
    noPolicy: 'Hoy no hay seguro de cancelación para este pedido.',
    quoteFailed: 'Ahora mismo no puedo ofrecerte el seguro de cancelación; seguimos sin él.',
  },
  en: {
    quoting: 'Checking the refund insurance…',
    offer: (name: string, price: string, cover: string) =>
      `🛡️ Refund insurance: ${name}, ${price}, covers ${cover}.\nIf you cannot go, it refunds your purchase under its terms. Shall I add it?`,
    accept: (price: string) => `✅ Yes, add it (${price})`,
    decline: 'No, thanks',
    add: (price: string) => `🛡️ Add the insurance (${price})`,
    remove: '🛡️ Remove the insurance',
    available: (name: string, price: string, cover: string) =>
      `🛡️ You can add ${name}: ${price}, covers ${cover} if you cannot go.`,
    noPolicy: 'There is no refund insurance for this order today.',
    quoteFailed: 'I cannot offer the refund insurance right now; we go on without it.',
  },
});

/** The checkout without any insurance (not offered this time). */
const withoutInsurance = (checkout: Checkout): Checkout => ({
  ...checkout,
  insurance: undefined,
  offeredInsurance: undefined,
  insuranceDeclined: false,
});

const offerView: ViewFn = (context) => {
  const lang = context.language;
  const m = messages(lang);
  const quote = context.checkout.offeredInsurance;
  if (quote === undefined) {
    return {
      text: m.noPolicy,
      expects: 'choice',
      options: [{ id: 'decline', label: m.decline, event: { type: 'insurance.decline' } }],
    };
  }
  const price = formatPrice(quote.quote, lang);
  return {
    text: m.offer(quote.name, price, formatPrice(quote.coverage, lang)),
    expects: 'choice',
    options: [
      { id: 'insurance:yes', label: m.accept(price), event: { type: 'insurance.accept' } },
      { id: 'insurance:no', label: m.decline, event: { type: 'insurance.decline' } },
      { id: 'back', label: common(lang).back, event: { type: 'nav.back' } },
    ],
  };
};

/** The review's options for the insurance offered: add it, or take it off. */
export function insuranceOptions(context: BookingContext) {
  const m = messages(context.language);
  const offered = context.checkout.offeredInsurance;
  if (offered === undefined) return [];
  const price = formatPrice(offered.quote, context.language);
  return context.checkout.insurance
    ? [{ id: 'insurance:no', label: m.remove, event: { type: 'insurance.decline' } as const }]
    : [{ id: 'insurance:yes', label: m.add(price), event: { type: 'insurance.accept' } as const }];
}

/** The review's line about an insurance offered and not taken. */
export function insuranceOffer(context: BookingContext): string[] {
  const offered = context.checkout.offeredInsurance;
  if (offered === undefined || context.checkout.insurance) return [];
  const lang = context.language;
  return [
    messages(lang).available(
      offered.name,
      formatPrice(offered.quote, lang),
      formatPrice(offered.coverage, lang),
    ),
  ];
}

/** The review's answers to those options. */
export const insuranceChoice = {
  'insurance.accept': {
    guard: 'insuranceOffered' as const,
    actions: booking.createAction(
      assign(({ context }) => ({
        checkout: {
          ...context.checkout,
          insurance: context.checkout.offeredInsurance,
          insuranceDeclined: false,
        },
      })),
    ),
  },
  'insurance.decline': {
    actions: booking.createAction(
      assign(({ context }) => ({
        checkout: { ...context.checkout, insurance: undefined, insuranceDeclined: true },
      })),
    ),
  },
};

export const insuranceState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'cartIsEmpty', target: '#booking.cart' },
        {
          guard: not('insurable'),
          target: '#booking.client',
          actions: assign({ checkout: ({ context }) => withoutInsurance(context.checkout) }),
        },
        { target: 'quoting' },
      ],
    },
    quoting: partnerCall({
      waiting: (lang) => messages(lang).quoting,
      invoke: {
        src: 'quoteInsurance',
        input: ({ context }) => ({ cart: context.cart, language: context.language }),
        onDone: [
          {
            guard: 'noInsuranceQuote',
            target: '#booking.client',
            actions: [
              assign({ checkout: ({ context }) => withoutInsurance(context.checkout) }),
              {
                type: 'notify',
                params: ({ context }) => ({ text: messages(context.language).noPolicy }),
              },
            ],
          },
          {
            target: '#booking.client',
            actions: assign({
              checkout: ({ context, event }) => ({
                ...context.checkout,
                offeredInsurance: event.output.quote,
                insurance: context.checkout.insurance ? event.output.quote : undefined,
              }),
            }),
          },
        ],
        onError: {
          target: '#booking.client',
          actions: [
            assign({ checkout: ({ context }) => withoutInsurance(context.checkout) }),
            {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).quoteFailed }),
            },
          ],
        },
      },
    }),
    offer: {
      meta: { view: offerView },
      on: {
        'insurance.accept': [
          {
            guard: 'insuranceOffered',
            target: '#booking.client',
            actions: assign({
              checkout: ({ context }) => ({
                ...context.checkout,
                insurance: context.checkout.offeredInsurance,
                insuranceDeclined: false,
              }),
            }),
          },
        ],
        'insurance.decline': {
          target: '#booking.client',
          actions: assign({
            checkout: ({ context }) => ({
              ...context.checkout,
              insurance: undefined,
              insuranceDeclined: true,
            }),
          }),
        },
        'nav.back': { target: '#booking.cart' },
      },
    },
  },
});
