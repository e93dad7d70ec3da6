/**
 * Carts, by the partner's ShoppingCartId (created on the first Add). A cart is open
 * (Add, Remove), reserved (Confirm held its items until ExpirationDateTime) or sold.
 * CancelConfirm takes a reserved cart back to open; an expired reservation leaves the
 * cart reserved-but-lapsed, which a new Confirm reserves again.
 */
import type { CartAddedActivity, CartConfirmResponse } from '#src/api/cart.js';
import type { Answer, CancellationPolicy, QuestionsProfileAnswers } from '#src/api/common.js';
import type { IsoDate, IsoDateTime, PriceMode } from '#src/api/schema.js';
import { SandboxCode, refuse } from '../codes.js';
import type { PackageBooking } from '../packages/booking.js';

/** One ticket of one unit of an activity: quantity × the product's tickets. */
export interface TicketInstance {
  ticketId: string;
  /** Which unit (0-based) of the item it belongs to. */
  unit: number;
  accessDate: IsoDate;
  /** Chosen at Add; for IfNotSet/ForceSet enclosures assigned at Confirm. */
  sessionId?: string;
  /** Normalized ticket answers. */
  questions: Answer[];
}

export interface ActivityItem {
  kind: 'activity';
  id: string;
  productId: string;
  providerId: string;
  combinedProductId?: string;
  /** Set when the item redeems a gift card. */
  giftCardIdentifier?: string;
  accessDate: IsoDate;
  quantity: number;
  tickets: TicketInstance[];
  /** The Add response's view of the item (the tickets as given, normalized). */
  added: CartAddedActivity;
}

/** A gift card bought for someone: its products are redeemed later, by code. */
export interface GiftCardItem {
  kind: 'giftcard';
  id: string;
  productIds: string[];
  /** Approximate, statistical only. */
  accessDate: IsoDate;
  message?: string;
  client?: { fullName?: string; email?: string };
}

export interface PackageItem {
  kind: 'package';
  id: string;
  booking: PackageBooking;
  /** Sessions chosen in the Add request, by ticket id. */
  sessions: Map<string, string>;
}

export type CartItem = ActivityItem | GiftCardItem | PackageItem;

/** A product line as Confirm reserved it, carrying all Sale needs. */
export interface ReservedLine {
  itemId: string;
  kind: CartItem['kind'];
  productId: string;
  providerId: string;
  combinedProductId?: string;
  accessDate: IsoDate;
  quantity: number;
  /** The line's total (unit price × quantity), after a combined product's discount. */
  price: number;
  priceMode: PriceMode;
  currency: string;
  taxPercentage: number;
  tickets: TicketInstance[];
  cancellationPolicy?: CancellationPolicy;
  success: boolean;
  failure?: string;
  /** A redemption: the card whose product this line is. */
  giftCardIdentifier?: string;
}

export interface ReservedStay {
  itemId: string;
  rateId: string;
  name: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  price: number;
  priceMode: PriceMode;
  conditions: string;
  cancellationPolicy: CancellationPolicy;
  success: boolean;
  errorMessage?: string;
  numberOfAdults: number;
  numberOfChildren: number;
  childrenAges: number[];
}

export interface Reservation {
  expiresAtMs: number;
  expirationDateTime: IsoDateTime;
  lines: ReservedLine[];
  stays: ReservedStay[];
  /** Sale, client and provider profile answers given at Confirm (normalized). */
  answers: QuestionsProfileAnswers[];
  /** The Confirm answer, repeated to a Confirm of a live reservation. */
  response: CartConfirmResponse;
  adminPartnerUserId?: string;
}

export interface Cart {
  id: string;
  items: CartItem[];
  status: 'open' | 'reserved' | 'sold';
  reservation?: Reservation;
  /** Set once sold. */
  saleId?: string;
}

export type CartStore = Map<string, Cart>;

/** The cart of a request, or a refusal naming it. */
export function cartOf(carts: CartStore, shoppingCartId: string): Cart {
  const cart = carts.get(shoppingCartId);
  if (cart === undefined)
    refuse(SandboxCode.NotFound, `there is no cart ${shoppingCartId}: add products to create it`, [
      { id: shoppingCartId, name: 'ShoppingCartId' },
    ]);
  return cart;
}

/** Refuses a change to a cart that is no longer open. */
export function assertOpen(cart: Cart, what: string): void {
  if (cart.status === 'sold')
    refuse(SandboxCode.CartAlreadyReserved, `${what}: cart ${cart.id} was already sold`);
  if (cart.status === 'reserved')
    refuse(
      SandboxCode.CartAlreadyReserved,
      `${what}: cart ${cart.id} was reserved (Confirm); no product can be added or removed after it (CancelConfirm reopens it)`,
    );
}
