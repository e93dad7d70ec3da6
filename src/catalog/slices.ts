/**
 * Long work on the main thread done in slices: a catalog of 50,000 products takes seconds
 * to index, and a turn must never wait behind it (no event-loop stall over 30
 * ms). Each slice works for a few milliseconds, then lets the event loop run (I/O, timers,
 * other turns) before the next.
 */

/** How long one slice may work before the event loop gets a turn. */
export const SLICE_MS = 8;

/** Lets the event loop run what is waiting (I/O included), then goes on. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Calls `each` on every item, yielding to the event loop every `budgetMs` of work. */
export async function inSlices<T>(
  items: Iterable<T>,
  each: (item: T) => void,
  budgetMs = SLICE_MS,
): Promise<void> {
  let began = performance.now();
  for (const item of items) {
    each(item);
    if (performance.now() - began >= budgetMs) {
      await yieldToLoop();
      began = performance.now();
    }
  }
}
