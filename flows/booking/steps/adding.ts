/**
 * Adding the draft to the partner's cart (POST /ShoppingCart/Add). On success the draft
 * becomes a cart line and is dropped; on a refusal the customer hears why and goes back
 * to the step that can change what was refused (date, session, quantity, answers),
 * keeping the draft; when no step can tell, to the cart, which offers to add the draft
 * again. Adding to a reserved cart releases the reservation first (it is asked again at
 * checkout); a cart whose Sale may have happened takes nothing new.
 */
import { assign } from 'xstate';
import { defineMessages } from '#src/i18n/messages.js';
import { answersKey } from '#flows/booking/choosing/types-split.js';
import type { AddFix } from '../actors/cart.js';
import { partnerCall } from '../partner-call.js';
import { booking } from '../setup.js';
import type { BookingContext } from '../types.js';
import { cartMessages, changeNotes, changedContext } from './cart.js';

const messages = defineMessages({
  es: {
    adding: 'Añadiendo al carrito…',
    added: (names: string[]) =>
      names.length === 1
        ? `✅ ${names[0]} está en tu carrito.`
        : `✅ ${names.slice(0, -1).join(', ')} y ${names.at(-1)} están en tu carrito.`,
    released:
      'He liberado la reserva de tu pedido para añadirlo; lo reservamos de nuevo al tramitarlo.',
  },
  en: {
    adding: 'Adding to your cart…',
    added: (names: string[]) =>
      names.length === 1
        ? `✅ ${names[0]} is in your cart.`
        : `✅ ${names.slice(0, -1).join(', ')} and ${names.at(-1)} are in your cart.`,
    released:
      'I released the reservation of your order to add it; it is reserved again at checkout.',
  },
});

const refusedFor = (fix: AddFix) => ({ type: 'addRefusedFor' as const, params: { fix } });

/**
 * The products the home menu offers to book again: the one just added first. Gift card
 * redemptions are not offered (the card is spent).
 */
function bookedAgain(context: BookingContext): string[] | undefined {
  const draft = context.draft;
  if (draft === undefined || draft.giftCard !== undefined) return context.booked;
  const id = draft.product.productId;
  return [id, ...(context.booked ?? []).filter((other) => other !== id)].slice(0, 2);
}

/** The answers just sent with the product, without files, for its next booking. */
function answersToOffer(context: BookingContext): BookingContext['lastAnswers'] {
  const draft = context.draft;
  if (draft === undefined || Object.keys(draft.answers).length === 0) return context.lastAnswers;
  const answers = Object.fromEntries(
    Object.entries(draft.answers).filter(
      ([, answer]) =>
        answer.binaryValue === undefined && answer.binaryCollectionValue === undefined,
    ),
  );
  return { productId: answersKey(draft), answers };
}

export const addingState = booking.createStateConfig({
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'noDraft', target: '#booking.cart' },
        {
          guard: 'saleUnderWay',
          target: '#booking.reserved',
          actions: {
            type: 'notify',
            params: ({ context }) => ({ text: cartMessages(context.language).saleUnderWay }),
          },
        },
        { guard: 'noDay', target: '#booking.date' },
        {
          guard: 'notPriced',
          target: '#booking.quantity',
        },
        { target: 'calling' },
      ],
    },
    calling: partnerCall({
      waiting: (lang) => messages(lang).adding,
      invoke: {
        src: 'addToCart',
        input: ({ context }) => ({
          cart: context.cart,
          // `start` let us in only with a complete draft.
          draft: context.draft!,
          language: context.language,
          reserved: context.reservation !== undefined,
        }),
        onDone: {
          target: 'added',
          actions: [
            assign(({ context, event }) => changedContext(context, event.output)),
            assign({
              booked: ({ context }) => bookedAgain(context),
              lastAnswers: ({ context }) => answersToOffer(context),
            }),
            'dropDraft',
            {
              type: 'notify',
              params: ({ context, event }) => {
                const m = messages(context.language);
                const released = event.output.released && !event.output.rebuilt;
                return {
                  text: [
                    m.added([event.output.line, ...(event.output.more ?? [])].map((l) => l.name)),
                    ...(released ? [m.released] : []),
                    ...changeNotes(event.output, context.language),
                  ].join('\n'),
                };
              },
            },
          ],
        },
        onError: [
          {
            // A gift card redemption refused for the card itself: check the card again.
            guard: 'redemptionRefused',
            target: '#booking.giftcards.redeem.checking',
            actions: 'explainFailure',
          },
          { guard: refusedFor('date'), target: '#booking.date', actions: 'explainFailure' },
          { guard: refusedFor('session'), target: '#booking.session', actions: 'explainFailure' },
          { guard: refusedFor('quantity'), target: '#booking.quantity', actions: 'explainFailure' },
          {
            guard: refusedFor('questions'),
            target: '#booking.questions',
            actions: 'explainFailure',
          },
          { target: '#booking.cart', actions: 'explainFailure' },
        ],
      },
    }),
    added: {
      always: [
        // A gift card with more products to book: the next one.
        { guard: 'redeemedMore', target: '#booking.giftcards.redeem.next' },
        { target: '#booking.cart', actions: 'dropWish' },
      ],
    },
  },
});
