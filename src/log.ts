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

export function createLogger(
  options: { level?: string; destination?: NodeJS.WritableStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: undefined,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    (options.destination ?? process.stderr) as pino.DestinationStream,
  );
}

/** A logger that drops everything, for tests and tools that print their own output. */
export const silentLogger: Logger = pino({ level: 'silent' });
