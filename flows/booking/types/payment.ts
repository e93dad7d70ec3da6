/**
 * Paying and what was sold: the sale record (made once per cart), the invoice and payment
 * taken in the channel, the tickets and stays sold, and the events of the payment step and
 * of /mybookings.
 */
import type { CancellationPolicy } from '#src/domain/partner-shapes.js';
import type { IsoDate } from '#src/domain/time.js';
import type { CartLine } from './cart.js';
import type { Checkout } from './checkout.js';
import type { Money } from './money.js';
import type { PackageRoom } from './packages.js';

export interface SaleRecord {
  /** Made once per cart, before the first Sale call, and reused for every retry. */
  partnerSaleId: string;
  saleIds: string[];
  paymentUrl?: string;
  /** The cart this sale is of; a record of another cart is not this cart's sale. */
  shoppingCartId?: string;
  /** What was sold, with access codes (GET /Sale), once loaded. */
  activities?: SoldActivity[];
  /**
   * The stays sold (packages): what the order knew of them at the Sale (the sale list
   * names only the rate), then as the sale list has them once loaded.
   */
  stays?: SoldStay[];
  /** What the customer pays (items and insurance), kept for the payment step. */
  total?: Money[];
  /**
   * The name the cart gave each package, by the providers of its activities (the Add's
   * request names none of their products), with the products the cart sold on their own
   * lines: the receipt names a package's admission by the package.
   */
  packageNames?: { byProvider: Record<string, string>; plain: string[] };
  /** The payment the channel took before this Sale (kept with the booking). */
  charge?: PaymentCharge;
  /**
   * The gift cards this sale redeemed (their codes): the service's check says a card was
   * redeemed, not when nor by which sale, so staff are told from here.
   */
  giftCards?: string[];
  /**
   * A debit partner's sale waiting for its payment page: the order as it was, so that a
   * failed payment gives the customer their cart back instead of an empty one.
   */
  kept?: { lines: CartLine[]; checkout: Checkout };
}

/**
 * An invoice the channel shows (partners without a debit contract): amounts are integers
 * in the invoice currency's minor units (cents; whole stars for XTR), one line per cart
 * line, the insurance its own line; `total` is their sum.
 */
export interface Invoice {
  /** An opaque id of this sale's invoice (one per reservation), carried back by the payment. */
  payload: string;
  currency: string;
  title: string;
  description: string;
  lines: { label: string; amount: number }[];
  total: number;
}

/** A payment the channel took: its ids at the channel and at the payment provider. */
export interface PaymentCharge {
  chargeId: string;
  providerChargeId?: string;
  /** Minor units of `currency`, as paid. */
  amount: number;
  currency: string;
}

/** The payment taken in the channel before the Sale (no debit contract). */
export interface ChannelPayment {
  invoice?: Invoice;
  /** The reservation the invoice is for (its expiry instant): another one needs another invoice. */
  expiresAt?: string;
  paid?: PaymentCharge;
  /** Sales tried after this payment (a lapse in between is reserved and sold once more). */
  attempts?: number;
  /** Paid for an order that is not the one held now: to be given back, never sold on. */
  stray?: boolean;
}

export interface SoldActivity {
  productId: string;
  name: string;
  accessDate: IsoDate;
  /** One code for the whole activity, when the service gives one. */
  accessCode?: string;
  /** ActivityStatus: 1 Started, 2 Confirmed, 4 Cancelled, 7 In process. */
  status: number;
  tickets: SoldTicket[];
  /** How many people it admits (its quantity × the product's NumberOfPeople). */
  people?: number;
  providerId?: string;
}

/** A ticket as sold (GET /Sale), what the customer shows at the door. */
export interface SoldTicket {
  ticketId: string;
  name: string;
  accessDate: IsoDate;
  accessCode?: string;
  sessionTime?: string;
  enclosureName?: string;
  suggestedAccessDateMessage?: string;
}

/**
 * A stay sold with a package. GET /Sale gives the rate, check-in and check-out and the
 * rate's conditions; the accommodation's name and who stays come from the order (the
 * package line and its reservation), kept with the sale.
 */
export interface SoldStay {
  rateId: string;
  name?: string;
  rooms?: PackageRoom[];
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  /** ProductConditions: the rate's conditions, its board among them. */
  conditions?: string;
  cancellationPolicy?: CancellationPolicy;
}

export type PaymentEvent =
  | { type: 'bookings.refresh' }
  /** Send the tickets of one of the customer's bookings again (/mybookings). */
  | { type: 'bookings.tickets'; partnerSaleId: string }
  /**
   * Cancel a bought booking: asked in words ("cancelar mi reserva del sábado", `text`) or
   * by a booking's button in /mybookings (`partnerSaleId`).
   */
  | { type: 'bookings.cancel'; text?: string; partnerSaleId?: string }
  /** Which booking, when several could be meant. */
  | { type: 'bookings.cancel.pick'; partnerSaleId: string }
  | { type: 'bookings.cancel.confirm' }
  | { type: 'payment.result'; outcome: 'ok' | 'ko' }
  | { type: 'payment.check' }
  /** "cancelar" at the payment link confirmed: the sale left unpaid. */
  | { type: 'payment.abandon' }
  /** The channel took a payment for the invoice `payload` (e.g. Telegram's successful_payment). */
  | { type: 'payment.paid'; payload: string; charge: PaymentCharge }
  /** After a failed payment or an unanswered Sale: try again from the same order. */
  | { type: 'payment.retry' }
  /**
   * Words typed at the receipt that the home menu answers with a notice (not understood,
   * a price asked without a product…): home, with the notice, the tickets not sent again.
   */
  | { type: 'done.aside'; notice: string };
