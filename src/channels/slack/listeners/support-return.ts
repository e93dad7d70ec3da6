/**
 * "Return to bot" on a support thread (staff only): the conversation goes back to the
 * step and cart it had; the thread says who gave it back, and the handoff shows its
 * first message closed (its buttons gone). A customer out of reach is said in the note.
 */
import type { App } from '@slack/bolt';
import { SUPPORT_RETURN_ACTION, undeliveredReason } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import type { StaffNames } from '../support/staff-names.js';
import { onThreadButton, putButtonsAway } from '../support/thread-buttons.js';

export const ALREADY_WITH_BOT = 'This conversation is already back with the bot.';

export function registerSupportReturn(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  onThreadButton(app, deps, support, names, SUPPORT_RETURN_ACTION, async (pressed) => {
    const { client, thread, staff } = pressed;
    const outcome = await support.line.returnToBot(thread.threadId, staff);
    if (outcome === 'closed') {
      await putButtonsAway(client, thread, 'Back with the bot.');
      await pressed.tell(ALREADY_WITH_BOT);
      return;
    }
    const done = `${staff.name} gave the conversation back to the bot.`;
    await pressed.note(
      outcome === 'returned'
        ? done
        : `⚠️ ${done} The customer could not be told: ${undeliveredReason(outcome.undelivered)}.`,
    );
  });
}
