/**
 * Question profiles (POST /activity/checkticketsquestions): the questions of ticket,
 * provider, sale and client level, static or generated for given products and dates.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import {
  aliased,
  boolean,
  integer,
  isoDate,
  isoDateTime,
  languageCode,
  list,
  optional,
  prose,
  text,
  withDefault,
  codeOf,
} from './schema.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { Question } from '#src/domain/partner-shapes.js';

const dataType = codeOf(DataType, 'a DataType');

export const question = z.object({
  id: text,
  question: withDefault(prose, ''),
  shortQuestion: optional(prose),
  required: withDefault(boolean, false),
  dataType,
  maxNumberOfValues: optional(integer),
  regexValidationPattern: optional(text),
  regexValidationErrorMessage: optional(prose),
  values: list(z.object({ text: withDefault(prose, ''), value: text })),
}) satisfies z.ZodType<Question>;
export type { Question };

export const questionsProfile = z.object({
  id: text,
  name: withDefault(prose, ''),
  commercialName: optional(prose),
  areDynamicQuestions: withDefault(boolean, false),
  questions: list(question),
});
export type QuestionsProfile = z.output<typeof questionsProfile>;

const productQuery = z.object({
  productId: text,
  accessDate: isoDate,
  tickets: optional(
    list(z.object({ ticketId: text, sessionId: optional(text), accessDate: optional(isoDate) })),
  ),
});

/**
 * At least one of QuestionsProfileIds or Products must be given: the sandbox answers an
 * error envelope otherwise. The vendor's examples also send TicketsQuestionsProfileIds
 * and bare ProductIds (static questions of those products), read here too.
 */
export const checkTicketsQuestionsRequest = aliased(
  {
    questionsProfileIds: optional(list(text)),
    products: optional(list(productQuery)),
    productIds: optional(list(text)),
    languageCode: optional(languageCode),
  },
  { questionsProfileIds: ['ticketsQuestionsProfileIds'] },
);
export type CheckTicketsQuestionsRequest = z.output<typeof checkTicketsQuestionsRequest>;

export const checkTicketsQuestionsResponse = z.object({
  products: list(
    z.object({
      productId: text,
      accessDate: optional(isoDateTime),
      providerId: optional(text),
      tickets: list(
        aliased(
          {
            ticketId: text,
            sessionId: optional(text),
            ticketQuestionsProfileId: optional(text),
            accessDate: optional(isoDateTime),
          },
          { ticketQuestionsProfileId: ['ticketsQuestionsProfileId'] },
        ),
      ),
    }),
  ),
  providers: list(z.object({ providerId: text, providerQuestionsProfileIds: list(text) })),
  ticketQuestionsProfiles: list(questionsProfile),
  providerQuestionsProfiles: list(questionsProfile),
  saleQuestionsProfiles: list(questionsProfile),
  clientQuestionsProfiles: list(questionsProfile),
});
export type CheckTicketsQuestionsResponse = z.output<typeof checkTicketsQuestionsResponse>;

export const checkTicketsQuestionsOperation = defineOperation({
  name: 'checkticketsquestions',
  method: 'POST',
  path: '/activity/checkticketsquestions',
  request: checkTicketsQuestionsRequest,
  response: checkTicketsQuestionsResponse,
  envelope: 'B',
  effect: 'read',
  timeoutMs: 10_000,
});
