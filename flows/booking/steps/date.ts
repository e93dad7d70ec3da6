/**
 * The access date: only sellable dates (the product's, with sale window, cut-offs and the
 * capacity of limited days applied when it was opened), as buttons for the first few, a
 * calendar hint with all of them, and dates typed in words or numbers. Skipped when the
 * provider does not ask for a date (DemandAccessDate false: the purchase date, or an
 * open date whose date is not asked). With DatePerTicketEnclosure, each enclosure of the
 * product's tickets gets a date, all within one price set.
 */
import { assign } from 'xstate';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { booking } from '../setup.js';
import type { BookingContext, Draft, Money } from '../types.js';
import {
  dayOption,
  type BookingView,
  type TextReading,
  type ViewDeps,
  type ViewFn,
} from '../view.js';
import { closedText, exchangeClosed } from './giftcards/exchange.js';
import { nearestDates, parseTypedDate } from '#flows/booking/choosing/dates.js';

export { nearestDates };
import { onlyTodayText } from '#flows/booking/choosing/explain.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import { priceByDay } from '#flows/booking/choosing/prices.js';
import {
  dayIsFull,
  dayPlaces,
  dayRoom,
  roomyDates,
  shownDates,
  type Room,
} from '#flows/booking/choosing/room.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { dateRefusal, understoodDate, wishedDate, without } from '#flows/booking/choosing/wish.js';
import { passedThisYear } from '#flows/understanding/dates.js';
import { passedRefusedText } from '#flows/booking/choosing/explain.js';

/** How many dates are offered as buttons (the rest by calendar or typing). */
export const DATE_BUTTONS = 6;

const messages = defineMessages({
  es: {
    ask: '¿Qué día quieres ir? Elige una fecha o escríbela (por ejemplo «mañana», «el sábado» o «12/8»).',
    askFirst: (name: string) =>
      `¿Qué día quieres ir a «${name}»? Elige una fecha o escríbela (por ejemplo «mañana» o «12/8»).`,
    openDate:
      'Es una entrada de fecha abierta: la fecha que elijas es el primer día en que es válida.',
    enclosure: (name: string, date: string) =>
      `¿Y para «${name}»? Puede ser el mismo día (${date}) u otro día con el mismo precio.`,
    same: (date: string) => `Mismo día (${date})`,
    fixedToday: (date: string) => `Este producto se vende para el día de la compra: hoy, ${date}.`,
    fixedOpen: (date: string) =>
      `Entrada de fecha abierta: no hace falta elegir día; es válida desde el ${date}.`,
    unreadable: (text: string) =>
      `No he entendido «${text}» como fecha. Escribe por ejemplo «mañana», «el sábado» o «12/8», o elige un día.`,
    past: (date: string) => `El ${date} ya ha pasado.`,
    notSellable: (date: string) => `El ${date} no está disponible.`,
    nearest: (dates: string) => `Las fechas disponibles más cercanas: ${dates}.`,
    notSamePrice: (date: string) =>
      `El ${date} no comparte precio con la fecha elegida: todas las fechas de una compra deben tener el mismo precio.`,
    noDates: 'No quedan fechas disponibles para este producto.',
    soldOut: (date: string) => `El ${date} está agotado.`,
    nearestRoom: (dates: string) => `Los días más cercanos con plazas: ${dates}.`,
    markSoldOut: 'agotado',
    markFew: (left: number) => (left === 1 ? 'queda 1' : `quedan ${left}`),
  },
  en: {
    ask: 'Which day would you like to go? Choose a date or type it (e.g. "tomorrow", "Saturday" or "12/8").',
    askFirst: (name: string) =>
      `Which day would you like to go to "${name}"? Choose a date or type it (e.g. "tomorrow" or "12/8").`,
    openDate: 'This is an open-date ticket: the date you choose is the first day it is valid.',
    enclosure: (name: string, date: string) =>
      `And for "${name}"? It can be the same day (${date}) or another day with the same price.`,
    same: (date: string) => `Same day (${date})`,
    fixedToday: (date: string) => `This product is sold for the day of purchase: today, ${date}.`,
    fixedOpen: (date: string) =>
      `Open-date ticket: no need to choose a day; it is valid from ${date}.`,
    unreadable: (text: string) =>
      `I could not read "${text}" as a date. Type for example "tomorrow", "Saturday" or "12/8", or choose a day.`,
    past: (date: string) => `${date} has already passed.`,
    notSellable: (date: string) => `${date} is not available.`,
    nearest: (dates: string) => `The nearest available dates: ${dates}.`,
    notSamePrice: (date: string) =>
      `${date} does not share the price of the date you chose: all dates of a purchase must have the same price.`,
    noDates: 'There are no dates left for this product.',
    soldOut: (date: string) => `${date} is sold out.`,
    nearestRoom: (dates: string) => `The nearest days with room: ${dates}.`,
    markSoldOut: 'sold out',
    markFew: (left: number) => `${left} left`,
  },
});

/** The provider-local today of the draft's provider (the machine's clock otherwise). */
function todayOf(context: BookingContext, deps: ViewDeps): IsoDate {
  const provider = context.draft && deps.catalog.provider(context.draft.product.providerId);
  return provider
    ? dateOf(providerNow(provider, deps.now))
    : dateOf(providerNow({ taxType: 0 }, deps.now));
}

/**
 * The draft's dates that may be chosen from today on (a conversation may be resumed days
 * later): on sale, and not full (choosing/room.ts).
 */
export function availableDates(context: BookingContext, deps: ViewDeps): IsoDate[] {
  const today = todayOf(context, deps);
  const product = context.draft?.product;
  return product ? roomyDates(product, context.cart.lines, today) : [];
}

/** The days shown as buttons from today on: those that may be chosen and the full ones. */
export function shownFromToday(context: BookingContext, deps: ViewDeps): readonly IsoDate[] {
  const today = todayOf(context, deps);
  const product = context.draft?.product;
  return product ? shownDates(product, today) : [];
}

/** How full each day is, for the buttons' marks. */
export function dayRoomOf(context: BookingContext) {
  const product = context.draft?.product;
  return (date: IsoDate): { room: Room; left?: number } =>
    product
      ? {
          room: dayRoom(product, date, context.cart.lines),
          left: dayPlaces(product, date, context.cart.lines),
        }
      : { room: undefined };
}

/**
 * A full day asked for: why not, and the nearest days with room (from the dates the
 * product was opened with: a notice has no clock; the buttons after it are from today).
 */
export function fullDayText(context: BookingContext, date: IsoDate): string {
  const lang = context.language;
  const m = messages(lang);
  const product = context.draft?.product;
  const roomy = product ? roomyDates(product, context.cart.lines) : [];
  const near = nearestDates(roomy, date).map((d) => formatDate(d, lang));
  const why = m.soldOut(formatDate(date, lang, 'long'));
  return near.length > 0 ? `${why} ${m.nearestRoom(near.join('; '))}` : `${why} ${m.noDates}`;
}

/** Reads a typed date against the dates that may be chosen. */
function readDate(
  text: string,
  lang: Lang,
  today: IsoDate,
  available: readonly IsoDate[],
  refusal: (date: IsoDate) => string,
  /** A full day: taken as a tap on its button (the step refuses it, offering others). */
  full: (date: IsoDate) => boolean = () => false,
): TextReading {
  const m = messages(lang);
  let date = parseTypedDate(text, lang, today);
  // A bare number that is not a button: a day of the month.
  if (!date && /^\d{1,2}$/.test(text.trim()))
    date = parseTypedDate(`el ${text.trim()}`, 'es', today);
  date ??= understoodDate(text, today, available);
  if (!date) return { error: m.unreadable(text.trim()) };
  // "el 3 de mayo" in June: this year's has passed; next year's is asked, not assumed.
  const passed = passedThisYear(date, today, text);
  if (passed !== undefined) return { error: passedRefusedText(date, passed, available, lang) };
  if (available.includes(date) || (date >= today && full(date)))
    return { event: { type: 'date.pick', date } };
  const shown = formatDate(date, lang, 'long');
  const why = date < today ? m.past(shown) : refusal(date);
  const near = nearestDates(available, date).map((d) => formatDate(d, lang));
  return {
    error: near.length > 0 ? `${why} ${m.nearest(near.join('; '))}` : `${why} ${m.noDates}`,
  };
}

/**
 * The first dates as buttons; with `priceOf`, each day's price on its button when the
 * days shown do not all cost the same (the price is then part of the choice); with
 * `roomOf`, full days marked sold out and those with few places left marked so.
 */
export function dateOptions(
  dates: readonly IsoDate[],
  lang: Lang,
  priceOf?: (date: IsoDate) => Readonly<Money> | undefined,
  roomOf?: (date: IsoDate) => { room: Room; left?: number },
) {
  const m = messages(lang);
  const shown = dates.slice(0, DATE_BUTTONS);
  const prices = shown.map((date) => priceOf?.(date));
  // Also when the days shown cost more than the "from" price of the card: the customer
  // sees the real price before the quantity.
  const key = (price: Money | undefined) => (price ? `${price.cents}${price.currency}` : '');
  // The lowest price of all the days (the first day of it), read day by day, no list.
  let from: Money | undefined;
  if (priceOf) {
    for (const date of dates) {
      const price = priceOf(date);
      if (price !== undefined && (from === undefined || price.cents < from.cents)) from = price;
    }
  }
  const differ = new Set([...prices.map(key), key(from)].filter(Boolean)).size > 1;
  return shown.map((date, index) => {
    const price = prices[index];
    const room = roomOf?.(date);
    const parts = [formatDate(date, lang)];
    if (differ && price) parts.push(formatPrice(price, lang));
    if (room?.room === 'full') parts.push(m.markSoldOut);
    else if (room?.room === 'few' && room.left !== undefined) parts.push(m.markFew(room.left));
    return dayOption(date, parts.join(' · '));
  });
}

/** The day's unit price of the draft's product, from the catalog. */
export function dayPrice(context: BookingContext, deps: ViewDeps) {
  const entry = context.draft && deps.catalog.product(context.draft.product.productId);
  if (entry === undefined || context.draft?.product.requiresRealTimePrice) return undefined;
  return priceByDay(entry);
}

const navigation = (lang: Lang) => {
  const c = common(lang);
  return [
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
};

export const dateView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const available = availableDates(context, deps);
  const first = context.draft?.product.rules?.dateEnclosures?.[0];
  const lines = [first ? m.askFirst(first.name) : m.ask];
  if (context.draft?.product.openDate) lines.push(m.openDate);
  if (available.length === 0) lines.push(m.noDates);
  // After a full day was asked for, the days around it; else the first ones.
  const shown = shownFromToday(context, deps);
  const near = context.draft?.nearDate;
  const buttons = near ? nearestDates(shown, near, DATE_BUTTONS) : shown;
  const options = [
    ...dateOptions(buttons, lang, dayPrice(context, deps), dayRoomOf(context)),
    ...navigation(lang),
  ];
  const today = todayOf(context, deps);
  const full = (date: IsoDate) =>
    context.draft !== undefined && dayIsFull(context.draft.product, date, context.cart.lines);
  // The days shown are the product's (on sale or sold out): only their room is asked.
  const draft = context.draft;
  const fullShown = draft
    ? shown.filter((date) => dayRoom(draft.product, date, context.cart.lines) === 'full')
    : [];
  return {
    text: lines.join('\n'),
    options,
    expects: 'date',
    calendar: { available, ...(fullShown.length > 0 ? { full: fullShown } : {}) },
    // A bare number is a day of the month here ("el 2"), never the second button: the
    // question asks for a date, and the buttons are dates too.
    readText: (text) =>
      (/^\s*\d{1,2}\s*$/.test(text) ? undefined : optionByNumber(options, text)) ??
      readDate(
        text,
        lang,
        today,
        available,
        (date) => m.notSellable(formatDate(date, lang, 'long')),
        full,
      ),
  };
};

/** Dates that may join the chosen ones: in a price set holding all of them. */
export function datesSharingSet(draft: Draft): IsoDate[] {
  const chosen = Object.values(draft.enclosureDates ?? {});
  const sets = draft.product.rules?.priceSets ?? [draft.product.dates];
  const dates = sets.filter((set) => chosen.every((date) => set.includes(date))).flat();
  return [...new Set(dates)].sort();
}

/** Every enclosure of the product on the draft's day (DatePerTicketEnclosure). */
function sameDayEverywhere(draft: Draft): Draft {
  const day = draft.accessDate!;
  const dates = { ...draft.enclosureDates };
  for (const enclosure of draft.product.rules?.dateEnclosures ?? [])
    dates[enclosure.enclosureId] ??= day;
  return { ...draft, enclosureDates: dates };
}

/** The next enclosure without a date (DatePerTicketEnclosure). */
const pendingEnclosure = (draft: Draft | undefined) =>
  draft?.product.rules?.dateEnclosures?.find(
    (enclosure) => draft.enclosureDates?.[enclosure.enclosureId] === undefined,
  );

export const enclosureDateView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const draft = context.draft;
  const enclosure = pendingEnclosure(draft);
  const today = todayOf(context, deps);
  const available = draft ? datesSharingSet(draft).filter((date) => date >= today) : [];
  const main = draft?.accessDate;
  const mainText = main ? formatDate(main, lang) : '';
  const others = available.filter((date) => date !== main);
  const options = [
    ...(main ? [dayOption(main, m.same(mainText))] : []),
    ...dateOptions(others, lang).slice(0, DATE_BUTTONS - 1),
    ...navigation(lang),
  ];
  return {
    text: m.enclosure(enclosure?.name ?? '', mainText),
    options,
    expects: 'date',
    calendar: { available },
    readText: (text) =>
      optionByNumber(options, text) ??
      readDate(text, lang, today, available, (date) =>
        draft?.product.dates.includes(date)
          ? m.notSamePrice(formatDate(date, lang, 'long'))
          : m.notSellable(formatDate(date, lang, 'long')),
      ),
  };
};

const wishedDay = (context: BookingContext) =>
  context.wish?.date?.kind === 'date' ? context.wish.date.date : undefined;
/** The day a message asked for a product sold for the purchase day only, when not that day. */
function todayOnlyRefused(context: BookingContext) {
  const product = context.draft?.product;
  const asked = context.wish?.date;
  if (!product?.fixedDate || product.openDate || !asked) return undefined;
  const fixed = product.fixedDate;
  const covers =
    asked.kind === 'date' ? asked.date === fixed : asked.from <= fixed && fixed <= asked.to;
  return covers ? undefined : asked;
}

const todayOnlyView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const fixedDate = context.draft!.product.fixedDate!;
  const asked = todayOnlyRefused(context) ?? { kind: 'date' as const, date: fixedDate };
  const c = common(lang);
  return {
    text: onlyTodayText(fixedDate, asked, lang),
    expects: 'choice',
    options: [
      {
        id: 'today',
        label: `✅ ${formatDate(fixedDate, lang)}`,
        event: { type: 'date.pick', date: fixedDate },
      },
      { id: 'back', label: c.back, event: { type: 'nav.back' } },
      { id: 'home', label: c.home, event: { type: 'nav.home' } },
    ],
  };
};

/** Back from a step after the date: the date, or the card when the date was not asked. */
export const backToDate = [
  {
    // Redeeming a gift card of a product whose date is not asked: back to the gift card.
    guard: ({ context }: { context: BookingContext }) =>
      context.draft?.product.fixedDate !== undefined && context.draft.giftCard !== undefined,
    target: '#booking.giftcards.redeem.card',
  },
  {
    guard: ({ context }: { context: BookingContext }) =>
      context.draft?.product.fixedDate !== undefined,
    target: '#booking.product.card',
  },
  { target: '#booking.date' },
];

export const dateState = booking.createStateConfig({
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: ({ context }) => !context.draft, target: '#booking.browse' },
        {
          // Sold for the purchase day only, and a message asked another: asked, not assumed.
          guard: ({ context }) => todayOnlyRefused(context) !== undefined,
          target: 'fixed',
        },
        {
          guard: ({ context }) => context.draft?.product.fixedDate !== undefined,
          target: '#booking.session',
          actions: [
            assign({
              draft: ({ context }) => ({
                ...context.draft!,
                accessDate: context.draft!.product.fixedDate,
                enclosureDates: undefined,
              }),
            }),
            {
              type: 'notify',
              params: ({ context }) => {
                const m = messages(context.language);
                const { fixedDate, openDate } = context.draft!.product;
                const shown = formatDate(fixedDate!, context.language, 'long');
                return { text: openDate ? m.fixedOpen(shown) : m.fixedToday(shown) };
              },
            },
          ],
        },
        {
          // A booking in one message: its date, when the product sells it.
          guard: ({ context }) => wishedDate(context) !== undefined,
          target: 'more',
          actions: assign({
            draft: ({ context }) => {
              const date = wishedDate(context)!;
              const first = context.draft!.product.rules?.dateEnclosures?.[0];
              return {
                ...context.draft!,
                accessDate: date,
                enclosureDates: first ? { [first.enclosureId]: date } : undefined,
              };
            },
            wish: ({ context }) => without(context, 'date'),
          }),
        },
        {
          // …a full day (a tap on the card's marked button, or said): why, and the days around it.
          guard: ({ context }) =>
            context.wish?.date?.kind === 'date' &&
            dayIsFull(context.draft!.product, context.wish.date.date, context.cart.lines),
          target: 'pick',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({ text: fullDayText(context, wishedDay(context)!) }),
            },
            assign({
              draft: ({ context }) => ({ ...context.draft!, nearDate: wishedDay(context) }),
              wish: ({ context }) => without(context, 'date'),
            }),
          ],
        },
        {
          // …and when it does not, the reason, and the question.
          guard: ({ context }) => context.wish?.date !== undefined,
          target: 'pick',
          actions: [
            { type: 'notify', params: ({ context }) => ({ text: dateRefusal(context) }) },
            assign({ wish: ({ context }) => without(context, 'date') }),
          ],
        },
        { target: 'pick' },
      ],
    },
    fixed: {
      meta: { view: todayOnlyView },
      on: {
        'date.pick': {
          guard: ({ context, event }) => event.date === context.draft?.product.fixedDate,
          target: '#booking.session',
          actions: assign({
            draft: ({ context }) => ({
              ...context.draft!,
              accessDate: context.draft!.product.fixedDate,
              enclosureDates: undefined,
            }),
            wish: ({ context }) => without(context, 'date'),
          }),
        },
        'nav.back': { target: '#booking.product.card', actions: 'dropWish' },
      },
    },
    pick: {
      meta: { view: dateView },
      on: {
        'date.pick': [
          {
            // A gift card being redeemed: its exchange for that date has closed.
            guard: ({ context, event }) =>
              (context.draft?.product.dates.includes(event.date) ?? false) &&
              exchangeClosed(context.draft, event.date),
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                text: closedText(context.draft!, event.date, context.language),
              }),
            },
          },
          {
            // A full day (its button marked, or typed): why not, and the days around it.
            guard: ({ context, event }) =>
              context.draft !== undefined &&
              dayIsFull(context.draft.product, event.date, context.cart.lines),
            target: 'pick',
            reenter: true,
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({ text: fullDayText(context, event.date) }),
              },
              assign({
                draft: ({ context, event }) => ({ ...context.draft!, nearDate: event.date }),
              }),
            ],
          },
          {
            guard: ({ context, event }) =>
              context.draft?.product.dates.includes(event.date) ?? false,
            target: 'more',
            actions: assign({
              draft: ({ context, event }) => {
                const first = context.draft!.product.rules?.dateEnclosures?.[0];
                return {
                  ...context.draft!,
                  accessDate: event.date,
                  enclosureDates: first ? { [first.enclosureId]: event.date } : undefined,
                  nearDate: undefined,
                };
              },
            }),
          },
        ],
        'nav.back': [
          {
            guard: ({ context }) => context.draft?.giftCard !== undefined,
            target: '#booking.giftcards.redeem.card',
          },
          { target: '#booking.product.card' },
        ],
      },
    },
    more: {
      always: [
        {
          // The day chosen is the visit's: the other areas a ticket includes (the wave pool
          // of the park's admission) are that day too, never a second date asked for. Each
          // may have its own date (DatePerTicketEnclosure), but only optionally; the step
          // that asks stays for conversations stored resting in it.
          guard: ({ context }) =>
            pendingEnclosure(context.draft) !== undefined &&
            context.draft?.accessDate !== undefined &&
            datesSharingSet(context.draft).includes(context.draft.accessDate),
          target: '#booking.session',
          actions: assign({ draft: ({ context }) => sameDayEverywhere(context.draft!) }),
        },
        {
          guard: ({ context }) => pendingEnclosure(context.draft) !== undefined,
          target: 'enclosure',
        },
        { target: '#booking.session' },
      ],
    },
    enclosure: {
      meta: { view: enclosureDateView },
      on: {
        'date.pick': {
          guard: ({ context, event }) =>
            context.draft !== undefined && datesSharingSet(context.draft).includes(event.date),
          target: 'more',
          actions: assign({
            draft: ({ context, event }) => {
              const draft = context.draft!;
              const enclosure = pendingEnclosure(draft)!;
              return {
                ...draft,
                enclosureDates: { ...draft.enclosureDates, [enclosure.enclosureId]: event.date },
              };
            },
          }),
        },
        'nav.back': [
          {
            guard: ({ context }) => Object.keys(context.draft?.enclosureDates ?? {}).length <= 1,
            target: 'pick',
            actions: assign({
              draft: ({ context }) => ({
                ...context.draft!,
                accessDate: undefined,
                enclosureDates: undefined,
              }),
            }),
          },
          {
            target: 'enclosure',
            reenter: true,
            actions: assign({
              draft: ({ context }) => {
                const draft = context.draft!;
                const order = draft.product.rules?.dateEnclosures ?? [];
                const dated = order.filter(
                  (e) => draft.enclosureDates?.[e.enclosureId] !== undefined,
                );
                const last = dated.at(-1)!.enclosureId;
                const { [last]: _dropped, ...rest } = draft.enclosureDates ?? {};
                return { ...draft, enclosureDates: rest };
              },
            }),
          },
        ],
      },
    },
  },
});
