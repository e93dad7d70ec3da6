/**
 * "Send the cart to the customer" on a support thread (staff only): the bot shows the
 * customer their cart; the thread notes it. The buttons stay (it may be sent again),
 * unless the conversation is already back with the bot.
 */
import type { App } from '@slack/bolt';
import { SUPPORT_SEND_CART_ACTION, undeliveredReason } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import type { StaffNames } from '../support/staff-names.js';
import { onThreadButton, putButtonsAway } from '../support/thread-buttons.js';
import { ALREADY_WITH_BOT } from './support-return.js';

export const CART_EMPTY = "The customer's cart is empty: nothing was sent.";

export function registerSupportSendCart(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  onThreadButton(app, deps, support, names, SUPPORT_SEND_CART_ACTION, async (pressed) => {
    const { client, thread, staff } = pressed;
    const outcome = await support.line.sendCart(thread.threadId, staff);
    if (outcome === 'closed') {
      await putButtonsAway(client, thread, 'Back with the bot.');
      await pressed.tell(ALREADY_WITH_BOT);
    } else if (outcome === 'empty') await pressed.tell(CART_EMPTY);
    else if (outcome === 'sent') await pressed.note(`${staff.name} sent the cart to the customer.`);
    else
      await pressed.note(
        `⚠️ The cart ${staff.name} sent did not reach the customer: ${undeliveredReason(outcome.undelivered)}.`,
      );
  });
}
