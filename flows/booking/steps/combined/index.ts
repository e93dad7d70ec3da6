/**
 * Combined products (e.g. "Maritime Valencia": museum + boat): products that may be sold
 * only together (CanOnlyBeSoldAsPartOfCombinedProduct) are offered as one, under their
 * provider in browse. Its card (card.ts: what it includes, the combined price of the
 * first days, the policies) with those days as buttons; then a day on which every
 * product is on sale, its combined price (POST /realTimePrices with CombinedProducts;
 * read with the card for the days it shows) before how many, and into the cart as one
 * line (every product added with the same CombinedProductId). Checkout as usual.
 *
 * Where the spec is silent (decisions):
 * - A combined product belongs to the provider of its first product, and is offered
 *   when every product of it is in the catalog and they share a day on sale.
 * - Its quantity is bounded as its products' are (the strictest of them).
 */
import { assign } from 'xstate';
import type { IsoDate } from '#src/domain/time.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Option } from '#flows/view.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import {
  cardPrice,
  combinedBounds,
  dayOf,
  product,
  wishedDay,
} from '#flows/booking/guards/combined.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent, CombinedDraft } from '#flows/booking/types.js';
import { dayOption, type BookingView, type ViewFn } from '#flows/booking/view.js';
import { changeNotes, changedContext } from '../cart.js';
import { DATE_BUTTONS, nearestDates } from '../date.js';
import { dayRefusedText } from '#flows/booking/choosing/explain.js';
import { parseTypedDate } from '#flows/booking/choosing/dates.js';
import { formatDate, formatPrice, formatTotal } from '#flows/booking/choosing/format.js';
import { combinedCard, combinedCardOptions } from './card.js';
import { readCount } from '#flows/booking/choosing/read.js';
export { combinedDates, combinedEntries, combinedOptions } from './offer.js';

const messages = defineMessages({
  es: {
    opening: 'Preparando la entrada combinada…',
    date: (name: string, parts: string) =>
      `🎫 ${name} (${parts}). ¿Qué día quieres ir? Elige una fecha o escríbela.`,
    noDates: 'No quedan fechas disponibles para esta entrada combinada.',
    quantity: (name: string, date: string, price: string) =>
      `🎫 ${name}, ${date}. Precio combinado: ${price} cada una. ¿Cuántas quieres?`,
    pricing: 'Consultando el precio combinado…',
    price: (name: string, date: string, total: string) =>
      `🎫 ${name}, ${date}\nPrecio combinado: ${total}.`,
    add: '🛒 Añadir al carrito',
    adding: 'Añadiendo al carrito…',
    added: (name: string) => `✅ ${name} está en tu carrito.`,
    unreadable: (text: string) =>
      `No he entendido «${text}» como fecha. Escribe por ejemplo «mañana», «el sábado» o «12/8».`,
    notAvailable: (date: string, near: string) =>
      `El ${date} no está disponible. Las fechas más cercanas: ${near}.`,
    count: (min: number, max: number) => `Escribe un número de ${min} a ${max}.`,
  },
  en: {
    opening: 'Getting the combined ticket ready…',
    date: (name: string, parts: string) =>
      `🎫 ${name} (${parts}). Which day would you like to go? Choose a date or type it.`,
    noDates: 'There are no dates left for this combined ticket.',
    quantity: (name: string, date: string, price: string) =>
      `🎫 ${name}, ${date}. Combined price: ${price} each. How many would you like?`,
    pricing: 'Checking the combined price…',
    price: (name: string, date: string, total: string) =>
      `🎫 ${name}, ${date}\nCombined price: ${total}.`,
    add: '🛒 Add to cart',
    adding: 'Adding to your cart…',
    added: (name: string) => `✅ ${name} is in your cart.`,
    unreadable: (text: string) =>
      `I could not read "${text}" as a date. Type for example "tomorrow", "Saturday" or "12/8".`,
    notAvailable: (date: string, near: string) =>
      `${date} is not available. The nearest dates: ${near}.`,
    count: (min: number, max: number) => `Type a number from ${min} to ${max}.`,
  },
});

const navigation = (lang: Lang): Option<BookingEvent>[] => [
  { id: 'back', label: common(lang).back, event: { type: 'nav.back' } },
  { id: 'home', label: common(lang).home, event: { type: 'nav.home' } },
];

/** Dates from today on (a conversation may be resumed days later). */
function upcoming(context: BookingContext, catalog: CatalogIndex, now: Date): IsoDate[] {
  const providerId = product(context)?.providerId ?? '';
  const provider = catalog.provider(providerId);
  const today = dateOf(providerNow(provider ?? { taxType: 0 }, now));
  return (product(context)?.dates ?? []).filter((date) => date >= today);
}

/** A typed day: one of the available ones, or why not with the nearest. */
function readDay(text: string, lang: Lang, available: readonly IsoDate[], today: IsoDate) {
  const m = messages(lang);
  const date = parseTypedDate(text, lang, today);
  if (!date) return { error: m.unreadable(text.trim()) };
  if (available.includes(date)) return { event: { type: 'date.pick' as const, date } };
  const near = nearestDates(available, date).map((d) => formatDate(d, lang));
  return { error: m.notAvailable(formatDate(date, lang, 'long'), near.join('; ')) };
}

const cardView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const combined = product(context)!;
  const available = upcoming(context, deps.catalog, deps.now);
  const options: Option<BookingEvent>[] = [
    ...combinedCardOptions(combined, available, lang),
    ...navigation(lang),
  ];
  const today = available[0] ?? dateOf(providerNow({ taxType: 0 }, deps.now));
  return {
    text: combinedCard(combined, deps.catalog, lang),
    expects: 'choice',
    options,
    readText: (text) => readDay(text, lang, available, today),
  };
};

const dateView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const combined = product(context)!;
  const available = upcoming(context, deps.catalog, deps.now);
  const options: Option<BookingEvent>[] = [
    ...available.slice(0, DATE_BUTTONS).map((date) => dayOption(date, formatDate(date, lang))),
    ...navigation(lang),
  ];
  const today = available[0] ?? dateOf(providerNow({ taxType: 0 }, deps.now));
  return {
    text: [
      m.date(combined.name, combined.parts.map((part) => part.name).join(' + ')),
      ...(available.length === 0 ? [m.noDates] : []),
    ].join('\n'),
    expects: 'date',
    calendar: { available },
    options,
    readText: (text) => readDay(text, lang, available, today),
  };
};

const quantityView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const draft = context.combined!;
  const { min, max } = combinedBounds(draft);
  const options: Option<BookingEvent>[] = [];
  for (let n = min; n <= Math.min(max, min + 7); n += 1)
    options.push({
      id: `qty:${n}`,
      label: String(n),
      event: { type: 'quantity.pick', quantity: n },
    });
  options.push(...navigation(lang));
  return {
    text: m.quantity(
      draft.product!.name,
      formatDate(draft.accessDate!, lang, 'long'),
      formatPrice(draft.unitPrice!, lang),
    ),
    expects: 'number',
    options,
    readText: (text) => {
      const quantity = readCount(text);
      return quantity !== undefined && quantity >= min && quantity <= max
        ? { event: { type: 'quantity.pick', quantity } }
        : { error: m.count(min, max) };
    },
  };
};

const priceView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const draft = context.combined!;
  return {
    text: m.price(
      draft.product!.name,
      formatDate(draft.accessDate!, lang, 'long'),
      formatTotal(draft.unitPrice!, draft.quantity!, lang),
    ),
    expects: 'choice',
    options: [
      { id: 'combined:add', label: m.add, event: { type: 'combined.add' } },
      ...navigation(lang),
    ],
  };
};

/**
 * A booking message that named the combined product ("museo y barco el sábado para 2"):
 * its day and how many are taken as if chosen, or refused with the reason and asked.
 */
const dayRefusal = (context: BookingContext) =>
  dayRefusedText(context.wish!.date!, product(context)?.dates ?? [], context.language);

/** The wish once its day is used or refused: how many, if it said. */
const quantityOnly = (context: BookingContext) =>
  context.wish?.quantity !== undefined ? { quantity: context.wish.quantity } : undefined;

/** A day chosen (on the card or the date step): its price, read with the card or now. */
const dayChosen = [
  {
    guard: 'dayPricedWithCard' as const,
    target: 'quantity',
    actions: booking.assign({
      combined: ({ context, event }) => ({
        ...context.combined!,
        accessDate: dayOf(event),
        unitPrice: cardPrice(context, dayOf(event)),
      }),
    }),
  },
  {
    guard: 'combinedDateAccepted' as const,
    target: 'pricing',
    actions: booking.assign({
      combined: ({ context, event }) => ({
        ...context.combined!,
        accessDate: dayOf(event),
        unitPrice: undefined,
      }),
    }),
  },
];

/** The combined product as opened, kept with the one chosen. */
const combinedOpened = ({
  context,
  event,
}: {
  context: BookingContext;
  event: { output: NonNullable<CombinedDraft['product']> };
}) => ({ combinedProductId: context.combined!.combinedProductId, product: event.output });

export const combinedState = booking.createStateConfig({
  initial: 'opening',
  entry: assign({
    combined: ({ context, event }) =>
      event.type === 'combined.pick'
        ? { combinedProductId: event.combinedProductId }
        : context.combined,
  }),
  states: {
    opening: partnerCall({
      always: {
        guard: 'noCombined',
        target: '#booking.browse',
      },
      waiting: (lang) => messages(lang).opening,
      invoke: {
        src: 'openCombined',
        input: ({ context }) => ({
          combinedProductId: context.combined?.combinedProductId ?? '',
          language: context.language,
          cart: context.cart.lines,
        }),
        onDone: [
          {
            // A message named the day ("museo y barco el sábado para 2"): taken as if
            // tapped, or refused with the reason, at the date step; no card to tap through.
            guard: 'wishedDate',
            target: 'date',
            actions: assign({ combined: combinedOpened }),
          },
          { target: 'card', actions: assign({ combined: combinedOpened }) },
        ],
      },
      failed: '#booking.browse',
    }),
    card: {
      meta: { view: cardView },
      on: {
        'date.pick': dayChosen,
        'product.next': { target: 'date' },
        'nav.back': { target: '#booking.browse' },
      },
    },
    date: {
      meta: { view: dateView },
      always: [
        {
          guard: 'wishedDaySold',
          target: 'quantity',
          actions: assign({
            combined: ({ context }) => ({
              ...context.combined!,
              accessDate: wishedDay(context),
              unitPrice: undefined,
            }),
            wish: ({ context }) => quantityOnly(context),
          }),
        },
        {
          guard: 'wishedDate',
          actions: [
            { type: 'notify', params: ({ context }) => ({ text: dayRefusal(context) }) },
            assign({ wish: ({ context }) => quantityOnly(context) }),
          ],
        },
      ],
      on: {
        'date.pick': dayChosen,
        'nav.back': { target: 'card' },
      },
    },
    quantity: {
      meta: { view: quantityView },
      always: [
        {
          guard: 'wishedQuantityFits',
          target: 'pricing',
          actions: assign({
            combined: ({ context }) => ({ ...context.combined!, quantity: context.wish!.quantity }),
            wish: undefined,
          }),
        },
        {
          guard: 'wishedQuantity',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => {
                const { min, max } = combinedBounds(context.combined!);
                return { text: messages(context.language).count(min, max) };
              },
            },
            assign({ wish: undefined }),
          ],
        },
        {
          guard: 'wished',
          actions: assign({ wish: undefined }),
        },
      ],
      on: {
        'quantity.pick': {
          guard: 'combinedQuantityAccepted',
          target: 'priced',
          actions: assign({
            combined: ({ context, event }) => ({ ...context.combined!, quantity: event.quantity }),
          }),
        },
        'nav.back': { target: 'card' },
      },
    },
    pricing: partnerCall({
      waiting: (lang) => messages(lang).pricing,
      invoke: {
        src: 'quoteCombined',
        input: ({ context }) => ({
          combinedProductId: context.combined!.combinedProductId,
          productIds: context.combined!.product!.parts.map((part) => part.productId),
          date: context.combined!.accessDate!,
          language: context.language,
        }),
        onDone: [
          {
            // How many is known (a message's "para 2", or chosen before the day changed):
            // the price of that many, to add or go back and change.
            guard: 'combinedQuantityChosen',
            target: 'priced',
            actions: assign({
              combined: ({ context, event }) => ({ ...context.combined!, unitPrice: event.output }),
            }),
          },
          {
            target: 'quantity',
            actions: assign({
              combined: ({ context, event }) => ({ ...context.combined!, unitPrice: event.output }),
            }),
          },
        ],
      },
      failed: 'card',
    }),
    priced: {
      meta: { view: priceView },
      on: {
        'combined.add': [
          {
            guard: 'combinedPriced',
            target: 'adding',
          },
        ],
        'nav.back': { target: 'quantity' },
      },
    },
    adding: partnerCall({
      waiting: (lang) => messages(lang).adding,
      invoke: {
        src: 'addCombinedToCart',
        input: ({ context }) => ({
          cart: context.cart,
          combined: context.combined!,
          language: context.language,
          reserved: context.reservation !== undefined,
        }),
        onDone: {
          target: '#booking.cart',
          actions: [
            assign(({ context, event }) => ({
              ...changedContext(context, event.output),
              combined: undefined,
            })),
            {
              type: 'notify',
              params: ({ context, event }) => ({
                text: [
                  messages(context.language).added(event.output.line.name),
                  ...changeNotes(event.output, context.language),
                ].join('\n'),
              }),
            },
          ],
        },
      },
      failed: 'priced',
    }),
  },
});
