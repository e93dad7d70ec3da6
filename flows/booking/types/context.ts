/**
 * The booking conversation's context: what the customer chose and what the service
 * answered, never the catalog itself (views read that from the local catalog), so that
 * snapshots stay small and survive restarts.
 */
import type { MyBooking } from '#flows/booking/actors/bookings.js';
import type { Cancellable, CancelCandidate } from '#flows/booking/actors/cancel-booking.js';
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Lang } from '#src/domain/lang.js';
import type { Cart, Reservation, RoomAgain } from './cart.js';
import type { Checkout } from './checkout.js';
import type { CombinedDraft } from './combined.js';
import type { GiftCardFlow } from './giftcards.js';
import type { PackageFlow } from './packages.js';
import type { ChannelPayment, SaleRecord, SoldActivity, SoldStay } from './payment.js';
import type { Draft, IdeasAsked, Wish } from './selection.js';

export interface BookingContext {
  /** A word that is a command and could be the answer too, asked about once. */
  askedWord?: string;
  /** A change of language offered once, when a message was written in it. */
  languageOffered?: Lang;
  /**
   * No language chosen yet and nothing written in this one (a new conversation): a first
   * message clearly in the other language starts the conversation in it (steps/language.ts).
   * Absent in conversations saved before it existed: their language stands.
   */
  languageOpen?: boolean;
  /**
   * A cart line being booked again with another count ("cambia a 3 adultos") or swapped for
   * another product or place: what to open once it is removed (a product, or a place's
   * list), with what applies, and the answers its visitors gave (taken by the product's
   * next draft: steps/product.ts).
   */
  replacing?: { productId?: string; providerId?: string; wish: Wish; carried?: Draft['carried'] };
  /** What the message that started this booking said of the later steps. */
  wish?: Wish;
  /** /mybookings: the list being shown (only while in that step). */
  myBookings?: MyBooking[];
  /** /mybookings: the tickets of one of them being sent again (only while in that step). */
  myTickets?: SoldActivity[];
  /** /mybookings: that booking's stays, shown with its tickets. */
  myStays?: SoldStay[];
  /** A bought booking being cancelled: those that could be meant (only while in that step). */
  cancelling?: Cancellable;
  /** The one chosen; `requested` once the customer confirmed (staff are told once). */
  cancelChosen?: CancelCandidate & { requested?: boolean };
  language: Lang;
  /** Who this conversation belongs to (channel-qualified), for ids and look-ups. */
  userKey: string;
  browse: {
    providerId?: string;
    productBaseId?: string;
    query?: string;
    /** An open question's list (choosing/ideas.ts). */
    ideas?: IdeasAsked;
    page: number;
  };
  draft?: Draft;
  cart: Cart;
  checkout: Checkout;
  reservation?: Reservation;
  /**
   * A Confirm refused whole (nothing held): the lines whose session was found full, with
   * the nearest that have room (only while the review shows them).
   */
  refusedRoom?: RoomAgain[];
  sale?: SaleRecord;
  /** The payment being taken in the channel (steps/collect.ts). */
  payment?: ChannelPayment;
  /** A package (activity + accommodation) being chosen (steps/packages). */
  packages?: PackageFlow;
  /** A combined product being chosen (steps/combined). */
  combined?: CombinedDraft;
  /** The gift card being bought or redeemed (steps/giftcards). */
  giftCards?: GiftCardFlow;
  /** The step /language was asked from, to go back to once the language is chosen. */
  languageFrom?: string;
  /**
   * The details remembered for next time (customer-memory): `recalled` once looked up in
   * this conversation, `saved` when this chat has them stored.
   */
  customer?: { recalled: boolean; saved: boolean };
  /**
   * The ticket answers of the last product added (files left out), offered to the next
   * booking of the same product ("as last time"), keyed like `Draft.answers`.
   */
  lastAnswers?: {
    /** The product; with ticket types, the choice too (choosing/types-split.ts, answersKey). */
    productId: string;
    answers: Record<string, Answer>;
  };
  /** Products added in this conversation, latest first (two at most): "book again". */
  booked?: string[];
}

export interface BookingInput {
  language: Lang;
  userKey: string;
  /** A fresh ShoppingCartId for this conversation's first cart. */
  shoppingCartId: string;
}
