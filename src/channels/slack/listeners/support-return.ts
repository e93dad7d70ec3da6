/**
 * "Return to bot" on a support thread (staff only): the conversation goes back to the
 * step and cart it had; the thread says who gave it back and its buttons go away.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { noteReply, SUPPORT_RETURN_ACTION } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import { staffOnly } from '../middleware/staff-only.js';
import type { StaffNames } from '../support/staff-names.js';
import { clickedThread, putButtonsAway } from '../support/thread-buttons.js';
import { afterAck } from './after-ack.js';

export const ALREADY_WITH_BOT = 'This conversation is already back with the bot.';

export function registerSupportReturn(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  app.action<BlockAction<ButtonAction>>(
    SUPPORT_RETURN_ACTION,
    staffOnly(deps),
    async ({ ack, body, client, respond }) => {
      await ack();
      const thread = clickedThread(body);
      if (!thread || thread.channel !== support.channel) return;
      const tell = (text: string) =>
        respond({ response_type: 'ephemeral', replace_original: false, text });
      await afterAck(async () => {
        const staff = await names(body.user.id);
        const outcome = await support.line.returnToBot(thread.threadId, staff);
        if (outcome === 'closed') {
          await putButtonsAway(client, thread, 'Back with the bot.');
          await tell(ALREADY_WITH_BOT);
          return;
        }
        const done = `${staff.name} gave the conversation back to the bot.`;
        await putButtonsAway(client, thread, done);
        await client.chat.postMessage({
          channel: thread.channel,
          thread_ts: thread.threadId,
          ...noteReply(done),
        });
      }, tell);
    },
  );
}
