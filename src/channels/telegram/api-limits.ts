/**
 * Outgoing Bot API calls kept to Telegram's limits, and what Telegram refused, counted.
 *
 * The throttler is grammY's own plugin (transformer-throttler, over bottleneck): at most
 * 30 messages a second in all, 20 a minute in a group; in a private chat a burst of 20
 * calls, then one a second (Telegram allows short bursts in a chat, not a steady flow: a
 * turn sends a few, a customer's next tap comes seconds later and finds the burst back).
 * The "typing…" action is not a message and is never held back.
 * A call held back waits its turn instead of earning a 429 and its flood wait. How long
 * each call waited is told to `throttled`; each refusal to `refused` (a 429 with the wait
 * Telegram asked for).
 */
import { apiThrottler, type APIThrottlerOptions } from '@grammyjs/transformer-throttler';
import type { Transformer } from 'grammy';

export interface ApiObserver {
  /** A call Telegram refused: its method, error code and, for a 429, the wait it asked for. */
  refused?(method: string, code: number, retryAfter?: number): void;
  /** How long a call waited under the throttler, in seconds (0: it went at once). */
  throttled?(seconds: number): void;
}

/** Telegram's limits as the throttler keeps them. */
export const TELEGRAM_LIMITS: APIThrottlerOptions = {
  global: { reservoir: 30, reservoirRefreshAmount: 30, reservoirRefreshInterval: 1_000 },
  group: {
    maxConcurrent: 1,
    minTime: 1_000,
    reservoir: 20,
    reservoirRefreshAmount: 20,
    reservoirRefreshInterval: 60_000,
  },
  out: {
    reservoir: 20,
    reservoirIncreaseAmount: 1,
    reservoirIncreaseInterval: 1_000,
    reservoirIncreaseMaximum: 20,
  },
};

/** The throttler, telling `observe` how long each call it scheduled waited. */
export function throttle(
  observe: ApiObserver = {},
  limits: APIThrottlerOptions = TELEGRAM_LIMITS,
): Transformer {
  const throttler = apiThrottler(limits);
  return (previous, method, payload, signal) => {
    // What the throttler lets through at once (no chat) is no wait of its.
    const chat = typeof payload === 'object' && payload !== null && 'chat_id' in payload;
    if (!chat || method === 'sendChatAction') return previous(method, payload, signal);
    const asked = performance.now();
    return throttler(
      (...call) => {
        observe.throttled?.((performance.now() - asked) / 1000);
        return previous(...call);
      },
      method,
      payload,
      signal,
    );
  };
}

/** Counts the calls Telegram answered with an error (before auto-retry waits a 429 out). */
export function countRefusals(observe: ApiObserver = {}): Transformer {
  return async (previous, method, payload, signal) => {
    const result = await previous(method, payload, signal);
    if (!result.ok) {
      observe.refused?.(method, result.error_code, result.parameters?.retry_after);
    }
    return result;
  };
}
