/**
 * Validation of a customer's answer to a question, and the exact answer object to send:
 * QuestionId plus one value property chosen by DataType (files also BinaryMimeType and
 * BinaryExtension). Chat input is text, a list of chosen values, or files.
 *
 * Decisions where the spec is silent:
 * - Lists typed as text are separated by commas, semicolons or new lines; in a list of
 *   decimals a bare comma is a decimal comma when the text has no dot ("12,5"), and ";"
 *   or ", " always separate. Repeated values of a multiple choice count once.
 * - A choice may be given by its Value, its Text (ignoring case and accents) or its
 *   position in the list (1-based), in that order.
 * - RegexValidationPattern is tested (unanchored, as .NET's IsMatch) on the text typed,
 *   or on the normalized value ("12.5", "2024-08-15"): either may match. A leading (?i)
 *   becomes the ignore-case flag. A pattern JavaScript cannot compile is ignored, so a
 *   bad pattern from the service never blocks a sale. Booleans and files are not tested.
 * - A blank optional answer is ok with `answer: null`: nothing is sent for it.
 * - Files: the allowed types and maximum size are parameters (the spec states none); a
 *   list of files must share one type, as the answer carries one BinaryMimeType, and
 *   holds at most `maxFiles` (10): files are kept whole until they are sent, so a list
 *   that could grow without end would let one customer grow a conversation without end.
 *   BinaryExtension is sent without the dot ("pdf").
 */
import type { Answer } from './partner-shapes.js';
import type { Question } from './partner-shapes.js';
import { DataType } from './partner-codes.js';
import type { IsoDateTime } from './time.js';
import { parseDateInput } from './time.js';

export interface FileInput {
  name?: string;
  mime: string;
  /** The content in base64 (a data: URL prefix is accepted). */
  base64: string;
}

export type AnswerInput = string | readonly string[] | FileInput | readonly FileInput[] | undefined;

export interface FileRules {
  /** Exact types ("application/pdf") or families ("image/*"). */
  allowedMimeTypes: readonly string[];
  maxBytes: number;
  /** The most files of a list of files (DataType 13); 10 when not given. */
  maxFiles?: number;
}

export const defaultFileRules: FileRules = {
  allowedMimeTypes: ['application/pdf', 'image/jpeg', 'image/png'],
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 10,
};

export type AnswerErrorKey =
  | 'required'
  | 'pattern'
  | 'not-text'
  | 'not-a-date'
  | 'not-an-integer'
  | 'not-a-decimal'
  | 'not-a-boolean'
  | 'not-an-option'
  | 'too-many-values'
  | 'not-a-file'
  | 'file-type'
  | 'file-too-large'
  | 'file-types-differ';

export interface AnswerError {
  ok: false;
  error: AnswerErrorKey;
  /** The question's RegexValidationErrorMessage, for a pattern that did not match. */
  questionMessage?: string;
  /** The item that failed, in a list. */
  item?: string;
  /** MaxNumberOfValues, or the maximum file size in bytes. */
  max?: number;
  /** The choices' texts, or the allowed file types. */
  allowed?: string[];
}

export type AnswerResult = { ok: true; answer: Answer | null } | AnswerError;

type Parsed<T> = { value: T } | AnswerError;

const fail = (
  error: AnswerErrorKey,
  extra: Omit<AnswerError, 'ok' | 'error'> = {},
): AnswerError => ({
  ok: false,
  error,
  ...extra,
});

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const patterns = new Map<string, RegExp | null>();

/** The question's pattern, compiled once; null when absent or not valid in JavaScript. */
function patternOf(question: Question): RegExp | null {
  const source = question.regexValidationPattern;
  if (source === undefined) return null;
  if (!patterns.has(source)) {
    const ignoreCase = source.startsWith('(?i)');
    try {
      patterns.set(
        source,
        new RegExp(ignoreCase ? source.slice(4) : source, ignoreCase ? 'i' : ''),
      );
    } catch {
      patterns.set(source, null);
    }
  }
  return patterns.get(source) ?? null;
}

function checkPattern(question: Question, forms: readonly string[]): AnswerError | undefined {
  const pattern = patternOf(question);
  if (pattern === null || forms.some((form) => pattern.test(form))) return undefined;
  return fail('pattern', {
    item: forms[0],
    ...(question.regexValidationErrorMessage !== undefined
      ? { questionMessage: question.regexValidationErrorMessage }
      : {}),
  });
}

function splitList(text: string, decimals = false): string[] {
  let parts: string[];
  if (!decimals) parts = text.split(/[,;\n]/);
  else if (/[;\n]/.test(text)) parts = text.split(/[;\n]/);
  else if (text.includes('.')) parts = text.split(',');
  else if (/,\s/.test(text)) parts = text.split(/,\s+/);
  else parts = (text.match(/,/g) ?? []).length === 1 ? [text] : text.split(',');
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

function textItems(input: AnswerInput, decimals = false): string[] | undefined {
  if (input === undefined) return [];
  if (typeof input === 'string') return splitList(input, decimals);
  if (!Array.isArray(input)) return undefined;
  const list: readonly unknown[] = input;
  if (list.every((item): item is string => typeof item === 'string')) {
    return list.map((item) => item.trim()).filter((item) => item.length > 0);
  }
  return undefined;
}

const TRUE = new Set(['si', 's', 'yes', 'y', 'true', '1', 'verdadero']);
const FALSE = new Set(['no', 'n', 'false', '0', 'falso']);

type ItemParser<T> = (question: Question, raw: string) => Parsed<T>;

const parseText: ItemParser<string> = (question, raw) =>
  checkPattern(question, [raw]) ?? { value: raw };

const parseBoolean: ItemParser<boolean> = (_question, raw) => {
  const word = fold(raw);
  if (TRUE.has(word)) return { value: true };
  if (FALSE.has(word)) return { value: false };
  return fail('not-a-boolean', { item: raw });
};

const parseDate: ItemParser<IsoDateTime> = (question, raw) => {
  const date = parseDateInput(raw);
  if (date === undefined) return fail('not-a-date', { item: raw });
  return checkPattern(question, [raw, date]) ?? { value: `${date}T00:00:00` as IsoDateTime };
};

const parseInteger: ItemParser<number> = (question, raw) => {
  const value = Number(raw);
  if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(value)) {
    return fail('not-an-integer', { item: raw });
  }
  return checkPattern(question, [raw, String(value)]) ?? { value };
};

const parseDecimal: ItemParser<number> = (question, raw) => {
  if (!/^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(raw)) return fail('not-a-decimal', { item: raw });
  const value = Number(raw.replace(',', '.'));
  return checkPattern(question, [raw, String(value)]) ?? { value };
};

function parseChoice(question: Question, raw: string): Parsed<string> {
  const { values } = question;
  const found =
    values.find((option) => option.value === raw) ??
    values.find((option) => fold(option.text) === fold(raw) || fold(option.value) === fold(raw)) ??
    (/^\d+$/.test(raw) ? values[Number(raw) - 1] : undefined);
  if (found === undefined) {
    return fail('not-an-option', { item: raw, allowed: values.map((option) => option.text) });
  }
  return checkPattern(question, [found.value, raw]) ?? { value: found.value };
}

function parseAll<T>(
  question: Question,
  items: readonly string[],
  parse: ItemParser<T>,
): Parsed<T[]> {
  const values: T[] = [];
  for (const item of items) {
    const parsed = parse(question, item);
    if ('ok' in parsed) return parsed;
    values.push(parsed.value);
  }
  return { value: values };
}

const MIME_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'text/plain': 'txt',
};

function extensionOf(file: FileInput, mime: string): string {
  const dot = file.name?.lastIndexOf('.') ?? -1;
  if (file.name !== undefined && dot > 0 && dot < file.name.length - 1) {
    return file.name.slice(dot + 1).toLowerCase();
  }
  return MIME_EXTENSIONS[mime] ?? mime.split('/')[1]?.split(/[+;]/)[0] ?? 'bin';
}

const isFile = (item: unknown): item is FileInput =>
  typeof item === 'object' && item !== null && 'base64' in item && 'mime' in item;

interface CheckedFile {
  base64: string;
  mime: string;
  extension: string;
}

function checkFile(file: FileInput, rules: FileRules): Parsed<CheckedFile> {
  const dataUrl = /^data:([^;,]+)?(?:;[^,]*)?,/.exec(file.base64);
  const base64 = (dataUrl ? file.base64.slice(dataUrl[0].length) : file.base64).replace(/\s+/g, '');
  const mime = file.mime.trim().toLowerCase() || dataUrl?.[1]?.toLowerCase() || '';
  if (base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    return fail('not-a-file', { ...(file.name !== undefined ? { item: file.name } : {}) });
  }
  const allowed = rules.allowedMimeTypes.map((type) => type.toLowerCase());
  const accepted = allowed.some((type) =>
    type.endsWith('/*') ? mime.startsWith(type.slice(0, -1)) : mime === type,
  );
  if (!accepted) return fail('file-type', { item: mime, allowed: [...rules.allowedMimeTypes] });
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (bytes > rules.maxBytes) return fail('file-too-large', { max: rules.maxBytes });
  return { value: { base64, mime, extension: extensionOf(file, mime) } };
}

function fileItems(input: AnswerInput): FileInput[] | undefined {
  if (input === undefined) return [];
  if (isFile(input)) return [input];
  if (typeof input === 'string') return input.trim() === '' ? [] : undefined;
  if (input.every(isFile)) return [...input];
  return input.every((item) => typeof item === 'string' && item.trim() === '') ? [] : undefined;
}

type ValueFields = Omit<Answer, 'questionId' | 'question'>;

function parseFiles(
  question: Question,
  input: AnswerInput,
  rules: FileRules,
): Parsed<ValueFields> | null {
  const files = fileItems(input);
  if (files === undefined) return fail('not-a-file');
  if (files.length === 0) return null;
  // Counted before any file is read: a list grown too long costs nothing more to refuse.
  const maxFiles = rules.maxFiles ?? 10;
  if (question.dataType === DataType.FileList && files.length > maxFiles)
    return fail('too-many-values', { max: maxFiles });
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const result = checkFile(file, rules);
    if ('ok' in result) return result;
    checked.push(result.value);
  }
  const first = checked[0]!;
  if (question.dataType === DataType.File) {
    if (checked.length > 1) return fail('too-many-values', { max: 1 });
    return {
      value: {
        binaryValue: first.base64,
        binaryMimeType: first.mime,
        binaryExtension: first.extension,
      },
    };
  }
  if (checked.some((file) => file.mime !== first.mime)) return fail('file-types-differ');
  return {
    value: {
      binaryCollectionValue: checked.map((file) => file.base64),
      binaryMimeType: first.mime,
      binaryExtension: first.extension,
    },
  };
}

function one<T>(items: string[], question: Question, parse: ItemParser<T>): Parsed<T> {
  // A single-value answer is the whole text, not a list: "12,5" is one decimal.
  return parse(question, items.join(', '));
}

function parseValues(question: Question, input: AnswerInput): Parsed<ValueFields> | null {
  const whole = typeof input === 'string' ? input.trim() : undefined;
  const items = textItems(input, question.dataType === DataType.DecimalList);
  if (items === undefined) return fail('not-text');
  if (items.length === 0) return null;
  const single = whole !== undefined ? [whole] : items;
  const wrap = <T, K extends keyof ValueFields>(parsed: Parsed<T>, key: K) =>
    'ok' in parsed ? parsed : { value: { [key]: parsed.value } as ValueFields };
  switch (question.dataType) {
    case DataType.Text:
      return wrap(one(single, question, parseText), 'stringValue');
    case DataType.TextList:
      return wrap(parseAll(question, items, parseText), 'stringCollectionValue');
    case DataType.Boolean:
      return wrap(one(single, question, parseBoolean), 'booleanValue');
    case DataType.BooleanList:
      return wrap(parseAll(question, items, parseBoolean), 'booleanCollectionValue');
    case DataType.Date:
      return wrap(one(single, question, parseDate), 'dateTimeValue');
    case DataType.DateList:
      return wrap(parseAll(question, items, parseDate), 'dateTimeCollectionValue');
    case DataType.Integer:
      return wrap(one(single, question, parseInteger), 'integerValue');
    case DataType.IntegerList:
      return wrap(parseAll(question, items, parseInteger), 'integerCollectionValue');
    case DataType.Decimal:
      return wrap(one(single, question, parseDecimal), 'decimalValue');
    case DataType.DecimalList:
      return wrap(parseAll(question, items, parseDecimal), 'decimalCollectionValue');
    case DataType.SelectOne:
      return wrap(one(single, question, parseChoice), 'stringValue');
    default:
      return parseSelectMany(question, input, items);
  }
}

function parseSelectMany(
  question: Question,
  input: AnswerInput,
  items: string[],
): Parsed<ValueFields> {
  // The whole text may be one option whose text holds a comma.
  const whole = typeof input === 'string' ? parseChoice(question, input.trim()) : undefined;
  const parsed =
    whole !== undefined && !('ok' in whole)
      ? { value: [whole.value] }
      : parseAll(question, items, parseChoice);
  if ('ok' in parsed) return parsed;
  const chosen = [...new Set(parsed.value)];
  const max = question.maxNumberOfValues;
  if (max !== undefined && chosen.length > max) return fail('too-many-values', { max });
  return { value: { stringCollectionValue: chosen } };
}

/**
 * Validates `input` as the answer to `question`. Ok carries the answer to send (null when
 * an optional question is left blank); an error carries a message key for the chat.
 */
export function validateAnswer(
  question: Question,
  input: AnswerInput,
  fileRules: FileRules = defaultFileRules,
): AnswerResult {
  const isFileQuestion =
    question.dataType === DataType.File || question.dataType === DataType.FileList;
  const parsed = isFileQuestion
    ? parseFiles(question, input, fileRules)
    : parseValues(question, input);
  if (parsed === null) return question.required ? fail('required') : { ok: true, answer: null };
  if ('ok' in parsed) return parsed;
  return {
    ok: true,
    answer: {
      questionId: question.id,
      ...(question.question !== '' ? { question: question.question } : {}),
      ...parsed.value,
    },
  };
}
