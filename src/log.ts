/**
 * The process logger: JSON lines on stderr (stdout belongs to the JSON-lines chat).
 * Log only what an operator needs: ids, operation names, outcomes, timings. Never
 * message bodies, tokens, keys or personal data; the redaction below is a safety net for
 * mistakes, not a licence to log objects wholesale.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

const REDACT = [
  'apiKey',
  'token',
  'authorization',
  'headers.authorization',
  '*.apiKey',
  '*.token',
  '*.authorization',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'phoneNumber',
  '*.phoneNumber',
  'documentIdentifier',
  '*.documentIdentifier',
];

export function createLogger(
  options: { level?: string; destination?: NodeJS.WritableStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: undefined,
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    (options.destination ?? process.stderr) as pino.DestinationStream,
  );
}

/** A logger that drops everything, for tests and tools that print their own output. */
export const silentLogger: Logger = pino({ level: 'silent' });
