/**
 * bolt's Logger on top of ours. bolt and its Web API client log request and response
 * bodies at debug level (tokens, client data): debug is dropped whatever LOG_LEVEL
 * says, and the rest is masked as every free text from outside is (createTextMasker:
 * secrets, tokens, e-mails, phones and documents).
 */
import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import { createTextMasker, type Logger } from '#src/log.js';

/** The configuration's secrets need no naming here: the logger's own stream masks them. */
const mask = createTextMasker([]);

export function boltLogger(logger: Logger): BoltLogger {
  const log = logger.child({ component: 'slack' });
  const line = (parts: unknown[]): string =>
    mask(
      parts
        .map((part) =>
          part instanceof Error ? part.message : typeof part === 'string' ? part : String(part),
        )
        .join(' '),
    );
  return {
    debug: () => undefined,
    info: (...parts) => log.info(line(parts)),
    warn: (...parts) => log.warn(line(parts)),
    error: (...parts) => log.error(line(parts)),
    setLevel: () => undefined,
    getLevel: () => LogLevel.INFO,
    setName: () => undefined,
  };
}
