/** Actors of the questions the service asks: per ticket, and per provider, sale, client. */
import type { IsoDate } from '../../../src/api/schema.js';
import type { Lang } from '../../../src/domain/lang.js';
import type { SessionChoice, TicketQuestionSet } from '../types.js';
import { notProvided } from './not-provided.js';

export interface TicketQuestionsInput {
  productId: string;
  date: IsoDate;
  quantity: number;
  sessions: SessionChoice[];
  language: Lang;
}

export const questionActors = {
  /** One question set per ticket and attendee; empty when no ticket has a profile. */
  loadTicketQuestions: notProvided<TicketQuestionSet[], TicketQuestionsInput>(
    'loadTicketQuestions',
  ),
};
