/**
 * The product card: what the product is, where and how to get in, the conditions of its
 * tickets, the cancellation policy in plain words and a "from" price. The product is
 * opened by the `openProduct` actor (sellable dates, capacity of limited days, group
 * limits); ProductInternalConsiderations is for the partner and is never read here.
 */
import { assign } from 'xstate';
import type { ProductEntry } from '#src/domain/catalog.js';
import { applicablePolicy, describeCancellation } from '#src/domain/cancellation.js';
import type { Lang } from '#src/domain/lang.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import { blockedAtCard, newDraft } from '../guards/selection.js';
import { booking } from '../setup.js';
import type { BookingContext, DraftProduct, Money } from '../types.js';
import type { BookingView, ViewFn } from '../view.js';
import { DATE_BUTTONS, dateOptions, dayPrice, dayRoomOf, shownFromToday } from './date.js';
import { fromPrice, priceByDay, unitOf } from '#flows/booking/choosing/prices.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import { productName } from '#flows/booking/choosing/offerable.js';
import { optionByNumber } from '#flows/booking/choosing/read.js';
import { cardReading } from '#flows/booking/choosing/wish.js';
import { limitsText, wishOutOfRangeText } from '#flows/booking/choosing/explain.js';

const messages = defineMessages({
  es: {
    from: (price: string) => `💶 Desde ${price}`,
    fromLater: (price: string, lower: string, day: string) =>
      `💶 Desde ${price} (desde ${lower} a partir del ${day})`,
    limits: (text: string) => `👥 ${text}`,
    price: (price: string) => `💶 Precio: ${price}`,
    onRequest: '💶 Precio a consultar: te lo confirmo al elegir la fecha.',
    openDate: '📅 Fecha abierta: válida cualquier día de la temporada.',
    fixedDate: (date: string) => `📅 Para el día de la compra: ${date}.`,
    access: (text: string) => `🚪 Acceso: ${text}`,
    where: (text: string) => `📍 Canje y acceso: ${text}`,
    includes: 'Incluye:',
    conditions: '📝 Condiciones:',
    cancellation: (text: string) => `↩️ Cancelación: ${text}`,
    chooseDate: '📅 Elegir fecha',
    otherDate: '📅 Otra fecha',
    continue: '➡️ Continuar',
    useButtons:
      'Usa los botones: elige fecha para seguir, o vuelve atrás para ver otros productos.',
  },
  en: {
    from: (price: string) => `💶 From ${price}`,
    fromLater: (price: string, lower: string, day: string) =>
      `💶 From ${price} (from ${lower} from ${day} on)`,
    limits: (text: string) => `👥 ${text}`,
    price: (price: string) => `💶 Price: ${price}`,
    onRequest: '💶 Price on request: I will confirm it once you choose the date.',
    openDate: '📅 Open date: valid any day of the season.',
    fixedDate: (date: string) => `📅 For the day of purchase: ${date}.`,
    access: (text: string) => `🚪 Access: ${text}`,
    where: (text: string) => `📍 Exchange and entry: ${text}`,
    includes: 'Includes:',
    conditions: '📝 Conditions:',
    cancellation: (text: string) => `↩️ Cancellation: ${text}`,
    chooseDate: '📅 Choose a date',
    otherDate: '📅 Another date',
    continue: '➡️ Continue',
    useButtons: 'Use the buttons: choose a date to go on, or go back to see other products.',
  },
});

/** What the customer pays per unit of a price set (PriceMode and markup applied). */
function priceLine(entry: ProductEntry | undefined, draft: DraftProduct, lang: Lang): string {
  const m = messages(lang);
  if (draft.requiresRealTimePrice) return m.onRequest;
  if (!entry) return '';
  if (draft.fixedDate) {
    const set = entry.product.pricesAndDates.find((s) => s.dates.includes(draft.fixedDate!));
    return set ? m.price(formatPrice(unitOf(entry, set), lang)) : '';
  }
  const lowest = fromPrice(entry, draft.dates);
  if (!lowest) return '';
  // "From" is true of the first days offered (the card's buttons); a lower price of
  // later days only (an end-of-season discount) is said with the day it starts.
  const byDay = priceByDay(entry);
  const first = draft.dates.slice(0, DATE_BUTTONS).flatMap((date) => byDay(date) ?? []);
  const nearest = first.reduce<Money | undefined>(
    (low, price) => (low === undefined || price.cents < low.cents ? price : low),
    undefined,
  );
  if (nearest === undefined || nearest.cents <= lowest.cents)
    return m.from(formatPrice(lowest, lang));
  const from = draft.dates.find((date) => byDay(date)?.cents === lowest.cents);
  return from === undefined
    ? m.from(formatPrice(nearest, lang))
    : m.fromLater(
        formatPrice(nearest, lang),
        formatPrice(lowest, lang),
        formatDate(from, lang, 'long'),
      );
}

/** The card's text. Built only from customer-facing fields of the catalog. */
export function productCard(
  entry: ProductEntry | undefined,
  draft: DraftProduct,
  lang: Lang,
): string {
  const m = messages(lang);
  if (!entry) return `🎟️ ${draft.name}\n${priceLine(entry, draft, lang)}`.trim();
  const { provider, product } = entry;
  const blocks: string[] = [];
  blocks.push(`🎟️ ${productName(product)}\n${provider.providerName}`);
  if (product.productDescription) blocks.push(product.productDescription);

  const facts = [priceLine(entry, draft, lang)];
  // The limits of a purchase (a minimum, a group's maximum) are said before the day is
  // chosen, not first at how many.
  const limits = limitsText(newDraft(draft), lang);
  if (limits) facts.push(m.limits(limits));
  if (draft.openDate) facts.push(m.openDate);
  else if (draft.fixedDate) facts.push(m.fixedDate(formatDate(draft.fixedDate, lang, 'long')));
  if (provider.providerAccessConditions) facts.push(m.access(provider.providerAccessConditions));
  if (provider.exchangeVoucherPoint) facts.push(m.where(provider.exchangeVoucherPoint));
  blocks.push(facts.filter(Boolean).join('\n'));

  const tickets = product.tickets.filter((ticket) => ticket.ticketName);
  if (tickets.length > 0) {
    const lines = tickets.map(
      (ticket) =>
        `• ${ticket.ticketName}${ticket.ticketConditions ? `: ${ticket.ticketConditions}` : ''}`,
    );
    blocks.push(`${m.includes}\n${lines.join('\n')}`);
  }
  const enclosureIds = [...new Set(product.tickets.map((ticket) => ticket.ticketEnclosureId))];
  const conditions = enclosureIds.flatMap((id) => {
    const enclosure = provider.ticketEnclosures.find((e) => e.ticketEnclosureId === id);
    return enclosure?.ticketEnclosureConditions
      ? [`• ${enclosure.ticketEnclosureName}: ${enclosure.ticketEnclosureConditions}`]
      : [];
  });
  if (conditions.length > 0) blocks.push(`${m.conditions}\n${conditions.join('\n')}`);

  const cancellation = cancellationText(entry, lang);
  if (cancellation) blocks.push(m.cancellation(cancellation));
  return blocks.join('\n\n');
}

/** A product's cancellation policy in plain words (its own, else the provider's), or its conditions' text. */
export function cancellationText(entry: ProductEntry, lang: Lang): string | undefined {
  const { provider, product } = entry;
  const currency = product.pricesAndDates[0]?.currency ?? 'EUR';
  const policy = describeCancellation(applicablePolicy(provider, product), lang, {
    release: product.release,
    currency,
  });
  return policy || product.productCancellationConditions || undefined;
}

export const productView: ViewFn = (context, deps): BookingView => {
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const draft = context.draft;
  // The first dates on the card itself: one tap from the product to its day. A product
  // with a date per enclosure, or none to choose, goes on through the date step.
  const dates =
    draft && !draft.product.fixedDate && !draft.product.rules?.dateEnclosures?.length
      ? dateOptions(
          shownFromToday(context, deps),
          lang,
          dayPrice(context, deps),
          dayRoomOf(context),
        )
      : [];
  const options = [
    ...dates,
    {
      id: 'next',
      label: draft?.product.fixedDate ? m.continue : dates.length > 0 ? m.otherDate : m.chooseDate,
      event: { type: 'product.next' as const },
    },
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  const text = draft
    ? productCard(deps.catalog.product(draft.product.productId), draft.product, lang)
    : m.useButtons;
  return {
    text,
    options,
    expects: 'choice',
    readText: (typed) =>
      optionByNumber(options, typed) ??
      cardReading(
        typed,
        deps,
        draft ? priceLine(deps.catalog.product(draft.product.productId), draft.product, lang) : '',
        lang,
      ) ?? { error: m.useButtons },
  };
};

/**
 * The context with a product just opened: its draft, with the answers of the cart line it
 * books again ("cambia a 3 adultos": context.replacing), which are then used.
 */
function openedContext(context: BookingContext, product: DraftProduct): Partial<BookingContext> {
  const draft = newDraft(product);
  const replacing = context.replacing;
  if (replacing?.carried === undefined) return { draft };
  return {
    draft:
      replacing.productId === product.productId ? { ...draft, carried: replacing.carried } : draft,
    replacing: undefined,
  };
}

export const productState = booking.createStateConfig({
  initial: 'loading',
  states: {
    loading: partnerCall({
      entry: 'dropDraft',
      invoke: {
        src: 'openProduct',
        input: ({ context, event }) => ({
          productId:
            event.type === 'browse.product' ||
            event.type === 'wish' ||
            event.type === 'answers.retype'
              ? (event.productId ?? '')
              : '',
          language: context.language,
          cart: context.cart.lines,
        }),
        onDone: [
          {
            // A quantity the product never allows: said with its limits, at the card (the
            // day said is kept; how many is asked again at the quantity step).
            guard: 'wishedQuantityOutOfBounds',
            target: 'card',
            actions: [
              assign({ draft: ({ event }) => newDraft(event.output) }),
              {
                type: 'notify',
                params: ({ context }) => ({
                  text: wishOutOfRangeText(
                    context.draft!,
                    context.language,
                    context.wish!.quantity!,
                  ),
                }),
              },
              assign({
                wish: ({ context }) => {
                  const { quantity: _refused, types: _split, ...rest } = context.wish!;
                  return Object.keys(rest).length > 0 ? rest : undefined;
                },
              }),
            ],
          },
          {
            // A booking in one message: on to the date, unless the card has a reason to stop.
            guard: 'wishGoesOnFromCard',
            target: '#booking.date',
            actions: assign(({ context, event }) => openedContext(context, event.output)),
          },
          {
            target: 'card',
            actions: assign(({ context, event }) => openedContext(context, event.output)),
          },
        ],
      },
      failed: '#booking.browse',
    }),
    card: {
      meta: { view: productView },
      on: {
        'product.next': [
          {
            guard: 'noDraft',
            target: '#booking.browse',
          },
          {
            guard: 'blockedAtCard',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: blockedAtCard(context.draft!, context.language)! }),
            },
          },
          { target: '#booking.date' },
        ],
        // A date tapped on the card: taken by the date step as if said.
        'date.pick': [
          { guard: 'noDraft', target: '#booking.browse' },
          {
            guard: 'blockedAtCard',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: blockedAtCard(context.draft!, context.language)! }),
            },
          },
          {
            target: '#booking.date',
            actions: assign({
              wish: ({ context, event }) => ({
                ...context.wish,
                date: { kind: 'date' as const, date: event.date },
              }),
            }),
          },
        ],
        // "el sábado, 3 personas" at the card: kept for the steps after, and on.
        wish: [
          {
            guard: 'blockedAtCard',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ text: blockedAtCard(context.draft!, context.language)! }),
            },
          },
          {
            guard: 'hasDraft',
            target: '#booking.date',
            actions: 'keepWish',
          },
        ],
        'nav.back': { target: '#booking.browse', actions: ['dropDraft', 'dropWish'] },
      },
    },
  },
});
