/**
 * Answers carried into questions loaded again (Draft.carried): by the ticket type's product
 * and the visitor's number within it (`${productId}#${visitor}`), each question's answer,
 * or null for one passed (not asked again).
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { CartLine, Draft } from '#flows/booking/types.js';

/** A visitor's key that says every question without an answer was passed (skipped). */
export const EVERY_OTHER = '*';

/**
 * The answers a cart line's visitors gave, carried into its product booked again ("cambia
 * a 3 adultos"): those visitors are not asked again, only the new ones. In the line's Add
 * the k-th ticket of a TicketId is visitor k (src/conversation/actors/cart-requests.ts).
 * The product may be loaded with ticket types (sets of the line's product) or without
 * (sets of no product, read as `undefined`): both keys are given.
 */
export function lineCarried(line: CartLine): Draft['carried'] | undefined {
  const tickets = line.activity?.tickets ?? [];
  if (tickets.length === 0) return undefined;
  const seen = new Map<string, number>();
  const visitors: Record<string, Answer | null>[] = [];
  for (const ticket of tickets) {
    const visitor = seen.get(ticket.ticketId) ?? 0;
    seen.set(ticket.ticketId, visitor + 1);
    const given = (visitors[visitor] ??= { [EVERY_OTHER]: null });
    for (const answer of ticket.questions ?? []) given[answer.questionId] = answer;
  }
  const carried: NonNullable<Draft['carried']> = {};
  visitors.forEach((given, index) => {
    carried[`${line.productId}#${index + 1}`] = given;
    carried[`${String(undefined)}#${index + 1}`] = given;
  });
  return carried;
}
