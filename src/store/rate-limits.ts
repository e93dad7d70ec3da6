/**
 * Rate limits over rate-limiter-flexible (a well-kept library: atomic counters in Redis with
 * a window per key, or in memory for a single process), behind the store's small
 * `RateLimit`: a refusal is `false`. A limit is asked before anything else of a request,
 * so it answers at once: with Redis out of reach (its connection lost, or no answer within
 * RATE_LIMIT_WAIT_MS) it rejects with a StoreUnavailableError, and the caller refuses the
 * request for now (503) instead of holding it while Redis reconnects.
 */
import type { Cluster, Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimit } from './store.js';
import { StoreUnavailableError } from './unavailable.js';

/** How long a limit waits for Redis before the request is refused as unavailable. */
export const RATE_LIMIT_WAIT_MS = 500;

/** `asked`, or a StoreUnavailableError once `waitMs` has passed without an answer. */
function within<T>(asked: Promise<T>, waitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreUnavailableError(`the rate limit's store did not answer in time`)),
      waitMs,
    );
  });
  // A late answer (or failure) of `asked` is dropped: the caller has had its own.
  asked.catch(() => undefined);
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}

const unavailable = (error: unknown) =>
  error instanceof StoreUnavailableError
    ? error
    : new StoreUnavailableError('the rate limit could not reach its store', { cause: error });

/**
 * The client's states once its connection is lost (until it is ready again): asked then, a
 * limit is refused at once. Before the first connection, a limit waits for it like any
 * command (within its wait).
 */
const LOST = new Set(['reconnecting', 'close', 'end']);

function wrap(
  limiter: RateLimiterAbstract,
  waitMs: number,
  lost: () => boolean = () => false,
): RateLimit {
  const ask = <T>(asked: () => Promise<T>) =>
    lost()
      ? Promise.reject(new StoreUnavailableError('the rate limit cannot reach its store'))
      : within(asked(), waitMs);
  return {
    async take(key) {
      try {
        await ask(() => limiter.consume(key, 1));
        return true;
      } catch (error) {
        // Points spent: refused. Anything else: the store is out of reach.
        if (error instanceof RateLimiterRes) return false;
        throw unavailable(error);
      }
    },
    async spent(key) {
      try {
        const window = await ask(() => limiter.get(key));
        return window !== null && window.remainingPoints <= 0;
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}

export function redisRateLimit(
  redis: Redis | Cluster,
  name: string,
  points: number,
  seconds: number,
  waitMs = RATE_LIMIT_WAIT_MS,
): RateLimit {
  // The client's own key prefix (`bot:`) applies; the limiter adds its own under it.
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `rl:${name}`,
    points,
    duration: seconds,
  });
  // The store's scripts spend in the same window, as the limiter does (SPEND_POINT).
  return {
    ...wrap(limiter, waitMs, () => LOST.has(redis.status)),
    window: { points, seconds, key: (key) => limiter.getKey(key) },
  };
}

export function memoryRateLimit(name: string, points: number, seconds: number): RateLimit {
  return wrap(
    new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration: seconds }),
    RATE_LIMIT_WAIT_MS,
  );
}
