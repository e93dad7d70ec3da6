/**
 * How many chats the channel handles at once. The runner (or the webhook) hands over
 * updates as fast as they come, and a turn is mostly CPU: past what keeps the CPU busy
 * while others wait on Redis, the Bot API or the partner, more updates at once only wait
 * for the event loop, each holding its update's, view's and conversation's leases
 * (renewed every second: more Redis exchanges), its memory, and a connection to the Bot
 * API, so that an update could outlive its lease. The turns per second are the CPU's
 * either way (docs/decisions/chats-at-once.md).
 *
 * The limit counts chats, not updates: an update of a chat already in hand joins it at
 * once (it is answered by the button gate, then waits for its chat's turn in
 * `sequentialize`, as before), so a customer tapping fast takes no slot from the others
 * and their taps are still answered at once. An update of a chat not in hand waits here,
 * before its first exchange with the store (no lease taken, no point of the rate limit
 * spent), in arrival order; a chat's updates stay in their order. A pre-checkout query
 * (no chat) is never held.
 */
import type { MiddlewareFn } from 'grammy';
import type { TgContext } from './deps.js';

/** Chats handled at once by default (see above). */
export const CHATS_AT_ONCE = 64;

export interface ChatsAtOnce {
  middleware: MiddlewareFn<TgContext>;
  /** Chats being handled now, and updates waiting for a slot (tests, metrics). */
  inHand(): number;
  waiting(): number;
}

export function chatsAtOnce(limit: number = CHATS_AT_ONCE): ChatsAtOnce {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`chats at once: a whole number ≥ 1, not ${limit}`);
  }
  /** Chats in hand → their updates admitted and not finished. */
  const active = new Map<string, number>();
  /** Chats not in hand → their waiting updates, in order; the oldest chat first. */
  const waiting = new Map<string, (() => void)[]>();
  let waitingUpdates = 0;

  /** Gives free slots to the chats waiting longest, each with all its updates, in order. */
  const admitNext = () => {
    for (const [chat, updates] of waiting) {
      if (active.size >= limit) return;
      waiting.delete(chat);
      waitingUpdates -= updates.length;
      active.set(chat, updates.length);
      for (const admit of updates) admit();
    }
  };

  const enter = (chat: string): Promise<void> | undefined => {
    const running = active.get(chat);
    if (running !== undefined) {
      active.set(chat, running + 1);
      return undefined;
    }
    // Nothing waits while a slot is free (admitNext runs whenever one frees).
    if (active.size < limit) {
      active.set(chat, 1);
      return undefined;
    }
    waitingUpdates += 1;
    return new Promise((admit) => {
      const updates = waiting.get(chat);
      if (updates) updates.push(admit);
      else waiting.set(chat, [admit]);
    });
  };

  const leave = (chat: string) => {
    const running = active.get(chat)! - 1;
    if (running > 0) {
      active.set(chat, running);
      return;
    }
    active.delete(chat);
    admitNext();
  };

  return {
    middleware: async (ctx, next) => {
      // An update without a chat, a pre-checkout query, is never held: Telegram gives its
      // answer a few seconds before the payment fails, and answering it is quick.
      if (!ctx.chat) {
        await next();
        return;
      }
      const chat = String(ctx.chat.id);
      const waited = enter(chat);
      if (waited) await waited;
      try {
        await next();
      } finally {
        leave(chat);
      }
    },
    inHand: () => active.size,
    waiting: () => waitingUpdates,
  };
}
