/**
 * The cart changed by text (choosing/cart-words.ts) from the cart or the review: a line
 * removed, every line removed, a line booked again with another count. Each removal is
 * the cart's own (the service's Remove, or the cart rebuilt without the line).
 */
import { assign, enqueueActions, raise } from 'xstate';
import { keptText, typesWords, wishWords } from '#flows/booking/choosing/wish.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent } from '../types.js';
import type { RemoveFromCartOutput } from '../actors/cart.js';
import { cartMessages, changedContext, removalNotes } from './cart.js';
import { lineRemoved } from './line-removed.js';
import { defineMessages } from '#src/i18n/messages.js';

const messages = defineMessages({
  es: {
    emptied: 'Hecho: tu carrito está vacío.',
    emptying: 'Vaciando el carrito…',
    changing: (count: string, name: string) => `De acuerdo, lo cambio: ${count} en ${name}.`,
  },
  en: {
    emptied: 'Done: your cart is empty.',
    emptying: 'Emptying the cart…',
    changing: (count: string, name: string) => `All right, I am changing it: ${count} for ${name}.`,
  },
});

type Args = { context: BookingContext; event: BookingEvent };
type Removed = { context: BookingContext; event: { output: RemoveFromCartOutput } };

/**
 * A line booked again with another count (its own product back): said as the change it
 * is, not as a removal; a line swapped for another product: the removal, as the cart says.
 */
const lineReplaced = {
  type: 'lineRemoved' as const,
  params: (args: Removed) => {
    const { context, event } = args;
    const again = context.replacing;
    if (again === undefined || again.productId !== event.output.removed.productId)
      return lineRemoved.params(args);
    const { wish } = again;
    const lang = context.language;
    const count =
      wish.types !== undefined
        ? typesWords(wish.types, lang)
        : wishWords(wish.quantity !== undefined ? { quantity: wish.quantity } : {}, lang);
    return {
      change: event.output,
      text: [
        messages(lang).changing(count, event.output.removed.name),
        ...removalNotes(event.output, lang),
      ].join('\n'),
    };
  },
};

const removeInput = ({ context }: { context: BookingContext }, cartItemId: string) => ({
  cart: context.cart,
  cartItemId,
  language: context.language,
  reserved: context.reservation !== undefined,
});

/** While a sale may have happened, the cart only leads back to the reservation. */
const whileSelling = { guard: 'saleUnderWay' as const, target: '#booking.reserved' };

const notInCart = {
  guard: ({ context, event }: Args) =>
    (event.type === 'cart.remove' ||
      event.type === 'cart.requantity' ||
      event.type === 'cart.swap') &&
    !context.cart.lines.some((line) => line.cartItemId === event.cartItemId),
  actions: {
    type: 'notify' as const,
    params: ({ context }: Args) => ({ text: cartMessages(context.language).noLine }),
  },
};

/** A line removed, then what the words ask opened in its place (the `replacing` state). */
const replace = {
  target: '#booking.cart.replacing',
  actions: booking.createAction(
    assign({
      replacing: ({ event }) => {
        if (event.type === 'cart.requantity') {
          const { productId, wish, carried } = event;
          return { productId, wish, ...(carried ? { carried } : {}) };
        }
        if (event.type !== 'cart.swap') return undefined;
        const { productId, providerId, wish } = event;
        return { ...(productId ? { productId } : {}), ...(providerId ? { providerId } : {}), wish };
      },
    }),
  ),
};

/** From any step showing the cart or the order (the cart's own view takes `cart.remove`). */
export const cartWordTransitions = {
  // "añade también entradas del parque": the place's list, with what else was said.
  'browse.provider': {
    target: '#booking.browse',
    actions: [
      booking.createAction(
        assign({
          browse: ({ event }) =>
            event.type === 'browse.provider'
              ? { providerId: event.providerId, page: 0 }
              : { page: 0 },
          wish: ({ context, event }) =>
            event.type === 'browse.provider' ? (event.wish ?? context.wish) : context.wish,
        }),
      ),
      booking.createAction(
        enqueueActions(({ context, event, enqueue }) => {
          if (event.type === 'browse.provider' && event.wish)
            enqueue.emit({ type: 'notice', text: keptText(event.wish, context.language) });
        }),
      ),
    ],
  },
  'cart.remove': [notInCart, whileSelling, { target: '#booking.cart.removing' }],
  'cart.empty': [whileSelling, { target: '#booking.cart.emptying' }],
  'cart.requantity': [notInCart, whileSelling, replace],
  'cart.swap': [notInCart, whileSelling, replace],
};

export const cartWordStates = {
  emptying: partnerCall({
    waiting: (lang) => messages(lang).emptying,
    invoke: {
      src: 'removeFromCart',
      input: ({ context }) => removeInput({ context }, context.cart.lines[0]?.cartItemId ?? ''),
      onDone: [
        {
          guard: ({ event }) => event.output.cart.lines.length > 0,
          target: 'emptying',
          reenter: true,
          actions: assign(({ context, event }) => changedContext(context, event.output)),
        },
        {
          target: 'idle',
          actions: [
            assign(({ context, event }) => changedContext(context, event.output)),
            {
              type: 'notify',
              params: ({ context }) => ({ text: messages(context.language).emptied }),
            },
          ],
        },
      ],
    },
    failed: 'idle',
  }),
  replacing: partnerCall({
    waiting: (lang) => cartMessages(lang).removing,
    invoke: {
      src: 'removeFromCart',
      input: ({ context, event }) =>
        removeInput(
          { context },
          event.type === 'cart.requantity' || event.type === 'cart.swap' ? event.cartItemId : '',
        ),
      onDone: {
        target: 'idle',
        actions: [
          lineReplaced,
          // Its product (the top-level `wish`), or the place's list, opened with what applies.
          raise(({ context }) => {
            const { productId, providerId, wish } = context.replacing!;
            return providerId !== undefined
              ? { type: 'browse.provider' as const, providerId, wish }
              : { type: 'wish' as const, productId, wish };
          }),
          // The answers carried stay for the product's draft (steps/product.ts).
          assign({
            replacing: ({ context }) =>
              context.replacing?.carried === undefined ? undefined : context.replacing,
          }),
        ],
      },
    },
    failed: 'idle',
  }),
};
