/**
 * Rate limits over rate-limiter-flexible (a well-kept library: atomic counters in Redis with
 * a window per key, or in memory for a single process), behind the store's small
 * `RateLimit`: a refusal is `false`, never an exception; a store failure lets the request
 * through (a limit must not take the bot down with Redis).
 */
import type { Cluster, Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimit } from './store.js';

function wrap(limiter: RateLimiterAbstract): RateLimit {
  return {
    async take(key) {
      try {
        await limiter.consume(key, 1);
        return true;
      } catch (error) {
        // Points spent: refused. Anything else (Redis down): let it through.
        return !(error instanceof RateLimiterRes);
      }
    },
    async spent(key) {
      try {
        const window = await limiter.get(key);
        return window !== null && window.remainingPoints <= 0;
      } catch {
        return false;
      }
    },
  };
}

export function redisRateLimit(
  redis: Redis | Cluster,
  name: string,
  points: number,
  seconds: number,
): RateLimit {
  // The client's own key prefix (`bot:`) applies; the limiter adds its own under it.
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `rl:${name}`,
    points,
    duration: seconds,
  });
  // The store's scripts spend in the same window, as the limiter does (SPEND_POINT).
  return { ...wrap(limiter), window: { points, seconds, key: (key) => limiter.getKey(key) } };
}

export function memoryRateLimit(name: string, points: number, seconds: number): RateLimit {
  return wrap(new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration: seconds }));
}
