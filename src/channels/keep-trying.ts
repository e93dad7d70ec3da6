/**
 * Retries with backoff, for a channel whose API is out of reach: at start (the channel
 * cannot start yet) or later (its link is checked again until it answers). The other
 * channels run meanwhile; one channel's outage never stops the process.
 */

/** A failure that retrying cannot cure (a refused token): the process should stop. */
export class FatalChannelError extends Error {
  override name = 'FatalChannelError';
}

export interface Retrying {
  /** Stops trying (shutdown). */
  stop(): void;
}

export interface KeepTryingOptions {
  /** First wait; it doubles after each failure up to `maxMs`. */
  minMs?: number;
  maxMs?: number;
  /** Told each failure and how long until the next attempt. */
  onFailure?: (error: unknown, nextInMs: number) => void;
  /** A FatalChannelError: no more attempts. */
  onFatal?: (error: unknown) => void;
  /** False: the first attempt waits `minMs` too (the caller has just tried once). */
  immediately?: boolean;
}

/**
 * Calls `attempt` until it resolves true. A false or a thrown error (other than a
 * FatalChannelError) is tried again after the current delay.
 */
export function keepTrying(
  attempt: () => Promise<boolean>,
  options: KeepTryingOptions = {},
): Retrying {
  const maxMs = options.maxMs ?? 30_000;
  let delayMs = options.minMs ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = (error: unknown) => {
    options.onFailure?.(error, delayMs);
    timer = setTimeout(() => void run(), delayMs);
    // Never what keeps the process alive: shutdown does not wait for a retry.
    timer.unref();
    delayMs = Math.min(delayMs * 2, maxMs);
  };

  async function run(): Promise<void> {
    if (stopped) return;
    try {
      if (await attempt()) return;
      if (!stopped) schedule(undefined);
    } catch (error) {
      if (error instanceof FatalChannelError) {
        options.onFatal?.(error);
        return;
      }
      if (!stopped) schedule(error);
    }
  }

  if (options.immediately ?? true) void run();
  else schedule(undefined);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
