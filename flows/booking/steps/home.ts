/** The start of every conversation: what the bot can do, and the language. */
import { assign, enqueueActions } from 'xstate';
import { changeLanguage, switchLanguage } from './language.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { booking } from '../setup.js';
import type { BookingContext } from '../types.js';
import { productName } from '#flows/booking/choosing/offerable.js';
import { notUnderstoodText, type TextReading, type ViewDeps, type ViewFn } from '../view.js';
import type { Option } from '#flows/view.js';
import type { BookingEvent } from '../types.js';
import type { Lang } from '#src/domain/lang.js';
import {
  audienceSearch,
  bookingEvent,
  hoursAsked,
  keptText,
  onlySlots,
  packageAsked,
  pastRefusal,
  readMessage,
} from '#flows/booking/choosing/wish.js';
import { ideasAsked } from '#flows/booking/choosing/ideas.js';
import { formatPrice } from '#flows/booking/choosing/format.js';
import { redeemFromOutside, redemptionAsked } from './giftcards/redeem.js';

const messages = defineMessages({
  es: {
    welcome: '¡Hola! Soy tu asistente de reservas. ¿Qué quieres hacer?',
    book: '🎟️ Reservar entradas',
    giftCards: '🎁 Tarjetas regalo',
    packages: '🏨 Paquetes (actividad + hotel)',
    cart: (lines: number) => `🛒 Mi carrito (${lines})`,
    help: 'ℹ️ Ayuda',
    language: '🌐 English',
    chooseLanguage: 'Elige tu idioma:',
    giftAmount: (amount: string) =>
      `Nuestras tarjetas regalo regalan una experiencia concreta, no un importe (${amount}). Estas son las que hay, con su precio:`,
    whichPrice:
      'Dime de qué quieres saber el precio, por ejemplo «¿cuánto cuesta el planetario?», o elige «Reservar entradas» para ver lo que hay.',
  },
  en: {
    welcome: 'Hi! I am your booking assistant. What would you like to do?',
    book: '🎟️ Book tickets',
    giftCards: '🎁 Gift cards',
    packages: '🏨 Packages (activity + hotel)',
    cart: (lines: number) => `🛒 My cart (${lines})`,
    help: 'ℹ️ Help',
    language: '🌐 Español',
    chooseLanguage: 'Choose your language:',
    giftAmount: (amount: string) =>
      `Our gift cards give a particular experience, not an amount (${amount}). These are the ones there are, with their prices:`,
    whichPrice:
      'Tell me what you would like the price of, e.g. "how much is the planetarium?", or choose "Book tickets" to see what there is.',
  },
});

const homeView: ViewFn = (context, deps) => {
  const m = messages(context.language);
  // What was booked before in this conversation, one tap from its card.
  const again = (context.booked ?? []).flatMap((productId) => {
    const entry = deps.catalog.product(productId);
    return entry
      ? [
          {
            id: `again:${productId}`,
            label: `🔁 ${productName(entry.product)}`,
            event: { type: 'browse.product', productId } as const,
          },
        ]
      : [];
  });
  const options: Option<BookingEvent>[] = [
    ...again,
    { id: 'book', label: m.book, event: { type: 'command.book' } },
    { id: 'cart', label: m.cart(context.cart.lines.length), event: { type: 'cart.open' } },
    { id: 'giftcards', label: m.giftCards, event: { type: 'giftcard.menu' } },
    { id: 'packages', label: m.packages, event: { type: 'package.open' } },
    { id: 'help', label: m.help, event: { type: 'command.help' } },
    {
      id: 'language',
      label: m.language,
      event: { type: 'language.set', language: context.language === 'es' ? 'en' : 'es' },
    },
  ];
  return {
    text: m.welcome,
    expects: 'choice',
    options,
    readText: (text) => homeReading(text, deps, context.language, options),
  };
};

/**
 * What the home menu makes of a typed message: a booking, a place, a menu; or the notice
 * that answers it (`options`: the menu's, named when it is not understood).
 */
export function homeReading(
  text: string,
  deps: ViewDeps,
  lang: Lang,
  options: readonly Option<BookingEvent>[],
): TextReading {
  return (
    readAtHome(text, deps, lang) ??
    (readMessage(text, deps).intent === 'price'
      ? { error: messages(lang).whichPrice }
      : { error: notUnderstoodText({ options }, lang) })
  );
}

/** A message typed at the home menu: a booking in one message, or what else it asks for. */
function readAtHome(text: string, deps: ViewDeps, lang: Lang): TextReading | undefined {
  const reading = readMessage(text, deps);
  const past = pastRefusal(reading, deps, lang);
  if (past) return past;
  // "qué tenéis?", "any ideas for Sunday?": a list to choose from, never a product picked.
  const ideas = ideasAsked(text, reading);
  if (ideas) return { event: { type: 'browse.ideas', ideas } };
  const packages = packageAsked(reading);
  if (packages) return packages;
  const hours = hoursAsked(reading, lang);
  if (hours) return hours;
  const audience = audienceSearch(text, reading);
  if (audience) return audience;
  // "tengo una tarjeta regalo, el código es …": to redeem it, with the code given.
  const redeem = redemptionAsked(text, reading);
  if (redeem) return redeem;
  // Gift cards asked about: never a product the finder took from the other words ("do
  // you have" read as a product's "wave").
  if (reading.intent === 'giftCard') return giftCardAsked(text);
  const event = bookingEvent(reading);
  if (event) return { event };
  const slots = onlySlots(reading);
  if (slots) return slots;
  switch (reading.intent) {
    case 'packages':
      return { event: { type: 'package.open' } };
    case 'book':
      return { event: { type: 'command.book' } };
    default:
      return undefined;
  }
}

/** Gift cards asked about: their menu; "una tarjeta regalo de 50 euros", the cards to buy. */
function giftCardAsked(text: string): TextReading {
  const amount = amountIn(text);
  return {
    event: amount === undefined ? { type: 'giftcard.menu' } : { type: 'giftcard.buy', amount },
  };
}

/** An amount of money said in a message ("50 euros", "50€", "€50"), in euros. */
function amountIn(text: string): number | undefined {
  const said = /(?:€\s*(\d{1,4}))|(?:(\d{1,4})(?:[.,]\d{1,2})?\s*(?:€|eur(?:o|os)?\b))/i.exec(text);
  const value = said?.[1] ?? said?.[2];
  return value === undefined ? undefined : Number(value);
}

const languageView: ViewFn = (context) => ({
  text: messages(context.language).chooseLanguage,
  expects: 'choice',
  options: [
    { id: 'lang:es', label: 'Español', event: { type: 'language.set', language: 'es' } },
    { id: 'lang:en', label: 'English', event: { type: 'language.set', language: 'en' } },
    { id: 'back', label: common(context.language).back, event: { type: 'nav.back' } },
  ],
});

export const homeState = booking.createStateConfig({
  meta: { view: homeView },
  on: {
    // The welcome is the answer to a greeting here: nothing to carry on from.
    'command.greeting': { target: '#booking.home' },
    'giftcard.menu': { target: '#booking.giftcards' },
    'giftcard.redeem': redeemFromOutside,
    'giftcard.buy': {
      target: '#booking.giftcards.buy',
      actions: {
        type: 'notify',
        params: ({ context, event }) => ({
          text: messages(context.language).giftAmount(
            formatPrice({ cents: (event.amount ?? 0) * 100, currency: 'EUR' }, context.language),
          ),
        }),
      },
    },
    'browse.product': { target: '#booking.product' },
    wish: [
      {
        // "el sábado para 2" with no product: kept, and on to the places to choose from.
        guard: 'wishNamesNoProduct',
        target: '#booking.browse',
        actions: [
          'keepWish',
          assign({ browse: { page: 0 } }),
          {
            type: 'notify',
            params: ({ context }) => ({ text: keptText(context.wish!, context.language) }),
          },
        ],
      },
      { target: '#booking.product', actions: 'keepWish' },
    ],
    'browse.ideas': {
      target: '#booking.browse',
      actions: assign({ browse: ({ event }) => ({ ideas: event.ideas, page: 0 }) }),
    },
    'browse.query': {
      target: '#booking.browse',
      actions: assign({ browse: ({ event }) => ({ query: event.query, page: 0 }) }),
    },
    'browse.provider': {
      target: '#booking.browse',
      actions: [
        assign({
          browse: ({ event }) => ({ providerId: event.providerId, page: 0 }),
          wish: ({ event }) => event.wish,
        }),
        // What the message said besides the place: kept, and said so.
        enqueueActions(({ context, event, enqueue }) => {
          if (event.wish)
            enqueue.emit({ type: 'notice', text: keptText(context.wish!, context.language) });
        }),
      ],
    },
  },
});

// From the language menu: back to where /language was asked, in the language chosen.
const backToWhereItWas = switchLanguage(
  (step) =>
    ({ context }: { context: BookingContext }) =>
      context.languageFrom === step,
);

export const languageState = booking.createStateConfig({
  meta: { view: languageView },
  exit: assign({ languageFrom: undefined }),
  on: {
    'nav.back': [
      ...backToWhereItWas.map(({ guard, target }) => ({ guard, target })),
      { target: '#booking.home' },
    ],
    'language.set': [...backToWhereItWas, { target: '#booking.home', actions: changeLanguage }],
  },
});
