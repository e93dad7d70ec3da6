/**
 * A change of mind typed at a question (choosing/change.ts) taken from wherever a draft
 * is being chosen or answered: back to the step it is about, the rest kept; another
 * product opened with what still applies of the choice.
 */
import { enqueueActions } from 'xstate';
import { booking } from '../setup.js';
import type { BookingContext, BookingEvent, Wish } from '../types.js';
import { changeTarget, changedContext, changedText } from '#flows/booking/choosing/change.js';

type Args = { context: BookingContext; event: BookingEvent };

const wishOfEvent = (event: BookingEvent): Wish => (event.type === 'wish.change' ? event.wish : {});

const goesTo = (target: string) => (args: Args) =>
  args.context.draft !== undefined && changeTarget(wishOfEvent(args.event)) === target;

const apply = booking.createAction(
  enqueueActions(({ context, event, enqueue }) => {
    const wish = wishOfEvent(event);
    enqueue.emit({ type: 'notice', text: changedText(wish, context.language) });
    enqueue.assign(changedContext(context, wish));
  }),
);

export const changeTransitions = {
  'wish.change': [
    { guard: goesTo('#booking.date'), target: '#booking.date', actions: apply },
    { guard: goesTo('#booking.session'), target: '#booking.session', actions: apply },
    { guard: goesTo('#booking.quantity'), target: '#booking.quantity', actions: apply },
  ],
  // Another product named with a word of change, from a step that has no list to pick from.
  wish: {
    guard: ({ event }: Args) => event.type === 'wish' && event.productId !== undefined,
    target: '#booking.product',
    // The new product's card or summary says what it became.
    actions: 'keepWish' as const,
  },
};
