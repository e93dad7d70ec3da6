/**
 * Full names the customer already gave in this conversation: the attendees' names of the
 * tickets in the cart (questions whose words ask a full name). Offered, not asked again:
 * at a ticket's name question, and as the buyer's.
 */
import { detailMeaning } from '#src/domain/question-meaning.js';
import type { BookingContext } from '#flows/booking/types.js';

export function namesInCart(context: BookingContext): string[] {
  const names = context.cart.lines.flatMap((line) =>
    (line.activity?.tickets ?? []).flatMap((ticket) =>
      (ticket.questions ?? []).flatMap((answer) =>
        answer.stringValue !== undefined &&
        detailMeaning({ question: answer.question ?? '' }) === 'fullName'
          ? [answer.stringValue.trim()]
          : [],
      ),
    ),
  );
  return [...new Set(names)];
}
