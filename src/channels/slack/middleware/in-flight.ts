/**
 * Work still running after Slack was answered (look-ups, replies): counted so that
 * stop() can let it finish instead of cutting replies off mid-way.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';

export interface InFlight {
  middleware: Middleware<AnyMiddlewareArgs>;
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves when everything started so far has settled. */
  drain(): Promise<void>;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    const forget = (): void => {
      running.delete(work);
    };
    work.then(forget, forget);
    return work;
  };
  return {
    track,
    middleware: async ({ next }) => {
      await track(next());
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
