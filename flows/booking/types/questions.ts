/**
 * Questions: each ticket's questions for its attendee, the provider, sale and client
 * question profiles on the way to pay, an answer gathered over several messages, and the
 * events that answer them.
 */
import type { Question } from '#src/domain/partner-shapes.js';
import type { FileInput } from '#src/domain/answers.js';
import type { PersonDefinition } from '#src/domain/people.js';

/**
 * Whom a ticket is for, where its enclosure defines it (TypeOfPersonDefinition): its
 * kind, the enclosure's definitions, and the product of each other kind the customer
 * may take instead (a ticket type of the choice, or the product of that kind at the
 * same place).
 */
export interface TicketPerson {
  kind: 'child' | 'adult' | 'senior';
  definitions: PersonDefinition[];
  instead: Partial<Record<'child' | 'adult' | 'senior', string>>;
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
  /** Whom the ticket is for, when its enclosure defines it by age or height. */
  person?: TicketPerson;
}

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

export type QuestionEvent =
  | { type: 'answer.skip' }
  | { type: 'answer.choose'; value: string }
  /** Select several (DataType 11): ticks or unticks one value; `answer.done` ends it. */
  | { type: 'answer.toggle'; value: string }
  /** Ends a multiple choice or a list of files. */
  | { type: 'answer.done' }
  /** Keeps the answer already given to this question (after going back). */
  | { type: 'answer.keep' }
  /** An earlier answer of the ticket given again at a later question (its name). */
  | { type: 'answer.correct'; questionId: string; text: string }
  /** The answers of an earlier ticket copied to every later one (what is not personal). */
  | { type: 'answers.same' }
  | { type: 'answers.skipOptional'; everyTicket?: boolean };
