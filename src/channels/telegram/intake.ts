/**
 * When an update is ours, and what became of those that could not be handled.
 *
 * An update is stored once the exchange that takes it in the store (dedupeUpdates: its
 * lease, with the chat's point and the conversation's lease) has been made: from then on
 * a repeat of it is known, and its turn runs. The webhook acknowledges an update then,
 * not before: with the store out of reach that exchange fails, the webhook answers 503,
 * and Telegram delivers the update again later, when the store may be back. An update
 * that fails after it was stored (the store lost mid-turn, a bug) is not delivered again:
 * it is lost, and counted so.
 */
import type { Update } from 'grammy/types';
import { isStoreUnavailable } from '#src/store/unavailable.js';

/** What became of an update that could not be handled (a metric's label). */
export type Unhandled = 'redelivered' | 'lost';

/** How an update's receipt ends: stored, refused for Telegram to deliver again, or done. */
export type Receipt = 'stored' | 'refused' | 'done';

export interface Intake {
  /**
   * The receipt of an update being handled (`handling`): `stored` once the store has it,
   * `refused` when the store was out of reach before that (Telegram delivers it again),
   * `done` when its handling ended without it being stored (a group chat's, say).
   */
  receive(update: Update, handling: Promise<unknown>): Promise<Receipt>;
  /** dedupeUpdates: the store has taken the update. */
  stored(update: Update): void;
  /** The error boundary: the update's handling failed. */
  failed(update: Update, error: unknown): void;
}

export function createIntake(onUnhandled: (fate: Unhandled) => void = () => undefined): Intake {
  // Keyed by the update object itself: a repeat delivered meanwhile is another object.
  const open = new WeakMap<Update, { stored: boolean; settle: (receipt: Receipt) => void }>();
  return {
    receive(update, handling) {
      return new Promise<Receipt>((settle) => {
        open.set(update, { stored: false, settle });
        const done = () => {
          open.delete(update);
          settle('done');
        };
        handling.then(done, done);
      });
    },
    stored(update) {
      const receipt = open.get(update);
      if (!receipt) return;
      receipt.stored = true;
      receipt.settle('stored');
    },
    failed(update, error) {
      const receipt = open.get(update);
      if (receipt && !receipt.stored && isStoreUnavailable(error)) {
        open.delete(update);
        receipt.settle('refused');
        onUnhandled('redelivered');
        return;
      }
      onUnhandled('lost');
    },
  };
}
