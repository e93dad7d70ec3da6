/**
 * A booking asked in one message ("2 adultos y 1 niño al acuario mañana a las 11"):
 * the understanding layer reads it, the product opens, and the date, session and
 * quantity steps take what the message said instead of asking. A value a rule refuses
 * (a closed day, a full session, too many) is asked again with the step's reason.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import { personLabel } from '#src/domain/people.js';
import { defineMessages } from '#src/i18n/messages.js';
import { onlyFiller } from '#flows/understanding/intents.js';
import {
  audienceOnly,
  totalQuantity,
  type Daypart,
  understand,
  type Understanding,
} from '#flows/understanding/understand.js';
import { roomyDates } from './room.js';
import type { BookingContext, BookingEvent, Wish } from '#flows/booking/types.js';
import type { TextReading, ViewDeps } from '#flows/booking/view.js';
import { catalogFinder } from './finder.js';
import { dayRefusedText, pastText } from './explain.js';
import { formatDate } from './format.js';

const messages = defineMessages({
  es: {
    timeRefused: (time: string) => `No hay sesión a las ${time} ese día.`,
    kept: (what: string) => `Vale: ${what}. Elige qué reservar.`,
    hours:
      'Los días y las sesiones de cada sitio están en la ficha de cada producto: dime cuál (por ejemplo «museo») o elige de la lista.',
    onDate: (date: string) => `el ${date}`,
    between: (from: string, to: string) => `del ${from} al ${to}`,
    at: (time: string) => `a las ${time}`,
    daypart: (part: Daypart) =>
      ({ morning: 'por la mañana', afternoon: 'por la tarde', evening: 'por la noche' })[part],
    tickets: (n: number) => (n === 1 ? '1 entrada' : `${n} entradas`),
  },
  en: {
    timeRefused: (time: string) => `There is no session at ${time} that day.`,
    kept: (what: string) => `OK: ${what}. Choose what to book.`,
    hours:
      'The days and sessions of each place are on each product\'s card: tell me which (e.g. "museum") or choose from the list.',
    onDate: (date: string) => date,
    between: (from: string, to: string) => `${from} to ${to}`,
    at: (time: string) => `at ${time}`,
    daypart: (part: Daypart) =>
      ({ morning: 'in the morning', afternoon: 'in the afternoon', evening: 'in the evening' })[
        part
      ],
    tickets: (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`),
  },
});

/** Madrid's today (every provider of the service is in Spain; the Canaries share the date but near midnight). */
export const todayFor = (deps: ViewDeps): IsoDate => dateOf(providerNow({ taxType: 0 }, deps.now));

export function readMessage(text: string, deps: ViewDeps): Understanding {
  return understand(text, { today: todayFor(deps), finder: catalogFinder(deps.catalog, deps.now) });
}

/**
 * The date, time and quantity a reading gives; with ticket types said ("2 adultos y 2
 * niños"), how many of each too, so that the split reaches the product chosen later (its
 * ticket-types step) rather than only its total.
 */
export function wishOf(reading: Understanding): Wish {
  const { slots } = reading;
  const quantity = totalQuantity(slots);
  return {
    ...(slots.date ? { date: slots.date.value } : {}),
    ...(slots.time ? { time: slots.time.value } : {}),
    ...(slots.daypart ? { daypart: slots.daypart.value } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(slots.tickets ? { types: { ...slots.tickets.value } } : {}),
  };
}

export const hasAny = (wish: Wish) => Object.keys(wish).length > 0;

/**
 * The event of a booking message read where a product can be chosen (home, browse):
 * a product with what else it says, a combined product, or the place to browse.
 * Undefined when the message names nothing of the catalog.
 */
export function bookingEvent(reading: Understanding): BookingEvent | undefined {
  const { product, place, perType } = reading.slots;
  const wish = wishOf(reading);
  // "2 adultos y 1 niño al museo": the first type's product, and how many of each type
  // (the ticket-types step takes them together).
  if (perType) {
    const { quantity: _total, ...shared } = wish;
    const types = Object.fromEntries(perType.value.map((item) => [item.type, item.quantity]));
    return { type: 'wish', productId: perType.value[0]!.productId, wish: { ...shared, types } };
  }
  if (product?.value.kind === 'product') return { type: 'wish', productId: product.value.id, wish };
  // Not one product: the wish is kept through the choice of the combined product's day,
  // or of the place's category and product, and applied once the product is opened.
  const kept = hasAny(wish) ? { wish } : {};
  if (product?.value.kind === 'combined')
    return { type: 'combined.pick', combinedProductId: product.value.id, ...kept };
  if (place) return { type: 'browse.provider', providerId: place.value.providerId, ...kept };
  return undefined;
}

/**
 * A message asking for a package ("paquete con hotel en gran canaria", "a package with
 * hotel"): the packages flow, whatever products the place's name also finds.
 */
export const packageAsked = (reading: Understanding): TextReading | undefined =>
  reading.intent === 'packages' ? { event: { type: 'package.open' } } : undefined;

/**
 * "what time does it open?" naming no place: answered with where the sessions are, never
 * a product found by the word "time".
 */
export const hoursAsked = (reading: Understanding, lang: Lang): TextReading | undefined =>
  reading.intent === 'hours' && !reading.slots.product && !reading.slots.place
    ? { error: messages(lang).hours }
    : undefined;

/** "kids", "para niños", "family": what there is for them, searched. */
export const audienceSearch = (text: string, reading: Understanding): TextReading | undefined =>
  audienceOnly(reading.rest) && !hasAny(wishOf(reading))
    ? { event: { type: 'browse.query', query: text.trim() } }
    : undefined;

/** A wish in words: "el sábado, 13 de junio de 2026, a las 11:00, 3 entradas". */
export function wishWords(wish: Wish, lang: Lang): string {
  const m = messages(lang);
  const parts: string[] = [];
  if (wish.date?.kind === 'date') parts.push(m.onDate(formatDate(wish.date.date, lang, 'long')));
  if (wish.date?.kind === 'range')
    parts.push(
      m.between(formatDate(wish.date.from, lang, 'long'), formatDate(wish.date.to, lang, 'long')),
    );
  if (wish.time) parts.push(m.at(wish.time));
  if (wish.daypart) parts.push(m.daypart(wish.daypart));
  if (wish.types !== undefined) parts.push(typesWords(wish.types, lang));
  else if (wish.quantity !== undefined) parts.push(m.tickets(wish.quantity));
  return parts.join(', ');
}

/** "2 adultos · 2 niños", in the order the ticket-types step shows them. */
export function typesWords(types: NonNullable<Wish['types']>, lang: Lang): string {
  return KIND_ORDER.filter((kind) => (types[kind] ?? 0) > 0)
    .map((kind) => personLabel(kind, undefined, lang, types[kind]))
    .join(' · ');
}

const KIND_ORDER = ['adult', 'child', 'senior', 'baby', 'generic'] as const;

/** Said when slots typed at a list are kept for the product still to be chosen. */
export const keptText = (wish: Wish, lang: Lang) => messages(lang).kept(wishWords(wish, lang));

/** Words that join slots ("2 adultos y 2 niños el sábado"): no search of their own. */
const JOINING = new Set(['y', 'e', 'and', 'con', 'with', 'para', 'for', 'de', 'of']);

/**
 * A message that is only slots ("el sábado", "para 3 personas") where a product is still
 * to be chosen: kept as the wish rather than searched.
 */
export function onlySlots(reading: Understanding): TextReading | undefined {
  const wish = wishOf(reading);
  const { product, place, perType } = reading.slots;
  const rest = reading.rest.filter((word) => !JOINING.has(word));
  if (!hasAny(wish) || product || place || perType || !onlyFiller(rest)) return undefined;
  return { event: { type: 'wish', wish } };
}

/**
 * At the product card: "el sábado, 3 personas" fills the later steps; "how much is it?"
 * is answered with the card's price line.
 */
export function cardReading(
  text: string,
  deps: ViewDeps,
  priceLine: string,
  lang: Lang,
): TextReading | undefined {
  const reading = understand(text, { today: todayFor(deps) });
  const wish = wishOf(reading);
  const past = pastRefusal(reading, deps, lang);
  if (past) return past;
  if (hasAny(wish)) return { event: { type: 'wish', wish } };
  if (reading.intent === 'price' && priceLine !== '') return { error: priceLine };
  return undefined;
}

/** The wished date when the product sells it: a single date, or the first of a range. */
export function wishedDate(context: BookingContext): IsoDate | undefined {
  const wish = context.wish?.date;
  const product = context.draft?.product;
  // Full days are not had (choosing/room.ts): the date step says why.
  const dates = product ? roomyDates(product, context.cart.lines) : [];
  if (!wish) return undefined;
  // "el 3 de mayo" in June: next year's is asked about, never taken unsaid.
  if (wish.kind === 'date')
    return dates.includes(wish.date) && wish.passed === undefined ? wish.date : undefined;
  return dates.find((date) => date >= wish.from && date <= wish.to);
}

/** Why the wished date cannot be had (the date step then asks). */
export function dateRefusal(context: BookingContext): string {
  return dayRefusedText(context.wish!.date!, context.draft?.product.dates ?? [], context.language);
}

/**
 * A message's date that has passed ("ayer"), refused where it is read with the reason:
 * nothing is kept of it, and the customer says the day again.
 */
export function pastRefusal(reading: Understanding, deps: ViewDeps, lang: Lang) {
  const date = reading.slots.date?.value;
  // A day and month without a year that passed, with what to book: the choice is kept and
  // the date step says the day passed, with the days on sale (dateRefusal).
  const { product, perType, place } = reading.slots;
  if (date?.kind === 'date' && date.passed !== undefined && (product || perType || place))
    return undefined;
  const text = date && pastText(date, todayFor(deps), lang);
  return text ? { error: text } : undefined;
}

export const timeRefusal = (context: BookingContext) =>
  messages(context.language).timeRefused(context.wish?.time ?? '');

/** The wish without one of its values (once used, or refused). */
export const without = (context: BookingContext, key: keyof Wish): Wish | undefined => {
  if (!context.wish) return undefined;
  const { [key]: _dropped, ...rest } = context.wish;
  return hasAny(rest) ? rest : undefined;
};

/**
 * What the understanding layer reads in an answer typed at the date step when the step's
 * own reader reads nothing ("el finde", "navidad", "sabdo", "mñana"): a date, or the
 * first available date of a range (its first day when none is available, so the step
 * explains why and offers the nearest).
 */
export function understoodDate(
  text: string,
  today: IsoDate,
  available: readonly IsoDate[],
): IsoDate | undefined {
  const date = understand(text, { today }).slots.date?.value;
  if (!date) return undefined;
  if (date.kind === 'date') return date.date;
  return available.find((day) => day >= date.from && day <= date.to) ?? date.from;
}

/** How many an answer at the quantity step says ("veinte", "a couple", "2 adultos y 1 niño"). */
export const understoodQuantity = (text: string): number | undefined =>
  totalQuantity(understand(text, { today: '2000-01-01' as IsoDate }).slots);

/** The session time an answer at the session step says ("a las 11", "at 5pm"). */
export const understoodTime = (text: string): string | undefined =>
  understand(text, { today: '2000-01-01' as IsoDate }).slots.time?.value;
