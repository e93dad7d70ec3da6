/**
 * How the money is taken, and given back. Which way applies is configuration and the
 * partner's contract (Confirm's PaymentMethodsNotApplicable), decided outside the flows:
 * - `partner`: a debit partner; the Sale answers a payment page (steps/payment.ts);
 * - `on-account`: the operator sells without taking payment on purpose (PAYMENT_MODE);
 * - `invoice`: the channel takes the payment before the Sale (steps/collect.ts);
 * - `unavailable`: nobody can take it here; nothing is sold.
 */
import type { Lang } from '#src/domain/lang.js';
import type { Cart, InsuranceQuote, Invoice, PaymentCharge, Reservation } from '../types.js';
import { notProvided } from './not-provided.js';

export interface PlanPaymentInput {
  userKey: string;
  language: Lang;
  cart: Cart;
  reservation: Reservation;
  insurance?: InsuranceQuote;
  /** The cart's PartnerSaleId: the invoice's opaque id is made from it. */
  partnerSaleId: string;
}

export type PaymentPlan =
  | { kind: 'partner' }
  | { kind: 'on-account' }
  | { kind: 'invoice'; invoice: Invoice }
  | { kind: 'unavailable' };

export interface RefundInput {
  userKey: string;
  language: Lang;
  charge: PaymentCharge;
  partnerSaleId?: string;
  /** Why the payment could not become a sale (for staff). */
  reason: string;
}

/** `refunded`: given back already (Stars); `staff`: staff were alerted to refund it. */
export interface RefundOutput {
  kind: 'refunded' | 'staff';
}

export const paymentActors = {
  /** Which way this order is paid (see above), with the invoice when the channel takes it. */
  planPayment: notProvided<PaymentPlan, PlanPaymentInput>('planPayment'),
  /** Gives a payment back that did not become a sale (or has staff do it). */
  refundPayment: notProvided<RefundOutput, RefundInput>('refundPayment'),
};
