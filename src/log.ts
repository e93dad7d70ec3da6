/**
 * The process logger: JSON lines on stderr (stdout belongs to the JSON-lines chat).
 * Log only what an operator needs: ids, operation names, outcomes, timings. Never
 * message bodies, tokens, keys or personal data; the redaction below is a safety net for
 * mistakes, not a licence to log objects wholesale.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** Secrets and personal data by the names this code gives them, at the top and one level down. */
const SENSITIVE = [
  'apiKey',
  'token',
  'botToken',
  'appToken',
  'signingSecret',
  'secret',
  'authorization',
  'email',
  'phone',
  'phoneNumber',
  'documentIdentifier',
  'fullName',
  'surname',
  'surname2',
  'birthDate',
  // Sales searches (GET /Sale) and gift card look-ups.
  'clientName',
  'clientEmail',
  'clientPhone',
  'clientDocumentIdentifier',
  'giftCardIdentifier',
];
const REDACT = [...SENSITIVE, ...SENSITIVE.map((name) => `*.${name}`), 'headers.authorization'];

/** The query string of a URL inside a text (up to a space or a quote). */
const QUERY = /(\bhttps?:\/\/[^\s?#"']*)\?[^\s"']*/g;
const withoutQueries = (text: unknown) =>
  typeof text === 'string' ? text.replace(QUERY, '$1?[redacted]') : text;

/**
 * Errors as pino writes them, less the query strings of URLs in their texts. pino adds
 * the messages and stacks of an error's causes to its own, and the cause of a failed GET
 * names its URL: `GET /Sale?ClientEmail=…` or `GET /activity/giftcard?GiftCardIdentifier=…`
 * would write a customer's e-mail or a gift card's code to the logs.
 */
function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  const fields = serialized as Record<string, unknown>;
  return {
    ...fields,
    message: withoutQueries(fields.message),
    stack: withoutQueries(fields.stack),
  };
}

/** A Bot API path carries the bot's token: `https://api.telegram.org/bot<token>/sendMessage`. */
const BOT_PATH = /\/bot[^/\s"'\\]+\//g;
/** Slack's tokens (bot, user, app-level), whether or not they are this process's. */
const SLACK_TOKEN = /\bx(?:ox[a-z]|app)-[A-Za-z0-9-]+/g;

/** Shorter values would mask ordinary words; no real secret is this short. */
const MIN_SECRET_LENGTH = 6;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Masks every secret value, every Bot API path and Slack token, in a finished log line. It works on
 * the JSON text pino is about to write, so it reaches every string of every logged
 * object whatever its shape: messages, fields, error messages, stacks and causes (pino
 * folds causes into the message and stack). A secret is looked for both as given and
 * as JSON and URLs escape it.
 */
export function createMasker(secrets: readonly string[]): (line: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
    // A Telegram token's secret part (after "<bot id>:") is a secret on its own.
    const tail = secret.slice(secret.lastIndexOf(':') + 1);
    if (tail !== secret && tail.length >= MIN_SECRET_LENGTH) forms.add(tail);
  }
  // Longest first, so a secret that contains another is masked whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  const pattern =
    sorted.length > 0 ? new RegExp(sorted.map(escapeRegExp).join('|'), 'g') : undefined;
  return (line) => {
    const masked = pattern ? line.replace(pattern, '[redacted]') : line;
    return masked.replace(BOT_PATH, '/bot[redacted]/').replace(SLACK_TOKEN, '[redacted]');
  };
}

/** An e-mail address, written or escaped in a URL (`ana%40example.org`). */
const EMAIL = /[^\s@<>()[\],;:"'%]+(?:@|%40)[^\s@<>()[\],;:"'%]+\.[^\s@<>()[\],;:"'%&?#/]+/gi;
/** Spanish DNI (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter). */
const SPANISH_ID = /\b(?:\d{8}|[XYZxyz]-?\d{7})-?[A-Za-z]\b/g;
/** Phone-like: optional +, then 9 or more digits, possibly split by spaces, dots or dashes. */
const PHONE = /(?:\+|\b)\d(?:[\s.-]?\d){8,}\b/g;

/**
 * Personal data in free text: e-mails, identity documents, phone numbers. Not for whole
 * log lines (their times and ids are numbers a phone's pattern would take): for a text
 * from outside, before it is logged or shown (`createTextMasker`).
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(EMAIL, '[e-mail]')
    .replace(SPANISH_ID, '[document]')
    .replace(PHONE, '[phone]');
}

/**
 * The masking of a free text from outside (a partner's refusal, bolt's own lines, an
 * error's message) wherever it goes where customers' data must not: the logs, and the
 * staff channels of Slack (its alerts). The secrets and tokens as every log line masks
 * them, the query strings of URLs, then personal data. One function for every such text,
 * so that what the logs keep out, Slack keeps out too.
 */
export function createTextMasker(secrets: readonly string[]): (text: string) => string {
  const maskSecrets = createMasker(secrets);
  return (text) => maskPersonalData(maskSecrets(text).replace(QUERY, '$1?[redacted]'));
}

export function createLogger(
  options: {
    level?: string;
    destination?: NodeJS.WritableStream;
    /** Values never to write (the configuration's secrets: see `secretValues` in config.ts). */
    secrets?: readonly string[];
  } = {},
): Logger {
  const mask = createMasker(options.secrets ?? []);
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: undefined,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: serializeError },
      hooks: { streamWrite: mask },
    },
    (options.destination ?? process.stderr) as pino.DestinationStream,
  );
}

/** A logger that drops everything, for tests and tools that print their own output. */
export const silentLogger: Logger = pino({ level: 'silent' });
