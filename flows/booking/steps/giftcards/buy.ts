/**
 * Buying a gift card: its products (gift-card products of one provider: the provider's
 * questions are asked at checkout for the card's line, so a card stays with one), a
 * message, the recipient's name and e-mail (each may be skipped; with an e-mail the
 * service sends the card to the recipient), a summary, then the Add of a GiftCards item
 * into the same cart. Paying is the usual checkout; the redemption code comes with the
 * tickets (done step).
 */
import { assign, not } from 'xstate';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '#flows/booking/partner-call.js';
import { purchaseOf } from '#flows/booking/guards/giftcards.js';
import { booking } from '#flows/booking/setup.js';
import type {
  BookingContext,
  BookingEvent,
  GiftCardPurchase,
  GiftCardTextField,
} from '#flows/booking/types.js';
import type { BookingView, TextReading, ViewFn } from '#flows/booking/view.js';
import { cartMessages, changeNotes, changedContext, formatAmounts, sumMoney } from '../cart.js';
import { validateClientField } from '../questions/client-fields.js';
import { formatPrice } from '#flows/booking/choosing/format.js';
import { productName } from '#flows/booking/choosing/offerable.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { giftCardOffers, type GiftCardOffer } from './products.js';

/** Longest message accepted (the spec gives no limit; a card's message is short). */
export const MESSAGE_MAX = 300;

const messages = defineMessages({
  es: {
    choose:
      '🎁 ¿Qué regalas? Elige los productos de la tarjeta regalo (puedes marcar varios del mismo sitio) y pulsa «Continuar».',
    chosen: (total: string) => `Seleccionado: ${total}.`,
    oneProvider:
      'Una tarjeta regalo es de un solo sitio: desmarca lo elegido para cambiar de sitio.',
    none: 'Ahora mismo no hay tarjetas regalo a la venta.',
    chooseFirst: 'Marca al menos un producto para la tarjeta regalo.',
    useList: 'Elige los productos de la lista (por su número) y pulsa «Continuar».',
    continue: '➡️ Continuar',
    message: `💌 Escribe un mensaje para la tarjeta (hasta ${MESSAGE_MAX} caracteres), o sáltalo.`,
    name: '👤 ¿Para quién es? Escribe su nombre completo, o sáltalo.',
    email:
      '📧 ¿Su correo electrónico? Si lo das, la persona que recibe el regalo recibirá la tarjeta por correo. O sáltalo y dale tú el código.',
    current: (value: string) => `Ahora: «${value}».`,
    keep: '✔️ Dejarlo así',
    skip: '⏭️ Saltar',
    tooLong: (max: number) => `El mensaje es demasiado largo: como mucho ${max} caracteres.`,
    empty: 'Escribe algo, o pulsa «Saltar».',
    badName: 'Escribe el nombre con letras (por ejemplo «Sara Cruz»), o pulsa «Saltar».',
    badEmail: 'Ese correo no parece válido. Escríbelo como nombre@ejemplo.com, o pulsa «Saltar».',
    summary: '🎁 Tu tarjeta regalo:',
    saysMessage: (text: string) => `💌 Mensaje: «${text}»`,
    forWhom: (name: string) => `👤 Para: ${name}`,
    byEmail: (email: string) =>
      `📧 La persona que recibe el regalo recibirá la tarjeta por correo en ${email} cuando se confirme la compra.`,
    noEmail:
      '📧 Sin correo: verás el código de la tarjeta al confirmar la compra; dáselo tú a quien la reciba.',
    total: (amount: string) => `Total: ${amount}`,
    add: '🛒 Añadir al carrito',
    adding: 'Añadiendo la tarjeta regalo al carrito…',
    added: (name: string) => `✅ ${name} está en tu carrito.`,
    addedEmail: (email: string) =>
      `Cuando se confirme la compra, la tarjeta se enviará por correo a ${email}.`,
    released:
      'He liberado la reserva de tu pedido para añadirla; lo reservamos de nuevo al tramitarlo.',
  },
  en: {
    choose:
      '🎁 What would you like to give? Choose the products of the gift card (you can tick several of the same place) and press "Continue".',
    chosen: (total: string) => `Selected: ${total}.`,
    oneProvider: 'A gift card is for one place: untick what you chose to change the place.',
    none: 'There are no gift cards on sale right now.',
    chooseFirst: 'Tick at least one product for the gift card.',
    useList: 'Choose the products from the list (by their number) and press "Continue".',
    continue: '➡️ Continue',
    message: `💌 Write a message for the card (up to ${MESSAGE_MAX} characters), or skip it.`,
    name: '👤 Who is it for? Type their full name, or skip it.',
    email:
      '📧 Their e-mail address? When you give it, the person receiving the gift receives the card by e-mail. Or skip it and pass the code on yourself.',
    current: (value: string) => `Now: "${value}".`,
    keep: '✔️ Keep it',
    skip: '⏭️ Skip',
    tooLong: (max: number) => `The message is too long: ${max} characters at most.`,
    empty: 'Type something, or press "Skip".',
    badName: 'Type the name in letters (e.g. "Sara Cruz"), or press "Skip".',
    badEmail: 'That e-mail does not look right. Type it as name@example.com, or press "Skip".',
    summary: '🎁 Your gift card:',
    saysMessage: (text: string) => `💌 Message: "${text}"`,
    forWhom: (name: string) => `👤 For: ${name}`,
    byEmail: (email: string) =>
      `📧 The person receiving the gift will receive the card by e-mail at ${email} once the purchase is confirmed.`,
    noEmail:
      "📧 No e-mail: you will see the card's code when the purchase is confirmed; pass it on yourself.",
    total: (amount: string) => `Total: ${amount}`,
    add: '🛒 Add to cart',
    adding: 'Adding the gift card to your cart…',
    added: (name: string) => `✅ ${name} is in your cart.`,
    addedEmail: (email: string) =>
      `Once the purchase is confirmed, the card will be sent by e-mail to ${email}.`,
    released:
      'I released the reservation of your order to add it; it is reserved again at checkout.',
  },
});

const withPurchase = (context: BookingContext, change: Partial<GiftCardPurchase>) => ({
  giftCards: {
    ...context.giftCards,
    buying: { ...purchaseOf(context), ...change },
  },
});

const navigation = (lang: Lang) => {
  const c = common(lang);
  return [
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
};

/** The offers the customer may tick now: those of the provider already chosen, if any. */
function visibleOffers(offers: GiftCardOffer[], purchase: GiftCardPurchase): GiftCardOffer[] {
  const provider = purchase.products[0]?.providerId;
  return provider === undefined
    ? offers
    : offers.filter((offer) => offer.entry.provider.providerId === provider);
}

const chosenOffers = (offers: GiftCardOffer[], purchase: GiftCardPurchase) =>
  offers.filter((offer) =>
    purchase.products.some((p) => p.productId === offer.entry.product.productId),
  );

const productsView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const purchase = purchaseOf(context);
  const offers = giftCardOffers(deps.catalog, deps.now);
  const visible = visibleOffers(offers, purchase);
  const chosen = chosenOffers(offers, purchase);
  const toggles = visible.map((offer) => {
    const ticked = chosen.includes(offer);
    const { product, provider } = offer.entry;
    return {
      id: `gift:${product.productId}`,
      label: `${ticked ? '✅' : '▫️'} ${productName(product)} · ${provider.providerName} · ${formatPrice(offer.unit, lang)}`,
      event: {
        type: 'giftcard.toggle' as const,
        productId: product.productId,
        providerId: provider.providerId,
      },
    };
  });
  const options = [
    ...toggles,
    ...(chosen.length > 0
      ? [{ id: 'next', label: m.continue, event: { type: 'giftcard.next' as const } }]
      : []),
    ...navigation(lang),
  ];
  const lines = [offers.length > 0 ? m.choose : m.none];
  if (chosen.length > 0) {
    lines.push(m.chosen(formatAmounts(sumMoney(chosen.map((offer) => offer.unit)), lang)));
    if (visible.length < offers.length) lines.push(m.oneProvider);
  }
  return {
    text: lines.join('\n'),
    options,
    expects: 'choice',
    readText: (text) => optionByNumber(options, text) ?? { error: m.useList },
  };
};

/** Reads a typed detail: the message as typed, a name or an e-mail validated. */
export function readDetail(field: GiftCardTextField, text: string, lang: Lang): TextReading {
  const m = messages(lang);
  if (field === 'message') {
    const value = text.trim();
    if (value === '') return { error: m.empty };
    if (value.length > MESSAGE_MAX) return { error: m.tooLong(MESSAGE_MAX) };
    return { event: { type: 'giftcard.text', field, value } };
  }
  const checked = validateClientField(field === 'name' ? 'fullName' : 'email', text);
  if (!checked.ok) {
    if (checked.error === 'empty') return { error: m.empty };
    return { error: field === 'name' ? m.badName : m.badEmail };
  }
  return { event: { type: 'giftcard.text', field, value: checked.value } };
}

/** Whether a detail event carries a value its step accepts (what readDetail reads). */
export const acceptsDetail = (field: GiftCardTextField, event: BookingEvent): boolean =>
  event.type === 'giftcard.text' &&
  event.field === field &&
  'event' in readDetail(field, event.value, 'en');

const purchaseKey = { message: 'message', name: 'recipientName', email: 'recipientEmail' } as const;

const detailView =
  (field: GiftCardTextField): ViewFn =>
  (context): BookingView => {
    const lang = context.language;
    const m = messages(lang);
    const current = purchaseOf(context)[purchaseKey[field]];
    const options = [
      ...(current !== undefined
        ? [{ id: 'keep', label: m.keep, event: { type: 'giftcard.next' as const } }]
        : []),
      { id: 'skip', label: m.skip, event: { type: 'giftcard.skip' as const } },
      ...navigation(lang),
    ];
    return {
      text: [m[field], ...(current !== undefined ? [m.current(current)] : [])].join('\n'),
      options,
      expects: field === 'email' ? 'email' : 'text',
      readText: (text) => readDetail(field, text, lang),
    };
  };

/** The summary's lines: products and prices, message, recipient, e-mail delivery. */
function summaryLines(context: BookingContext, offers: GiftCardOffer[], lang: Lang): string[] {
  const m = messages(lang);
  const purchase = purchaseOf(context);
  const chosen = chosenOffers(offers, purchase);
  return [
    m.summary,
    ...chosen.map(
      (offer) =>
        `• ${productName(offer.entry.product)} (${offer.entry.provider.providerName}) — ${formatPrice(offer.unit, lang)}`,
    ),
    ...(purchase.message !== undefined ? [m.saysMessage(purchase.message)] : []),
    ...(purchase.recipientName !== undefined ? [m.forWhom(purchase.recipientName)] : []),
    purchase.recipientEmail !== undefined ? m.byEmail(purchase.recipientEmail) : m.noEmail,
    m.total(formatAmounts(sumMoney(chosen.map((offer) => offer.unit)), lang)),
  ];
}

const summaryView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const options = [
    { id: 'add', label: m.add, event: { type: 'giftcard.add' as const } },
    ...navigation(lang),
  ];
  return {
    text: summaryLines(context, giftCardOffers(deps.catalog, deps.now), lang).join('\n'),
    options,
    expects: 'choice',
    readText: (text) => optionByNumber(options, text) ?? { error: common(lang).notUnderstood },
  };
};

/** A detail step: typed value (validated), kept, or skipped; back to `previous`. */
function detailState(field: GiftCardTextField, previous: string, next: string) {
  const key = purchaseKey[field];
  return booking.createStateConfig({
    meta: { view: detailView(field) },
    on: {
      'giftcard.text': {
        guard: ({ event }) => acceptsDetail(field, event),
        target: next,
        actions: assign(({ context, event }) =>
          withPurchase(context, { [key]: event.type === 'giftcard.text' ? event.value : '' }),
        ),
      },
      'giftcard.next': {
        guard: { type: 'purchaseHas', params: { key } },
        target: next,
      },
      'giftcard.skip': {
        target: next,
        actions: assign(({ context }) => withPurchase(context, { [key]: undefined })),
      },
      'nav.back': { target: previous },
    },
  });
}

export const buyState = booking.createStateConfig({
  initial: 'products',
  states: {
    products: {
      meta: { view: productsView },
      on: {
        'giftcard.toggle': [
          {
            // Unticking is always possible.
            guard: 'purchaseHasProduct',
            actions: assign(({ context, event }) =>
              withPurchase(context, {
                products: purchaseOf(context).products.filter(
                  (p) => p.productId !== event.productId,
                ),
              }),
            ),
          },
          {
            guard: 'purchaseFromOtherProvider',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).oneProvider }),
            },
          },
          {
            actions: assign(({ context, event }) =>
              withPurchase(context, {
                products: [
                  ...purchaseOf(context).products,
                  { productId: event.productId, providerId: event.providerId },
                ],
              }),
            ),
          },
        ],
        'giftcard.next': [
          { guard: 'purchaseHasProducts', target: 'message' },
          {
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).chooseFirst }),
            },
          },
        ],
        'nav.back': { target: '#booking.giftcards.menu' },
      },
    },
    message: detailState('message', 'products', 'name'),
    name: detailState('name', 'message', 'email'),
    email: detailState('email', 'name', 'summary'),
    summary: {
      always: { guard: not('purchaseHasProducts'), target: 'products' },
      meta: { view: summaryView },
      on: {
        'giftcard.add': [
          {
            guard: 'saleUnderWay',
            target: '#booking.reserved',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: cartMessages(context.language).saleUnderWay }),
            },
          },
          { target: 'adding' },
        ],
        'nav.back': { target: 'email' },
      },
    },
    adding: partnerCall({
      waiting: (lang) => messages(lang).adding,
      invoke: {
        src: 'addGiftCard',
        input: ({ context }) => ({
          cart: context.cart,
          purchase: purchaseOf(context),
          language: context.language,
          reserved: context.reservation !== undefined,
        }),
        onDone: {
          target: '#booking.cart',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }) => {
                const m = messages(context.language);
                const email = purchaseOf(context).recipientEmail;
                const released = event.output.released && !event.output.rebuilt;
                return {
                  text: [
                    m.added(event.output.line.name),
                    ...(email !== undefined ? [m.addedEmail(email)] : []),
                    ...(released ? [m.released] : []),
                    ...changeNotes(event.output, context.language),
                  ].join('\n'),
                };
              },
            },
            assign(({ context, event }) => ({
              ...changedContext(context, event.output),
              giftCards: { ...context.giftCards, buying: undefined },
            })),
          ],
        },
      },
      failed: 'summary',
    }),
  },
});
