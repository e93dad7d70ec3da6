/**
 * "🙋 Take this one" on a support thread (staff only): the conversation becomes the
 * presser's, and only their replies reach the customer from now on. The handoff shows
 * it on the thread's first message (the desk's showState); the thread notes it, naming
 * who had it before when it is a take-over.
 */
import type { App } from '@slack/bolt';
import { SUPPORT_TAKE_ACTION } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import type { StaffNames } from '../support/staff-names.js';
import { onThreadButton, putButtonsAway } from '../support/thread-buttons.js';
import { ALREADY_WITH_BOT } from './support-return.js';

export function registerSupportTake(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  onThreadButton(app, deps, support, names, SUPPORT_TAKE_ACTION, async (pressed) => {
    const { client, thread, staff } = pressed;
    const outcome = await support.line.take(thread.threadId, staff);
    if (outcome === 'closed') {
      await putButtonsAway(client, thread, 'Back with the bot.');
      await pressed.tell(ALREADY_WITH_BOT);
      return;
    }
    deps.logger.info(
      { slackUserId: staff.id, threadTs: thread.threadId, takeOver: outcome.from !== undefined },
      'slack: support thread taken',
    );
    await pressed.note(
      outcome.from
        ? `${staff.name} took this conversation over from ${outcome.from}: only ${staff.name}'s replies reach the customer now.`
        : `${staff.name} took this conversation: only ${staff.name}'s replies reach the customer now.`,
    );
  });
}
