/** Actors of the questions the service asks: per ticket, and per provider, sale, client. */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import type { ProfileQuestionSet, SessionChoice, TicketQuestionSet } from '../types.js';
import { notProvided } from './not-provided.js';

export interface TicketQuestionsInput {
  productId: string;
  date: IsoDate;
  quantity: number;
  sessions: SessionChoice[];
  /** DatePerTicketEnclosure: a ticket's enclosure date, when it differs from `date`. */
  enclosureDates?: Record<string, IsoDate>;
  language: Lang;
  /**
   * Ticket types chosen together: each type's product and quantity, asked in one pass
   * (sets tagged with their product, attendees numbered across the types); `productId`
   * and `quantity` are then the first type's.
   */
  types?: { productId: string; quantity: number }[];
}

/** What the cart holds, as the question profiles of the way to pay depend on it. */
export interface CheckoutQuestionsInput {
  lines: {
    productId: string;
    providerId: string;
    accessDate: IsoDate;
    sessions: SessionChoice[];
    /** The tickets as added (with their own session and date), when known. */
    tickets?: { ticketId: string; sessionId?: string; accessDate?: IsoDate }[];
  }[];
  language: Lang;
}

export const questionActors = {
  /**
   * One question set per ticket and attendee (attendee by attendee, tickets in catalog
   * order); empty when no ticket has a profile. Asked with the product, date and
   * sessions, so dynamic profiles come back with their generated questions.
   */
  loadTicketQuestions: notProvided<TicketQuestionSet[], TicketQuestionsInput>(
    'loadTicketQuestions',
  ),
  /**
   * The provider profiles of the cart's providers, then the sale and client profiles,
   * each once and only when it has questions; empty when there is nothing to ask.
   */
  loadCheckoutQuestions: notProvided<ProfileQuestionSet[], CheckoutQuestionsInput>(
    'loadCheckoutQuestions',
  ),
};
