/**
 * The booking conversation's context and events. The context holds what the customer
 * chose and what the service answered, never the catalog itself (views read that from
 * the local catalog): snapshots stay small and survive restarts.
 */
import type { CartActivity } from '../../src/api/cart.js';
import type { Answer } from '../../src/api/common.js';
import type { Question } from '../../src/api/questions.js';
import type { IsoDate, IsoDateTime } from '../../src/api/schema.js';
import type { FileInput } from '../../src/domain/answers.js';
import type { Lang } from '../../src/domain/lang.js';

export type Command = 'start' | 'book' | 'cart' | 'help' | 'language' | 'cancel' | 'mybookings';

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
}

export interface SessionChoice {
  enclosureId: string;
  sessionId: string;
  label: string;
}

/** One ticket's questions for one attendee (ticket × quantity). */
export interface TicketQuestionSet {
  ticketId: string;
  /** 1-based attendee number within the product's quantity. */
  attendee: number;
  label: string;
  questions: Question[];
}

export interface Draft {
  product: DraftProduct;
  accessDate?: IsoDate;
  /** DatePerTicketEnclosure: the date of each enclosure of the product's tickets. */
  enclosureDates?: Record<string, IsoDate>;
  sessions: SessionChoice[];
  /** The session step's offers for the chosen date(s), and which one is being asked. */
  sessionStep?: SessionStep;
  quantity?: number;
  unitPrice?: Money;
  questionSets: TicketQuestionSet[];
  /** Answers by `${setIndex}:${questionId}`. */
  answers: Record<string, Answer>;
  /** Which question is being asked: index into the flattened sets. */
  questionCursor: number;
  /** A multiple choice or a list of files being gathered for the current question. */
  questionPending?: PendingAnswer;
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
  /** What the customer pays (items and insurance), kept for the payment step. */
  total?: Money[];
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

export interface BookingContext {
  language: Lang;
  /** Who this conversation belongs to (channel-qualified), for ids and look-ups. */
  userKey: string;
  browse: { providerId?: string; productBaseId?: string; query?: string; page: number };
  draft?: Draft;
  cart: Cart;
  checkout: Checkout;
  reservation?: Reservation;
  sale?: SaleRecord;
}

export interface BookingInput {
  language: Lang;
  userKey: string;
  /** A fresh ShoppingCartId for this conversation's first cart. */
  shoppingCartId: string;
}

export type BookingEvent =
  | { type: 'command'; name: Command }
  | { type: 'text'; text: string }
  | { type: 'file'; file: FileInput }
  | { type: 'nav.back' }
  | { type: 'nav.home' }
  | { type: 'language.set'; language: Lang }
  | { type: 'browse.provider'; providerId: string }
  | { type: 'browse.base'; productBaseId: string }
  | { type: 'browse.product'; productId: string }
  | { type: 'browse.page'; page: number }
  | { type: 'browse.search' }
  | { type: 'date.pick'; date: IsoDate }
  | { type: 'session.pick'; enclosureId: string; sessionId: string; label: string }
  | { type: 'quantity.pick'; quantity: number }
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
  | { type: 'cart.open' }
  | { type: 'cart.add-more' }
  | { type: 'cart.remove'; cartItemId: string }
  | { type: 'cart.checkout' }
  | { type: 'insurance.accept' }
  | { type: 'insurance.decline' }
  | { type: 'confirm' }
  | { type: 'reservation.expired' }
  | { type: 'reservation.remind' }
  | { type: 'payment.result'; outcome: 'ok' | 'ko' }
  /** Adds the draft kept after a failed Add (from the cart). */
  | { type: 'cart.add-draft' }
  /** Drops a line a reservation could not hold, to choose it again on another date. */
  | { type: 'cart.redate'; cartItemId: string }
  | { type: 'reservation.renew' }
  | { type: 'reservation.cancel' }
  | { type: 'payment.check' }
  /** From the order review: change the client details. */
  | { type: 'checkout.edit' };

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
  /** Index into the flattened questions of `sets`. */
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
  /** MinimumNumberByTransaction of the product (before counting the cart). */
  minimumByTransaction: number;
  /** The group rule that bounds the quantity, for explanations. */
  group?: { limit: number; groupsOnly: boolean; peoplePerUnit: number; peopleInCart: number };
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
  /** False when no session can be had on the date (none left, or none assignable). */
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
