/**
 * What the next step will read, asked for from what a turn left (a turn hook of the app):
 * once the quantity is asked (the product, its day and its sessions known), the tickets'
 * questions profiles that the answer will need are asked for while the customer reads
 * the question, so that the quantity's turn waits for the Add alone. A read only, through
 * the fetch-ahead store (actors/fetch-ahead.ts), used for the very request it answered.
 */
import type { BookingContext } from '#flows/booking/types.js';
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
