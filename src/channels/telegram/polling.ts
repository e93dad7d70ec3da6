/**
 * Long polling that confirms only what is stored. Telegram confirms every update below
 * the offset a getUpdates call gives, and @grammyjs/runner's own fetcher moves the offset
 * past each batch as soon as it has it: an update whose store was out of reach would be
 * confirmed, and lost. Here the offset stays at the first update fetched and not yet
 * stored (intake.ts), so Telegram keeps it until it is:
 *
 * - an update fetched again (in hand, or stored since) is not handed out twice;
 * - one refused for the store is handed out again when fetched again, after a wait that
 *   doubles while the store stays out of reach;
 * - a fetch that brings nothing new (everything in hand, waiting for a chat's slot) waits
 *   for one of them to settle, or a moment, before fetching again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { UpdateSupplier } from '@grammyjs/runner';
import type { TgContext } from './deps.js';
import type { Receipt } from './intake.js';

const MIN_WAIT_MS = 500;
const MAX_WAIT_MS = 30_000;
/** With every update fetched in hand, how long before looking for new ones anyway. */
const IN_HAND_WAIT_MS = 1_000;

export interface ConfirmingSupplier extends UpdateSupplier<Update> {
  /** An update handed out has been stored, refused, or handled without the store. */
  settled(update: Update, receipt: Receipt): void;
}

export function confirmingSupplier(
  bot: Bot<TgContext>,
  fetch: { allowed_updates: string[]; timeout: number },
): ConfirmingSupplier {
  const inHand = new Set<number>();
  const refused = new Set<number>();
  let next = 0;
  let refusedWaitMs = 0;
  let failedWaitMs = 0;
  let wake: (() => void) | undefined;

  const waitFor = async (ms: number, signal: AbortSignal) => {
    const woken = new Promise<void>((resolve) => (wake = resolve));
    await Promise.race([sleep(ms, undefined, { signal }), woken]).catch(() => undefined);
    wake = undefined;
    if (signal.aborted) throw signal.reason;
  };

  const getUpdates = async (offset: number, limit: number, signal: AbortSignal) => {
    for (;;) {
      try {
        const updates = await bot.api.getUpdates(
          { ...fetch, offset, limit } as Parameters<typeof bot.api.getUpdates>[0],
          signal as Parameters<typeof bot.api.getUpdates>[1],
        );
        failedWaitMs = 0;
        return updates;
      } catch (error) {
        // Stopped, a refused token, another poller: not for trying again.
        if (signal.aborted) throw error;
        if (error instanceof GrammyError && [401, 409].includes(error.error_code)) throw error;
        failedWaitMs = Math.min(Math.max(failedWaitMs * 2, MIN_WAIT_MS / 5), MAX_WAIT_MS);
        await waitFor(failedWaitMs, signal);
      }
    }
  };

  return {
    async supply(batchSize, signal) {
      if (refused.size > 0) await waitFor(refusedWaitMs, signal as AbortSignal);
      for (;;) {
        const held = [...inHand, ...refused];
        const offset = held.length > 0 ? Math.min(...held) : next;
        const limit = Math.max(1, Math.min(batchSize, 100));
        const updates = await getUpdates(offset, limit, signal as AbortSignal);
        // Handed out before (in hand, or stored since) unless refused: not again.
        const fresh = updates.filter(
          (update) =>
            refused.has(update.update_id) ||
            (update.update_id >= next && !inHand.has(update.update_id)),
        );
        for (const update of fresh) {
          refused.delete(update.update_id);
          inHand.add(update.update_id);
          next = Math.max(next, update.update_id + 1);
        }
        if (fresh.length > 0 || updates.length === 0) return fresh;
        await waitFor(IN_HAND_WAIT_MS, signal as AbortSignal);
      }
    },
    settled(update, receipt) {
      inHand.delete(update.update_id);
      if (receipt === 'refused') {
        refused.add(update.update_id);
        refusedWaitMs = Math.min(Math.max(refusedWaitMs * 2, MIN_WAIT_MS), MAX_WAIT_MS);
      } else {
        if (refused.size === 0) refusedWaitMs = 0;
        wake?.();
      }
    },
  };
}
