/**
 * What an ioredis client says about its connection, through the process logger. Without a
 * listener of its own, ioredis prints every failed reconnection attempt to stderr as a raw
 * "[ioredis] Unhandled error event" line; here one line says the link was lost and one
 * that it is back, however many attempts lie between them.
 */
import type { Cluster, Redis } from 'ioredis';
import type { Logger } from '#src/log.js';

export interface ConnectionWatch {
  /** Whether the client's link is up (its last word was `ready`, not an error). */
  up(): boolean;
}

/** The cause of a connection failure, without its stack (the same for every attempt). */
const causeOf = (error: unknown) => {
  const { message, code } = error as { message?: string; code?: string };
  return { message: message ?? String(error), ...(code !== undefined ? { code } : {}) };
};

export function logConnection(
  redis: Redis | Cluster,
  logger: Logger,
  onError?: () => void,
): ConnectionWatch {
  // Unknown until the first word: a failure before the first `ready` is logged too.
  let state: 'starting' | 'up' | 'down' = 'starting';
  redis.on('error', (error: unknown) => {
    onError?.();
    if (state === 'down') return;
    const lost = state === 'up';
    state = 'down';
    logger.warn(
      { redis: causeOf(error) },
      lost ? 'redis: connection lost; reconnecting' : 'redis: cannot connect; retrying',
    );
  });
  redis.on('ready', () => {
    if (state === 'down') logger.info('redis: connection back');
    state = 'up';
  });
  return { up: () => state === 'up' };
}
