/**
 * The booking machine's setup: its types, named actors (every partner call), every named
 * guard (guards/, one module a sub-flow), and the actions shared by several steps. Steps
 * build their states with `booking.createStateConfig`, each in its own module under steps/.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { bookingActors } from './actors/bookings.js';
import { cancelBookingActors } from './actors/cancel-booking.js';
import { cartActors, changedContext, type CartChange } from './actors/cart.js';
import { customerActors } from './actors/customers.js';
import { giftCardActors } from './actors/giftcards.js';
import { packageActors } from './actors/packages.js';
import { paymentActors } from './actors/payments.js';
import { questionActors } from './actors/questions.js';
import { selectionActors } from './actors/selection.js';
import { guards } from './guards/index.js';
import { failureText } from './problem.js';
import type { BookingContext, BookingEvent, BookingInput } from './types.js';
import type { StepMeta } from './view.js';

export type BookingEmitted =
  | { type: 'notice'; text: string }
  /**
   * The customer asked to be forgotten (/forget): what sits beside the machine in the
   * conversation's record (the handoff's last messages) is erased with the context.
   */
  | { type: 'forgotten' };

export const booking = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
    emitted: {} as BookingEmitted,
    meta: {} as StepMeta,
    tags: {} as 'busy',
  },
  actors: {
    ...bookingActors,
    ...cancelBookingActors,
    ...customerActors,
    ...selectionActors,
    ...questionActors,
    ...cartActors,
    ...giftCardActors,
    ...packageActors,
    ...paymentActors,
  },
  guards,
  actions: {
    /** Explains a failed actor (its `error`) to the customer, in their language. */
    explainFailure: emit(({ context, event }) => ({
      type: 'notice' as const,
      text: failureText(context.language, (event as { error?: unknown }).error),
    })),
    notify: emit((_, params: { text: string }) => ({ type: 'notice' as const, text: params.text })),
    dropDraft: assign({ draft: undefined }),
    /**
     * A cart line removed, wherever it was asked (steps/cart.ts, `lineRemoved`): the cart
     * as the service left it, and `text` said (which line went out).
     */
    lineRemoved: enqueueActions(
      ({ context, enqueue }, params: { change: CartChange; text: string }) => {
        enqueue.assign(changedContext(context, params.change));
        enqueue.emit({ type: 'notice', text: params.text });
      },
    ),
    /**
     * What /cancel (and "cancelar", "start over") drops, in one place: the product being
     * chosen, what a message said of it, where browsing or a search had led, and any
     * package, combined product or gift card being chosen. Every way back to a list
     * (the cart's "add another product", a card's Back) then starts afresh. The cart,
     * its reservation, a sale and the buyer's details stay.
     */
    cancelChoices: assign({
      draft: undefined,
      wish: undefined,
      askedWord: undefined,
      browse: { page: 0 },
      packages: undefined,
      combined: undefined,
      giftCards: undefined,
    }),
    /** Keeps what a booking message said for the later steps (choosing/wish.ts). */
    keepWish: assign({
      wish: ({ event }) =>
        event.type === 'wish' && Object.keys(event.wish).length > 0 ? event.wish : undefined,
    }),
    dropWish: assign({ wish: undefined }),
  },
});
