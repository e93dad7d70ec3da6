/**
 * The booking conversation's context and events. The context holds what the customer
 * chose and what the service answered, never the catalog itself (views read that from
 * the local catalog): snapshots stay small and survive restarts.
 */
import type { CartActivity, CartGiftCard } from '#src/api/cart.js';
import type { Answer, CancellationPolicy } from '#src/api/common.js';
import type { MyBooking } from './actors/bookings.js';
import type { CommandEvent } from './commands.js';
import type { CartPackageGrouping } from '#src/api/cart.js';
import type { Question } from '#src/api/questions.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import type { FileInput } from '#src/domain/answers.js';
import type { GroupBound } from '#src/domain/groups.js';
import type { Lang } from '#src/domain/lang.js';
import type { PersonKind } from '#src/domain/people.js';

/** A price as the customer pays it: integer cents, one currency. */
export interface Money {
  cents: number;
  currency: string;
}

/** What the product being configured needs, copied from the catalog when chosen. */
export interface DraftProduct {
  productId: string;
  productBaseId: string;
  providerId: string;
  name: string;
  /**
   * The provider's and the product base's names, for the summary of a choice
   * (steps/summary.ts); absent in drafts kept from before it.
   */
  place?: { provider: string; base: string };
  /** Dates the customer can pick (sale window, cut-offs and capacity applied). */
  dates: IsoDate[];
  /** DemandAccessDate false: the purchase date is used, no date question. */
  fixedDate?: IsoDate;
  /** Open-dated product (AccessDateCriteria 1): the date is only a first day of use. */
  openDate: boolean;
  minimumQuantity: number;
  /** The most that may be bought (group limit, capacity), when limited. */
  maximumQuantity?: number;
  requiresRealTimePrice: boolean;
  /** What the selection steps need besides (enclosures, capacity, group rule). */
  rules?: SelectionRules;
  /**
   * Its ticket types (src/domain/people.ts, ticketTypeSiblings): the products of its base
   * that differ only by whom the ticket is for, it included; absent when it has none.
   */
  types?: { productId: string; kind: PersonKind }[];
}

/** A ticket type as the ticket-types step offers it on the chosen day. */
export interface TicketTypeOffer {
  productId: string;
  /** The product's name (its cart line's). */
  name: string;
  kind: PersonKind;
  unitPrice: Money;
  /** MinimumNumberByTransaction, less the units of it the cart already holds. */
  minimum: number;
  /** Products sellable on the day when it is a limited day (capacity ÷ quota tickets). */
  capacity?: number;
  /** People one unit counts for the group limit (NumberOfPeople). */
  peoplePerUnit: number;
}

/** The ticket types of the draft's product on its day, and how many of each (by product). */
export interface TicketTypes {
  offers: TicketTypeOffer[];
  counts: Record<string, number>;
}

export interface SessionChoice {
  enclosureId: string;
  sessionId: string;
  label: string;
}

/** One ticket's questions for one attendee (ticket × quantity). */
export interface TicketQuestionSet {
  ticketId: string;
  /** 1-based attendee number within the product's quantity (within the whole choice of ticket types). */
  attendee: number;
  /** With ticket types chosen together: the type's product this ticket is of. */
  productId?: string;
  label: string;
  questions: Question[];
}

export interface Draft {
  product: DraftProduct;
  accessDate?: IsoDate;
  /** DatePerTicketEnclosure: the date of each enclosure of the product's tickets. */
  enclosureDates?: Record<string, IsoDate>;
  /** A full day was asked for: the date step shows the days around it (one tap each). */
  nearDate?: IsoDate;
  sessions: SessionChoice[];
  /** The session step's offers for the chosen date(s), and which one is being asked. */
  sessionStep?: SessionStep;
  /** With ticket types: the number of tickets of every type together. */
  quantity?: number;
  unitPrice?: Money;
  /** Ticket types chosen together (steps/ticket-types.ts): each becomes its own cart line. */
  types?: TicketTypes;
  questionSets: TicketQuestionSet[];
  /** Answers by `${setIndex}:${questionId}`. */
  answers: Record<string, Answer>;
  /**
   * Places the cart's lines already take of what this draft would use: the same product
   * on the same day (a limited day's capacity), and each chosen session (shared by every
   * product sold in it). The partner's capacity does not count them until the Confirm.
   */
  held?: { day: number; sessions: Record<string, number> };
  /** Keys of `answers` worked out rather than asked (an age from a birth date). */
  derived?: string[];
  /**
   * Keys of `answers` given in a list at an earlier ticket's question (a group's names in
   * one message): passed over going forward, still editable at their own question.
   */
  listed?: string[];
  /** Which question is being asked: index into the flattened sets. */
  questionCursor: number;
  /** A multiple choice or a list of files being gathered for the current question. */
  questionPending?: PendingAnswer;
  /** The draft redeems a gift card: Add sets GiftCardIdentifier, quantity 1, price 0. */
  giftCard?: GiftCardRedemption;
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
  /** Refund insurance may be offered for it (partner settings and catalog flags). */
  insurable?: boolean;
  /** A combined product: its products, added together (one line for the customer). */
  parts?: CartPart[];
  /** A package (activities + accommodation), added through Packages. */
  package?: PackageLine;
  /** A gift card bought: the Add request's GiftCards item as sent (added again as is). */
  giftCard?: CartGiftCard;
}

export interface Cart {
  /** The partner's ShoppingCartId; replaced when a cart has to be abandoned. */
  shoppingCartId: string;
  lines: CartLine[];
  /** Adds made to this cart id so far: names the next Add's effect record. */
  adds?: number;
}

export interface ClientDetails {
  fullName: string;
  surname: string;
  documentIdentifier: string;
  phoneNumber: string;
  email: string;
}

export interface InsuranceQuote {
  policyId: string;
  name: string;
  quote: Money;
  coverage: Money;
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
  /** The payment the channel took before this Sale (kept with the booking). */
  charge?: PaymentCharge;
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

export interface Checkout {
  /** Provider, sale and client question profiles being asked (checkoutQuestions step). */
  questions?: CheckoutQuestions;
  insurance?: InsuranceQuote;
  /** The quote being offered (insurance step), before the customer decides. */
  offeredInsurance?: InsuranceQuote;
  insuranceDeclined: boolean;
  client?: Partial<ClientDetails>;
  /** Answers of provider, sale and client question profiles, by profile id. */
  profileAnswers: Record<string, Answer[]>;
}

/**
 * What a customer's message already said of the booking (steps/selection/wish.ts): the
 * date, session time and quantity the later steps take instead of asking.
 */
export interface Wish {
  date?: { kind: 'date'; date: IsoDate } | { kind: 'range'; from: IsoDate; to: IsoDate };
  /** A session time, "HH:MM". */
  time?: string;
  /** A part of the day said without an hour: the session step offers its sessions. */
  daypart?: 'morning' | 'afternoon' | 'evening';
  quantity?: number;
  /** How many of each ticket type ("2 adultos y 1 niño"), for a product with types. */
  types?: Partial<Record<PersonKind, number>>;
}

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
  /** What the message that started this booking said of the later steps. */
  wish?: Wish;
  /** /mybookings: the list being shown (only while in that step). */
  myBookings?: MyBooking[];
  /** /mybookings: the tickets of one of them being sent again (only while in that step). */
  myTickets?: SoldActivity[];
  /** /mybookings: that booking's stays, shown with its tickets. */
  myStays?: SoldStay[];
  language: Lang;
  /** Who this conversation belongs to (channel-qualified), for ids and look-ups. */
  userKey: string;
  browse: { providerId?: string; productBaseId?: string; query?: string; page: number };
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
    /** The product; with ticket types, the choice too (selection/types-split.ts, answersKey). */
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

export type BookingEvent =
  /** The commands that work at every step (commands.ts): `command.cancel`… */
  | CommandEvent
  | { type: 'text'; text: string }
  | { type: 'file'; file: FileInput }
  | { type: 'nav.back' }
  | { type: 'nav.home' }
  | { type: 'language.set'; language: Lang }
  /** A greeting typed at a free-text question: was it the answer? (asked once) */
  /** A word asked about once; `label` the button it could also mean ("cancelar"). */
  | { type: 'word.ask'; word: string; label?: string }
  /** A message clearly written in another language: offered once, then followed. */
  | { type: 'language.noticed'; language: Lang; clearly?: boolean }
  | { type: 'browse.provider'; providerId: string; wish?: Wish }
  | { type: 'browse.base'; productBaseId: string }
  | { type: 'browse.product'; productId: string }
  | { type: 'browse.page'; page: number }
  | { type: 'browse.search' }
  | { type: 'date.pick'; date: IsoDate }
  | { type: 'session.pick'; enclosureId: string; sessionId: string; label: string }
  | { type: 'quantity.pick'; quantity: number }
  /** The ticket-types step: one more or one less of a type, typed counts, and on. */
  | { type: 'types.more'; productId: string }
  | { type: 'types.less'; productId: string }
  | { type: 'types.set'; counts: Record<string, number> }
  | { type: 'types.go' }
  /** A booking in one message: the product (when chosen there) and what else it said. */
  | { type: 'wish'; productId?: string; wish: Wish }
  /** Typed text in browse: search offerable products. */
  | { type: 'browse.query'; query: string }
  /** From the product card on to the date (or the next needed step). */
  | { type: 'product.next' }
  /** IfNotSet sessions: let the service assign one. */
  | { type: 'session.auto' }
  /** Ask the service again after a failed session, capacity or price look-up. */
  | { type: 'selection.retry' }
  | { type: 'answer.skip' }
  | { type: 'answer.choose'; value: string }
  /** Select several (DataType 11): ticks or unticks one value; `answer.done` ends it. */
  | { type: 'answer.toggle'; value: string }
  /** Ends a multiple choice or a list of files. */
  | { type: 'answer.done' }
  /** Keeps the answer already given to this question (after going back). */
  | { type: 'answer.keep' }
  | { type: 'client.edit'; field: ClientField }
  | { type: 'client.keep' }
  | { type: 'client.confirm' }
  | { type: 'checkout.optional' }
  /** Yes to keeping the buyer's details for next time. */
  | { type: 'customer.remember' }
  /** The answers of an earlier ticket copied to every later one (what is not personal). */
  | { type: 'answers.same' }
  | { type: 'answers.skipOptional'; everyTicket?: boolean }
  /** A name already given in this conversation (a ticket's attendee) taken as the buyer's. */
  | { type: 'client.name'; name: string }
  | { type: 'cart.open' }
  | { type: 'cart.add-more' }
  | { type: 'cart.remove'; cartItemId: string }
  | { type: 'cart.checkout' }
  | { type: 'insurance.accept' }
  | { type: 'insurance.decline' }
  | { type: 'confirm' }
  | { type: 'reservation.expired' }
  | { type: 'reservation.remind' }
  | { type: 'bookings.refresh' }
  /** Send the tickets of one of the customer's bookings again (/mybookings). */
  | { type: 'bookings.tickets'; partnerSaleId: string }
  | { type: 'payment.result'; outcome: 'ok' | 'ko' }
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
  | { type: 'payment.check' }
  /** The channel took a payment for the invoice `payload` (e.g. Telegram's successful_payment). */
  | { type: 'payment.paid'; payload: string; charge: PaymentCharge }
  /** After a failed payment or an unanswered Sale: try again from the same order. */
  | { type: 'payment.retry' }
  /** From the order review: change the client details. */
  | { type: 'checkout.edit' }
  /** Packages (activity + accommodation): from home, then each choice of the flow. */
  | { type: 'package.open' }
  | { type: 'package.pick'; prepackageId: string }
  /** How many adults, children or babies (the step asking says which). */
  | { type: 'package.count'; count: number }
  | { type: 'package.age'; age: number }
  /** After a room: another one, or on to the dates. */
  | { type: 'package.room'; more: boolean }
  | { type: 'package.menu'; menu: 'filters' | 'sort' }
  | { type: 'package.filter-kind'; kind: PackageFilterKind }
  /** A filter value; `value` undefined removes the filter of that kind. */
  | { type: 'package.filter'; kind: PackageFilterKind; value?: string }
  | { type: 'package.filters-clear' }
  | { type: 'package.sort'; criteria: PackageSort }
  | { type: 'package.page'; page: number }
  | { type: 'package.stay'; packageId: string }
  | { type: 'package.add' }
  /** Another accommodation for a package line whose accommodation failed at reserve. */
  | { type: 'package.restay'; cartItemId: string }
  | { type: 'package.remove' }
  /** A combined product from browse, then added once priced (with what a message said of it). */
  | { type: 'combined.pick'; combinedProductId: string; wish?: Wish }
  | { type: 'combined.add' }
  /** Gift cards (steps/giftcards): the menu, buying one, redeeming one. */
  | { type: 'giftcard.menu' }
  | { type: 'giftcard.buy' }
  | { type: 'giftcard.redeem' }
  | { type: 'giftcard.toggle'; productId: string; providerId: string }
  | { type: 'giftcard.next' }
  | { type: 'giftcard.text'; field: GiftCardTextField; value: string }
  | { type: 'giftcard.skip' }
  | { type: 'giftcard.add' }
  | { type: 'giftcard.code'; code: string }
  | { type: 'giftcard.use' }
  | { type: 'giftcard.another' };

/**
 * An answer being gathered over several messages: ticked values of a multiple choice,
 * or the files of a list of files received so far (whole files, in the snapshot).
 */
export interface PendingAnswer {
  values?: string[];
  files?: FileInput[];
}

/** One provider, sale or client question profile to answer on the way to pay. */
export interface ProfileQuestionSet {
  profileId: string;
  level: 'provider' | 'sale' | 'client';
  /** How the profile is named to the customer ("Sea Museum — Visit contact"). */
  label: string;
  questions: Question[];
}

export interface CheckoutQuestions {
  sets: ProfileQuestionSet[];
  /**
   * The questions this pass asks, as indices into the flattened questions of `sets`: the
   * required ones still unanswered on the way to pay, or the optional ones when the
   * customer chooses to answer them from the review. Fixed for the pass, so that the
   * cursor keeps its meaning while answers come in. Absent in conversations saved before
   * it existed: every question.
   */
  asking?: number[];
  /** Index into `asking`. */
  cursor: number;
  pending?: PendingAnswer;
}

export type ClientField = keyof ClientDetails;

/** An enclosure of the product's tickets that has sessions; autoAssign as in the catalog. */
export interface SessionEnclosure {
  enclosureId: string;
  name: string;
  /** 0 No (the customer chooses), 1 IfNotSet (chosen or assigned), 2 ForceSet (assigned). */
  autoAssign: 0 | 1 | 2;
}

/** Product facts the selection steps use, worked out when the product is opened. */
export interface SelectionRules {
  /** DatePerTicketEnclosure with tickets in several enclosures: a date each, in this order. */
  dateEnclosures?: { enclosureId: string; name: string }[];
  /** The sellable dates of each price set (with dateEnclosures: dates must share one). */
  priceSets?: IsoDate[][];
  sessionEnclosures: SessionEnclosure[];
  /** Sellable dates among DaysWithLimitedCapacity. */
  limitedDates: IsoDate[];
  /** Products still sellable on a limited day (capacity ÷ quota tickets), where known. */
  capacityByDate: Record<IsoDate, number>;
  /**
   * Days otherwise on sale that are full (fewer places than the minimum): shown marked,
   * never chosen (selection/room.ts).
   */
  soldOut?: IsoDate[];
  /** MinimumNumberByTransaction of the product (before counting the cart). */
  minimumByTransaction: number;
  /** The group rule that bounds the quantity, for explanations. */
  group?: GroupBound;
}

export interface SessionOption {
  sessionId: string;
  /** Provider-local start. */
  time: IsoDateTime;
  /** Places left, when the session's capacity is limited. */
  remaining?: number;
  /** Products the places allow (remaining ÷ quota tickets of this enclosure). */
  maxQuantity?: number;
}

export interface SessionOffer {
  enclosureId: string;
  name: string;
  date: IsoDate;
  /** choose: auto-assign No; optional: IfNotSet; forced: ForceSet (only previewed). */
  mode: 'choose' | 'optional' | 'forced';
  options: SessionOption[];
  /**
   * False when no session can be had on the date (none left, or none assignable). Full
   * sessions stay in `options` (shown marked, never chosen: selection/room.ts).
   */
  available: boolean;
  /** ForceSet: what /autoassignsessions would assign now (informational). */
  preview?: { time: string; name?: string };
}

export interface SessionStep {
  offers: SessionOffer[];
  /** Index into the offers the customer answers (those not forced). */
  cursor: number;
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

export interface SoldActivity {
  productId: string;
  name: string;
  accessDate: IsoDate;
  /** One code for the whole activity, when the service gives one. */
  accessCode?: string;
  /** ActivityStatus: 1 Started, 2 Confirmed, 4 Cancelled, 7 In process. */
  status: number;
  tickets: SoldTicket[];
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

/** What the buyer types for a gift card: the message, the recipient's name and e-mail. */
export type GiftCardTextField = 'message' | 'name' | 'email';

/** A gift card being bought: its products (one provider) and who it is for. */
export interface GiftCardPurchase {
  products: { productId: string; providerId: string }[];
  message?: string;
  recipientName?: string;
  recipientEmail?: string;
}

/** A product a gift card gives, as the check named it. */
export interface GiftCardProduct {
  productId: string;
  name: string;
  /** Currency of the product's prices (the redemption line is 0 in it). */
  currency: string;
  /** The first visit date whose exchange was still open when the card was checked. */
  firstDate?: IsoDate;
  /** The provider takes no access date (DemandAccessDate false): the purchase date only. */
  purchaseDateOnly?: boolean;
}

/** A gift card as GET /activity/giftcard described it. */
export interface GiftCardCheck {
  code: string;
  exchanged: boolean;
  /** HoursInAdvanceOfGiftCardExchange: hours before 00:00 of the day after the visit. */
  hoursInAdvance?: number;
  /** The purchaser's message. */
  message?: string;
  /** Who the card is for (the check's Client). */
  holder?: string;
  products: GiftCardProduct[];
}

export interface GiftCardFlow {
  buying?: GiftCardPurchase;
  /** The code being checked (typed, or checked again after a refused Add). */
  code?: string;
  check?: GiftCardCheck;
}

/** The marker of a draft that redeems a gift card. */
export interface GiftCardRedemption {
  code: string;
  hoursInAdvance?: number;
  firstDate?: IsoDate;
  currency: string;
}

/** A product of a combined product as added to the cart (its own cart item id). */
export interface CartPart {
  cartItemId: string;
  productId: string;
  activity: CartActivity;
}

/** A person under 18 in a package room: a child (2 to 17) or a baby (under 2). */
export interface PackageMinor {
  kind: 'child' | 'baby';
  /** Asked for each minor; a search is never sent without it. */
  age?: number;
}

export interface PackageRoom {
  adults: number;
  minors: PackageMinor[];
}

export interface PrepackageGrouping {
  id: string;
  name: string;
  providerId: string;
  providerName: string;
  datePolicyKey?: number;
}

/** A prepackage as offered (POST /Activity/Prepackages). */
export interface PrepackageChoice {
  id: string;
  name: string;
  description?: string;
  groupings: PrepackageGrouping[];
  /** SuggestedLocation: where accommodation is searched around. */
  location?: { lat: number; lng: number };
}

/** What a package search asks (BasicCatalog); kept with the line to search again. */
export interface PackageSearch {
  prepackage: PrepackageChoice;
  rooms: PackageRoom[];
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** The activity day, within the stay (every pax grouping on that day). */
  activityDate: IsoDate;
}

export type PackageFilterKind =
  'board' | 'category' | 'rateClass' | 'type' | 'city' | 'price' | 'distance';

/** SortCriteria: 1 cheapest, 2 most expensive, 3 closest. */
export type PackageSort = 1 | 2 | 3;

/** An accommodation of the basic package catalog, as listed. */
export interface AccommodationOffer {
  /** The package id (Prices and Add name the package by it). */
  packageId: string;
  name: string;
  city?: string;
  /** 1 to 5 stars; absent or 0 when unknown. */
  stars?: number;
  /** AccommodationType. */
  type?: number;
  /** Metres from the start of the activity. */
  distance?: number;
  priceFrom: Money;
}

export interface PackageResults {
  totalPages: number;
  offers: AccommodationOffer[];
  /** AvailableFilters: each value with how many packages it gives. */
  facets: Partial<Record<PackageFilterKind, { value: string; count: number }[]>>;
}

/** The priced package (PricesAndCancellationConditions), ready to add. */
export interface PackageQuote {
  echoToken: string;
  offer: AccommodationOffer;
  price: Money;
}

export interface PackageFlow {
  prepackages?: PrepackageChoice[];
  prepackage?: PrepackageChoice;
  /** The rooms; the last one is being filled in. */
  rooms: PackageRoom[];
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  activityDate?: IsoDate;
  filters: Partial<Record<PackageFilterKind, string>>;
  /** The filter whose values are being shown. */
  filterKind?: PackageFilterKind;
  sort: PackageSort;
  /** 1-based, as the service counts pages. */
  page: number;
  results?: PackageResults;
  /** The EchoToken of the search the results came from. */
  echoToken?: string;
  /** The accommodation being priced or offered. */
  chosen?: AccommodationOffer;
  quote?: PackageQuote;
  /** A package line whose accommodation could not be reserved, and why. */
  replace?: { cartItemId: string; reason?: string };
  /** Accommodations (package ids) that could not be reserved: left out of the list. */
  unavailable?: string[];
}

/** A package in the cart: what was searched, priced and added. */
export interface PackageLine {
  search: PackageSearch;
  accommodation: AccommodationOffer;
  /** The Add's Packages item as sent: a rebuilt cart adds it again unchanged. */
  request: CartPackageGrouping;
  /** The cart item id is ours: the service answered the Add without one. */
  localId?: boolean;
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

/** A combined product being chosen: its products, sellable dates, quantity and price. */
export interface CombinedDraft {
  combinedProductId: string;
  /** Filled in when opened (openCombined). */
  product?: {
    name: string;
    providerId: string;
    parts: { productId: string; name: string }[];
    /** Days on which every product is on sale. */
    dates: IsoDate[];
    minimumQuantity: number;
    maximumQuantity?: number;
    insurable: boolean;
    /** The combined price of the days the card shows, read when opened (where it could be). */
    prices?: Record<IsoDate, Money>;
  };
  accessDate?: IsoDate;
  quantity?: number;
  /** The combined price of one unit (all its products), from /realTimePrices. */
  unitPrice?: Money;
}
