/**
 * Staff's replies in a support thread, to the customer. Only a plain reply
 * in a thread of SLACK_SUPPORT_CHANNEL, written by a person, counts: the bot's own
 * messages (the summary, the customer's messages, notes), edits, joins and other
 * subtypes, top-level messages, other channels and threads that are no handoff's (staff
 * talking among themselves under someone else's message) are left alone. Only staff
 * speak to customers (the same rule as the commands: SLACK_STAFF_USERS, or a channel
 * listed in SLACK_STAFF_CHANNELS, which the support channel may be); anyone else is
 * told, just to them, that it was not passed on. Redelivered events never reach here twice (the
 * dedupe middleware claims each event_id in the store).
 */
import type { App } from '@slack/bolt';
import { noteReply } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import { isStaff } from '../middleware/staff-only.js';
import { slackToPlain } from '../support/slack-text.js';
import type { StaffNames } from '../support/staff-names.js';

export const NOT_STAFF =
  'Only the booking staff can write to customers here: this message was not passed on.';
export const NOT_DELIVERED =
  'Your message could not be passed on to the customer. Please try again.';
export const BACK_WITH_BOT =
  'This conversation is back with the bot: that message was not sent to the customer.';
export const NO_FILES = 'Files are not passed on to the customer, only text.';

/** The fields of a message event this listener reads (bolt's union is wider). */
interface ThreadMessage {
  channel?: string;
  user?: string;
  text?: string;
  ts?: string;
  thread_ts?: string;
  /** Who wrote the thread's root. */
  parent_user_id?: string;
  subtype?: string;
  bot_id?: string;
}

/** A person's reply in a thread: no subtype, or one that still is (broadcast, file). */
const REPLY_SUBTYPES = new Set([undefined, 'thread_broadcast', 'file_share']);

export function registerSupportReplies(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
): void {
  app.event('message', async ({ event, context, client }) => {
    const message = event as ThreadMessage;
    const { channel, user, thread_ts: threadId } = message;
    if (channel !== support.channel || !threadId || threadId === message.ts) return;
    if (!REPLY_SUBTYPES.has(message.subtype) || message.bot_id || !user) return;
    if (user === context.botUserId) return;
    const tellStaff = (text: string) =>
      client.chat.postEphemeral({ channel, user, thread_ts: threadId, text });

    if (
      !isStaff(deps.config, { kind: 'other', what: 'message', userId: user, channelId: channel })
    ) {
      deps.logger.warn(
        { slackUserId: user, slackChannelId: channel, request: 'support reply' },
        'slack: refused a request from outside the staff',
      );
      await tellStaff(NOT_STAFF);
      return;
    }
    if (message.subtype === 'file_share') await tellStaff(NO_FILES);
    const text = slackToPlain(message.text ?? '');
    if (text === '') return;

    try {
      const staff = await names(user);
      const outcome = await support.line.staffSaid(threadId, staff, text);
      // A thread the bot started names no conversation once its record expired: closed.
      const ours =
        message.parent_user_id !== undefined && message.parent_user_id === context.botUserId;
      if (outcome === 'unknown' && !ours) return;
      deps.logger.info({ slackUserId: user, threadTs: threadId, outcome }, 'slack: staff reply');
      if (outcome !== 'delivered')
        await client.chat.postMessage({
          channel,
          thread_ts: threadId,
          ...noteReply(BACK_WITH_BOT),
        });
    } catch (error) {
      await tellStaff(NOT_DELIVERED).catch(() => undefined);
      throw error;
    }
  });
}
