/**
 * Full names the customer already gave in this conversation: the attendees' names of the
 * tickets in the cart (questions whose words ask a full name). Offered, not asked again:
 * at a ticket's name question, and as the buyer's.
 */
import { ageOn, detailMeaning } from '#src/domain/question-meaning.js';
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

/** Who may buy: of age (a child's name is never offered as the buyer's). */
const ADULT_AGE = 18;

/**
 * The attendees' names that may be the buyer's: not on a ticket whose own answers make
 * its person a minor on the day (a birth date, an age), nor on a line of a product for
 * children (`forChildren`).
 */
export function buyerNamesInCart(
  context: BookingContext,
  forChildren: (productId: string) => boolean,
): string[] {
  const names = context.cart.lines.flatMap((line) =>
    forChildren(line.productId)
      ? []
      : (line.activity?.tickets ?? []).flatMap((ticket) => {
          const answers = ticket.questions ?? [];
          const minor = answers.some((answer) => {
            const meaning = detailMeaning({ question: answer.question ?? '' });
            const age =
              meaning === 'birthDate' && answer.dateTimeValue !== undefined
                ? ageOn(answer.dateTimeValue, line.accessDate)
                : meaning === 'age'
                  ? answer.integerValue
                  : undefined;
            return age !== undefined && age < ADULT_AGE;
          });
          return minor
            ? []
            : answers.flatMap((answer) =>
                answer.stringValue !== undefined &&
                detailMeaning({ question: answer.question ?? '' }) === 'fullName'
                  ? [answer.stringValue.trim()]
                  : [],
              );
        }),
  );
  return [...new Set(names)];
}
