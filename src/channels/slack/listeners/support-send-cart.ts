/**
 * "Send the cart to the customer" on a support thread (staff only): the bot shows the
 * customer their cart; the thread notes it. The buttons stay (it may be sent again),
 * unless the conversation is already back with the bot.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { noteReply, SUPPORT_SEND_CART_ACTION } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import { staffOnly } from '../middleware/staff-only.js';
import type { StaffNames } from '../support/staff-names.js';
import { clickedThread, putButtonsAway } from '../support/thread-buttons.js';
import { afterAck } from './after-ack.js';
import { ALREADY_WITH_BOT } from './support-return.js';

export const CART_EMPTY = "The customer's cart is empty: nothing was sent.";

export function registerSupportSendCart(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  app.action<BlockAction<ButtonAction>>(
    SUPPORT_SEND_CART_ACTION,
    staffOnly(deps),
    async ({ ack, body, client, respond }) => {
      await ack();
      const thread = clickedThread(body);
      if (!thread || thread.channel !== support.channel) return;
      const tell = (text: string) =>
        respond({ response_type: 'ephemeral', replace_original: false, text });
      await afterAck(async () => {
        const staff = await names(body.user.id);
        const outcome = await support.line.sendCart(thread.threadId, staff);
        if (outcome === 'closed') {
          await putButtonsAway(client, thread, 'Back with the bot.');
          await tell(ALREADY_WITH_BOT);
        } else if (outcome === 'empty') await tell(CART_EMPTY);
        else
          await client.chat.postMessage({
            channel: thread.channel,
            thread_ts: thread.threadId,
            ...noteReply(`${staff.name} sent the cart to the customer.`),
          });
      }, tell);
    },
  );
}
