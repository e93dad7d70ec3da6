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
import { assign, enqueueActions, not, raise } from 'xstate';
import type { QuestionsProfileAnswers } from '#src/domain/partner-shapes.js';
import { applicablePolicy, describeCancellation } from '#src/domain/cancellation.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { IsoDate } from '#src/domain/time.js';
import type { MoveLineOutput, ReserveOutput } from '../actors/cart.js';
import { partnerCall } from '../partner-call.js';
import { failedLines, mayBeFull, offeredMove, roomOf } from '../guards/checkout.js';
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
import { formatDate, formatPrice, formatTime } from '#flows/booking/choosing/format.js';
import {
  failedStayLines,
  packageOrderLines,
  refusedStayFlow,
  restayOption,
  restayTransition,
  stayRefused,
} from './packages/replace.js';
import { cartByText } from '#flows/booking/choosing/cart-words.js';

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
    checkingRoom: 'Mirando dónde hay sitio…',
    fullSession: (time: string) => `   La sesión de las ${time} está completa.`,
    nearestRoom: (times: string) => `   Con sitio, las más cercanas: ${times}.`,
    noRoomThatDay: '   No queda otra sesión con sitio ese día.',
    move: (n: number, time: string) => `🕐 ${n}. a las ${time} y reservar`,
    fullDay: (day: string) => `   El ${day} está completo.`,
    nearestDays: (days: string) => `   Con sitio, los días más cercanos: ${days}.`,
    noDayNear: '   No queda otro día cercano con sitio al mismo precio.',
    moveDay: (n: number, day: string) => `📅 ${n}. el ${day} y reservar`,
    moving: 'Cambiando y reservando…',
    moved: (name: string, time: string) => `${name}: ahora a las ${time}.`,
    movedDay: (name: string, day: string) => `${name}: ahora el ${day}.`,
    moveRefused: (name: string, reason: string) =>
      `He quitado ${name}, pero la sesión nueva no se pudo añadir: ${reason}`,
    moveDayRefused: (name: string, reason: string) =>
      `He quitado ${name}, pero el día nuevo no se pudo añadir: ${reason}`,
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
    checkingRoom: 'Checking where there is room…',
    fullSession: (time: string) => `   The ${time} session is full.`,
    nearestRoom: (times: string) => `   Nearest with room: ${times}.`,
    noRoomThatDay: '   No other session has room that day.',
    move: (n: number, time: string) => `🕐 ${n}. at ${time} and reserve`,
    fullDay: (day: string) => `   ${day} is full.`,
    nearestDays: (days: string) => `   Nearest days with room: ${days}.`,
    noDayNear: '   No other day near has room at the same price.',
    moveDay: (n: number, day: string) => `📅 ${n}. on ${day} and reserve`,
    moving: 'Moving and reserving…',
    moved: (name: string, time: string) => `${name}: now at ${time}.`,
    movedDay: (name: string, day: string) => `${name}: now on ${day}.`,
    moveRefused: (name: string, reason: string) =>
      `${name} is out, but the new session could not be added: ${reason}`,
    moveDayRefused: (name: string, reason: string) =>
      `${name} is out, but the new day could not be added: ${reason}`,
  },
});

/** The provider, sale and client answers as Confirm and Sale take them. */
export function questionsProfilesOf(checkout: Checkout): QuestionsProfileAnswers[] {
  return Object.entries(checkout.profileAnswers)
    .filter(([, questions]) => questions.length > 0)
    .map(([questionsProfileId, questions]) => ({ questionsProfileId, questions }));
}

/**
 * What a Confirm of the cart sends (actors/cart.ts, `reserve`): the cart with the answers
 * to its checkout questions; `renew` when a reservation was held before.
 */
export const reserveInput =
  (renew: boolean) =>
  ({ context }: { context: BookingContext }) => ({
    cart: context.cart,
    language: context.language,
    questionsProfiles: questionsProfilesOf(context.checkout),
    renew,
  });

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
      ? packageOrderLines(context, line, i + 1, deps.catalog)
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
      ...leaveOptions(lang),
    ],
  };
};

/** A refused line's full session or day and the nearest with room, in words. */
function roomLines(context: BookingContext, line: CartLine): string[] {
  const lang = context.language;
  const m = messages(lang);
  return roomOf(context, line.cartItemId).flatMap((room) =>
    'fullDate' in room
      ? [
          m.fullDay(formatDate(room.fullDate, lang, 'long')),
          room.nearestDates.length > 0
            ? m.nearestDays(room.nearestDates.map((date) => formatDate(date, lang)).join('; '))
            : m.noDayNear,
        ]
      : [
          m.fullSession(formatTime(room.fullTime)),
          room.nearest.length > 0
            ? m.nearestRoom(room.nearest.map((option) => formatTime(option.time)).join(', '))
            : m.noRoomThatDay,
        ],
  );
}

/** One button per nearest session or day with room: the line moved there and reserved. */
/** Back to the cart, or home: how the review's views end. */
const leaveOptions = (lang: Lang): BookingView['options'] => [
  { id: 'cart', label: messages(lang).toCart, event: { type: 'nav.back' } },
  { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
];

/** Drops a line the Confirm refused. */
const removeOption = (line: CartLine, n: number, lang: Lang): BookingView['options'][number] => ({
  id: `remove:${line.cartItemId}`,
  label: messages(lang).removeFailed(n, line.name),
  event: { type: 'cart.remove', cartItemId: line.cartItemId },
});

const moveOptions = (context: BookingContext, line: CartLine, n: number) => {
  const lang = context.language;
  const m = messages(lang);
  return roomOf(context, line.cartItemId).flatMap((room): BookingView['options'] =>
    'fullDate' in room
      ? room.nearestDates.map((date) => ({
          id: `move:${line.cartItemId}:${date}`,
          label: m.moveDay(n, formatDate(date, lang)),
          event: { type: 'cart.move' as const, cartItemId: line.cartItemId, date },
        }))
      : room.nearest.map((option) => ({
          id: `move:${line.cartItemId}:${option.sessionId}`,
          label: m.move(n, formatTime(option.time)),
          event: {
            type: 'cart.move' as const,
            cartItemId: line.cartItemId,
            sessionId: option.sessionId,
          },
        })),
  );
};

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
        ...roomLines(context, line),
      ]),
      // "The rest is held" only when there is a rest.
      failed.length < context.cart.lines.length ? m.failedHint : m.noneHeld,
    ].join('\n'),
    expects: 'choice',
    options: [
      ...failed.flatMap(({ line, n }) => [
        // The nearest sessions with room first: one tap moves the line and reserves.
        ...moveOptions(context, line, n),
        removeOption(line, n, lang),
        // A package is not redated: another accommodation for the same stay.
        line.package !== undefined
          ? restayOption(line, n, lang)
          : {
              id: `redate:${line.cartItemId}`,
              label: m.redate(n, line.name),
              event: { type: 'cart.redate' as const, cartItemId: line.cartItemId },
            },
      ]),
      ...leaveOptions(lang),
    ],
  };
};

/** A Confirm refused whole: the lines found full, with the nearest; nothing is held. */
const fullView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const full = context.cart.lines
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => roomOf(context, line.cartItemId).length > 0);
  return {
    text: [
      m.failedTitle,
      ...full.flatMap(({ line, n }) => [lineText(line, n, lang), ...roomLines(context, line)]),
      m.noneHeld,
    ].join('\n'),
    expects: 'choice',
    options: [
      ...full.flatMap(({ line, n }) => [
        ...moveOptions(context, line, n),
        removeOption(line, n, lang),
      ]),
      ...leaveOptions(lang),
    ],
  };
};

/** The context after a line changed: the (maybe rebuilt) cart, the room read for it gone. */
const lineChangedContext = (
  context: BookingContext,
  output: Parameters<typeof changedContext>[1],
) => ({
  ...changedContext(context, output),
  refusedRoom: undefined,
});

/** The context after a Confirm: the (maybe rebuilt) cart and its reservation. */
export const reservedContext = (context: BookingContext, output: ReserveOutput) => ({
  ...lineChangedContext(context, output),
  reservation: output.reservation,
});

const removeInput = ({ context, event }: { context: BookingContext; event: BookingEvent }) => ({
  cart: context.cart,
  cartItemId: event.type === 'cart.remove' || event.type === 'cart.redate' ? event.cartItemId : '',
  language: context.language,
  reserved: context.reservation !== undefined,
});

/** After a move: the line's new time (or day), and any change beyond it. */
const movedNotice = (context: BookingContext, output: MoveLineOutput) => {
  const lang = context.language;
  const m = messages(lang);
  const line = output.line!;
  return [
    line.sessions.length > 0
      ? m.moved(line.name, line.sessions.map((choice) => choice.label).join(', '))
      : m.movedDay(line.name, formatDate(line.accessDate, lang, 'long')),
    ...changeNotes(output, lang),
  ].join('\n');
};

export const reviewState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'cartIsEmpty', target: '#booking.cart' }, { target: 'idle' }],
    },
    idle: {
      meta: { view: cartByText(reviewView) },
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
    reserving: partnerCall({
      waiting: (lang) => messages(lang).reserving,
      invoke: {
        src: 'reserve',
        input: reserveInput(false),
        onDone: [
          {
            guard: 'reserveRefusedLines',
            target: 'reading',
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
          // Refused whole (a clear no: nothing held): are the sessions or days full?
          {
            guard: 'refusedMayBeFull',
            target: 'readingAll',
            actions: 'explainFailure',
          },
          { target: 'idle', actions: 'explainFailure' },
        ],
      },
    }),
    // The refused lines' sessions or days read again: those full are named with the nearest.
    reading: partnerCall({
      always: { guard: not('roomToRead'), target: 'failed' },
      waiting: (lang) => messages(lang).checkingRoom,
      invoke: {
        src: 'readRoom',
        input: ({ context }) => ({
          lines: failedLines(context).map(({ line }) => line),
          language: context.language,
        }),
        onDone: {
          target: 'failed',
          actions: assign({
            reservation: ({ context, event }) =>
              context.reservation && event.output.length > 0
                ? { ...context.reservation, room: event.output }
                : context.reservation,
          }),
        },
        onError: { target: 'failed' },
      },
    }),
    // After a Confirm refused whole: the lines' sessions read again, as above.
    readingAll: partnerCall({
      waiting: (lang) => messages(lang).checkingRoom,
      invoke: {
        src: 'readRoom',
        input: ({ context }) => ({
          lines: context.cart.lines.filter(mayBeFull),
          language: context.language,
        }),
        onDone: [
          {
            guard: 'roomFound',
            target: 'full',
            actions: assign({ refusedRoom: ({ event }) => event.output }),
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    }),
    full: {
      meta: { view: fullView },
      on: {
        'cart.move': {
          guard: 'moveOffered',
          target: 'moving',
        },
        'cart.remove': { target: 'removing' },
        'nav.back': { target: '#booking.cart', actions: assign({ refusedRoom: undefined }) },
      },
    },
    failed: {
      meta: { view: failedView },
      on: {
        'cart.move': {
          guard: 'moveOffered',
          target: 'moving',
        },
        'cart.remove': { target: 'removing' },
        'cart.redate': { target: 'redating' },
        'package.restay': restayTransition,
        'nav.back': { target: '#booking.cart' },
      },
    },
    removing: partnerCall({
      waiting: (lang) => messages(lang).removing,
      invoke: {
        src: 'removeFromCart',
        input: removeInput,
        onDone: {
          // Through the insurance again: its quote was for the lines there were.
          target: '#booking.insurance',
          actions: [
            assign(({ context, event }) => lineChangedContext(context, event.output)),
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
        onError: [
          // Nothing held (a Confirm refused whole): its full sessions again.
          {
            guard: 'nothingReserved',
            target: 'full',
            actions: 'explainFailure',
          },
          { target: 'failed', actions: 'explainFailure' },
        ],
      },
    }),
    // One tap: the line to the session or day chosen (remove + Add, answers kept), then the
    // cart reserved again: a new Confirm of a changed cart, never the refused one again.
    moving: partnerCall({
      waiting: (lang) => messages(lang).moving,
      invoke: {
        src: 'moveLine',
        input: ({ context, event }) => ({
          cart: context.cart,
          cartItemId: event.type === 'cart.move' ? event.cartItemId : '',
          // The guard let in only a move offered: its target is known.
          ...(offeredMove(context, event) ?? { date: '' as IsoDate }),
          language: context.language,
          reserved: context.reservation !== undefined,
        }),
        onDone: [
          {
            // The line is out and not back in: the order as it is now, through the
            // insurance (its quote was for the lines there were).
            guard: 'moveRefused',
            target: '#booking.insurance',
            actions: [
              assign(({ context, event }) => lineChangedContext(context, event.output)),
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  text: [
                    (event.output.removed.sessions.length > 0
                      ? messages(context.language).moveRefused
                      : messages(context.language).moveDayRefused)(
                      event.output.removed.name,
                      event.output.refused ?? '',
                    ),
                    ...changeNotes(event.output, context.language),
                  ].join('\n'),
                }),
              },
            ],
          },
          {
            // An insurance chosen was quoted for the old line: quoted again first.
            guard: 'insuranceChosen',
            target: '#booking.insurance',
            actions: [
              assign(({ context, event }) => lineChangedContext(context, event.output)),
              {
                type: 'notify',
                params: ({ context, event }) => ({ text: movedNotice(context, event.output) }),
              },
            ],
          },
          {
            target: 'reserving',
            actions: [
              assign(({ context, event }) => lineChangedContext(context, event.output)),
              {
                type: 'notify',
                params: ({ context, event }) => ({ text: movedNotice(context, event.output) }),
              },
            ],
          },
        ],
      },
      failed: 'failed',
    }),
    redating: partnerCall({
      waiting: (lang) => messages(lang).removing,
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
      },
      failed: 'failed',
    }),
  },
});
