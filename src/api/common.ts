/**
 * Shapes that appear in several areas of the spec: cancellation conditions, taxes,
 * commissions, financial ratios and question answers.
 */
import { z } from 'zod';
import type {
  Answer,
  CancellationPolicy,
  CancellationRule,
  Commission,
  QuestionsProfileAnswers,
  TaxBreakdown,
} from '#src/domain/partner-shapes.js';
import {
  aliased,
  boolean,
  decimal,
  integer,
  isoDateTime,
  list,
  optional,
  text,
  withDefault,
} from './schema.js';

/**
 * One penalty rule. In the catalog a rule has only HoursInAdvanceOfAccess and Percentage;
 * in a reservation or sale it may also carry Amount and a date range.
 */
export const cancellationRule = z.object({
  hoursInAdvanceOfAccess: optional(decimal),
  percentage: optional(decimal),
  amount: optional(decimal),
  fromInclusiveDateTime: optional(isoDateTime),
  toExclusiveDateTime: optional(isoDateTime),
}) satisfies z.ZodType<CancellationRule>;
export type { CancellationRule };

/** CancellationPolicy, also named CancellationConditions: same shape wherever it appears. */
export const cancellationPolicy = z.object({
  isRefundable: withDefault(boolean, false),
  rules: list(cancellationRule),
}) satisfies z.ZodType<CancellationPolicy>;
export type { CancellationPolicy };

export const taxBreakdown = z.object({
  taxPercentage: decimal,
  priceWithoutTaxes: optional(decimal),
  priceWithTaxes: optional(decimal),
}) satisfies z.ZodType<TaxBreakdown>;
export type { TaxBreakdown };

/** Commission of a Retail-priced product: Type 1 percentage of Price, 2 absolute per product. */
export const commission = z.object({
  type: integer.pipe(z.union([z.literal(1), z.literal(2)])),
  value: decimal,
}) satisfies z.ZodType<Commission>;
export type { Commission };

const ratio = z.object({
  basePrice: optional(decimal),
  quota: optional(decimal),
  total: optional(decimal),
});

export const financialRatios = z.object({
  referenceSalePrice: optional(ratio),
  discount: optional(ratio),
  commission: optional(ratio),
  salePrice: optional(ratio),
});
export type FinancialRatios = z.output<typeof financialRatios>;

/** The value properties of an answer; exactly one is filled, chosen by the DataType. */
export const answerValues = {
  stringValue: optional(text),
  stringCollectionValue: optional(list(text)),
  booleanValue: optional(boolean),
  booleanCollectionValue: optional(list(boolean)),
  dateTimeValue: optional(isoDateTime),
  dateTimeCollectionValue: optional(list(isoDateTime)),
  integerValue: optional(integer),
  integerCollectionValue: optional(list(integer)),
  decimalValue: optional(decimal),
  decimalCollectionValue: optional(list(decimal)),
  binaryValue: optional(z.string()),
  binaryCollectionValue: optional(list(z.string())),
  binaryMimeType: optional(text),
  binaryExtension: optional(text),
};

/**
 * An answer as sent (sale, provider or client level; and ticket level when adding to the
 * cart, where examples also name the id TicketQuestionId).
 */
export const answer = aliased(
  {
    questionId: text,
    question: optional(text),
    ...answerValues,
  },
  { questionId: ['ticketQuestionId'] },
) satisfies z.ZodType<Answer>;
export type { Answer };

/** A ticket-level answer as the service echoes it (cart and sale responses). */
export const ticketAnswer = aliased(
  {
    ticketQuestionId: optional(text),
    question: optional(text),
    ...answerValues,
  },
  { ticketQuestionId: ['questionId'] },
);
export type TicketAnswer = z.output<typeof ticketAnswer>;

/** QuestionsProfiles of Confirm and Sale requests: answers grouped by profile. */
export const questionsProfileAnswers = z.object({
  questionsProfileId: text,
  questions: list(answer),
}) satisfies z.ZodType<QuestionsProfileAnswers>;
export type { QuestionsProfileAnswers };

/** A plain {Id, Name} pair. */
export const idName = z.object({ id: text, name: optional(text) });
