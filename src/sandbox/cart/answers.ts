/**
 * Answers received by the service (Add's ticket answers, Confirm's and Sale's profile
 * answers), checked against their questions with the project's own validation
 * (src/domain/answers.ts), so that what the bot accepts and what the service accepts
 * cannot drift. The service is stricter than a chat on form:
 * - the value must sit in the property of the question's DataType (an Integer answered in
 *   StringValue is refused, not converted);
 * - a choice (DataType 10, 11) must be sent as an option's Value, not its Text;
 * - a file needs BinaryMimeType, or a BinaryExtension that names a known type.
 * An answer to a question the profile does not have is refused.
 */
import type { Answer } from '#src/api/common.js';
import type { Question, QuestionsProfile } from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { IsoDate } from '#src/api/schema.js';
import { validateAnswer, type AnswerError, type AnswerInput } from '#src/domain/answers.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';

type ValueKey = Exclude<keyof Answer, 'questionId' | 'question'>;

/** The answer property each DataType fills. */
export const answerProperty: Record<DataType, ValueKey> = {
  [DataType.Text]: 'stringValue',
  [DataType.TextList]: 'stringCollectionValue',
  [DataType.Boolean]: 'booleanValue',
  [DataType.BooleanList]: 'booleanCollectionValue',
  [DataType.Date]: 'dateTimeValue',
  [DataType.DateList]: 'dateTimeCollectionValue',
  [DataType.Integer]: 'integerValue',
  [DataType.IntegerList]: 'integerCollectionValue',
  [DataType.Decimal]: 'decimalValue',
  [DataType.DecimalList]: 'decimalCollectionValue',
  [DataType.SelectOne]: 'stringValue',
  [DataType.SelectMany]: 'stringCollectionValue',
  [DataType.File]: 'binaryValue',
  [DataType.FileList]: 'binaryCollectionValue',
};

const VALUE_KEYS = [...new Set(Object.values(answerProperty))];

const wireName = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const errorText: Record<AnswerError['error'], string> = {
  required: 'an answer is required',
  pattern: 'the answer does not match the question pattern',
  'not-text': 'expected text',
  'not-a-date': 'expected a date',
  'not-an-integer': 'expected a whole number',
  'not-a-decimal': 'expected a number',
  'not-a-boolean': 'expected true or false',
  'not-an-option': 'not one of the Values of the question',
  'too-many-values': 'too many values',
  'not-a-file': 'expected a file in base64',
  'file-type': 'file type not accepted',
  'file-too-large': 'file too large',
  'file-types-differ': 'the files must share one type',
};

function describeError(error: AnswerError): string {
  const base = error.questionMessage ?? errorText[error.error];
  const extra = [
    error.item !== undefined ? `"${error.item}"` : undefined,
    error.max !== undefined ? `max ${error.max}` : undefined,
    error.allowed !== undefined ? `allowed: ${error.allowed.join(', ')}` : undefined,
  ].filter((part): part is string => part !== undefined);
  return extra.length > 0 ? `${base} (${extra.join('; ')})` : base;
}

export type ReceivedCheck =
  { ok: true; answer: Answer | null } | { ok: false; missing: boolean; message: string };

function asInput(question: Question, answer: Answer, key: ValueKey): AnswerInput | string {
  const value = answer[key];
  switch (question.dataType) {
    case DataType.Text:
    case DataType.SelectOne:
      return value as string;
    case DataType.TextList:
    case DataType.SelectMany:
      return value as string[];
    case DataType.Boolean:
      return String(value);
    case DataType.BooleanList:
      return (value as boolean[]).map(String);
    case DataType.Date:
      return (value as string).slice(0, 10);
    case DataType.DateList:
      return (value as string[]).map((item) => item.slice(0, 10));
    case DataType.Integer:
    case DataType.Decimal:
      return String(value);
    case DataType.IntegerList:
    case DataType.DecimalList:
      return (value as number[]).map(String);
    default: {
      const extension = answer.binaryExtension?.replace(/^\./, '').toLowerCase();
      const mime = answer.binaryMimeType ?? MIME_BY_EXTENSION[extension ?? ''];
      if (mime === undefined) return 'BinaryMimeType is required with a file';
      const name = extension !== undefined ? `file.${extension}` : undefined;
      const files = question.dataType === DataType.File ? [value as string] : (value as string[]);
      return files.map((base64) => ({ base64, mime, ...(name ? { name } : {}) }));
    }
  }
}

const isBlank = (value: unknown): boolean =>
  value === undefined || (Array.isArray(value) && value.length === 0);

/** Checks one received answer (or its absence) against its question. */
export function checkReceivedAnswer(question: Question, answer: Answer | undefined): ReceivedCheck {
  const key = answerProperty[question.dataType];
  if (answer === undefined || isBlank(answer[key])) {
    const other = answer && VALUE_KEYS.find((k) => k !== key && !isBlank(answer[k]));
    if (other !== undefined)
      return {
        ok: false,
        missing: false,
        message: `DataType ${question.dataType} is answered in ${wireName(key)}, not ${wireName(other)}`,
      };
    return question.required
      ? { ok: false, missing: true, message: errorText.required }
      : { ok: true, answer: null };
  }
  const input = asInput(question, answer, key);
  if (typeof input === 'string' && question.dataType >= DataType.File)
    return { ok: false, missing: false, message: input };
  if (question.dataType === DataType.SelectOne || question.dataType === DataType.SelectMany) {
    const given = ([] as string[]).concat(answer[key] as string | string[]);
    const unknown = given.find((value) => !question.values.some((o) => o.value === value));
    if (unknown !== undefined)
      return {
        ok: false,
        missing: false,
        message: `"${unknown}" is not one of the Values (${question.values.map((o) => o.value).join(', ')})`,
      };
  }
  const result = validateAnswer(question, input as AnswerInput);
  if (!result.ok)
    return { ok: false, missing: result.error === 'required', message: describeError(result) };
  return { ok: true, answer: result.answer };
}

/**
 * Checks `answers` against `questions`: every required question answered, every answer
 * valid and to a question of the set. Refuses with the first problem, naming `where`;
 * returns the normalized answers (what the service records).
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: readonly Answer[],
  where: string,
): Answer[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const given = new Map<string, Answer>();
  for (const answer of answers) {
    if (!byId.has(answer.questionId))
      refuse(
        SandboxCode.QuestionAnswerInvalid,
        `${where}: question ${answer.questionId} is not a question of this profile`,
        [{ id: answer.questionId, name: 'QuestionId' }],
      );
    given.set(answer.questionId, answer);
  }
  const recorded: Answer[] = [];
  for (const question of questions) {
    const check = checkReceivedAnswer(question, given.get(question.id));
    if (!check.ok)
      refuse(
        check.missing ? SandboxCode.QuestionAnswerMissing : SandboxCode.QuestionAnswerInvalid,
        `${where}: question "${question.shortQuestion ?? question.question}" (${question.id}): ${check.message}`,
        [{ id: question.id, name: question.shortQuestion ?? question.question }],
      );
    if (check.answer !== null) recorded.push(check.answer);
  }
  return recorded;
}

/** A question profile by id, static (from the seed) in the partner's default language. */
export function profileById(
  context: SandboxContext,
  profileId: string,
): QuestionsProfile | undefined {
  return context.data
    .questionProfiles(context.data.defaultLanguage)
    .find((profile) => profile.id === profileId);
}

/**
 * The questions of a ticket's profile for one ticket: a dynamic profile's are generated
 * for the product, date and session (as checkticketsquestions gives them); a static
 * one's come from configuration.
 */
export function ticketQuestions(
  context: SandboxContext,
  profileId: string,
  productId: string,
  date: IsoDate,
  sessionId: string | undefined,
): Question[] {
  const profile = profileById(context, profileId);
  if (profile?.areDynamicQuestions === true || profile === undefined) {
    const dynamic = context.data.dynamicQuestions(
      profileId,
      productId,
      date,
      sessionId,
      context.data.defaultLanguage,
    );
    if (dynamic !== undefined) return dynamic;
  }
  return profile?.questions ?? [];
}
