/**
 * What follows a cart line's removal, wherever it is asked (the cart's button, the cart by
 * text, a package's line): the params of the machine's `lineRemoved` action (setup.ts),
 * which takes the cart as the service left it and says which line went out. A module of
 * its own: the cart's states and the cart by text's both read it as they are built.
 */
import type { RemoveFromCartOutput } from '../actors/cart.js';
import type { BookingContext } from '../types.js';
import { cartMessages, removalNotes } from './cart.js';

type Removal = { context: BookingContext; event: { output: RemoveFromCartOutput } };

export const lineRemoved = {
  type: 'lineRemoved' as const,
  params: ({ context, event }: Removal) => ({
    change: event.output,
    text: [
      cartMessages(context.language).removed(event.output.removed.name),
      ...removalNotes(event.output, context.language),
    ].join('\n'),
  }),
};
