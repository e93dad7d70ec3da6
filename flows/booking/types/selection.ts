/**
 * Choosing a product: the draft being configured (its product's rules, day, sessions,
 * ticket types, quantity, price), what a message already said of it, and the events of
 * browse, the product card, the date, session, ticket-types and quantity steps.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { IsoDate, IsoDateTime } from '#src/domain/time.js';
import type { GroupBound } from '#src/domain/groups.js';
import type { PersonDefinition, PersonKind } from '#src/domain/people.js';
import type { GiftCardRedemption } from './giftcards.js';
import type { Money } from './money.js';
import type { PendingAnswer, TicketQuestionSet } from './questions.js';

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
  /**
   * Whom one unit admits, by kind (NumberOfAdults…), when it names kinds: a split said by
   * type is placed on it (choosing/placing.ts); absent for a ticket for anyone.
   */
  admits?: Partial<Record<Exclude<PersonKind, 'generic'>, number>>;
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
   * never chosen (choosing/room.ts).
   */
  soldOut?: IsoDate[];
  /** MinimumNumberByTransaction of the product (before counting the cart). */
  minimumByTransaction: number;
  /** The group rule that bounds the quantity, for explanations. */
  group?: GroupBound;
}

/** An enclosure of the product's tickets that has sessions; autoAssign as in the catalog. */
export interface SessionEnclosure {
  enclosureId: string;
  name: string;
  /** 0 No (the customer chooses), 1 IfNotSet (chosen or assigned), 2 ForceSet (assigned). */
  autoAssign: 0 | 1 | 2;
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
  /** Who is a child, an adult, a senior where its tickets are used (TypeOfPersonDefinition). */
  definitions?: PersonDefinition[];
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
   * sessions stay in `options` (shown marked, never chosen: choosing/room.ts).
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
  /**
   * Answers kept through a change of mind (choosing/change.ts): the reloaded questions
   * resume at the first one without an answer.
   */
  resume?: boolean;
  /** A multiple choice or a list of files being gathered for the current question. */
  questionPending?: PendingAnswer;
  /**
   * An answer refused because the ticket is not for that person (a 15-year-old on a
   * child's ticket): kept, with the ticket type it fits, for the one-tap change offered.
   */
  misfit?: Misfit;
  /**
   * A bare number typed at a visitor's name ("3" when the party is 2): refused as a name,
   * kept for the one-tap change of how many offered at that question.
   */
  countOffer?: { setIndex: number; questionId: string; quantity: number };
  /**
   * Answers carried over a change of ticket type while the questions are loaded again:
   * by person (`${productId}#${attendee within the type}`), then by question id (null: a
   * question already passed without an answer, not asked again).
   */
  carried?: Record<string, Record<string, Answer | null>>;
  /** The draft redeems a gift card: Add sets GiftCardIdentifier, quantity 1, price 0. */
  giftCard?: GiftCardRedemption;
}

/** An answer outside its ticket's person definition, and the kind of ticket it fits. */
export interface Misfit {
  setIndex: number;
  questionId: string;
  answer: Answer;
  kind: 'child' | 'adult' | 'senior';
  productId: string;
}

/**
 * What a customer's message already said of the booking (choosing/wish.ts): the
 * date, session time and quantity the later steps take instead of asking.
 */
export interface Wish {
  /** `passed`: this year's day of a day and month said without a year, already gone. */
  date?:
    | { kind: 'date'; date: IsoDate; passed?: IsoDate }
    | { kind: 'range'; from: IsoDate; to: IsoDate };
  /** A session time, "HH:MM". */
  time?: string;
  /** A part of the day said without an hour: the session step offers its sessions. */
  daypart?: 'morning' | 'afternoon' | 'evening';
  quantity?: number;
  /** How many of each ticket type ("2 adultos y 1 niño"), for a product with types. */
  types?: Partial<Record<PersonKind, number>>;
}

/** What an open question asked for (choosing/ideas.ts): the filters of the list shown. */
export interface IdeasAsked {
  date?: { from: IsoDate; to: IsoDate };
  /** Children come (or the question was about children). */
  kids?: boolean;
  adults?: number;
  children?: number;
  /** A part of the day, said: kept for the session step, not a filter of the list. */
  daypart?: Wish['daypart'];
  providerId?: string;
}

export type SelectionEvent =
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
  /** A change of mind typed at a later step (choosing/change.ts): the values it changes. */
  | { type: 'wish.change'; wish: Wish }
  /** Typed text in browse: search offerable products. */
  | { type: 'browse.query'; query: string }
  /** An open question: what there is, narrowed by what it said. */
  | { type: 'browse.ideas'; ideas: IdeasAsked }
  /** From the product card on to the date (or the next needed step). */
  | { type: 'product.next' }
  /** IfNotSet sessions: let the service assign one. */
  | { type: 'session.auto' }
  /** Ask the service again after a failed session, capacity or price look-up. */
  | { type: 'selection.retry' }
  /** The ticket of an answer that does not fit it, changed to the type it fits. */
  | { type: 'answers.retype'; productId: string };
