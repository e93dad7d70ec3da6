/**
 * Actors that change or read the partner's cart and sales. Add, Confirm and Sale change
 * state at the partner: their implementations keep effect records and reconcile after
 * an ambiguous failure instead of calling again. When a cart's state at the partner
 * cannot be known (or cannot be changed as needed), it is abandoned and rebuilt under a
 * new ShoppingCartId from the lines we hold (`rebuilt`); nothing is charged by that.
 */
import type { QuestionsProfileAnswers } from '#src/domain/partner-shapes.js';
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import type {
  BookingContext,
  Cart,
  CartLine,
  ClientDetails,
  Draft,
  InsuranceQuote,
  Reservation,
  RoomAgain,
  SoldActivity,
  SoldStay,
} from '../types.js';
import { Refusal } from '../problem.js';
import { notProvided } from './not-provided.js';

/** The cart after a change at the partner. */
export interface CartChange {
  cart: Cart;
  /** The old cart was abandoned and its lines added again under a new id. */
  rebuilt: boolean;
  /** The cart is no longer reserved (its reservation was cancelled or abandoned). */
  released: boolean;
  /** Lines a rebuilt cart could not take again, with the service's reason. */
  dropped?: { name: string; reason: string }[];
}

/** The context after a cart change at the partner: the cart, and no reservation if released. */
export const changedContext = (context: BookingContext, change: CartChange) => ({
  cart: change.cart,
  reservation: change.released || change.rebuilt ? undefined : context.reservation,
});

export interface AddToCartInput {
  cart: Cart;
  draft: Draft;
  language: Lang;
  /** The cart is reserved now: the reservation is released before adding. */
  reserved: boolean;
}

export interface AddToCartOutput extends CartChange {
  line: CartLine;
  /** The other lines of the same Add (ticket types chosen together: a line per type). */
  more?: CartLine[];
}

/** Why an Add was refused, as far as it can be told: which step can fix it. */
export type AddFix = 'date' | 'session' | 'quantity' | 'questions' | 'cart';

export interface RemoveFromCartInput {
  cart: Cart;
  cartItemId: string;
  language: Lang;
  reserved: boolean;
}

export interface RemoveFromCartOutput extends CartChange {
  removed: CartLine;
}

export interface QuoteInsuranceInput {
  cart: Cart;
  language: Lang;
}

export interface QuoteInsuranceOutput {
  /** Absent: the service offers no policy for this sale. */
  quote?: InsuranceQuote;
}

export interface ReserveInput {
  cart: Cart;
  language: Lang;
  questionsProfiles: QuestionsProfileAnswers[];
  /** Reserving again after the reservation lapsed: a refusal rebuilds the cart once. */
  renew: boolean;
  /**
   * The cart's id was sold in a sale whose payment failed: its lines are added again to a
   * new cart first (the old one is never touched again).
   */
  rebuild?: boolean;
}

export interface ReserveOutput extends CartChange {
  reservation: Reservation;
}

export interface ReadRoomInput {
  /** The lines a Confirm refused (packages and combined products are passed over). */
  lines: CartLine[];
  language: Lang;
}

/** Where a refused line moves: another session of its day, or (no session) another day. */
export type MoveTarget = { enclosureId: string; sessionId: string } | { date: IsoDate };

export type MoveLineInput = {
  cart: Cart;
  cartItemId: string;
  language: Lang;
  reserved: boolean;
} & MoveTarget;

/** The line moved (`line`), or taken out and not added again (`refused`, in words). */
export interface MoveLineOutput extends CartChange {
  removed: CartLine;
  line?: CartLine;
  refused?: string;
}

export interface CancelReservationInput {
  cart: Cart;
  language: Lang;
}

export interface SellInput {
  shoppingCartId: string;
  partnerSaleId: string;
  language: Lang;
  client?: ClientDetails;
  insurancePolicyId?: string;
  questionsProfiles: QuestionsProfileAnswers[];
  /** Debit partners: the payment method type to apply (from Confirm). */
  paymentMethodType?: number;
  /** The reservation's expiry instant (ISO): whether a Sale may be tried again. */
  expiresAt?: string;
}

export interface SellOutput {
  saleIds: string[];
  paymentUrl?: string;
  /** The outcome was found by reconciling (GET /Sale) after an ambiguous failure. */
  reconciled: boolean;
  /** The sold cart is finished: the id of the next purchase's cart. */
  nextShoppingCartId: string;
}

export interface SaleLookupInput {
  partnerSaleId: string;
  language: Lang;
  /**
   * Said to the customer as the look-up starts, where the channel can say it at once (the
   * purchase confirmed, with its order number): the tickets follow when it ends.
   */
  announce?: string;
}

export interface CheckPaymentOutput {
  status: 'confirmed' | 'pending' | 'failed';
}

export interface LoadTicketsOutput {
  activities: SoldActivity[];
  /** The sale's accommodations, as the sale list has them (no names: see SoldStay). */
  stays?: SoldStay[];
}

/** The reservation lapsed (the service said so, or its time is over). */
export class ReservationExpired extends Error {
  override name = 'ReservationExpired';
}

/**
 * The service refused an Add; `fix` names the step that can change what it refused.
 * Its message is the customer's explanation (already translated).
 */
export class AddRefused extends Refusal {
  override name = 'AddRefused';
  constructor(
    message: string,
    readonly fix: AddFix,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const cartActors = {
  /** POST /ShoppingCart/Add of the draft; resolves with the cart and its new line. */
  addToCart: notProvided<AddToCartOutput, AddToCartInput>('addToCart'),
  /** POST /ShoppingCart/Remove, or the cart rebuilt without the line where not offered. */
  removeFromCart: notProvided<RemoveFromCartOutput, RemoveFromCartInput>('removeFromCart'),
  /** POST /activity/InsurancePolicyCheck with every item of the sale. */
  quoteInsurance: notProvided<QuoteInsuranceOutput, QuoteInsuranceInput>('quoteInsurance'),
  /** POST /ShoppingCart/Confirm: the reservation. */
  reserve: notProvided<ReserveOutput, ReserveInput>('reserve'),
  /**
   * After a Confirm refused lines: their sessions or limited days read again
   * (/availablecapacity, one call per line), those found full with the nearest that have
   * room.
   */
  readRoom: notProvided<RoomAgain[], ReadRoomInput>('readRoom'),
  /**
   * A line moved to another session or day: removed, added again (its answers kept). Once the
   * line is out, a refused or unanswered Add resolves with the line out, never rejects.
   */
  moveLine: notProvided<MoveLineOutput, MoveLineInput>('moveLine'),
  /** POST /ShoppingCart/CancelConfirm, or the cart rebuilt where not offered. */
  cancelReservation: notProvided<CartChange, CancelReservationInput>('cancelReservation'),
  /** POST /ShoppingCart/Sale, reconciled with GET /Sale after an ambiguous failure. */
  sell: notProvided<SellOutput, SellInput>('sell'),
  /** GET /Sale: whether a debit partner's sale was paid. */
  checkPayment: notProvided<CheckPaymentOutput, SaleLookupInput>('checkPayment'),
  /** GET /Sale: the tickets (access codes) of a sale. */
  loadTickets: notProvided<LoadTicketsOutput, SaleLookupInput>('loadTickets'),
};
