/**
 * The support channel's open handoffs, for /handoffs: one record in the store per
 * channel, changed by whichever instance's desk sees the change (a thread opened, a
 * customer's message, taken, closed) under a compare-and-set, so instances never lose
 * each other's changes. Closed threads leave it; so does one older than QUEUE_TTL.
 */
import { slackHandoffQueueKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';

/** As long as a conversation's record (DATA_TTL_HOURS' default): a queue line outlives none. */
export const QUEUE_TTL_SECONDS = 72 * 60 * 60;

export interface QueuedHandoff {
  threadId: string;
  customer?: string;
  /** ISO instants. */
  openedAt: string;
  lastCustomerAt: string;
  assignee?: string;
}

type Queue = Record<string, QueuedHandoff>;

export interface HandoffQueue {
  change(
    threadId: string,
    change: (entry: QueuedHandoff | undefined) => QueuedHandoff | undefined,
  ): Promise<void>;
  list(): Promise<QueuedHandoff[]>;
}

export function createHandoffQueue(store: Store, channel: string, now: () => Date): HandoffQueue {
  const key = slackHandoffQueueKey(channel);
  const fresh = (queue: Queue): Queue => {
    const oldest = now().getTime() - QUEUE_TTL_SECONDS * 1000;
    return Object.fromEntries(
      Object.entries(queue).filter(([, entry]) => Date.parse(entry.lastCustomerAt) >= oldest),
    );
  };
  return {
    async change(threadId, change) {
      // A few tries: another instance writing the same record meanwhile is normal.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const stored = await store.get<Queue>(key);
        const queue = fresh(stored?.value ?? {});
        const next = change(queue[threadId]);
        if (next) queue[threadId] = next;
        else delete queue[threadId];
        const written = await store.put(key, queue, stored?.version ?? 0, QUEUE_TTL_SECONDS);
        if (written !== undefined) return;
      }
      throw new Error('handoff queue: too many concurrent changes');
    },
    async list() {
      const queue = fresh((await store.get<Queue>(key))?.value ?? {});
      return Object.values(queue).sort((a, b) => a.lastCustomerAt.localeCompare(b.lastCustomerAt));
    },
  };
}
