/**
 * A bought booking the customer asks to cancel: its policy as the sale carries it and what
 * applies now. The service offers no operation that creates a cancellation request, so
 * a confirmed request goes to staff (the 'cancellation.requested' event), who make it there.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { CancelVerdict } from '#src/domain/cancel-now.js';
import type { Lang } from '#src/domain/lang.js';
import type { Money } from '../types/money.js';
import { notProvided } from './not-provided.js';

export interface CancelCandidate {
  partnerSaleId: string;
  saleIds: string[];
  /** Its first product's name, as the customer chose it, and the access date. */
  name: string;
  date: IsoDate;
  total?: Money;
  /** The policy in the customer's words, and in English for staff. */
  policy: string;
  policyForStaff: string;
  verdict: CancelVerdict;
  /** Who and what, for staff (masked by the consumer): an alert's order (src/events.ts). */
  order: StaffOrder;
}

export interface StaffOrder {
  products: { name: string; date?: string; quantity?: number }[];
  total?: Money;
  customer?: { name?: string; email?: string; phone?: string };
}

export interface CancellableInput {
  userKey: string;
  language: Lang;
  /** The words that asked ("mi reserva del sábado"): the day said picks the booking. */
  text?: string;
  /** A booking picked from /mybookings. */
  partnerSaleId?: string;
}

export interface Cancellable {
  /** The customer's bookings that can be asked about, the day said applied. */
  candidates: CancelCandidate[];
  /** A day was said and no booking is for it. */
  dayMissed?: IsoDate;
}

export const cancelBookingActors = {
  loadCancellable: notProvided<Cancellable, CancellableInput>('loadCancellable'),
};
