/**
 * A SupportDesk in memory for the customer side's tests: it records each thread it opened
 * (with its summary), what the customer posted in it and the bot's notes, in order.
 */
import type {
  CustomerMessage,
  HandoffSummary,
  SupportDesk,
} from '#src/conversation/handoff/ports.js';

export interface MemoryThread {
  threadId: string;
  summary: HandoffSummary;
  fromCustomer: CustomerMessage[];
  notes: string[];
}

export interface MemoryDesk extends SupportDesk {
  threads: MemoryThread[];
  /** The thread by id; throws when there is none (a test's mistake). */
  thread(threadId: string): MemoryThread;
}

export function createMemoryDesk(): MemoryDesk {
  const threads: MemoryThread[] = [];
  const thread = (threadId: string) => {
    const found = threads.find((candidate) => candidate.threadId === threadId);
    if (!found) throw new Error(`no thread ${threadId}`);
    return found;
  };
  return {
    threads,
    thread,
    async openThread(summary) {
      const threadId = `17000000${String(threads.length + 1).padStart(2, '0')}.000100`;
      threads.push({ threadId, summary, fromCustomer: [], notes: [] });
      return { threadId };
    },
    async postFromCustomer(threadId, message) {
      thread(threadId).fromCustomer.push(message);
    },
    async postNote(threadId, text) {
      thread(threadId).notes.push(text);
    },
  };
}
