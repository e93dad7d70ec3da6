/**
 * A complete booking as a customer types it (the demo's adult museum ticket, English; no
 * insurance is offered, the ticket being free to cancel; the checkout questions answered
 * from the buyer's details): a number picks that option of a list of choices, anything
 * else is typed.
 */
import type { OutputLine } from '#src/channels/console/lines.js';

export const museumBooking = [
  '/language',
  '2', // English
  '1',
  '1',
  '1',
  '1', // book → Sea Museum → Tickets → adult
  '1',
  '1', // the first date, on the card → 1 ticket
  'Ana García',
  'no',
  '15/08/1990', // ticket questions (the age is worked out from the birth date)
  '1', // check out
  'Ana García, 12345678Z, +34600111222, ana@example.com', // the buyer's details
  '1', // reserve
  '1', // confirm and pay
];

/** The input for one step of a script, given the view it answers. */
export function inputFor(step: string, view: OutputLine): { choose: string } | { text: string } {
  if (view.expects === 'choice' && /^\d+$/.test(step)) {
    const option = view.options[Number(step) - 1];
    if (!option) throw new Error(`no option ${step} in: ${view.text}`);
    return { choose: option.id };
  }
  return { text: step };
}
