/**
 * The work the channel has started and not finished (updates being handled, replies
 * being delivered): `stop()` waits for it, and tests wait for one update to have been
 * handled (`whenHandled`), since they cannot see when a webhook or long-polling
 * delivery has been acted on.
 */
import type { Context, MiddlewareFn } from 'grammy';

/** How many handled update ids are remembered for `whenHandled`. */
const REMEMBERED = 10_000;

export interface InFlight {
  /** Outermost middleware: counts every update, duplicates included. */
  middleware: MiddlewareFn<Context>;
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves when all work started so far has finished. */
  drain(): Promise<void>;
  /** Resolves once update `updateId` has gone through the middleware `times` times. */
  whenHandled(updateId: number, times?: number): Promise<void>;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  const handled = new Map<number, number>();
  const waiters = new Set<{ updateId: number; times: number; resolve: () => void }>();

  const note = (updateId: number) => {
    handled.set(updateId, (handled.get(updateId) ?? 0) + 1);
    if (handled.size > REMEMBERED) handled.delete(handled.keys().next().value!);
    for (const waiter of waiters) {
      if (waiter.updateId === updateId && (handled.get(updateId) ?? 0) >= waiter.times) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    const forget = () => running.delete(work);
    work.then(forget, forget);
    return work;
  };

  return {
    middleware: async (ctx, next) => {
      try {
        await track(next());
      } finally {
        note(ctx.update.update_id);
      }
    },
    track,
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    whenHandled(updateId, times = 1) {
      if ((handled.get(updateId) ?? 0) >= times) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ updateId, times, resolve }));
    },
  };
}
