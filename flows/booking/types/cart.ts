/**
 * The cart and its reservation: the lines added (as the Add sent them, to add them again),
 * the Confirm's answer with the lines refused for want of room, and the events of the
 * cart, the review and the reservation.
 */
import type { CartActivity, CartGiftCard } from '#src/domain/partner-shapes.js';
import type { CancellationPolicy } from '#src/domain/partner-shapes.js';
import type { IsoDate, IsoDateTime } from '#src/domain/time.js';
import type { Money } from './money.js';
import type { PackageLine } from './packages.js';
import type { Draft, SessionChoice, SessionOption, Wish } from './selection.js';

export interface Cart {
  /** The partner's ShoppingCartId; replaced when a cart has to be abandoned. */
  shoppingCartId: string;
  lines: CartLine[];
  /** Adds made to this cart id so far: names the next Add's effect record. */
  adds?: number;
}

export interface CartLine {
  /** Id of the item inside the partner's cart (from Add), needed to remove it. */
  cartItemId: string;
  productId: string;
  providerId: string;
  name: string;
  accessDate: IsoDate;
  quantity: number;
  sessions: SessionChoice[];
  unitPrice: Money;
  /**
   * The Add request's activity as sent (tickets, sessions, per-enclosure dates, answers):
   * a cart rebuilt under a new id adds it again unchanged.
   */
  activity?: CartActivity;
  /**
   * Refund insurance is worth offering for it: partner settings and catalog flags, and a
   * cancellation that may cost money (src/domain/insurance.ts worthInsuring).
   */
  insurable?: boolean;
  /** A combined product: its products, added together (one line for the customer). */
  parts?: CartPart[];
  /** A package (activities + accommodation), added through Packages. */
  package?: PackageLine;
  /** A gift card bought: the Add request's GiftCards item as sent (added again as is). */
  giftCard?: CartGiftCard;
}

/** A product of a combined product as added to the cart (its own cart item id). */
export interface CartPart {
  cartItemId: string;
  productId: string;
  activity: CartActivity;
}

export interface Reservation {
  /** Provider-local expiry as the service sent it, and the same moment as an instant. */
  expiresAtLocal: IsoDateTime;
  expiresAt: string;
  total: Money;
  failedProductIds: string[];
  paymentRequired: boolean;
  paymentMethodType?: number;
  /** The zone `expiresAtLocal` is read in (the provider's of the cart's first line). */
  zone?: string;
  /** The service (or the scheduler) said it expired, whatever our clock says. */
  lapsed?: boolean;
  /** The accommodations of the reservation (packages), with their conditions. */
  stays?: ReservedStay[];
  /** Refused lines whose session or day was found full, with the nearest with room. */
  room?: RoomAgain[];
}

/** An accommodation of a reservation (Confirm's Accommodations). */
export interface ReservedStay {
  /** The package line it belongs to. */
  cartItemId?: string;
  rateId: string;
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  conditions?: string;
  cancellationPolicy?: CancellationPolicy;
  price?: Money;
  success: boolean;
  errorMessage?: string;
}

/**
 * A refused line found full when read again: its session (with the nearest sessions of
 * that day with room) or, for a line without a session, its limited day (with the
 * nearest days with room).
 */
export type RoomAgain = SessionRoomAgain | DayRoomAgain;

export interface SessionRoomAgain {
  cartItemId: string;
  enclosureId: string;
  /** The full session's provider-local start. */
  fullTime: IsoDateTime;
  /** In time order, three at most; empty: none left that day. */
  nearest: SessionOption[];
}

export interface DayRoomAgain {
  cartItemId: string;
  /** The full day. */
  fullDate: IsoDate;
  /** In date order, three at most; empty: none near with room. */
  nearestDates: IsoDate[];
}

export type CartEvent =
  | { type: 'cart.open' }
  | { type: 'cart.add-more' }
  | { type: 'cart.remove'; cartItemId: string }
  | { type: 'cart.checkout' }
  | { type: 'confirm' }
  | { type: 'reservation.expired' }
  | { type: 'reservation.remind' }
  /** Adds the draft kept after a failed Add (from the cart). */
  | { type: 'cart.add-draft' }
  /** Drops a line a reservation could not hold, to choose it again on another date. */
  | { type: 'cart.redate'; cartItemId: string }
  /**
   * A refused line moved to another session of its day (`sessionId`) or, a line without
   * a session, to another day (`date`), then reserved again.
   */
  | { type: 'cart.move'; cartItemId: string; sessionId: string }
  | { type: 'cart.move'; cartItemId: string; date: IsoDate }
  | { type: 'reservation.renew' }
  | { type: 'reservation.cancel' }
  /** "vacía el carrito": every line removed. */
  | { type: 'cart.empty' }
  /**
   * "cambia a 3 adultos": the line removed, and its product opened again with `wish` (its
   * day, its session's time, the new count) and the answers its visitors gave (`carried`).
   */
  | {
      type: 'cart.requantity';
      cartItemId: string;
      productId: string;
      wish: Wish;
      carried?: Draft['carried'];
    }
  /**
   * "quita el museo y pon el parque acuático": the line removed, and the other product (or
   * the place's list) opened with `wish` (the line's day and party, what the words add).
   */
  | { type: 'cart.swap'; cartItemId: string; productId?: string; providerId?: string; wish: Wish };
