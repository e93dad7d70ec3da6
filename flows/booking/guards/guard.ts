/**
 * What every named guard is: a pure function of the context and of the event that is being
 * handled, true or false (flows/booking/setup.ts spreads them all). A guard asked on one
 * event reads it through `eventOf`; one asked on a call's onDone or onError reads the
 * call's output or error (the machine's event type does not name those).
 */
import type { OutputFrom } from 'xstate';
import type { bookingActors } from '../actors/bookings.js';
import type { cartActors } from '../actors/cart.js';
import type { customerActors } from '../actors/customers.js';
import type { giftCardActors } from '../actors/giftcards.js';
import type { packageActors } from '../actors/packages.js';
import type { paymentActors } from '../actors/payments.js';
import type { questionActors } from '../actors/questions.js';
import type { selectionActors } from '../actors/selection.js';
import type { BookingContext, BookingEvent } from '../types.js';

/** Setup's actors by name (the same groups setup.ts spreads). */
type Actors = typeof bookingActors &
  typeof customerActors &
  typeof selectionActors &
  typeof questionActors &
  typeof cartActors &
  typeof giftCardActors &
  typeof packageActors &
  typeof paymentActors;

export interface GuardArgs {
  context: BookingContext;
  event: BookingEvent;
}

export type Guard = (args: GuardArgs) => boolean;

/** The event when it is of that type: a guard of one event is false for any other. */
export const eventOf = <T extends BookingEvent['type']>(
  event: BookingEvent,
  type: T,
): Extract<BookingEvent, { type: T }> | undefined =>
  event.type === type ? (event as Extract<BookingEvent, { type: T }>) : undefined;

/** What the named actor answered, in a guard of its call's onDone. */
export const outputOf = <K extends keyof Actors>(_actor: K, event: BookingEvent) =>
  (event as unknown as { output: OutputFrom<Actors[K]> }).output;

/** Why the call failed, in a guard of its onError. */
export const errorOf = (event: BookingEvent): unknown =>
  (event as unknown as { error: unknown }).error;
