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
 *
 * What staff say to each other stays among them: a reply that starts with the note marker
 * (`//`) or mentions anyone in Slack (a teammate, @here, a group: nobody the customer
 * knows) is a note. Once someone has the conversation (🙋 Take this one, or the first
 * reply), only their replies go to the customer; anyone else is told who has it. A reply
 * the customer's channel would not take (they blocked the bot) is marked in the thread
 * with the reason, for everyone who reads it.
 */
import type { App } from '@slack/bolt';
import type { StaffSaid } from '#src/conversation/handoff/ports.js';
import { NOTE_MARKER, noteReply, undeliveredReason } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import { isStaff } from '../middleware/staff-only.js';
import { slackToPlain } from '../support/slack-text.js';
import { fetchSharedFile, type SharedFile } from '../support/staff-files.js';
import type { StaffNames } from '../support/staff-names.js';

export const NOT_STAFF =
  'Only the booking staff can write to customers here: this message was not passed on.';
export const NOT_DELIVERED =
  'Your message could not be passed on to the customer. Please try again.';
export const BACK_WITH_BOT =
  'This conversation is back with the bot: that message was not sent to the customer.';
export const fileNotSent = (name: string, why: 'too-large' | 'unreadable'): string =>
  why === 'too-large'
    ? `⚠️ The file ${name} shared is larger than 20 MB: it was not sent to the customer.`
    : `⚠️ The file ${name} shared could not be read from Slack: it was not sent to the customer. Share it again, or check the app has the files:read scope.`;
export const fileNotDeliveredNote = (name: string, reason: string): string =>
  `⚠️ The file ${name} shared did not reach the customer: ${reason}.`;
/** Files of one message passed on: Slack lets a message carry up to 10. */
const MAX_FILES = 10;
export const KEPT_AS_NOTE =
  '🔒 Kept as a note among staff: not sent to the customer (it starts with // or mentions someone).';
export const heldBy = (name: string): string =>
  `${name} has this conversation: your message was not sent to the customer. To answer them yourself, press 🙋 Take this one on the thread's first message; to write to ${name}, start with // or mention them.`;
export const notDeliveredNote = (name: string, reason: string): string =>
  `⚠️ ${name}'s reply did not reach the customer: ${reason}.`;
export const NOT_PASSED_ON_NOTE = (name: string): string =>
  `⚠️ ${name}'s reply could not be passed on to the customer just now (their chat app did not take it); it was not sent. Try again in a few minutes.`;

/**
 * A note among staff: starts with the marker, or mentions someone in Slack's markup
 * (`<@U…>`, `<!here>`, `<!channel>`, `<!everyone>`, `<!subteam^…>`): read on the text as
 * Slack sent it, before it is made plain.
 */
export function isPrivateNote(raw: string): boolean {
  if (raw.trimStart().startsWith(NOTE_MARKER)) return true;
  return /<@[UW][A-Z0-9]+(\|[^>]*)?>|<!(here|channel|everyone|subteam\^)/.test(raw);
}

/** What the log says of a reply's fate: never "delivered" for one that was not. */
function fate(outcome: StaffSaid): string {
  if (typeof outcome === 'string') return outcome;
  return 'held' in outcome ? 'held' : `undelivered:${outcome.undelivered.reason}`;
}

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
  /** Files shared with the message (subtype file_share). */
  files?: SharedFile[];
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
    if (isPrivateNote(message.text ?? '')) {
      deps.logger.info({ slackUserId: user, threadTs: threadId }, 'slack: staff note kept');
      await tellStaff(KEPT_AS_NOTE);
      return;
    }
    const text = slackToPlain(message.text ?? '');
    // A thread the bot started names no conversation once its record expired: closed.
    const ours =
      message.parent_user_id !== undefined && message.parent_user_id === context.botUserId;
    // Files are read from Slack only for a thread the bot started (a handoff's).
    const files = ours ? (message.files ?? []).slice(0, MAX_FILES) : [];
    if (text === '' && files.length === 0) return;
    const note = (said: string) =>
      client.chat.postMessage({ channel, thread_ts: threadId, ...noteReply(said) });

    const staff = await names(user);
    /**
     * Each file to the customer, what was written with it going with the first; a file
     * that cannot be read from Slack is noted and the rest still go. The outcome of the
     * last sent (one voice: held for one, held for all); undefined when nothing was sent.
     */
    const sendFiles = async (
      shared: SharedFile[],
      words: string,
    ): Promise<StaffSaid | undefined> => {
      let last: StaffSaid | undefined;
      let caption = words;
      for (const one of shared) {
        const fetched = await fetchSharedFile(one, {
          token: deps.config.botToken,
          ...(deps.config.apiUrl ? { apiUrl: deps.config.apiUrl } : {}),
        });
        if (!fetched.ok) {
          await note(fileNotSent(staff.name, fetched.why));
          continue;
        }
        last = await support.line.sendFile(threadId, staff, fetched.file, caption || undefined);
        caption = '';
        if (last !== 'delivered') break;
      }
      // Nothing could be read, but words came with it: they still reach the customer.
      if (last === undefined && caption !== '')
        return support.line.staffSaid(threadId, staff, caption);
      return last;
    };
    let outcome: StaffSaid | undefined;
    try {
      outcome =
        files.length === 0
          ? await support.line.staffSaid(threadId, staff, text)
          : await sendFiles(files, text);
    } catch (error) {
      deps.logger.warn(
        { slackUserId: user, threadTs: threadId, outcome: 'failed' },
        'slack: staff reply',
      );
      await tellStaff(NOT_DELIVERED).catch(() => undefined);
      await note(NOT_PASSED_ON_NOTE(staff.name)).catch(() => undefined);
      throw error;
    }
    if (outcome === undefined || (outcome === 'unknown' && !ours)) return;
    deps.logger.info(
      { slackUserId: user, threadTs: threadId, outcome: fate(outcome) },
      'slack: staff reply',
    );
    if (outcome === 'delivered') return;
    if (typeof outcome === 'object' && 'held' in outcome) await tellStaff(heldBy(outcome.held));
    else if (typeof outcome === 'object') {
      const reason = undeliveredReason(outcome.undelivered);
      await note(
        files.length > 0
          ? fileNotDeliveredNote(staff.name, reason)
          : notDeliveredNote(staff.name, reason),
      );
    } else await note(BACK_WITH_BOT);
  });
}
