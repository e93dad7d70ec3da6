/**
 * The running actors of the latest conversations (least recent first), each with the
 * version of the snapshot this process wrote from it and the rest of that record. A turn
 * reuses one only while the stored version is still that one: another instance's write
 * (or an expired lease's) means the stored snapshot is newer, and the turn restores from
 * it. Reused, the stored record is what this process wrote: the turn takes its rest from
 * here and never parses the one read (the store parses on first read).
 */
import type { createActor } from 'xstate';
import type { BookingMachine } from '#flows/booking/machine.js';
import type { ConversationRecord } from './restore.js';

export type Running = ReturnType<typeof createActor<BookingMachine>>;

/** What a conversation's record holds besides the machine's snapshot. */
export type Beyond = Omit<ConversationRecord, 'snapshot'>;

export interface LiveActors {
  /** The running actor of `conversationId` if it is what version `version` holds. */
  take(conversationId: string, version: number): { actor: Running; beyond: Beyond } | undefined;
  /** Keeps the actor for the next turn, stopping the least recent beyond `limit`. */
  keep(conversationId: string, actor: Running, version: number, beyond: Beyond): void;
  size(): number;
}

/** An LRU of at most `limit` running actors (0: none is kept). */
export function createLiveActors(limit: number): LiveActors {
  const live = new Map<string, { actor: Running; version: number; beyond: Beyond }>();
  return {
    take(conversationId, version) {
      const entry = live.get(conversationId);
      if (!entry) return undefined;
      live.delete(conversationId);
      if (entry.version === version) return entry;
      entry.actor.stop();
      return undefined;
    },
    keep(conversationId, actor, version, beyond) {
      live.set(conversationId, { actor, version, beyond });
      for (const [oldest, entry] of live) {
        if (live.size <= limit) break;
        live.delete(oldest);
        entry.actor.stop();
      }
    },
    size: () => live.size,
  };
}
