/**
 * The order's guards, from the cart to the paid sale (steps/cart.ts, reserved.ts,
 * collect.ts, payment.ts, done.ts, and machine.ts's `payment.paid`), with the rules they
 * read about a sale under way, an invoice, and a call that surely sold nothing.
 */
import { isPartnerRefusal, Refusal } from '../problem.js';
import { ReservationExpired } from '../actors/cart.js';
import type { BookingContext, BookingEvent, ClientDetails } from '../types.js';
import { errorOf, eventOf, outputOf, type GuardArgs } from './guard.js';

/** Whether a Sale of the current cart may have happened (its PartnerSaleId was made). */
export const saleUnderWay = (context: BookingContext): boolean =>
  context.sale !== undefined && context.sale.shoppingCartId === context.cart.shoppingCartId;

/** A draft kept after a failed Add, complete enough to be added again. */
export const pendingDraft = (context: BookingContext) => {
  const draft = context.draft;
  if (draft === undefined || draft.quantity === undefined || draft.unitPrice === undefined)
    return undefined;
  return (draft.accessDate ?? draft.product.fixedDate) === undefined ? undefined : draft;
};

/** The buyer's details, complete, as the purchase used them. */
export const purchaseDetails = (context: BookingContext): ClientDetails | undefined => {
  const client = context.checkout.client;
  return client?.fullName &&
    client.surname &&
    client.documentIdentifier &&
    client.phoneNumber &&
    client.email
    ? (client as ClientDetails)
    : undefined;
};

/** The invoice's reservation is the one held now (not another, not lapsed). */
export const invoiceHolds = (context: BookingContext): boolean =>
  context.payment?.invoice !== undefined &&
  context.reservation !== undefined &&
  context.reservation.lapsed !== true &&
  context.payment.expiresAt === context.reservation.expiresAt;

/**
 * A `payment.paid` for the invoice of the reservation in the context, of its amount, not
 * yet taken. The reservation may have lapsed since the customer paid (the Sale then
 * reserves again); another reservation, or none (the cart changed), is another order.
 */
export function paysCurrentInvoice(context: BookingContext, event: BookingEvent): boolean {
  const forReservation =
    context.payment?.invoice !== undefined &&
    context.reservation !== undefined &&
    context.payment.expiresAt === context.reservation.expiresAt;
  if (event.type !== 'payment.paid' || !forReservation) return false;
  const invoice = context.payment!.invoice!;
  return (
    context.payment?.paid === undefined &&
    event.payload === invoice.payload &&
    event.charge.amount === invoice.total &&
    event.charge.currency === invoice.currency
  );
}

/** The same charge again (a redelivered update): already taken, nothing to do. */
export function chargeTaken(context: BookingContext, event: BookingEvent): boolean {
  if (event.type !== 'payment.paid') return false;
  const id = event.charge.chargeId;
  return context.payment?.paid?.chargeId === id || context.sale?.charge?.chargeId === id;
}

/** The service (or we) clearly said no: nothing was sold, the sale record may go. */
export const definitelyNotSold = (error: unknown) =>
  isPartnerRefusal(error) || error instanceof Refusal || error instanceof ReservationExpired;

export const orderGuards = {
  cartIsEmpty: ({ context }: GuardArgs) => context.cart.lines.length === 0,
  cartHasLines: ({ context }: GuardArgs) => context.cart.lines.length > 0,
  lineNotInCart: ({ context, event }: GuardArgs) =>
    !context.cart.lines.some(
      (line) => line.cartItemId === eventOf(event, 'cart.remove')?.cartItemId,
    ),
  hasPendingDraft: ({ context }: GuardArgs) => pendingDraft(context) !== undefined,
  saleUnderWay: ({ context }: GuardArgs) => saleUnderWay(context),
  saleOrReservationUnderWay: ({ context }: GuardArgs) =>
    saleUnderWay(context) || context.reservation !== undefined,
  nothingReserved: ({ context }: GuardArgs) => context.reservation === undefined,
  reservationHeldUnsold: ({ context }: GuardArgs) =>
    context.reservation !== undefined && !saleUnderWay(context),
  reservationRefusedLinesUnsold: ({ context }: GuardArgs) =>
    (context.reservation?.failedProductIds.length ?? 0) > 0 && !saleUnderWay(context),
  /** A reserve call's answer: some of the lines were refused. */
  reserveRefusedLines: ({ event }: GuardArgs) =>
    outputOf('reserve', event).reservation.failedProductIds.length > 0,
  paymentIsInvoice: ({ event }: GuardArgs) => outputOf('planPayment', event).kind === 'invoice',
  paymentUnavailable: ({ event }: GuardArgs) =>
    outputOf('planPayment', event).kind === 'unavailable',
  soldWithPaymentPage: ({ event }: GuardArgs) => outputOf('sell', event).paymentUrl !== undefined,
  reservationExpired: ({ event }: GuardArgs) => errorOf(event) instanceof ReservationExpired,
  definitelyNotSold: ({ event }: GuardArgs) => definitelyNotSold(errorOf(event)),
  invoiceHolds: ({ context }: GuardArgs) => invoiceHolds(context),
  /** Entered with a payment that is not for the order held now (machine.ts): given back. */
  paymentStray: ({ context }: GuardArgs) => context.payment?.stray === true,
  paymentTaken: ({ context }: GuardArgs) => context.payment?.paid !== undefined,
  /** The Sale after a payment has not been tried again yet (it is, once). */
  firstSaleAttempt: ({ context }: GuardArgs) => (context.payment?.attempts ?? 0) === 0,
  chargeTaken: ({ context, event }: GuardArgs) => chargeTaken(context, event),
  /** A sale with nothing to pay (a gift card redeemed): done at once. */
  noPaymentPage: ({ context }: GuardArgs) => context.sale?.paymentUrl === undefined,
  paymentConfirmed: ({ event }: GuardArgs) =>
    outputOf('checkPayment', event).status === 'confirmed',
  paymentFailed: ({ event }: GuardArgs) => outputOf('checkPayment', event).status === 'failed',
  /** The failed sale's order was kept, to be put on a new cart. */
  orderKept: ({ context }: GuardArgs) => (context.sale?.kept?.lines.length ?? 0) > 0,
  purchaseDetailsComplete: ({ context }: GuardArgs) => purchaseDetails(context) !== undefined,
  ticketsNotLoaded: ({ context }: GuardArgs) => context.sale?.activities === undefined,
  paysCurrentInvoice: ({ context, event }: GuardArgs) => paysCurrentInvoice(context, event),
};
