/**
 * The thread's first message (HandoffSummary) from the conversation's context: who the
 * customer is, where they are (the step in words, the cart's lines and total, the
 * reservation and its expiry, the last sale) and the last messages. In English: it is
 * for staff. Contacts go as given; the desk masks them as the alerts do.
 */
import type { BookingContext } from '#flows/booking/types.js';
import { cartTotal, lineText, lineTotal } from '#flows/booking/steps/cart.js';
import type { HandoffSummary, TranscriptLine } from './ports.js';

/**
 * Where the customer is, as a person would say it to a colleague: the booking's steps
 * by what the customer is doing there. A step not named here falls back to its state
 * names (stepInWords).
 */
const STEP_WORDS: Record<string, string> = {
  home: 'at the start menu',
  browse: 'browsing what is on sale',
  product: 'reading a product',
  combined: 'reading a combined ticket',
  date: 'choosing the day',
  session: 'choosing the time',
  quantity: 'choosing how many tickets',
  questions: 'answering the ticket questions',
  adding: 'adding to the cart',
  cart: 'looking at the cart',
  client: 'giving their details for checkout',
  checkoutQuestions: 'answering the checkout questions',
  insurance: 'deciding on refund insurance',
  review: 'reviewing the order before paying',
  reserved: 'with places held, about to pay',
  collect: 'about to pay',
  payment: 'paying',
  done: 'finished: paid and given the tickets',
  bookings: 'looking at their bookings',
  giftcards: 'with gift cards',
  packages: 'booking an activity with a hotel',
  language: 'choosing the language',
  forget: 'asking to be forgotten',
};

/** The step where the customer is, in staff's words (the top state says it). */
export function stepForStaff(value: unknown): string {
  const top =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object'
        ? Object.keys(value)[0]
        : undefined;
  return (top !== undefined ? STEP_WORDS[top] : undefined) ?? stepInWords(value);
}

/** The machine's state value in words: `{ checkout: 'client' }` → "checkout › client". */
export function stepInWords(value: unknown): string {
  if (typeof value === 'string') return words(value);
  if (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0] ?? [];
    if (key === undefined) return 'unknown';
    const rest = stepInWords(inner);
    return rest === 'unknown' ? words(key) : `${words(key)} › ${rest}`;
  }
  return 'unknown';
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export interface SummaryInput {
  conversationId: string;
  context: BookingContext;
  /** The machine's state value (snapshot.value). */
  step: unknown;
  firstName?: string;
  transcript: TranscriptLine[];
  /** Outside SUPPORT_HOURS: when staff answer again. */
  answersFrom?: Date;
  /** The same customer's previous handoff. */
  earlier?: { threadId: string; endedAt: string };
}

export function buildSummary(input: SummaryInput): HandoffSummary {
  const { context } = input;
  const client = context.checkout.client;
  const lines = context.cart.lines;
  const total = cartTotal(context.cart)[0];
  const reservation = context.reservation;
  const sale = context.sale;
  return {
    conversationId: input.conversationId,
    customer: {
      ...(input.firstName ? { firstName: input.firstName } : {}),
      language: context.language,
      ...(client?.email ? { email: client.email } : {}),
      ...(client?.phoneNumber ? { phone: client.phoneNumber } : {}),
    },
    step: stepForStaff(input.step),
    ...(lines.length > 0
      ? {
          cart: {
            lines: lines.map((line, index) => ({
              label: lineText(line, index + 1, 'en').replace(/\n\s*/g, ' — '),
              amount: lineTotal(line),
            })),
            ...(total ? { total } : {}),
            ...(reservation && !reservation.lapsed
              ? {
                  reservation: {
                    id: context.cart.shoppingCartId,
                    expiresAt: reservation.expiresAt,
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(sale && sale.saleIds.length > 0
      ? {
          lastSale: {
            partnerSaleId: sale.partnerSaleId,
            ...(sale.total?.[0] ? { total: sale.total[0] } : {}),
          },
        }
      : {}),
    transcript: input.transcript,
    ...(input.answersFrom ? { answersFrom: input.answersFrom.toISOString() } : {}),
    ...(input.earlier ? { earlier: input.earlier } : {}),
  };
}
