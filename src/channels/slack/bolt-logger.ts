/**
 * bolt's Logger on top of ours. bolt and its Web API client log request and response
 * bodies at debug level (tokens, client data): debug is dropped whatever LOG_LEVEL
 * says, and the rest is scrubbed of e-mails, phones and documents.
 */
import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '#src/log.js';
import { scrub } from './scrub.js';

const TOKEN = /\bx(?:ox[a-z]|app)-[A-Za-z0-9-]+/g;

function line(parts: unknown[]): string {
  const text = parts
    .map((part) =>
      part instanceof Error ? part.message : typeof part === 'string' ? part : String(part),
    )
    .join(' ');
  return scrub(text.replace(TOKEN, '[token]'));
}

export function boltLogger(logger: Logger): BoltLogger {
  const log = logger.child({ component: 'slack' });
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
