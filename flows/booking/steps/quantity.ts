/**
 * How many: from the product's minimum (MinimumNumberByTransaction, or a group's size for
 * providers that sell to groups only) to the least of the group limit (people already in
 * the cart for the provider counted), the places of a limited day or a chosen session
 * (÷ quota tickets) and a sane cap (choosing/bounds.ts). The unit price comes from the
 * `quotePrice` actor (PricesAndDates, or /realTimePrices when the product requires it);
 * the choice is confirmed with the total. A limited day whose capacity could not be read
 * with the product is checked here first.
 */
import { assign, enqueueActions } from 'xstate';
import { placedWish } from '#flows/booking/choosing/placing.js';
import { common } from '#src/i18n/common.js';
import { defineMessages } from '#src/i18n/messages.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingView, ViewFn } from '../view.js';
import { backToDate } from './date.js';
import { redemptionPrice, redemptionQuantityView } from './giftcards/quantity.js';
import { heldInCart, quantityAllowed, quantityBounds } from '#flows/booking/choosing/bounds.js';
import { blockedText, limitsText, outOfRangeText } from '#flows/booking/choosing/explain.js';
import { formatDate, formatPrice } from '#flows/booking/choosing/format.js';
import { productName } from '#flows/booking/choosing/offerable.js';
import { readCount } from '#flows/booking/choosing/read.js';
import { retryView } from '#flows/booking/choosing/retry.js';
import { summaryText, totalText } from './summary.js';
import { ticketTypesStates } from './ticket-types.js';
import { understoodQuantity, without } from '#flows/booking/choosing/wish.js';
import { changeable } from '#flows/booking/choosing/change.js';

/** How many quantities are offered as buttons (more can be typed). */
export const QUANTITY_BUTTONS = 8;

const messages = defineMessages({
  es: {
    ask: (name: string, date: string) => `«${name}», ${date}. ¿Cuántas quieres?`,
    unit: (price: string) => `Precio por unidad: ${price}.`,
    typeMore: (max: number) => `Puedes escribir un número hasta ${max}.`,
    notANumber: 'Escribe cuántas quieres con un número, por ejemplo «2».',
    soldOut: (date: string) => `Ya no quedan plazas para el ${date}. Elige otra fecha.`,
  },
  en: {
    ask: (name: string, date: string) => `"${name}", ${date}. How many would you like?`,
    unit: (price: string) => `Price each: ${price}.`,
    typeMore: (max: number) => `You can type a number up to ${max}.`,
    notANumber: 'Type how many you would like as a number, e.g. "2".',
    soldOut: (date: string) => `There are no places left on ${date}. Please choose another date.`,
  },
});

export const quantityView: ViewFn = (context, deps): BookingView => {
  // Redeeming a gift card: one of each product, nothing to choose.
  if (context.draft?.giftCard !== undefined) return redemptionQuantityView(context, deps);
  const lang = context.language;
  const m = messages(lang);
  const c = common(lang);
  const draft = context.draft!;
  const { min, max, binding } = quantityBounds(draft);
  const blocked = blockedText(draft, lang);
  const numbers: number[] = [];
  for (let n = min; n <= Math.min(max, min + QUANTITY_BUTTONS - 1); n += 1) numbers.push(n);
  const options = [
    ...numbers.map((n) => ({
      id: `qty:${n}`,
      label: String(n),
      event: { type: 'quantity.pick' as const, quantity: n },
    })),
    { id: 'back', label: c.back, event: { type: 'nav.back' as const } },
    { id: 'home', label: c.home, event: { type: 'nav.home' as const } },
  ];
  const date = draft.accessDate ? formatDate(draft.accessDate, lang, 'long') : '';
  // The catalog's name, in the language of the conversation now.
  const entry = deps.catalog.product(draft.product.productId);
  const lines = [m.ask(entry ? productName(entry.product) : draft.product.name, date)];
  if (draft.unitPrice) lines.push(m.unit(formatPrice(draft.unitPrice, lang)));
  if (blocked) lines.push(blocked);
  else {
    const limits = limitsText(draft, lang);
    if (limits) lines.push(limits);
    // The other limits already say how many at most.
    if (binding === 'cap' && max > min + QUANTITY_BUTTONS - 1) lines.push(m.typeMore(max));
  }
  return {
    text: lines.join('\n'),
    options: blocked ? options.slice(numbers.length) : options,
    expects: 'number',
    readText: (text) => {
      const quantity = readCount(text) ?? understoodQuantity(text);
      if (quantity === undefined) {
        // "back", "inicio"… are options' labels and never reach here; numbers do.
        return { error: blocked ?? m.notANumber };
      }
      if (blocked) return { error: blocked };
      if (!quantityAllowed(draft, quantity))
        return { error: outOfRangeText(draft, lang, quantity) };
      return { event: { type: 'quantity.pick', quantity } };
    },
  };
};

/** Back from the quantity: to the sessions when some were asked, else as from a session. */
const backFromQuantity = [
  {
    guard: 'hasSessionsToChoose' as const,
    target: '#booking.session',
  },
  ...backToDate,
];

export const quantityState = booking.createStateConfig({
  initial: 'checking',
  states: {
    checking: {
      // What the cart already takes of this day and these sessions, counted now: the cart
      // or the choice may have changed since the product was opened.
      entry: assign({
        draft: ({ context }) =>
          context.draft && {
            ...context.draft,
            held: heldInCart(context.cart.lines, context.draft),
          },
      }),
      always: [
        { guard: 'noDateChosen', target: '#booking.browse' },
        { guard: 'capacityUnknown', target: 'capacity' },
        {
          // Redeeming a gift card: price 0, quantity 1 (confirmed in the view).
          guard: 'redeemingGiftCard',
          target: 'choosing',
          actions: assign({
            draft: ({ context }) => ({
              ...context.draft!,
              unitPrice: redemptionPrice(context.draft!),
            }),
          }),
        },
        // Ticket types: how many of each, in one step (steps/ticket-types.ts).
        { guard: 'hasTicketTypes', target: 'types' },
        {
          // A split by type said for a product without types: placed, the rest said.
          guard: 'wishedTypes',
          target: 'pricing',
          actions: enqueueActions(({ context, enqueue }) => {
            const placed = placedWish(context.wish!, context.draft!.product, context.language);
            if (placed.notice !== '') enqueue.emit({ type: 'notice', text: placed.notice });
            enqueue.assign({ wish: placed.wish });
          }),
        },
        { target: 'pricing' },
      ],
    },
    ...ticketTypesStates(backFromQuantity, 'failed'),
    capacity: partnerCall({
      invoke: {
        src: 'checkCapacity',
        input: ({ context }) => ({
          productId: context.draft!.product.productId,
          date: context.draft!.accessDate!,
          language: context.language,
        }),
        onDone: [
          {
            guard: 'soldOutForMinimum',
            target: 'soldOut',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  text: messages(context.language).soldOut(
                    formatDate(context.draft!.accessDate!, context.language, 'long'),
                  ),
                }),
              },
              assign({
                draft: ({ context }) => {
                  const draft = context.draft!;
                  const sold = draft.accessDate!;
                  return {
                    ...draft,
                    product: {
                      ...draft.product,
                      dates: draft.product.dates.filter((date) => date !== sold),
                    },
                  };
                },
              }),
            ],
          },
          {
            target: 'checking',
            actions: assign({
              draft: ({ context, event }) => {
                const draft = context.draft!;
                const date = draft.accessDate!;
                const rules = draft.product.rules!;
                const products = event.output.products;
                return {
                  ...draft,
                  product: {
                    ...draft.product,
                    rules:
                      products === undefined
                        ? { ...rules, limitedDates: rules.limitedDates.filter((d) => d !== date) }
                        : {
                            ...rules,
                            capacityByDate: { ...rules.capacityByDate, [date]: products },
                          },
                  },
                };
              },
            }),
          },
        ],
      },
      failed: 'failed',
    }),
    /** Sold out meanwhile: choose another date (the card when the date is not asked). */
    soldOut: { always: backToDate },
    pricing: partnerCall({
      invoke: {
        src: 'quotePrice',
        input: ({ context }) => ({
          productId: context.draft!.product.productId,
          date: context.draft!.accessDate!,
          language: context.language,
        }),
        onDone: [
          {
            // A booking in one message: its quantity, when the rules allow it.
            guard: 'wishedQuantityAllowed',
            target: '#booking.questions',
            actions: [
              assign({
                draft: ({ context, event }) => ({
                  ...context.draft!,
                  unitPrice: event.output,
                  quantity: context.wish!.quantity,
                }),
                wish: ({ context }) => without(context, 'quantity'),
              }),
              {
                // The summary of what the message asked for, as it was applied.
                type: 'notify',
                params: ({ context }) => ({
                  text: summaryText(context.draft!, context.language),
                }),
              },
            ],
          },
          {
            // …and when they do not, the reason, and the question.
            guard: 'wishedQuantity',
            target: 'choosing',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({
                  text: outOfRangeText(context.draft!, context.language, context.wish!.quantity!),
                }),
              },
              assign({
                draft: ({ context, event }) => ({ ...context.draft!, unitPrice: event.output }),
                wish: ({ context }) => without(context, 'quantity'),
              }),
            ],
          },
          {
            target: 'choosing',
            actions: assign({
              draft: ({ context, event }) => ({ ...context.draft!, unitPrice: event.output }),
            }),
          },
        ],
      },
      failed: 'failed',
    }),
    choosing: {
      meta: { view: changeable(quantityView, 'quantity') },
      on: {
        'quantity.pick': {
          guard: 'quantityAllowed',
          target: '#booking.questions',
          actions: [
            assign({
              draft: ({ context, event }) => ({ ...context.draft!, quantity: event.quantity }),
            }),
            {
              type: 'notify',
              params: ({ context }) => ({
                text: totalText(context.draft!, context.language),
              }),
            },
          ],
        },
        'nav.back': backFromQuantity,
      },
    },
    failed: {
      meta: { view: retryView },
      on: {
        'selection.retry': { target: 'checking' },
        'nav.back': backFromQuantity,
      },
    },
  },
});
