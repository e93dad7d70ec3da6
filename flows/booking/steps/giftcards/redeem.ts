/**
 * Redeeming a gift card: its code, the check (GET /activity/giftcard), the card (its
 * products and the purchaser's message, or why it cannot be used), then each of its
 * products booked through the usual selection steps with a `giftCard` marker on the
 * draft: the date step refuses dates whose exchange has closed, the quantity is 1 at
 * price 0, and the Add sets GiftCardIdentifier. After the last product, the cart.
 *
 * Where the spec is silent: the sandbox redeems a card whole (each product once); a card
 * whose products are all in the cart leads there. A refused redemption Add (the card was
 * redeemed meanwhile, its window closed) checks the card again and shows it.
 */
import { assign, not } from 'xstate';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import { booking } from '#flows/booking/setup.js';
import type { BookingContext, BookingEvent, Draft, DraftProduct } from '#flows/booking/types.js';
import type { BookingView, TextReading, ViewFn } from '#flows/booking/view.js';
import type { Understanding } from '#flows/understanding/understand.js';
import { words as foldWords } from '#flows/understanding/text.js';
import { newDraft } from '#flows/booking/guards/selection.js';
import { checkOf, codeIn, nextProduct, readCode } from '#flows/booking/guards/giftcards.js';
import { formatDate } from '#flows/booking/choosing/format.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { exchangeRule, fixedClosedText } from './exchange.js';

// Read by the redemption's tests where they were; the rules live with the guards.
export { readCode, redeemedMore, remainingProducts } from '#flows/booking/guards/giftcards.js';

const messages = defineMessages({
  es: {
    askCode:
      '🔑 Escribe el código de la tarjeta regalo (lo encontrarás en el correo o en la tarjeta).',
    badCode: 'Eso no parece un código de tarjeta regalo: escribe solo el código, con sus números.',
    checking: 'Consultando la tarjeta regalo…',
    title: (code: string) => `🎁 Tarjeta regalo ${code}`,
    gives: 'Incluye:',
    message: (text: string) => `💌 «${text}»`,
    holder: (name: string) => `👤 Para: ${name}`,
    rule: (rule: string) => `⏰ Se canjea para una fecha ${rule}.`,
    bookNext: 'Reserva con la tarjeta para canjearla.',
    book: (name: string) => `📅 Reservar «${name}»`,
    inCart: 'Todo lo que incluye ya está en tu carrito: tramita el pedido para terminar el canje.',
    toCart: '🛒 Ver mi carrito',
    exchanged: (code: string) =>
      `❌ La tarjeta regalo ${code} ya se ha canjeado: no se puede volver a usar.`,
    another: '🔑 Probar otro código',
    redeeming: (name: string, rule: string) =>
      `🎁 Canje de «${name}»: elige el día de tu visita (se canjea ${rule}).`,
    redeemingOn: (name: string, date: string) => `🎁 Canje de «${name}» para el ${date}.`,
    validFrom: (date: string) => `Es una entrada de fecha abierta: válida desde el ${date}.`,
    notToday: (rule: string) => `Hoy ya no se puede canjear (se canjea ${rule}).`,
    noDate: (name: string) => `No queda ningún día en que se pueda canjear «${name}».`,
    allInCart: 'Todo lo que incluye la tarjeta regalo está en tu carrito.',
    useButtons: 'Usa los botones: reserva con la tarjeta o prueba otro código.',
  },
  en: {
    askCode: "🔑 Type the gift card's code (you will find it in the e-mail or on the card).",
    badCode: 'That does not look like a gift card code: type just the code, with its digits.',
    checking: 'Checking the gift card…',
    title: (code: string) => `🎁 Gift card ${code}`,
    gives: 'It gives:',
    message: (text: string) => `💌 "${text}"`,
    holder: (name: string) => `👤 For: ${name}`,
    rule: (rule: string) => `⏰ It is redeemed for a date ${rule}.`,
    bookNext: 'Book with the card to redeem it.',
    book: (name: string) => `📅 Book "${name}"`,
    inCart: 'Everything it gives is in your cart already: check out to finish redeeming it.',
    toCart: '🛒 See my cart',
    exchanged: (code: string) =>
      `❌ The gift card ${code} has already been redeemed: it cannot be used again.`,
    another: '🔑 Try another code',
    redeeming: (name: string, rule: string) =>
      `🎁 Redeeming "${name}": choose the day of your visit (it is redeemed ${rule}).`,
    redeemingOn: (name: string, date: string) => `🎁 Redeeming "${name}" for ${date}.`,
    validFrom: (date: string) => `It is an open-date ticket: valid from ${date}.`,
    notToday: (rule: string) => `Today it can no longer be redeemed (it is redeemed ${rule}).`,
    noDate: (name: string) => `There is no day left on which "${name}" can be redeemed.`,
    allInCart: 'Everything the gift card gives is in your cart.',
    useButtons: 'Use the buttons: book with the card, or try another code.',
  },
});

const home = (lang: Lang) => ({
  id: 'home',
  label: common(lang).home,
  event: { type: 'nav.home' as const },
});

const codeView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  return {
    text: m.askCode,
    expects: 'text',
    options: [{ id: 'back', label: common(lang).back, event: { type: 'nav.back' } }, home(lang)],
    readText: (text) => {
      const code = readCode(text);
      return code ? { event: { type: 'giftcard.code', code } } : { error: m.badCode };
    },
  };
};

export const cardView: ViewFn = (context): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const check = checkOf(context);
  const another = { id: 'another', label: m.another, event: { type: 'giftcard.another' as const } };
  if (check === undefined) {
    return { text: m.askCode, expects: 'choice', options: [another, home(lang)] };
  }
  if (check.exchanged) {
    const options = [another, home(lang)];
    return {
      text: m.exchanged(check.code),
      expects: 'choice',
      options,
      readText: (text) => optionByNumber(options, text) ?? { error: m.useButtons },
    };
  }
  const next = nextProduct(context);
  const lines = [
    m.title(check.code),
    m.gives,
    ...check.products.map((product) => `• ${product.name}`),
    ...(check.message !== undefined ? [m.message(check.message)] : []),
    ...(check.holder !== undefined ? [m.holder(check.holder)] : []),
    m.rule(exchangeRule(check.hoursInAdvance, lang)),
    next ? m.bookNext : m.inCart,
  ];
  const options = [
    next
      ? { id: 'use', label: m.book(next.name), event: { type: 'giftcard.use' as const } }
      : { id: 'cart', label: m.toCart, event: { type: 'cart.open' as const } },
    another,
    home(lang),
  ];
  return {
    text: lines.join('\n'),
    expects: 'choice',
    options,
    readText: (text) => {
      const code = readCode(text);
      // A new code typed over the card checks it.
      if (code && code !== check.code && /^\S+$/.test(text.trim()))
        return { event: { type: 'giftcard.code', code } };
      return optionByNumber(options, text) ?? { error: m.useButtons };
    },
  };
};

/**
 * How the redemption of the card's next product starts, once the product is open: at
 * the date step; or, when the date is not asked, on its fixed date (an open-date ticket
 * whose first day is today while today's exchange has closed starts on the first day
 * still open); or refused, for a product sold only for the purchase date after today's
 * exchange closed.
 */
export type RedemptionStart =
  | { kind: 'date'; draft: Draft }
  | { kind: 'fixed'; draft: Draft; shifted: boolean }
  | { kind: 'refused'; text: string };

export function startRedemption(context: BookingContext, product: DraftProduct): RedemptionStart {
  const check = checkOf(context)!;
  const item = nextProduct(context)!;
  const draft: Draft = {
    ...newDraft(product),
    giftCard: {
      code: check.code,
      currency: item.currency,
      ...(check.hoursInAdvance !== undefined ? { hoursInAdvance: check.hoursInAdvance } : {}),
      ...(item.firstDate !== undefined ? { firstDate: item.firstDate } : {}),
    },
  };
  const fixed = product.fixedDate;
  if (fixed === undefined) return { kind: 'date', draft };
  const first = item.firstDate;
  const lang = context.language;
  if (first === undefined || fixed >= first) {
    return { kind: 'fixed', draft: { ...draft, accessDate: fixed }, shifted: false };
  }
  if (item.purchaseDateOnly)
    return { kind: 'refused', text: fixedClosedText(product.name, check.hoursInAdvance, lang) };
  const date = product.dates.find((candidate) => candidate >= first);
  if (date === undefined) return { kind: 'refused', text: messages(lang).noDate(product.name) };
  return {
    kind: 'fixed',
    draft: { ...draft, product: { ...product, fixedDate: date }, accessDate: date },
    shifted: true,
  };
}

/** What the customer hears as a redemption starts. */
function startText(context: BookingContext, start: RedemptionStart): string {
  const m = messages(context.language);
  if (start.kind === 'refused') return start.text;
  const rule = exchangeRule(checkOf(context)?.hoursInAdvance, context.language);
  const { product, accessDate } = start.draft;
  if (start.kind === 'date') return m.redeeming(product.name, rule);
  const date = formatDate(accessDate!, context.language, 'long');
  return [
    m.redeemingOn(product.name, date),
    ...(product.openDate ? [m.validFrom(date)] : []),
    ...(start.shifted ? [m.notToday(rule)] : []),
  ].join('\n');
}

/** The context with a code to check (a new code forgets the card checked before). */
const withCode = (context: BookingContext, code: string) => ({
  giftCards: { ...context.giftCards, code: readCode(code), check: undefined },
});

/** Words that say a card is to be redeemed, not bought ("tengo una", "I have a", "canjear"). */
const REDEEM =
  /\b(canje\w*|usar|utilizar|tengo|tenemos|regalaron|regalado|redeem\w*|use|i have|we have|i ve got|ive got|i got|weve got)\b/;

/**
 * A message that asks to redeem a gift card ("tengo una tarjeta regalo, el código es …",
 * "I have a gift card to redeem"), with the code when it gives one; undefined when it
 * does not ask that (a card to buy, or gift cards in general).
 */
export function redemptionAsked(text: string, reading: Understanding): TextReading | undefined {
  if (reading.intent !== 'giftCard') return undefined;
  const code = codeIn(text);
  if (code === undefined && !REDEEM.test(foldWords(text).join(' '))) return undefined;
  return { event: { type: 'giftcard.redeem', ...(code !== undefined ? { code } : {}) } };
}

/**
 * Where a wish to redeem leads from outside the gift cards (home): with a code, straight
 * to its check; without, to the question of the code.
 */
export const redeemFromOutside = [
  {
    guard: ({ event }: { event: BookingEvent }) =>
      event.type === 'giftcard.redeem' && readCode(event.code ?? '') !== undefined,
    target: '#booking.giftcards.redeem.checking',
    actions: booking.createAction(
      assign(({ context, event }: { context: BookingContext; event: BookingEvent }) =>
        event.type === 'giftcard.redeem' && event.code !== undefined
          ? withCode(context, event.code)
          : {},
      ),
    ),
  },
  { target: '#booking.giftcards.redeem' },
];

export const redeemState = booking.createStateConfig({
  initial: 'code',
  states: {
    code: {
      meta: { view: codeView },
      on: {
        'giftcard.code': {
          guard: 'codeReadable',
          target: '#booking.giftcards.redeem.checking',
          actions: assign(({ context, event }) => withCode(context, event.code)),
        },
        'nav.back': { target: '#booking.giftcards.menu' },
      },
    },
    checking: partnerCall({
      waiting: (lang) => messages(lang).checking,
      invoke: {
        src: 'checkGiftCard',
        input: ({ context }) => ({
          code: context.giftCards?.code ?? '',
          language: context.language,
        }),
        onDone: {
          target: 'card',
          actions: assign(({ context, event }) => ({
            giftCards: { ...context.giftCards, check: event.output },
          })),
        },
        onError: {
          target: 'code',
          actions: [
            'explainFailure',
            assign(({ context }) => ({
              giftCards: { ...context.giftCards, code: undefined, check: undefined },
            })),
          ],
        },
      },
    }),
    card: {
      meta: { view: cardView },
      on: {
        'giftcard.use': [
          { guard: 'noCardChecked', target: 'code' },
          { guard: 'cardExchanged', target: 'card', reenter: true },
          {
            guard: not('productLeftToRedeem'),
            target: '#booking.cart',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).allInCart }),
            },
          },
          { target: 'opening' },
        ],
        'giftcard.code': {
          guard: 'codeReadable',
          target: '#booking.giftcards.redeem.checking',
          actions: assign(({ context, event }) => withCode(context, event.code)),
        },
        'giftcard.another': {
          target: 'code',
          actions: assign(({ context }) => ({
            giftCards: { ...context.giftCards, code: undefined, check: undefined },
          })),
        },
        'nav.back': { target: 'code' },
      },
    },
    /** After a redemption Add: the next product, or the cart when all are in it. */
    next: {
      always: [{ guard: 'productLeftToRedeem', target: 'opening' }, { target: '#booking.cart' }],
    },
    opening: partnerCall({
      waiting: (lang) => messages(lang).checking,
      entry: 'dropDraft',
      invoke: {
        src: 'openProduct',
        input: ({ context }) => ({
          productId: nextProduct(context)?.productId ?? '',
          language: context.language,
          cart: context.cart.lines,
        }),
        onDone: [
          {
            guard: ({ context, event }) =>
              startRedemption(context, event.output).kind === 'refused',
            target: 'card',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                text: startText(context, startRedemption(context, event.output)),
              }),
            },
          },
          {
            // The date is not asked: on to the sessions with the fixed date.
            guard: ({ context, event }) => startRedemption(context, event.output).kind === 'fixed',
            target: '#booking.session',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  text: startText(context, startRedemption(context, event.output)),
                }),
              },
              assign(({ context, event }) => ({
                draft: (startRedemption(context, event.output) as { draft: Draft }).draft,
              })),
            ],
          },
          {
            target: '#booking.date',
            actions: [
              {
                type: 'notify',
                params: ({ context, event }) => ({
                  text: startText(context, startRedemption(context, event.output)),
                }),
              },
              assign(({ context, event }) => ({
                draft: (startRedemption(context, event.output) as { draft: Draft }).draft,
              })),
            ],
          },
        ],
      },
      failed: 'card',
    }),
  },
});
