/**
 * What the next step will read, asked for from what a turn left (turn hooks of the app),
 * while the customer reads the current one:
 * - a day's sessions shown: the quantity question's reads (the day's capacity, a
 *   real-time price), so that the session's tap waits for none;
 * - the quantity asked (the product, its day and its sessions known): the tickets'
 *   questions profiles its answer will need, so that the quantity's turn waits for the
 *   Add alone.
 * Reads only, through the fetch-ahead store (actors/fetch-ahead.ts), each used for the
 * very request it answered; never the Add, Confirm or Sale.
 */
import { capacityUnknown } from '#flows/booking/guards/selection.js';
import type { BookingContext } from '#flows/booking/types.js';
import type { IsoDate } from '#src/api/schema.js';
import type { TicketsAheadInput } from './actors/questions.js';

/** The turn hook: asks `warm` once per product, day and sessions the quantity is asked for. */
export function ticketQuestionsAhead(warm: (input: TicketsAheadInput) => void) {
  return (_conversationId: string, before: BookingContext, after: BookingContext): undefined => {
    const wanted = quantityAsked(after);
    if (wanted !== undefined && !sameRead(wanted, quantityAsked(before))) warm(wanted);
    return undefined;
  };
}

/** The tickets' profiles' read the quantity's answer will make, once it is asked for. */
function quantityAsked(context: BookingContext): TicketsAheadInput | undefined {
  const draft = context.draft;
  if (draft === undefined || draft.quantity !== undefined || draft.types !== undefined) return;
  const date = draft.accessDate ?? draft.product.fixedDate;
  // Every session chosen: before that, the request is not known (a guess would be a call
  // the partner answers for nothing).
  const chosen = (draft.product.rules?.sessionEnclosures ?? []).every((enclosure) =>
    draft.sessions.some((session) => session.enclosureId === enclosure.enclosureId),
  );
  if (date === undefined || !chosen) return;
  return {
    productId: draft.product.productId,
    date,
    sessions: draft.sessions,
    ...(draft.enclosureDates !== undefined ? { enclosureDates: draft.enclosureDates } : {}),
    language: context.language,
  };
}

const sameRead = (a: TicketsAheadInput, b: TicketsAheadInput | undefined) =>
  b !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** The quantity step's reads of a product on a day (actors/selection.ts, warmQuantityReads). */
export interface QuantityReadsInput {
  productId: string;
  date: IsoDate;
  capacity: boolean;
  price: boolean;
}

/**
 * The turn hook: once a day's sessions are shown, what the quantity question after them
 * will read (the day's capacity, where limited and unknown; a real-time price) is asked
 * for while the customer picks a session, once per product and day.
 */
export function quantityReadsAhead(warm: (input: QuantityReadsInput) => void) {
  return (_conversationId: string, before: BookingContext, after: BookingContext): undefined => {
    const wanted = sessionsShown(after);
    if (wanted === undefined) return undefined;
    const earlier = sessionsShown(before);
    if (earlier?.productId === wanted.productId && earlier.date === wanted.date) return undefined;
    if (wanted.capacity || wanted.price) warm(wanted);
    return undefined;
  };
}

/** A day chosen whose sessions are still to choose: the quantity's reads to come. */
function sessionsShown(context: BookingContext): QuantityReadsInput | undefined {
  const draft = context.draft;
  const date = draft?.accessDate;
  const enclosures = draft?.product.rules?.sessionEnclosures ?? [];
  if (draft === undefined || date === undefined || enclosures.length === 0) return;
  if (draft.quantity !== undefined || draft.giftCard !== undefined) return;
  const open = enclosures.some(
    (enclosure) => !draft.sessions.some((session) => session.enclosureId === enclosure.enclosureId),
  );
  if (!open) return;
  return {
    productId: draft.product.productId,
    date,
    capacity: capacityUnknown(context),
    price: draft.product.requiresRealTimePrice,
  };
}
