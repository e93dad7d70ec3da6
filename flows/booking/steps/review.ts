/**
 * The order review, after the client details: every line with its cancellation policy
 * in plain words, the insurance, the total; then reserve (POST /ShoppingCart/Confirm,
 * with the provider, sale and client answers), change the details, or back to the cart.
 *
 * A Confirm may fail for some items only (their Success false). Those are named, with
 * what can be done: remove the item, or choose it again on another date. The items that
 * were reserved stay held, not sold, until the customer decides; removing reopens the
 * cart (CancelConfirm, or a rebuilt cart) and comes back here to reserve what is left.
 */
import { assign, enqueueActions, raise } from 'xstate';
import type { QuestionsProfileAnswers } from '../../../src/api/common.js';
import { applicablePolicy, describeCancellation } from '../../../src/domain/cancellation.js';
import type { Lang } from '../../../src/domain/lang.js';
import { common } from '../../../src/i18n/common.js';
import { defineMessages } from '../../../src/i18n/messages.js';
import type { ReserveOutput } from '../actors/cart.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent, CartLine, Checkout, Money } from '../types.js';
import type { BookingView, ViewDeps, ViewFn } from '../view.js';
import {
  cartMessages,
  cartTotal,
  changeNotes,
  changedContext,
  formatAmounts,
  lineText,
  sumMoney,
  shownLine,
} from './cart.js';
import { askOptional, optionalLeft } from './checkout-questions.js';
import { insuranceChoice, insuranceOffer, insuranceOptions } from './insurance.js';
import { formatPrice } from './selection/format.js';
import {
  failedStayLines,
  packageOrderLines,
  refusedStayFlow,
  restayOption,
  restayTransition,
  stayRefused,
} from './packages/replace.js';

const messages = defineMessages({
  es: {
    title: '📋 Revisa tu pedido:',
    cancellation: (text: string) => `   Cancelación: ${text}`,
    client: (who: string) => `A nombre de: ${who}`,
    total: (amount: string) => `Total a pagar: ${amount}`,
    reserve: '🔒 Reservar',
    edit: '✏️ Cambiar mis datos',
    optional: (n: number) => `📝 Preguntas opcionales (${n})`,
    toCart: '🛒 Volver al carrito',
    reserving: 'Reservando tu pedido…',
    failedTitle: '⚠️ No se ha podido reservar:',
    failedHint: 'El resto queda reservado, pero no se compra nada hasta que decidas. ¿Qué hacemos?',
    noneHeld: 'No ha quedado nada reservado. ¿Qué hacemos?',
    removeFailed: (n: number, name: string) => `🗑️ Quitar ${n}. ${name}`,
    redate: (n: number, name: string) => `📅 Otra fecha para ${n}. ${name}`,
    removing: 'Quitando la línea…',
    removed: (name: string) => `He quitado ${name}. Este es tu pedido ahora:`,
    unknownPolicy: 'consulta las condiciones del producto.',
  },
  en: {
    title: '📋 Check your order:',
    cancellation: (text: string) => `   Cancellation: ${text}`,
    client: (who: string) => `In the name of: ${who}`,
    total: (amount: string) => `Total to pay: ${amount}`,
    reserve: '🔒 Reserve',
    edit: '✏️ Change my details',
    optional: (n: number) => `📝 Optional questions (${n})`,
    toCart: '🛒 Back to the cart',
    reserving: 'Reserving your order…',
    failedTitle: '⚠️ These could not be reserved:',
    failedHint: 'The rest is held, but nothing is bought until you decide. What shall we do?',
    noneHeld: 'Nothing is held. What shall we do?',
    removeFailed: (n: number, name: string) => `🗑️ Remove ${n}. ${name}`,
    redate: (n: number, name: string) => `📅 Another date for ${n}. ${name}`,
    removing: 'Removing the line…',
    removed: (name: string) => `${name} is out. This is your order now:`,
    unknownPolicy: 'see the product conditions.',
  },
});

/** The provider, sale and client answers as Confirm and Sale take them. */
export function questionsProfilesOf(checkout: Checkout): QuestionsProfileAnswers[] {
  return Object.entries(checkout.profileAnswers)
    .filter(([, questions]) => questions.length > 0)
    .map(([questionsProfileId, questions]) => ({ questionsProfileId, questions }));
}

/** The amounts to pay: the lines (or what the reservation holds) and the insurance. */
export function orderTotal(context: BookingContext): Money[] {
  const items = context.reservation ? [context.reservation.total] : cartTotal(context.cart);
  return sumMoney([
    ...items,
    ...(context.checkout.insurance ? [context.checkout.insurance.quote] : []),
  ]);
}

/** The cancellation policy of a product in plain words (product's, else provider's). */
export function cancellationText(
  line: Pick<CartLine, 'productId'> & { unitPrice: Pick<CartLine['unitPrice'], 'currency'> },
  deps: Pick<ViewDeps, 'catalog'>,
  lang: Lang,
): string {
  const entry = deps.catalog.product(line.productId);
  if (entry === undefined) return messages(lang).unknownPolicy;
  const described = describeCancellation(applicablePolicy(entry.provider, entry.product), lang, {
    release: entry.product.release,
    currency: line.unitPrice.currency,
  });
  return described || entry.product.productCancellationConditions || messages(lang).unknownPolicy;
}

/** The order as text: lines, their policies, insurance and client (no total). */
export function orderText(context: BookingContext, deps: ViewDeps): string[] {
  const lang = context.language;
  const m = messages(lang);
  const lines = context.cart.lines.flatMap((line, i) =>
    // A package: its stay, and the accommodation's conditions once reserved.
    line.package !== undefined
      ? packageOrderLines(context, line, i + 1)
      : [
          lineText(shownLine(line, deps.catalog), i + 1, lang),
          m.cancellation(cancellationText(line, deps, lang)),
        ],
  );
  const insurance = context.checkout.insurance;
  const client = context.checkout.client;
  const who = [client?.fullName, client?.surname].filter(Boolean).join(' ');
  return [
    ...lines,
    ...(insurance
      ? [cartMessages(lang).insurance(insurance.name, formatPrice(insurance.quote, lang))]
      : []),
    ...(who ? [m.client([who, client?.email].filter(Boolean).join(', '))] : []),
  ];
}

const reviewView: ViewFn = (context, deps) => {
  const lang = context.language;
  const m = messages(lang);
  return {
    text: [
      m.title,
      ...orderText(context, deps),
      m.total(formatAmounts(orderTotal({ ...context, reservation: undefined }), lang)),
      ...insuranceOffer(context),
    ].join('\n'),
    expects: 'choice',
    options: [
      { id: 'reserve', label: m.reserve, event: { type: 'confirm' } },
      ...insuranceOptions(context),
      { id: 'edit', label: m.edit, event: { type: 'checkout.edit' } },
      ...(optionalLeft(context) > 0
        ? [
            {
              id: 'optional',
              label: m.optional(optionalLeft(context)),
              event: { type: 'checkout.optional' } as const,
            },
          ]
        : []),
      { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
      { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
    ],
  };
};

/** The lines a reservation could not hold. */
export const failedLines = (context: BookingContext): { line: CartLine; n: number }[] =>
  context.cart.lines
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => context.reservation?.failedProductIds.includes(line.productId));

const failedView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const failed = failedLines(context).map(({ line, n }) => ({
    line: shownLine(line, deps.catalog),
    n,
  }));
  return {
    text: [
      m.failedTitle,
      ...failed.flatMap(({ line, n }) => [
        lineText(line, n, lang),
        ...failedStayLines(context, line),
      ]),
      // "The rest is held" only when there is a rest.
      failed.length < context.cart.lines.length ? m.failedHint : m.noneHeld,
    ].join('\n'),
    expects: 'choice',
    options: [
      ...failed.flatMap(({ line, n }) => [
        {
          id: `remove:${line.cartItemId}`,
          label: m.removeFailed(n, line.name),
          event: { type: 'cart.remove' as const, cartItemId: line.cartItemId },
        },
        // A package is not redated: another accommodation for the same stay.
        line.package !== undefined
          ? restayOption(line, n, lang)
          : {
              id: `redate:${line.cartItemId}`,
              label: m.redate(n, line.name),
              event: { type: 'cart.redate' as const, cartItemId: line.cartItemId },
            },
      ]),
      { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
      { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
    ],
  };
};

const busyView =
  (text: (lang: Lang) => string): ViewFn =>
  (context) => ({ text: text(context.language), expects: 'none', options: [] });

/** The context after a Confirm: the (maybe rebuilt) cart and its reservation. */
export const reservedContext = (context: BookingContext, output: ReserveOutput) => ({
  ...changedContext(context, output),
  reservation: output.reservation,
});

const removeInput = ({ context, event }: { context: BookingContext; event: BookingEvent }) => ({
  cart: context.cart,
  cartItemId: event.type === 'cart.remove' || event.type === 'cart.redate' ? event.cartItemId : '',
  language: context.language,
  reserved: context.reservation !== undefined,
});

export const reviewState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: ({ context }) => context.cart.lines.length === 0, target: '#booking.cart' },
        { target: 'idle' },
      ],
    },
    idle: {
      meta: { view: reviewView },
      on: {
        confirm: { target: 'reserving' },
        'checkout.edit': { target: '#booking.client.summary' },
        ...insuranceChoice,
        'checkout.optional': {
          guard: ({ context }) => optionalLeft(context) > 0,
          target: '#booking.checkoutQuestions.asking',
          actions: assign(({ context }) => askOptional(context)),
        },
        'nav.back': { target: '#booking.cart' },
      },
    },
    reserving: {
      tags: ['busy'],
      meta: { view: busyView((lang) => messages(lang).reserving) },
      invoke: {
        src: 'reserve',
        input: ({ context }) => ({
          cart: context.cart,
          language: context.language,
          questionsProfiles: questionsProfilesOf(context.checkout),
          renew: false,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.reservation.failedProductIds.length > 0,
            target: 'failed',
            actions: [
              assign(({ context, event }) => reservedContext(context, event.output)),
              enqueueActions(({ context, event, enqueue }) => {
                const notes = changeNotes(event.output, context.language);
                if (notes.length > 0) enqueue.emit({ type: 'notice', text: notes.join('\n') });
              }),
            ],
          },
          {
            target: '#booking.reserved',
            actions: [
              assign(({ context, event }) => reservedContext(context, event.output)),
              enqueueActions(({ context, event, enqueue }) => {
                const notes = changeNotes(event.output, context.language);
                if (notes.length > 0) enqueue.emit({ type: 'notice', text: notes.join('\n') });
              }),
            ],
          },
        ],
        onError: [
          // A package's accommodation refused (nothing else held): steps/packages/replace.ts.
          {
            guard: stayRefused,
            target: '#booking.packages.stayFailed',
            actions: assign({ packages: refusedStayFlow }),
          },
          { target: 'idle', actions: 'explainFailure' },
        ],
      },
    },
    failed: {
      meta: { view: failedView },
      on: {
        'cart.remove': { target: 'removing' },
        'cart.redate': { target: 'redating' },
        'package.restay': restayTransition,
        'nav.back': { target: '#booking.cart' },
      },
    },
    removing: {
      tags: ['busy'],
      meta: { view: busyView((lang) => messages(lang).removing) },
      invoke: {
        src: 'removeFromCart',
        input: removeInput,
        onDone: {
          // Through the insurance again: its quote was for the lines there were.
          target: '#booking.insurance',
          actions: [
            assign(({ context, event }) => changedContext(context, event.output)),
            {
              type: 'notify',
              params: ({ context, event }) => ({
                text: [
                  messages(context.language).removed(event.output.removed.name),
                  ...changeNotes(event.output, context.language),
                ].join('\n'),
              }),
            },
          ],
        },
        onError: { target: 'failed', actions: 'explainFailure' },
      },
    },
    redating: {
      tags: ['busy'],
      meta: { view: busyView((lang) => messages(lang).removing) },
      invoke: {
        src: 'removeFromCart',
        input: removeInput,
        onDone: {
          // The product is opened again (browse reads `browse.product`) to pick a date.
          target: '#booking.browse',
          actions: [
            assign(({ context, event }) => changedContext(context, event.output)),
            enqueueActions(({ context, event, enqueue }) => {
              const notes = changeNotes(event.output, context.language);
              if (notes.length > 0) enqueue.emit({ type: 'notice', text: notes.join('\n') });
            }),
            raise(({ event }) => ({
              type: 'browse.product' as const,
              productId: event.output.removed.productId,
            })),
          ],
        },
        onError: { target: 'failed', actions: 'explainFailure' },
      },
    },
  },
});
