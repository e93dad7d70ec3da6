/**
 * "🎟️ Resend the tickets" on a support thread (staff only): the tickets of the customer's
 * last sale made with the bot (the "Last sale" of the first message) are read again from
 * the service and sent to the customer as after the sale; the thread notes it, or why not.
 * The buttons stay (they may be sent again), unless the conversation is back with the bot.
 */
import type { App } from '@slack/bolt';
import { esc } from '../blocks/common.js';
import { SUPPORT_TICKETS_ACTION, undeliveredReason } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import type { StaffNames } from '../support/staff-names.js';
import { onThreadButton, putButtonsAway } from '../support/thread-buttons.js';
import { ALREADY_WITH_BOT } from './support-return.js';

export const NO_TICKETS =
  'This customer has no sale made with the bot that has tickets: nothing was sent. `/sales` finds sales made elsewhere.';
export const TICKETS_UNAVAILABLE =
  'The partner service did not answer, so the tickets could not be read: nothing was sent. Try again in a few minutes.';
export const ticketsSent = (name: string, partnerSaleId: string): string =>
  `🎟️ ${name} sent the customer the tickets of the sale \`${esc(partnerSaleId)}\` again.`;
export const ticketsUndelivered = (name: string, partnerSaleId: string, reason: string): string =>
  `⚠️ The tickets ${name} sent again (sale \`${esc(partnerSaleId)}\`) did not reach the customer: ${reason}.`;

export function registerSupportTickets(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  onThreadButton(app, deps, support, names, SUPPORT_TICKETS_ACTION, async (pressed) => {
    const { client, thread, staff } = pressed;
    const outcome = await support.line.resendTickets(thread.threadId, staff);
    deps.logger.info(
      {
        slackUserId: staff.id,
        threadTs: thread.threadId,
        outcome:
          typeof outcome === 'string'
            ? outcome
            : 'sent' in outcome
              ? 'sent'
              : `undelivered:${outcome.undelivered.reason}`,
      },
      'slack: tickets resent',
    );
    if (outcome === 'closed') {
      await putButtonsAway(client, thread, 'Back with the bot.');
      await pressed.tell(ALREADY_WITH_BOT);
    } else if (outcome === 'none') await pressed.tell(NO_TICKETS);
    else if (outcome === 'unavailable') await pressed.tell(TICKETS_UNAVAILABLE);
    else if ('sent' in outcome) await pressed.note(ticketsSent(staff.name, outcome.sent));
    else
      await pressed.note(
        ticketsUndelivered(
          staff.name,
          outcome.partnerSaleId,
          undeliveredReason(outcome.undelivered),
        ),
      );
  });
}
