/**
 * The reservation: held until its expiry (shown in the provider's local time, as the
 * service gives it), with the total. Confirm and pay runs the Sale; cancelling gives the
 * reservation up (CancelConfirm where offered) and goes back to the cart.
 *
 * The PartnerSaleId is made once per cart, from the conversation and the cart id, and
 * stored in `context.sale` before the first Sale call; every retry and reconciliation
 * reuses it. A Sale refused because the reservation lapsed (or the scheduler's
 * `reservation.expired`) offers a one-tap re-reserve: Confirm again, or, if the service
 * refuses that cart, a rebuilt cart confirmed under a new id.
 */
import { assign, not } from 'xstate';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { SellInput, SellOutput } from '../actors/cart.js';
import { partnerCall } from '../partner-call.js';
import { saleUnderWay } from '../guards/order.js';
import { booking } from '../setup.js';
import type { BookingContext, ClientDetails, SaleRecord } from '../types.js';
import type { ViewFn } from '../view.js';
import { changeNotes, formatAmounts, holdTime, lapsed } from './cart.js';
import {
  orderText,
  orderTotal,
  questionsProfilesOf,
  reserveInput,
  reservedContext,
} from './review.js';
import { formatTime } from '#flows/booking/choosing/format.js';
import { orderStays } from './packages/sold.js';

const messages = defineMessages({
  es: {
    title: '✅ Tu pedido está reservado:',
    heldUntil: (time: string) => `🔒 Reservado hasta las ${time}.`,
    total: (amount: string) => `Total: ${amount}`,
    pay: '💳 Confirmar y pagar',
    cancel: '✖️ Cancelar la reserva',
    toCart: '🛒 Ver el carrito',
    selling: 'Confirmando tu compra…',
    cancelling: 'Cancelando la reserva…',
    cancelled: 'Reserva cancelada. Tu carrito sigue aquí.',
    confirmCancel:
      '¿Cancelo la reserva? Las plazas se liberan y no se cobra nada; tu carrito se queda guardado por si quieres reservarlo otra vez.',
    cancelYes: '✖️ Sí, cancelar la reserva',
    cancelNo: '↩️ No, mantenerla',
    expired: '⌛ La reserva ha caducado y no se ha cobrado nada. ¿La renuevo con un toque?',
    renew: '🔁 Reservar de nuevo',
    renewing: 'Reservando de nuevo…',
    renewed: (time: string) => `Reservado de nuevo hasta las ${time}.`,
    reminder: (time: string) =>
      `⏳ Tu reserva caduca a las ${time}. Confirma y paga para no perderla.`,
    saleUnknown:
      'El servicio de reservas no ha respondido y no sé si tu compra se ha completado. No se cobrará dos veces: pulsa «Confirmar y pagar» para comprobarlo.',
    preparing: 'Preparando el pago…',
    payUnavailable:
      'Lo siento: aquí no se puede pagar todavía, así que no se ha comprado nada. Tu carrito se queda guardado.',
  },
  en: {
    title: '✅ Your order is reserved:',
    heldUntil: (time: string) => `🔒 Held until ${time}.`,
    total: (amount: string) => `Total: ${amount}`,
    pay: '💳 Confirm and pay',
    cancel: '✖️ Cancel the reservation',
    toCart: '🛒 See the cart',
    selling: 'Confirming your purchase…',
    cancelling: 'Cancelling the reservation…',
    cancelled: 'Reservation cancelled. Your cart is still here.',
    confirmCancel:
      'Shall I cancel the reservation? The places are released and nothing is charged; your cart is kept in case you want to reserve it again.',
    cancelYes: '✖️ Yes, cancel the reservation',
    cancelNo: '↩️ No, keep it',
    expired: '⌛ The reservation expired and nothing was charged. Shall I reserve it again?',
    renew: '🔁 Reserve again',
    renewing: 'Reserving again…',
    renewed: (time: string) => `Reserved again until ${time}.`,
    reminder: (time: string) =>
      `⏳ Your reservation expires at ${time}. Confirm and pay to keep it.`,
    saleUnknown:
      'The booking service did not answer, so I cannot tell yet whether your purchase went through. You will not be charged twice: choose “Confirm and pay” to check.',
    preparing: 'Preparing the payment…',
    payUnavailable:
      'Sorry: paying is not available here yet, so nothing was bought. Your cart is kept.',
  },
});

/** FNV-1a (32 bits): a short, stable tag of the conversation, not a secret. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0)!;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, '0');
}

/** The cart's one PartnerSaleId: the conversation's tag and the ShoppingCartId. */
export const partnerSaleIdOf = (userKey: string, shoppingCartId: string): string =>
  `${hash(userKey)}-${shoppingCartId}`;

/** The sale record of the current cart: the stored one, or a new one (made once). */
export function saleRecordOf(context: BookingContext): SaleRecord {
  if (saleUnderWay(context)) return context.sale!;
  const shoppingCartId = context.cart.shoppingCartId;
  return {
    partnerSaleId: partnerSaleIdOf(context.userKey, shoppingCartId),
    saleIds: [],
    shoppingCartId,
  };
}

/** Client details go to the Sale only complete (Client's fields are all required). */
function completeClient(client: Partial<ClientDetails> | undefined): ClientDetails | undefined {
  if (client === undefined) return undefined;
  const { fullName, surname, documentIdentifier, phoneNumber, email } = client;
  if (!fullName || !surname || !documentIdentifier || !phoneNumber || !email) return undefined;
  return { fullName, surname, documentIdentifier, phoneNumber, email };
}

export function sellInputOf(context: BookingContext): SellInput {
  const reservation = context.reservation;
  const client = completeClient(context.checkout.client);
  const insurance = context.checkout.insurance;
  return {
    shoppingCartId: context.cart.shoppingCartId,
    partnerSaleId: saleRecordOf(context).partnerSaleId,
    language: context.language,
    ...(client !== undefined ? { client } : {}),
    ...(insurance !== undefined ? { insurancePolicyId: insurance.policyId } : {}),
    questionsProfiles: questionsProfilesOf(context.checkout),
    // A debit contract applies its method to every Sale, one of 0 included (the spec:
    // debit partners "must then apply a payment method"; docs/decisions/payments.md).
    ...(reservation?.paymentMethodType !== undefined
      ? { paymentMethodType: reservation.paymentMethodType }
      : {}),
    ...(reservation !== undefined ? { expiresAt: reservation.expiresAt } : {}),
  };
}

/** Each package line's name by the providers of its activities (SaleRecord.packageNames). */
function packageNamesOf(context: BookingContext): SaleRecord['packageNames'] {
  const byProvider: Record<string, string> = {};
  for (const line of context.cart.lines)
    for (const grouping of line.package?.search.prepackage.groupings ?? [])
      byProvider[grouping.providerId] = line.name;
  if (Object.keys(byProvider).length === 0) return undefined;
  const plain = context.cart.lines.filter((line) => !line.package).map((line) => line.productId);
  return { byProvider, plain };
}

/** The codes of the gift cards the cart's lines redeem (SaleRecord.giftCards). */
const redeemedCodes = (context: BookingContext): string[] => [
  ...new Set(
    context.cart.lines.flatMap((line) =>
      line.activity?.giftCardIdentifier !== undefined ? [line.activity.giftCardIdentifier] : [],
    ),
  ),
];

/**
 * After a Sale: the sold cart, its reservation and checkout are finished (the client
 * details are kept for the next purchase); the next purchase gets a new cart.
 */
export const soldContext = (context: BookingContext, output: SellOutput) => ({
  sale: {
    ...saleRecordOf(context),
    saleIds: output.saleIds,
    total: orderTotal(context),
    ...(packageNamesOf(context) !== undefined ? { packageNames: packageNamesOf(context) } : {}),
    // The stays by name, with who stays: the sale list names only their rates.
    ...(orderStays(context).length > 0 ? { stays: orderStays(context) } : {}),
    ...(redeemedCodes(context).length > 0 ? { giftCards: redeemedCodes(context) } : {}),
    ...(output.paymentUrl !== undefined
      ? {
          paymentUrl: output.paymentUrl,
          // Until the payment page is paid: a failed payment gives this order back.
          kept: { lines: context.cart.lines, checkout: context.checkout },
        }
      : {}),
  },
  cart: { shoppingCartId: output.nextShoppingCartId, lines: [], adds: 0 },
  reservation: undefined,
  checkout: {
    insuranceDeclined: false,
    profileAnswers: {},
    ...(context.checkout.client !== undefined ? { client: context.checkout.client } : {}),
  },
});

/** The reservation marked as over (kept: a later change of the cart must release it). */
const lapsedReservation = ({ context }: { context: BookingContext }) =>
  context.reservation && { ...context.reservation, lapsed: true };

const reservedView: ViewFn = (context, deps) => {
  const lang = context.language;
  const m = messages(lang);
  const reservation = context.reservation!;
  const home = { id: 'home', label: common(lang).home, event: { type: 'nav.home' as const } };
  if (lapsed(context, deps.now) && !saleUnderWay(context)) return expiredView(context, deps);
  return {
    text: [
      m.title,
      ...orderText(context, deps),
      m.heldUntil(holdTime(reservation, deps.now, lang)),
      m.total(formatAmounts(orderTotal(context), lang)),
    ].join('\n'),
    expects: 'choice',
    options: [
      { id: 'pay', label: m.pay, event: { type: 'confirm' } },
      ...(saleUnderWay(context)
        ? []
        : [{ id: 'cancel', label: m.cancel, event: { type: 'reservation.cancel' as const } }]),
      { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
      home,
    ],
  };
};

/** "cancelar" typed at the reservation: what cancelling does, said before it is done. */
const confirmCancelView: ViewFn = (context) => {
  const m = messages(context.language);
  return {
    text: m.confirmCancel,
    expects: 'choice',
    options: [
      { id: 'cancel', label: m.cancelYes, event: { type: 'reservation.cancel' } },
      { id: 'keep', label: m.cancelNo, event: { type: 'nav.back' } },
    ],
  };
};

const expiredView: ViewFn = (context) => {
  const lang = context.language;
  const m = messages(lang);
  return {
    text: m.expired,
    expects: 'choice',
    options: [
      { id: 'renew', label: m.renew, event: { type: 'reservation.renew' } },
      { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
      { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
    ],
  };
};

export const reservedState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'nothingReserved', target: '#booking.review' },
        {
          guard: 'reservationRefusedLinesUnsold',
          target: '#booking.review.failed',
        },
        { target: 'idle' },
      ],
    },
    idle: {
      meta: { view: reservedView },
      on: {
        confirm: [
          // A Sale of this cart may have happened: reconciled, never planned anew.
          { guard: 'saleUnderWay', target: 'selling' },
          { target: 'planning' },
        ],
        'reservation.renew': { target: 'renewing' },
        'reservation.cancel': [{ guard: not('saleUnderWay'), target: 'cancelling' }],
        // "cancelar" typed (asked about by the engine, or typed again, or /cancel): the
        // reservation is what it would cancel here; said first, released when confirmed.
        'word.ask': {
          guard: ({ context, event }) => event.label !== undefined && !saleUnderWay(context),
          target: 'confirmingCancel',
        },
        'command.cancel': { guard: not('saleUnderWay'), target: 'confirmingCancel' },
        // Sent by the scheduler shortly before the expiry.
        'reservation.remind': {
          guard: 'reservationHeldUnsold',
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              text: messages(context.language).reminder(
                formatTime(context.reservation!.expiresAtLocal),
              ),
            }),
          },
        },
        'reservation.expired': [
          {
            guard: not('saleUnderWay'),
            target: 'expired',
            actions: assign({ reservation: lapsedReservation }),
          },
        ],
        'nav.back': { target: '#booking.cart' },
      },
    },
    // Who takes the money (actors/payments.ts): nothing is sold before that is settled.
    planning: partnerCall({
      waiting: (lang) => messages(lang).preparing,
      invoke: {
        src: 'planPayment',
        input: ({ context }) => ({
          userKey: context.userKey,
          language: context.language,
          cart: context.cart,
          reservation: context.reservation!,
          ...(context.checkout.insurance !== undefined
            ? { insurance: context.checkout.insurance }
            : {}),
          partnerSaleId: saleRecordOf(context).partnerSaleId,
        }),
        onDone: [
          {
            guard: 'paymentIsInvoice',
            target: '#booking.collect',
            actions: assign({
              payment: ({ context, event }) => ({
                ...(event.output.kind === 'invoice' ? { invoice: event.output.invoice } : {}),
                expiresAt: context.reservation!.expiresAt,
              }),
            }),
          },
          {
            // No one can take the money here: nothing is sold, and the cart is kept.
            guard: 'paymentUnavailable',
            target: 'cancelling',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).payUnavailable }),
            },
          },
          {
            target: 'selling',
            // Made once, before the first Sale call; kept for every retry of this cart.
            actions: assign({ sale: ({ context }) => saleRecordOf(context) }),
          },
        ],
      },
      failed: 'idle',
    }),
    selling: partnerCall({
      waiting: (lang) => messages(lang).selling,
      invoke: {
        src: 'sell',
        input: ({ context }) => sellInputOf(context),
        onDone: [
          {
            guard: 'soldWithPaymentPage',
            target: '#booking.payment',
            actions: assign(({ context, event }) => soldContext(context, event.output)),
          },
          {
            target: '#booking.done',
            actions: assign(({ context, event }) => soldContext(context, event.output)),
          },
        ],
        onError: [
          {
            guard: 'reservationExpired',
            target: 'expired',
            actions: assign({ sale: undefined, reservation: lapsedReservation }),
          },
          {
            guard: 'definitelyNotSold',
            target: 'idle',
            actions: [assign({ sale: undefined }), 'explainFailure'],
          },
          // No answer: the sale record stays, and "confirm and pay" reconciles. The customer
          // must not read "nothing was lost" here: the purchase may have been made.
          {
            target: 'idle',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).saleUnknown }),
            },
          },
        ],
      },
    }),
    confirmingCancel: {
      meta: { view: confirmCancelView },
      on: {
        'reservation.cancel': { target: 'cancelling' },
        // "cancelar" once more: the answer is yes.
        'command.cancel': { target: 'cancelling' },
        'nav.back': { target: 'idle' },
      },
    },
    expired: {
      meta: { view: expiredView },
      on: {
        'reservation.renew': { target: 'renewing' },
        'nav.back': { target: '#booking.cart' },
      },
    },
    renewing: partnerCall({
      waiting: (lang) => messages(lang).renewing,
      invoke: {
        src: 'reserve',
        input: reserveInput(true),
        onDone: [
          {
            guard: 'reserveRefusedLines',
            target: '#booking.review.reading',
            actions: assign(({ context, event }) => reservedContext(context, event.output)),
          },
          {
            target: 'idle',
            actions: [
              assign(({ context, event }) => reservedContext(context, event.output)),
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  text: [
                    messages(context.language).renewed(
                      formatTime(event.output.reservation.expiresAtLocal),
                    ),
                    ...changeNotes(event.output, context.language),
                  ].join('\n'),
                }),
              },
            ],
          },
        ],
      },
      failed: 'expired',
    }),
    cancelling: partnerCall({
      waiting: (lang) => messages(lang).cancelling,
      invoke: {
        src: 'cancelReservation',
        input: ({ context }) => ({ cart: context.cart, language: context.language }),
        onDone: {
          target: '#booking.cart',
          actions: [
            assign(({ event }) => ({
              cart: event.output.cart,
              reservation: undefined,
              payment: undefined,
            })),
            {
              type: 'notify',
              params: ({ context, event }) => ({
                text: [
                  messages(context.language).cancelled,
                  ...changeNotes(event.output, context.language),
                ].join('\n'),
              }),
            },
          ],
        },
      },
      failed: 'idle',
    }),
  },
});
