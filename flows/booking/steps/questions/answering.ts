/**
 * What one customer input means for the question being asked: an answer to keep (null:
 * skipped), a step of an answer given over several messages (ticking values, sending
 * files one by one), or a refusal that says why. Validation is src/domain/answers';
 * this module only feeds it and words its errors.
 *
 * Where the spec is silent:
 * - A wrong answer is explained with the question's RegexValidationErrorMessage when the
 *   pattern failed and the question has one; otherwise with our message for the error.
 * - Files follow src/domain/answers' defaultFileRules (PDF, JPEG, PNG; 5 MB each).
 * - "Keep" re-uses the answer given before going back; "Done" with no new files keeps a
 *   list of files already given.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Question } from '#src/domain/partner-shapes.js';
import { DataType } from '#src/domain/partner-codes.js';
import {
  defaultFileRules,
  validateAnswer,
  type AnswerError,
  type AnswerInput,
} from '#src/domain/answers.js';
import { locales, type Lang } from '#src/domain/lang.js';
import { detailMeaning, implausibleDetail } from '#src/domain/question-meaning.js';
import type { BookingEvent, PendingAnswer } from '#flows/booking/types.js';
import { normalizeTypedDates } from './dates.js';
import { questionMessages } from './messages.js';

export type Outcome =
  | { kind: 'accept'; answer: Answer | null }
  | { kind: 'collect'; pending: PendingAnswer }
  | { kind: 'refuse'; text: string };

export const fileRules = defaultFileRules;

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/*': 'image',
};

function sizeText(bytes: number, lang: Lang): string {
  const mb = bytes / (1024 * 1024);
  return `${new Intl.NumberFormat(locales[lang], { maximumFractionDigits: 1 }).format(mb)} MB`;
}

/** "PDF, JPEG or PNG, up to 5 MB". */
export function acceptedFilesText(lang: Lang): string {
  const m = questionMessages(lang);
  const names = fileRules.allowedMimeTypes.map((type) => TYPE_NAMES[type] ?? type);
  const types =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} ${m.or} ${names.at(-1)}` : names.join('');
  return m.accepted(types, sizeText(fileRules.maxBytes, lang));
}

const isFileQuestion = (question: Question) =>
  question.dataType === DataType.File || question.dataType === DataType.FileList;

const isDateQuestion = (question: Question) =>
  question.dataType === DataType.Date || question.dataType === DataType.DateList;

/** Our words for a validation error, unless the question brings its own. */
export function errorText(error: AnswerError, question: Question, lang: Lang): string {
  const m = questionMessages(lang);
  const item = error.item ?? '';
  switch (error.error) {
    case 'required':
      return m.errorRequired;
    case 'pattern':
      return question.regexValidationErrorMessage ?? error.questionMessage ?? m.errorPattern;
    case 'not-text':
      return m.errorNotText;
    case 'not-a-date':
      return m.errorNotADate(item);
    case 'not-an-integer':
      return m.errorNotAnInteger(item);
    case 'not-a-decimal':
      return m.errorNotADecimal(item);
    case 'not-a-boolean':
      return m.errorNotABoolean(item);
    case 'not-an-option':
      return m.errorNotAnOption(item, (error.allowed ?? []).join(', '));
    case 'too-many-values':
      return question.dataType === DataType.FileList
        ? m.errorTooManyFiles(error.max ?? 1)
        : m.errorTooManyValues(error.max ?? 1);
    case 'not-a-file':
      return m.errorNotAFile;
    case 'file-type':
      return m.errorFileType(item, acceptedFilesText(lang));
    case 'file-too-large':
      return m.errorFileTooLarge(sizeText(error.max ?? fileRules.maxBytes, lang));
    case 'file-types-differ':
      return m.errorFileTypesDiffer;
  }
}

function check(question: Question, input: AnswerInput, lang: Lang, day?: string): Outcome {
  const result = validateAnswer(question, input, fileRules);
  if (!result.ok) return { kind: 'refuse', text: errorText(result, question, lang) };
  const implausible =
    result.answer === null
      ? undefined
      : implausibleDetail(detailMeaning(question), result.answer, day);
  if (implausible) return { kind: 'refuse', text: questionMessages(lang).implausible(implausible) };
  return { kind: 'accept', answer: result.answer };
}

/** The ticked values of a multiple choice: those being ticked, else the answer given. */
export function tickedValues(pending: PendingAnswer | undefined, current: Answer | undefined) {
  return pending?.values ?? current?.stringCollectionValue ?? [];
}

/**
 * What `event` does to `question`, given the answer already stored (`current`) and what
 * is being gathered (`pending`). Pure: guards and actions both call it.
 */
export function evaluate(
  question: Question,
  event: BookingEvent,
  current: Answer | undefined,
  pending: PendingAnswer | undefined,
  lang: Lang,
  /** The day of the visit (YYYY-MM-DD), against which a birth date is checked. */
  day?: string,
): Outcome {
  const m = questionMessages(lang);
  const refuse = (text: string): Outcome => ({ kind: 'refuse', text });
  switch (event.type) {
    case 'text': {
      if (isFileQuestion(question)) return refuse(m.errorNotAFile);
      const text = isDateQuestion(question) ? normalizeTypedDates(event.text, lang) : event.text;
      return check(question, text, lang, day);
    }
    case 'file': {
      if (question.dataType === DataType.File) return check(question, event.file, lang);
      if (question.dataType !== DataType.FileList) return refuse(m.errorFileNotExpected);
      const files = [...(pending?.files ?? []), event.file];
      const result = validateAnswer(question, files, fileRules);
      return result.ok
        ? { kind: 'collect', pending: { files } }
        : refuse(errorText(result, question, lang));
    }
    case 'answer.choose':
      return check(question, event.value, lang);
    case 'answer.toggle': {
      if (question.dataType !== DataType.SelectMany) return check(question, event.value, lang);
      if (!question.values.some((option) => option.value === event.value)) {
        return refuse(
          m.errorNotAnOption(event.value, question.values.map((option) => option.text).join(', ')),
        );
      }
      const ticked = tickedValues(pending, current);
      if (ticked.includes(event.value)) {
        return { kind: 'collect', pending: { values: ticked.filter((v) => v !== event.value) } };
      }
      const max = question.maxNumberOfValues;
      if (max !== undefined && ticked.length >= max) return refuse(m.errorTooManyValues(max));
      return { kind: 'collect', pending: { values: [...ticked, event.value] } };
    }
    case 'answer.done': {
      if (question.dataType === DataType.FileList) {
        const files = pending?.files ?? [];
        if (files.length === 0 && current !== undefined) return { kind: 'accept', answer: current };
        return check(question, files, lang);
      }
      if (question.dataType === DataType.SelectMany) {
        return check(question, tickedValues(pending, current), lang);
      }
      return refuse(m.errorRequired);
    }
    case 'answer.skip':
      return question.required ? refuse(m.errorRequired) : { kind: 'accept', answer: null };
    case 'answer.keep':
      return current !== undefined ? { kind: 'accept', answer: current } : refuse(m.errorRequired);
    default:
      return refuse(m.errorRequired);
  }
}

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

function formatDate(value: string, lang: Lang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(lang, format);
  }
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** An answer as the customer reads it ("Yes", "15 August 1990", "Picnic lunch, Hiking poles"). */
export function formatAnswer(question: Question, answer: Answer, lang: Lang): string {
  const m = questionMessages(lang);
  const yesNo = (value: boolean) => (value ? (lang === 'es' ? 'Sí' : 'Yes') : 'No');
  const number = (value: number) => new Intl.NumberFormat(locales[lang]).format(value);
  const choice = (value: string) =>
    question.values.find((option) => option.value === value)?.text ?? value;
  if (answer.binaryValue !== undefined) return m.files(1, answer.binaryExtension ?? '');
  if (answer.binaryCollectionValue !== undefined) {
    return m.files(answer.binaryCollectionValue.length, answer.binaryExtension ?? '');
  }
  if (answer.booleanValue !== undefined) return yesNo(answer.booleanValue);
  if (answer.booleanCollectionValue !== undefined) {
    return answer.booleanCollectionValue.map(yesNo).join(', ');
  }
  if (answer.dateTimeValue !== undefined) return formatDate(answer.dateTimeValue, lang);
  if (answer.dateTimeCollectionValue !== undefined) {
    return answer.dateTimeCollectionValue.map((value) => formatDate(value, lang)).join('; ');
  }
  if (answer.integerValue !== undefined) return String(answer.integerValue);
  if (answer.integerCollectionValue !== undefined) {
    return answer.integerCollectionValue.join(', ');
  }
  if (answer.decimalValue !== undefined) return number(answer.decimalValue);
  if (answer.decimalCollectionValue !== undefined) {
    return answer.decimalCollectionValue.map(number).join('; ');
  }
  if (answer.stringValue !== undefined) return choice(answer.stringValue);
  if (answer.stringCollectionValue !== undefined) {
    return answer.stringCollectionValue.map(choice).join(', ');
  }
  return '';
}
