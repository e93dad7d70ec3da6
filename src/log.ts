/**
 * The process logger: JSON lines on stderr (stdout belongs to the JSON-lines chat).
 * Log only what an operator needs: ids, operation names, outcomes, timings. Never
 * message bodies, tokens, keys or personal data; the redaction below is a safety net for
 * mistakes, not a licence to log objects wholesale.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
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
  typeof text === 'string' ? maskPersonalData(text.replace(QUERY, '$1?[redacted]')) : text;

/**
 * Errors as pino writes them, less the query strings of URLs in their texts and the
 * personal data in them. pino adds the messages and stacks of an error's causes to its
 * own, and the cause of a failed GET names its URL: `GET /Sale?ClientEmail=…` or
 * `GET /activity/giftcard?GiftCardIdentifier=…` would write a customer's e-mail or a gift
 * card's code to the logs; a partner's refusal may quote the e-mail or phone it refused.
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

/** What one customer turn tells its log lines and its own closing line. */
export interface TurnRecord {
  readonly conversationId: string;
  /** Calls made to the partner service during the turn (the client counts them). */
  partnerCalls: number;
  /** The booking's step once the turn is over (the engine notes it). */
  step?: string;
}

const turns = new AsyncLocalStorage<TurnRecord>();

/**
 * Runs `work` as conversation `conversationId`'s turn: every line logged meanwhile, by
 * whatever code and however deep (a partner call's retries, an actor's failure), carries
 * the conversation's id, so that one customer can be followed through the logs.
 */
export function inTurn<T>(conversationId: string, work: (turn: TurnRecord) => T): T {
  const turn: TurnRecord = { conversationId, partnerCalls: 0 };
  return turns.run(turn, () => work(turn));
}

/** The turn under way in this asynchronous context, if any. */
export const currentTurn = (): TurnRecord | undefined => turns.getStore();

/** Every line's conversation id, when it is logged within a turn (and did not name one). */
function turnFields(): Record<string, unknown> {
  const turn = turns.getStore();
  return turn ? { conversationId: turn.conversationId } : {};
}

/**
 * Which process wrote a line, on every line: the instance (INSTANCE_ID, else the host
 * name: a container's is its id) and the release (package.json's version, with GIT_SHA
 * when the build sets it), so that lines from several instances and releases can be told
 * apart once gathered in one place.
 */
export function processFields(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const revision = env.GIT_SHA?.trim();
  return {
    instance: env.INSTANCE_ID?.trim() || hostname(),
    version: packageVersion(),
    ...(revision ? { revision } : {}),
  };
}

let version: string | undefined;
function packageVersion(): string {
  if (version !== undefined) return version;
  try {
    // src/log.ts sits below package.json, dist/src/log.js below dist/package.json (its copy).
    const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
    version = String((JSON.parse(text) as { version?: unknown }).version ?? 'unknown');
  } catch {
    version = 'unknown';
  }
  return version;
}

export function createLogger(
  options: {
    level?: string;
    destination?: NodeJS.WritableStream;
    /** Values never to write (the configuration's secrets: see `secretValues` in config.ts). */
    secrets?: readonly string[];
    /** Fields on every line; default: the process's (processFields). */
    base?: Record<string, string>;
  } = {},
): Logger {
  const mask = createMasker(options.secrets ?? []);
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: options.base ?? processFields(),
      mixin: turnFields,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: serializeError },
      hooks: { streamWrite: mask },
    },
    (options.destination ?? process.stderr) as pino.DestinationStream,
  );
}

/** A logger that drops everything, for tests and tools that print their own output. */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * A crash is one JSON line like any other (fatal, with the error), then exit 1: a thrown
 * error or a rejected promise no code handled leaves the process in a state nobody
 * planned, so it stops for its supervisor to start it afresh. main.ts installs it once the
 * logger exists.
 */
export function logCrashes(
  logger: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const crash = (what: string) => (error: unknown) => {
    logger.fatal({ err: error }, what);
    logger.flush();
    exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception; exiting'));
  process.on('unhandledRejection', crash('unhandled promise rejection; exiting'));
}
