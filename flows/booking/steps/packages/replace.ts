/**
 * A package whose accommodation could not be reserved, and what the order shows of
 * packages. A reservation may fail for the accommodation alone (its Success false, the
 * other items held: the review names it, and offers another accommodation or removing
 * it), or, when nothing else could be held, the whole Confirm is refused: the refusal
 * is then explained here, with the same choices. Another accommodation takes the
 * package out of the cart and searches again for the same prepackage, people and
 * dates; nothing was charged.
 *
 * Where the spec is silent: which package a refused Confirm is about is read from the
 * refusal naming its accommodation (or, with a single package in the cart, mentioning
 * accommodation at all).
 */
import { assign } from 'xstate';
import { describeCancellation } from '#src/domain/cancellation.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { isPartnerRefusal, Refusal } from '#flows/booking/problem.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import { packageLine } from '#flows/booking/guards/packages.js';
import { booking } from '#flows/booking/setup.js';
import type {
  BookingContext,
  BookingEvent,
  CartLine,
  PackageFlow,
  ReservedStay,
} from '#flows/booking/types.js';
import type { BookingView, ViewFn } from '#flows/booking/view.js';
import { changedContext, lineText, removalNotes } from '../cart.js';
import { lineRemoved } from '../line-removed.js';
import { formatPrice } from '#flows/booking/choosing/format.js';
import { newPackageFlow, peopleText, stayText } from './shared.js';
import { activityTermLines } from './terms.js';

const messages = defineMessages({
  es: {
    failed: (name: string, reason: string) =>
      `⚠️ No se ha podido reservar el alojamiento «${name}»: ${reason}\nNo se ha reservado ni cobrado nada.`,
    noReason: 'el alojamiento no tiene disponibilidad.',
    ask: '¿Busco otro alojamiento para las mismas fechas y personas?',
    restay: '🏨 Elegir otro alojamiento',
    restayLine: (n: number, name: string) => `🏨 Otro alojamiento para ${n}. ${name}`,
    remove: '🗑️ Quitar el paquete',
    toCart: '🛒 Volver al carrito',
    removing: 'Quitando el paquete del carrito…',
    replacing: (name: string) =>
      `He quitado «${name}» del carrito. Estos son otros alojamientos para la misma estancia:`,
    stay: (stay: string, people: string) => `   🛏️ ${stay} · ${people}`,
    stayConditions: (text: string) => `   Condiciones del alojamiento: ${text}`,
    stayCancellation: (text: string) => `   Cancelación del alojamiento: ${text}`,
    stayPrice: (price: string) => `   Alojamiento: ${price}`,
    stayPending:
      '   Cancelación: las condiciones del alojamiento y de las actividades se confirman al reservar.',
    stayFailed: (reason: string) => `   ⚠️ Alojamiento no reservado: ${reason}`,
  },
  en: {
    failed: (name: string, reason: string) =>
      `⚠️ The accommodation "${name}" could not be reserved: ${reason}\nNothing was reserved or charged.`,
    noReason: 'the accommodation has no availability.',
    ask: 'Shall I look for another accommodation for the same dates and people?',
    restay: '🏨 Choose another accommodation',
    restayLine: (n: number, name: string) => `🏨 Another accommodation for ${n}. ${name}`,
    remove: '🗑️ Remove the package',
    toCart: '🛒 Back to the cart',
    removing: 'Taking the package out of your cart…',
    replacing: (name: string) =>
      `I took "${name}" out of your cart. Here are other accommodations for the same stay:`,
    stay: (stay: string, people: string) => `   🛏️ ${stay} · ${people}`,
    stayConditions: (text: string) => `   Accommodation conditions: ${text}`,
    stayCancellation: (text: string) => `   Accommodation cancellation: ${text}`,
    stayPrice: (price: string) => `   Accommodation: ${price}`,
    stayPending:
      '   Cancellation: the conditions of the stay and the activities are confirmed when reserving.',
    stayFailed: (reason: string) => `   ⚠️ Accommodation not reserved: ${reason}`,
  },
});

const errorMessages = (error: unknown): string[] => {
  if (isPartnerRefusal(error)) return error.messages;
  if (error instanceof Refusal) return [error.message];
  return [];
};

/**
 * The package line a refused reservation is about, if any: the one whose accommodation
 * the refusal names, or the only package of the cart when the refusal is about
 * accommodation.
 */
export function refusedStayLine(context: BookingContext, error: unknown): CartLine | undefined {
  const text = errorMessages(error).join(' ').toLowerCase();
  if (text === '') return undefined;
  const packages = context.cart.lines.filter((line) => line.package !== undefined);
  const named = packages.find((line) =>
    text.includes(line.package!.accommodation.name.toLowerCase()),
  );
  if (named) return named;
  return packages.length === 1 &&
    /accommodation|alojamiento|hotel|rate|tarifa|room|habitaci/.test(text)
    ? packages[0]
    : undefined;
}

type FailedArgs = { context: BookingContext; event: { error?: unknown } };

/** For review's reserving onError: a refused Confirm about a package's accommodation. */
export const stayRefused = ({ context, event }: FailedArgs): boolean =>
  refusedStayLine(context, event.error) !== undefined;

/** The package flow that `stayFailed` explains (assign it with `stayRefused`). */
export const refusedStayFlow = ({ context, event }: FailedArgs): PackageFlow => ({
  ...(context.packages ?? newPackageFlow()),
  replace: {
    cartItemId: refusedStayLine(context, event.error)?.cartItemId ?? '',
    // Our own words only: a partner's refusal is logged, the customer reads `noReason`.
    reason: event.error instanceof Refusal ? event.error.message : '',
  },
});

/** For review's failed items: another accommodation for a package line (`package.restay`). */
export const restayTransition = { target: '#booking.packages.replacing' } as const;

/** The option review's failed view offers for a package line (instead of another date). */
export function restayOption(line: CartLine, n: number, lang: Lang): Option<BookingEvent> {
  return {
    id: `restay:${line.cartItemId}`,
    label: messages(lang).restayLine(n, line.name),
    event: { type: 'package.restay', cartItemId: line.cartItemId },
  };
}

const stayOf = (context: BookingContext, line: CartLine): ReservedStay | undefined =>
  context.reservation?.stays?.find((stay) => stay.cartItemId === line.cartItemId);

/**
 * A package line of the order: the line, its stay and people, and, once reserved, the
 * accommodation's conditions and cancellation policy (or why it failed).
 */
export function packageOrderLines(
  context: BookingContext,
  line: CartLine,
  n: number,
  catalog: CatalogIndex,
): string[] {
  const lang = context.language;
  const m = messages(lang);
  const search = line.package!.search;
  const stay = stayOf(context, line);
  const lines = [
    lineText(line, n, lang),
    m.stay(stayText(search.checkIn, search.checkOut, lang), peopleText(search.rooms, lang)),
  ];
  // Before the reservation: the activity's terms as the catalog says them, at review.
  if (stay === undefined) {
    return [
      ...lines,
      ...activityTermLines(search.prepackage, catalog, lang).map((text) => `   ${text}`),
      m.stayPending,
    ];
  }
  // The service's own words (stay.errorMessage) are logged when read, never shown.
  if (!stay.success) return [...lines, m.stayFailed(m.noReason)];
  const cancellation = describeCancellation(stay.cancellationPolicy, lang, {
    currency: stay.price?.currency ?? line.unitPrice.currency,
  });
  return [
    ...lines,
    ...(stay.price ? [m.stayPrice(formatPrice(stay.price, lang))] : []),
    ...(stay.conditions ? [m.stayConditions(stay.conditions)] : []),
    ...(cancellation ? [m.stayCancellation(cancellation)] : []),
  ];
}

/** The reason a failed package line shows in review's list of failed items. */
export function failedStayLines(context: BookingContext, line: CartLine): string[] {
  const stay = stayOf(context, line);
  if (!line.package || !stay || stay.success) return [];
  return [messages(context.language).stayFailed(messages(context.language).noReason)];
}

const stayFailedView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const line = packageLine(context);
  const name = line?.package?.accommodation.name ?? '';
  const reason = context.packages?.replace?.reason || m.noReason;
  return {
    text: [m.failed(name, reason), m.ask].join('\n'),
    expects: 'choice',
    options: [
      ...(line
        ? [
            {
              id: 'restay',
              label: m.restay,
              event: { type: 'package.restay' as const, cartItemId: line.cartItemId },
            },
            { id: 'remove', label: m.remove, event: { type: 'package.remove' as const } },
          ]
        : []),
      { id: 'cart', label: m.toCart, event: { type: 'nav.back' } },
      { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
    ],
  };
};

/** The package line named by the event (review) or kept in the flow (stayFailed). */
const replaceId = ({ context, event }: { context: BookingContext; event: BookingEvent }) =>
  event.type === 'package.restay'
    ? event.cartItemId
    : (context.packages?.replace?.cartItemId ?? '');

const removeInput = (args: { context: BookingContext; event: BookingEvent }) => ({
  cart: args.context.cart,
  cartItemId: replaceId(args),
  language: args.context.language,
  reserved: args.context.reservation !== undefined,
});

export const stayFailedState = booking.createStateConfig({
  always: {
    guard: 'noPackageLine',
    target: '#booking.cart',
  },
  meta: { view: stayFailedView },
  on: {
    'package.restay': { target: 'replacing' },
    'package.remove': { target: 'removing' },
    'nav.back': { target: '#booking.cart' },
  },
});

export const replacingState = partnerCall({
  waiting: (lang) => messages(lang).removing,
  invoke: {
    src: 'removeFromCart',
    input: removeInput,
    onDone: [
      {
        guard: 'removedPackage',
        target: 'searching',
        actions: [
          assign(({ context, event }) => {
            const removed = event.output.removed.package!;
            const search = removed.search;
            return {
              ...changedContext(context, event.output),
              packages: newPackageFlow({
                unavailable: [
                  ...(context.packages?.unavailable ?? []),
                  removed.accommodation.packageId,
                ],
                prepackage: search.prepackage,
                rooms: search.rooms,
                checkIn: search.checkIn,
                checkOut: search.checkOut,
                activityDate: search.activityDate,
              }),
            };
          }),
          {
            type: 'notify',
            params: ({ context, event }) => ({
              text: [
                messages(context.language).replacing(event.output.removed.name),
                ...removalNotes(event.output, context.language),
              ].join('\n'),
            }),
          },
        ],
      },
      {
        target: '#booking.cart',
        actions: assign(({ context, event }) => changedContext(context, event.output)),
      },
    ],
  },
  failed: '#booking.cart',
});

export const removingPackageState = partnerCall({
  waiting: (lang) => messages(lang).removing,
  invoke: {
    src: 'removeFromCart',
    input: removeInput,
    onDone: { target: '#booking.cart', actions: lineRemoved },
  },
  failed: '#booking.cart',
});
