/**
 * The booking conversation's context and events. The context holds what the customer
 * chose and what the service answered, never the catalog itself (views read that from
 * the local catalog): snapshots stay small and survive restarts.
 */
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
  sessions: SessionChoice[];
  quantity?: number;
  unitPrice?: Money;
  questionSets: TicketQuestionSet[];
  /** Answers by `${setIndex}:${questionId}`. */
  answers: Record<string, Answer>;
  /** Which question is being asked: index into the flattened sets. */
  questionCursor: number;
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
}

export interface Cart {
  /** The partner's ShoppingCartId; replaced when a cart has to be abandoned. */
  shoppingCartId: string;
  lines: CartLine[];
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
}

export interface SaleRecord {
  /** Made once per cart, before the first Sale call, and reused for every retry. */
  partnerSaleId: string;
  saleIds: string[];
  paymentUrl?: string;
}

export interface Checkout {
  insurance?: InsuranceQuote;
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
  | { type: 'answer.skip' }
  | { type: 'answer.choose'; value: string }
  | { type: 'cart.open' }
  | { type: 'cart.add-more' }
  | { type: 'cart.remove'; cartItemId: string }
  | { type: 'cart.checkout' }
  | { type: 'insurance.accept' }
  | { type: 'insurance.decline' }
  | { type: 'confirm' }
  | { type: 'reservation.expired' }
  | { type: 'payment.result'; outcome: 'ok' | 'ko' };
