/**
 * The Redis store with Redis gone: a private redis-server stopped and started again on
 * its port, or paused (connected, not answering). Rate limits (asked before a request is
 * authenticated) fail at once with a StoreUnavailableError; other commands fail too,
 * within the command timeout, as store-unavailable; the client's connection losses are
 * logged through the logger, once per change, and nothing is printed to stderr.
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#src/log.js';
import { createRedisStore } from '#src/store/redis-store.js';
import { isStoreUnavailable, StoreUnavailableError } from '#src/store/unavailable.js';
import { startRedisServer, type RedisServerProcess } from '../support/redis-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function capturedLogger() {
  const lines: { msg: string; level: number }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { msg: string; level: number });
      callback();
    },
  });
  return { logger: createLogger({ level: 'info', destination, secrets: [] }), lines };
}

/** Resolves once the client has begun `count` attempts to reconnect. */
const attempts = (redis: EventEmitter, count: number) =>
  new Promise<void>((resolve) => {
    let seen = 0;
    const onAttempt = () => {
      seen += 1;
      if (seen < count) return;
      redis.off('reconnecting', onAttempt);
      resolve();
    };
    redis.on('reconnecting', onAttempt);
  });

async function started(): Promise<{ server: RedisServerProcess }> {
  const server = await startRedisServer();
  const holder = { server };
  cleanups.push(() => holder.server.stop());
  return holder;
}

describe('the Redis store with Redis out of reach', () => {
  it('refuses rate limits and commands as unavailable, logs the loss once, and recovers', async () => {
    const stderr = vi.spyOn(console, 'error');
    const redis = await started();
    const { logger, lines } = capturedLogger();
    const store = createRedisStore(redis.server.url, { prefix: `outage-${randomUUID()}:`, logger });
    cleanups.push(() => store.close());
    const limit = store.rateLimit('outage', 100, 600);
    // Connected (a limit is refused until the client is ready, queued commands are not).
    await store.get('first');
    expect(await limit.take('address')).toBe(true);

    await redis.server.stop();
    // Several attempts to reconnect have failed by now.
    await attempts(store.redis, 3);
    await expect(limit.take('address')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(limit.spent('address')).rejects.toBeInstanceOf(StoreUnavailableError);
    const failed = await store.get('anything').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isStoreUnavailable(failed)).toBe(true);
    expect(lines.filter((line) => line.msg.startsWith('redis: connection lost'))).toHaveLength(1);

    redis.server = await startRedisServer({ port: redis.server.port });
    await new Promise((resolve) => store.redis.once('ready', resolve));
    expect(await limit.take('address')).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual([
      'redis: connection lost; reconnecting',
      'redis: connection back',
    ]);
    // ioredis prints an unhandled connection error there; every one was handled.
    expect(stderr.mock.calls.filter((call) => String(call[0]).includes('ioredis'))).toEqual([]);
  });

  it('refuses a rate limit as unavailable while Redis is connected but not answering', async () => {
    const redis = await started();
    const store = createRedisStore(redis.server.url, { prefix: `stalled-${randomUUID()}:` });
    cleanups.push(() => store.close());
    const limit = store.rateLimit('stalled', 100, 600);
    await store.get('first');
    expect(await limit.take('address')).toBe(true);

    redis.server.pause();
    try {
      await expect(limit.take('address')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(limit.spent('address')).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      redis.server.resume();
    }
    expect(await limit.take('address')).toBe(true);
  });
});
