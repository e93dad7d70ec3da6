/**
 * The checkout's guards, from the insurance to the Confirm and what a refused Confirm
 * offers (steps/insurance.ts, client.ts, checkout-questions.ts, review.ts), with the rules
 * they read about refused lines, the room read for them, and the moves offered.
 */
import { isPartnerRefusal } from '../problem.js';
import type { MoveTarget } from '../actors/cart.js';
import {
  CLIENT_FIELDS,
  readClientDetails,
  validateClientField,
} from '../steps/questions/client-fields.js';
import type {
  BookingContext,
  BookingEvent,
  Cart,
  CartLine,
  ClientField,
  RoomAgain,
} from '../types.js';
import { errorOf, eventOf, outputOf, type GuardArgs } from './guard.js';

/**
 * Some line of the cart is worth insuring (insurable, and not free to cancel): the
 * insurance is quoted and offered. The cart's reads fetched ahead ask on the same rule.
 */
export const insurableCart = (cart: Cart) => cart.lines.some((line) => line.insurable);
export const insurable = (context: BookingContext) => insurableCart(context.cart);

/** The lines a reservation could not hold. */
export const failedLines = (context: BookingContext): { line: CartLine; n: number }[] =>
  context.cart.lines
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => context.reservation?.failedProductIds.includes(line.productId));

/** What the room read again found for a refused line (its full sessions). */
export const roomOf = (context: BookingContext, cartItemId: string): RoomAgain[] =>
  [...(context.reservation?.room ?? []), ...(context.refusedRoom ?? [])].filter(
    (room) => room.cartItemId === cartItemId,
  );

/**
 * A line whose session or limited day may be read again (not a package's, not a
 * combined product's); the reader passes over a line with neither.
 */
export const mayBeFull = (line: CartLine) => line.package === undefined && line.parts === undefined;

/** Whether a refused line may be read again (else nothing is read). */
export const roomToRead = (context: BookingContext) =>
  failedLines(context).some(({ line }) => mayBeFull(line));

/** Where an offered move takes the line (a session of its enclosure, or a day), if offered. */
export const offeredMove = (
  context: BookingContext,
  event: BookingEvent,
): MoveTarget | undefined => {
  if (event.type !== 'cart.move') return undefined;
  for (const room of roomOf(context, event.cartItemId)) {
    if ('date' in event) {
      if ('fullDate' in room && room.nearestDates.includes(event.date)) return { date: event.date };
    } else if (
      !('fullDate' in room) &&
      room.nearest.some((option) => option.sessionId === event.sessionId)
    ) {
      return { enclosureId: room.enclosureId, sessionId: event.sessionId };
    }
  }
  return undefined;
};

export const valueOf = (context: BookingContext, field: ClientField) =>
  context.checkout.client?.[field];

export const missing = (context: BookingContext) =>
  CLIENT_FIELDS.filter((field) => valueOf(context, field) === undefined);

export const checked = (field: ClientField, event: BookingEvent) =>
  validateClientField(field, event.type === 'text' ? event.text : '');

/**
 * The details a message gives when it gives more than, or other than, the one asked: an
 * e-mail, phone or document wherever it is typed, or a first name and surname typed
 * where the first name is asked. Undefined otherwise (the text is read as the field
 * asked, with that field's error if it fails).
 */
export function severalDetails(
  field: ClientField,
  event: BookingEvent,
): Partial<Record<ClientField, string>> | undefined {
  if (event.type !== 'text') return undefined;
  const found = readClientDetails(event.text);
  const fields = Object.keys(found) as ClientField[];
  const other = fields.some((name) => name !== 'fullName' && name !== 'surname');
  // A surname of two words is not a first name and a surname: names split only where
  // the first name is asked.
  if (!other && !(field === 'fullName' && fields.includes('surname'))) return undefined;
  if (field !== 'surname' || found.fullName === undefined) return found;
  // Where the surname is asked, the name words are all the surname.
  const { fullName, surname, ...rest } = found;
  return { ...rest, surname: [fullName, surname].filter(Boolean).join(' ') };
}

export const checkoutGuards = {
  insuranceOffered: ({ context }: GuardArgs) => context.checkout.offeredInsurance !== undefined,
  insuranceChosen: ({ context }: GuardArgs) => context.checkout.insurance !== undefined,
  insurable: ({ context }: GuardArgs) => insurable(context),
  /** The insurer quoted nothing for this order. */
  noInsuranceQuote: ({ event }: GuardArgs) => outputOf('quoteInsurance', event).quote === undefined,
  roomToRead: ({ context }: GuardArgs) => roomToRead(context),
  /** The room read found the nearest sessions or days with room. */
  roomFound: ({ event }: GuardArgs) => outputOf('readRoom', event).length > 0,
  /** A clear no to the Confirm, with lines whose sessions or days may be full. */
  refusedMayBeFull: ({ context, event }: GuardArgs) =>
    isPartnerRefusal(errorOf(event)) && context.cart.lines.some(mayBeFull),
  moveOffered: ({ context, event }: GuardArgs) => offeredMove(context, event) !== undefined,
  /** The moved line is out and not back in. */
  moveRefused: ({ event }: GuardArgs) => outputOf('moveLine', event).line === undefined,
  /** Nothing of the buyer is known yet, and their saved details were not looked for. */
  buyerUnknown: ({ context }: GuardArgs) =>
    missing(context).length === CLIENT_FIELDS.length && context.customer?.recalled !== true,
  /** The saved details were found. */
  buyerRecalled: ({ event }: GuardArgs) => outputOf('recallCustomer', event) !== null,
  clientFieldEmpty: ({ context }: GuardArgs, { field }: { field: ClientField }) =>
    !valueOf(context, field),
  clientFieldKnown: ({ context }: GuardArgs, { field }: { field: ClientField }) =>
    valueOf(context, field) !== undefined,
  clientDetailsComplete: ({ context }: GuardArgs) =>
    CLIENT_FIELDS.every((field) => valueOf(context, field)),
  /** The text gives more than, or other than, the field asked (severalDetails). */
  textGivesSeveralDetails: ({ event }: GuardArgs, { field }: { field: ClientField }) =>
    severalDetails(field, event) !== undefined,
  textIsValidFor: ({ event }: GuardArgs, { field }: { field: ClientField }) =>
    checked(field, event).ok,
  editsField: ({ event }: GuardArgs, { field }: { field: ClientField }) =>
    eventOf(event, 'client.edit')?.field === field,
};
