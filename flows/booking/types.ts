/**
 * The booking conversation's context and events, one file a sub-flow (types/): the
 * selection, questions, checkout, cart and reservation, payment, gift cards, packages,
 * combined products, and the context and events that gather them.
 */
export type * from './types/money.js';
export type * from './types/selection.js';
export type * from './types/questions.js';
export type * from './types/checkout.js';
export type * from './types/cart.js';
export type * from './types/payment.js';
export type * from './types/giftcards.js';
export type * from './types/packages.js';
export type * from './types/combined.js';
export type * from './types/context.js';
export type * from './types/events.js';
