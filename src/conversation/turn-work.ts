/**
 * What follows a turn from outside the machine (the app's hooks: reservation reminders,
 * bookings, invoices, payment returns, the sale event), decided from the contexts before
 * and after the turn, before it is saved. Each kind costs the turn what it must:
 * - `writes`: records kept beside the conversation, carried by the exchange that saves
 *   the turn and made only if it is saved (Carried.ifWritten); drawn from `reads`, read
 *   under the lease just before the save (one exchange for every hook's), when a record
 *   merges with what is stored;
 * - `saved`: told once the turn is saved (no store, no lease kept for it);
 * - `run`: work once the turn is saved, under its lease, which is released only after it
 *   (the scheduler's: a reminder scheduled out of order by two turns of one conversation
 *   would be worse than the round trip this costs).
 * A turn with none of them is saved and released in one exchange; one with `reads`, one
 * more; one with `run`, its work and one more.
 */
import { isRemoval, type Store, type Versioned, type Write } from '#src/store/store.js';

export interface TurnWork {
  reads?: string[];
  writes?: (read: (Versioned<unknown> | undefined)[]) => Write[];
  saved?: () => void;
  run?: () => Promise<void>;
}

/**
 * Several hooks' work as one: reads in one list (each hook given its own), writes and runs
 * in order. A hook's failure is `failed`'s to report and never fails the turn, which is
 * saved (or about to be) whatever follows it.
 */
export function allWork(works: TurnWork[], failed: (error: unknown) => void): TurnWork | undefined {
  if (works.length === 0) return undefined;
  const reads = works.flatMap((work) => work.reads ?? []);
  const runs = works.flatMap((work) => (work.run ? [work.run] : []));
  const told = works.flatMap((work) => (work.saved ? [work.saved] : []));
  const guarded = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      failed(error);
    }
  };
  return {
    ...(reads.length > 0 ? { reads } : {}),
    writes: (read) => {
      let at = 0;
      return works.flatMap((work) => {
        const own = read.slice(at, (at += work.reads?.length ?? 0));
        let writes: Write[] = [];
        guarded(() => (writes = work.writes?.(own) ?? []));
        return writes;
      });
    },
    ...(told.length > 0 ? { saved: () => told.forEach(guarded) } : {}),
    ...(runs.length > 0
      ? {
          run: async () => {
            for (const run of runs) await run().catch(failed);
          },
        }
      : {}),
  };
}

/** A turn's work done on its own, as the engine would (for tests and tools). */
export async function doWork(store: Store, work: TurnWork | undefined): Promise<void> {
  if (!work) return;
  const reads = work.reads ?? [];
  const read = reads.length > 0 ? await store.getMany(reads) : [];
  for (const write of work.writes?.(read) ?? []) {
    if (isRemoval(write)) await store.delete(write.key);
    else await store.set(write.key, write.value, write.ttlSeconds);
  }
  work.saved?.();
  await work.run?.();
}
