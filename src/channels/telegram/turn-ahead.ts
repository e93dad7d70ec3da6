/**
 * A conversation's lease taken ahead of its turn, in the exchange that begins a Telegram
 * update (dedupeUpdates: the update's own lease, its done mark), with the conversation and
 * the delivery's reads (the chat's waiting tickets and pointer): the turn then begins with
 * no exchange of its own (Engine.turnBegins, TurnOptions.begun), and an update that comes
 * to a turn makes three (its beginning, the turn's end, its own end).
 *
 * Taken only where it is used, and what was read with it is still so when the turn begins:
 * - for an update that comes to a turn (a message typed, a contact shared, a payment made,
 *   a choice tapped: handlers.ts), never for one that must not wait on a conversation (a
 *   pre-checkout query) nor one that would hold it long before its turn (a file, downloaded
 *   first);
 * - when no other update of the chat is in hand in this process (none whose reply is
 *   being delivered, whose pointer is about to be written).
 * It is kept alive until the handler hands it to the engine (a tap's answer is sent
 * first). An update that comes to no turn (a repeat, a stale or refused tap, one over the
 * chat's limit) frees it in the exchange that ends the update, with its own lease. An
 * update of the chat that enters the chat's order first (sequentialize: one at a time, in
 * the order they get there) frees it at once: it would wait for it there, and its turn
 * changes what was read; the update that took it then takes the lease in its turn, as it
 * would without this.
 */
import type { MiddlewareFn } from 'grammy';
import type { Engine } from '#src/conversation/engine.js';
import { renewLease, type EndOfRun, type Lock, type Versioned } from '#src/store/store.js';
import { decodeCallback } from './callback-data.js';
import { conversationOf, type TgContext } from './deps.js';
import { deliveryReads } from './render.js';
import { HANDLING_LEASE_MS } from './view-table.js';

/** The lease and the delivery's reads (as `deliveryReads` lists them), for the turn. */
export interface TakenAhead {
  lock: Lock<unknown>;
  read: (Versioned<unknown> | undefined)[];
}

/** An update's part: its chat, and the lease it holds for its turn, if any. */
export interface Ahead {
  chatId: number;
  held?: Held;
}

interface Held extends TakenAhead {
  end: EndOfRun;
  stopRenewing: () => void;
  /** Freed for an update of the chat that went first: the turn takes its own. */
  freed?: boolean;
}

export interface TurnsAhead {
  /**
   * What the first exchange of this update takes (if free) and reads for its turn, if
   * anything; the update counts as in hand in its chat until `done`.
   */
  begin(ctx: TgContext): { take: { key: string; read: string }; also: string[] } | undefined;
  /** What that exchange gave: the lease (undefined: another turn holds it) and the reads. */
  taken(
    ctx: TgContext,
    lock: Lock<unknown> | undefined,
    read: (Versioned<unknown> | undefined)[],
    end: EndOfRun,
  ): void;
  /** Installed just before the chat's order (sequentialize). */
  inOrder: MiddlewareFn<TgContext>;
  /** The lease and its reads, now the turn's (no longer renewed, nor freed with the update). */
  handOver(ctx: TgContext): TakenAhead | undefined;
  /** The update's end, once its last exchange is made. */
  done(ctx: TgContext): void;
}

/** Whether an update comes to a turn of its conversation (as handlers.ts handles it). */
export function comesToTurn(ctx: TgContext): boolean {
  const message = ctx.message;
  if (message)
    return (
      message.text !== undefined ||
      message.contact !== undefined ||
      message.successful_payment !== undefined
    );
  const action = decodeCallback(ctx.callbackQuery?.data)?.action.kind;
  return action === 'option' || action === 'day';
}

export function createTurnsAhead(engine: Pick<Engine, 'turnBegins'>): TurnsAhead {
  /** Each chat with an update in hand: how many, and the lease one of them holds unhanded. */
  const chats = new Map<number, { inHand: number; held?: Held }>();

  /**
   * Stops keeping `held` alive, and takes it out of what the update's end frees: the turn
   * frees it now, or the update that went first.
   */
  const keepNoMore = (held: Held) => {
    held.stopRenewing();
    const at = held.end.release.indexOf(held.lock);
    if (at >= 0) held.end.release.splice(at, 1);
  };

  return {
    begin(ctx) {
      const chatId = ctx.chat?.id;
      if (chatId === undefined || !engine.turnBegins) return undefined;
      const chat = chats.get(chatId) ?? { inHand: 0 };
      chats.set(chatId, chat);
      const alone = chat.inHand === 0;
      chat.inHand += 1;
      ctx.ahead = { chatId };
      if (!alone || !comesToTurn(ctx)) return undefined;
      return {
        take: engine.turnBegins(conversationOf(chatId)),
        also: deliveryReads(chatId),
      };
    },

    taken(ctx, lock, read, end) {
      const ahead = ctx.ahead;
      const chat = ahead && chats.get(ahead.chatId);
      if (!lock || !ahead || !chat) return;
      const stopRenewing = renewLease(lock, HANDLING_LEASE_MS);
      ahead.held = chat.held = { lock, read, end, stopRenewing };
    },

    async inOrder(ctx, next) {
      const chatId = ctx.chat?.id;
      const chat = chatId === undefined ? undefined : chats.get(chatId);
      const held = chat?.held;
      if (chat && held) {
        // Freed only for the first update to get here: a later one waits behind it.
        delete chat.held;
        if (held !== ctx.ahead?.held) {
          keepNoMore(held);
          held.freed = true;
          // Lost, it expires within its lease; this turn waits for it as for any other.
          await held.lock.release().catch(() => undefined);
        }
      }
      await next();
    },

    handOver(ctx) {
      const ahead = ctx.ahead;
      const held = ahead?.held;
      if (!ahead || !held || held.freed) return undefined;
      delete ahead.held;
      const chat = chats.get(ahead.chatId);
      if (chat?.held === held) delete chat.held;
      keepNoMore(held);
      return { lock: held.lock, read: held.read };
    },

    done(ctx) {
      const ahead = ctx.ahead;
      if (!ahead) return;
      const chat = chats.get(ahead.chatId);
      // Not handed on: freed by the update's end, with its own lease.
      ahead.held?.stopRenewing();
      if (!chat) return;
      if (chat.held === ahead.held) delete chat.held;
      chat.inHand -= 1;
      if (chat.inHand === 0) chats.delete(ahead.chatId);
    },
  };
}
