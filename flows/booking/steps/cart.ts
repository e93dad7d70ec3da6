/**
 * The cart: its lines with date, session, quantity and prices, the grand total, and
 * what can be done with it: add another product, remove a line, check out, go home.
 * Also what the later steps share about the order (lines as text, totals, the effect of
 * a cart change on the context).
 *
 * Removing a line uses the service's Remove where offered; where it is not (or the cart
 * is reserved and cannot be reopened) the cart is rebuilt without the line under a new
 * id (see src/conversation/actors/cart-ops.ts). While a Sale of the cart may have
 * happened, the cart only leads back to the reservation, where paying reconciles it.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { CUSTOMER_ZONE, localNow } from '#src/domain/time.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { changedContext, type CartChange } from '../actors/cart.js';
import { partnerCall } from '../partner-call.js';
import { pendingDraft, saleUnderWay } from '../guards/order.js';
import { booking } from '../setup.js';
import type { BookingContext, Cart, CartLine, Money, Reservation } from '../types.js';
import type { BookingView, ViewFn } from '../view.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import { formatDate, formatPrice, formatTime } from '#flows/booking/choosing/format.js';
import { nameNow } from '#flows/booking/choosing/offerable.js';
import { cartByText } from '#flows/booking/choosing/cart-words.js';
import { cartWordStates } from './cart-words.js';
import { lineRemoved } from './line-removed.js';

export const cartMessages = defineMessages({
  es: {
    title: '🛒 Tu carrito:',
    empty: 'Tu carrito está vacío. ¿Reservamos algo?',
    book: '🎟️ Reservar entradas',
    addMore: '➕ Añadir otro producto',
    remove: (n: number, name: string) => `🗑️ Quitar ${n}. ${name}`,
    checkout: '✅ Tramitar pedido',
    toReservation: '💳 Continuar con la reserva',
    addDraft: (name: string) => `➕ Añadir ${name}`,
    total: (amount: string) => `Total: ${amount}`,
    reservedUntil: (time: string) => `Tu pedido está reservado hasta las ${time}.`,
    otherZone: (time: string, zone: string, theirs: string) =>
      `${time}, hora ${zone} (las ${theirs} en la península)`,
    reservationLapsed: 'La reserva de tu pedido ha caducado: continúa para reservarlo de nuevo.',
    saleUnderWay: 'El pago de este pedido está en marcha: continúa con la reserva para terminarlo.',
    removing: 'Quitando la línea…',
    removed: (name: string) => `Hecho: he quitado ${name} del carrito.`,
    rebuilt:
      'He tenido que empezar un carrito nuevo con los mismos productos. No se ha cobrado nada.',
    dropped: (name: string, reason: string) =>
      `${name} ya no se ha podido mantener en el carrito: ${reason}`,
    noLine: 'Esa línea ya no está en tu carrito.',
    emptyCheckout: 'Tu carrito está vacío: añade algo antes de tramitar el pedido.',
    insurance: (name: string, price: string) => `Seguro de cancelación (${name}): ${price}`,
  },
  en: {
    title: '🛒 Your cart:',
    empty: 'Your cart is empty. Shall we book something?',
    book: '🎟️ Book tickets',
    addMore: '➕ Add another product',
    remove: (n: number, name: string) => `🗑️ Remove ${n}. ${name}`,
    checkout: '✅ Check out',
    toReservation: '💳 Continue with the reservation',
    addDraft: (name: string) => `➕ Add ${name}`,
    total: (amount: string) => `Total: ${amount}`,
    reservedUntil: (time: string) => `Your order is held until ${time}.`,
    otherZone: (time: string, zone: string, theirs: string) =>
      `${time} ${zone} time (${theirs} in mainland Spain)`,
    reservationLapsed: 'The reservation of your order expired: continue to reserve it again.',
    saleUnderWay:
      'The payment of this order is under way: continue with the reservation to finish it.',
    removing: 'Removing the line…',
    removed: (name: string) => `Done: ${name} is out of your cart.`,
    rebuilt: 'I had to start a new cart with the same products. Nothing was charged.',
    dropped: (name: string, reason: string) => `${name} could not be kept in the cart: ${reason}`,
    noLine: 'That line is no longer in your cart.',
    emptyCheckout: 'Your cart is empty: add something before checking out.',
    insurance: (name: string, price: string) => `Refund insurance (${name}): ${price}`,
  },
});

/** Sums amounts per currency (a cart has one; mixed ones are shown side by side). */
export function sumMoney(amounts: Money[]): Money[] {
  const byCurrency = new Map<string, number>();
  for (const amount of amounts)
    byCurrency.set(amount.currency, (byCurrency.get(amount.currency) ?? 0) + amount.cents);
  return [...byCurrency].map(([currency, cents]) => ({ cents, currency }));
}

export const formatAmounts = (amounts: Money[], lang: Lang): string =>
  amounts.length === 0
    ? formatPrice({ cents: 0, currency: 'EUR' }, lang)
    : amounts.map((amount) => formatPrice(amount, lang)).join(' + ');

export const lineTotal = (line: CartLine): Money => ({
  cents: line.unitPrice.cents * line.quantity,
  currency: line.unitPrice.currency,
});

/**
 * A line as the customer's language names it now: an activity's name from the catalog
 * drawn in that language (a combined product, a package or a gift card keeps its own).
 */
export function shownLine(line: CartLine, catalog: CatalogIndex | undefined): CartLine {
  if (line.parts !== undefined || line.package !== undefined || line.giftCard !== undefined) {
    return line;
  }
  return { ...line, name: nameNow(catalog, line.productId, line.name) };
}

/** "1. Museum — sáb, 13 jun · 17:00\n   2 × 12,50 € = 25,00 €" */
export function lineText(line: CartLine, n: number, lang: Lang): string {
  const price = `${line.quantity} × ${formatPrice(line.unitPrice, lang)} = ${formatPrice(lineTotal(line), lang)}`;
  // A gift card has no day: its date is only what the service asks for statistics.
  if (line.giftCard !== undefined) return `${n}. ${line.name}\n   ${price}`;
  const sessions = line.sessions.map((session) => session.label).filter((label) => label !== '');
  const when = [formatDate(line.accessDate, lang), ...sessions].join(' · ');
  return `${n}. ${line.name} — ${when}\n   ${price}`;
}

export const cartTotal = (cart: Cart): Money[] => sumMoney(cart.lines.map(lineTotal));

/** The reservation is over: the service or the scheduler said so, or its time is past. */
export const lapsed = (context: BookingContext, now: Date) =>
  context.reservation !== undefined &&
  (context.reservation.lapsed === true ||
    Date.parse(context.reservation.expiresAt) <= now.getTime());

// Beside the change it reads (the machine's shared actions use it too).
export { changedContext };

/** What to tell after a removal: a new cart is news only when it holds something. */
export const removalNotes = (change: CartChange, lang: Lang): string[] =>
  changeNotes({ ...change, rebuilt: change.rebuilt && change.cart.lines.length > 0 }, lang);

/** What to tell about a change beyond its purpose: a rebuilt cart, lines left out. */
export function changeNotes(change: CartChange, lang: Lang): string[] {
  const m = cartMessages(lang);
  return [
    ...(change.rebuilt ? [m.rebuilt] : []),
    ...(change.dropped ?? []).map((line) => m.dropped(line.name, line.reason)),
  ];
}

/** "18:45", or with the day when it is not today there: "18:45 (sáb, 13 jun)". */
export function holdTime(reservation: Reservation, now: Date, lang: Lang): string {
  const zone = reservation.zone ?? CUSTOMER_ZONE;
  const time = formatTime(reservation.expiresAtLocal);
  const day = reservation.expiresAtLocal.slice(0, 10) as IsoDate;
  const today = localNow(zone, now).slice(0, 10);
  const shown = day === today ? time : `${time} (${formatDate(day, lang)})`;
  if (zone === CUSTOMER_ZONE) return shown;
  // Another zone than the customer's (a Canary provider): named, with the customer's time.
  const theirs = formatTime(localNow(CUSTOMER_ZONE, new Date(reservation.expiresAt)));
  return cartMessages(lang).otherZone(shown, zoneName(zone, lang), theirs);
}

/** A zone as customers say it. */
function zoneName(zone: string, lang: Lang): string {
  if (zone === 'Atlantic/Canary') return lang === 'es' ? 'de Canarias' : 'Canary Islands';
  return zone;
}

const cartView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = cartMessages(lang);
  const home = { id: 'home', label: common(lang).home, event: { type: 'nav.home' as const } };
  const draft = pendingDraft(context);
  const addDraft = draft
    ? [
        {
          id: 'cart:add-draft',
          label: m.addDraft(nameNow(deps.catalog, draft.product.productId, draft.product.name)),
          event: { type: 'cart.add-draft' } as const,
        },
      ]
    : [];
  if (context.cart.lines.length === 0) {
    return {
      text: m.empty,
      expects: 'choice',
      options: [...addDraft, { id: 'book', label: m.book, event: { type: 'command.book' } }, home],
    };
  }
  const shown = context.cart.lines.map((line) => shownLine(line, deps.catalog));
  const lines = shown.map((line, i) => lineText(line, i + 1, lang));
  const text = [m.title, ...lines, m.total(formatAmounts(cartTotal(context.cart), lang))];
  const toReservation = {
    id: 'reservation',
    label: m.toReservation,
    event: { type: 'cart.checkout' } as const,
  };
  if (saleUnderWay(context)) {
    return {
      text: [...text, m.saleUnderWay].join('\n'),
      expects: 'choice',
      options: [toReservation, home],
    };
  }
  const reservation = context.reservation;
  if (reservation !== undefined) {
    text.push(
      lapsed(context, deps.now)
        ? m.reservationLapsed
        : m.reservedUntil(holdTime(reservation, deps.now, lang)),
    );
  }
  return {
    text: text.join('\n'),
    expects: 'choice',
    options: [
      reservation !== undefined
        ? toReservation
        : { id: 'checkout', label: m.checkout, event: { type: 'cart.checkout' } },
      ...addDraft,
      { id: 'cart:add-more', label: m.addMore, event: { type: 'cart.add-more' } },
      ...shown.map((line, i) => ({
        id: `remove:${line.cartItemId}`,
        label: m.remove(i + 1, line.name),
        event: { type: 'cart.remove', cartItemId: line.cartItemId } as const,
      })),
      home,
    ],
  };
};

export const cartState = booking.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      // "quita la entrada del niño", "vacía el carrito"… (steps/cart-words.ts).
      meta: { view: cartByText(cartView) },
      on: {
        'cart.add-more': [
          { guard: 'saleUnderWay', target: '#booking.reserved' },
          { target: '#booking.browse' },
        ],
        'cart.add-draft': [
          {
            guard: 'hasPendingDraft',
            target: '#booking.adding',
          },
        ],
        'cart.remove': [
          {
            guard: 'lineNotInCart',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: cartMessages(context.language).noLine }),
            },
          },
          { guard: 'saleUnderWay', target: '#booking.reserved' },
          { target: 'removing' },
        ],
        'cart.checkout': [
          {
            guard: 'cartIsEmpty',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: cartMessages(context.language).emptyCheckout }),
            },
          },
          {
            guard: 'saleOrReservationUnderWay',
            target: '#booking.reserved',
          },
          { target: '#booking.insurance' },
        ],
        'nav.back': { target: '#booking.home' },
      },
    },
    removing: partnerCall({
      waiting: (lang) => cartMessages(lang).removing,
      invoke: {
        src: 'removeFromCart',
        input: ({ context, event }) => ({
          cart: context.cart,
          cartItemId: event.type === 'cart.remove' ? event.cartItemId : '',
          language: context.language,
          reserved: context.reservation !== undefined,
        }),
        onDone: { target: 'idle', actions: lineRemoved },
      },
      failed: 'idle',
    }),
    ...cartWordStates,
  },
});
