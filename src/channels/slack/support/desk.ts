/**
 * The staff side of a handoff: each handoff is a thread in
 * SLACK_SUPPORT_CHANNEL, named by its first message's `ts`. The handoff service calls
 * this; what staff do in the thread comes back through the listeners (support-*.ts).
 */
import type { webApi } from '@slack/bolt';
import type {
  CustomerMessage,
  HandoffSummary,
  SupportDesk,
  ThreadState,
  Waiting,
} from '#src/conversation/handoff/ports.js';
import {
  customerFileComment,
  customerReply,
  fileTooLargeNote,
  handoffThread,
  noteReply,
  transcriptReply,
  waitingMessage,
  withState,
  type PlainReply,
} from '../blocks/support.js';
import type { KnownBlock, SlackMessage } from '../blocks/common.js';
import type { SlackDeps } from '../deps.js';
import { createHandoffQueue, type QueuedHandoff } from './queue.js';

/**
 * Telegram lets a bot download files up to 20 MB, so nothing larger reaches us from a
 * customer; the same bound here keeps one photo from holding a large buffer in memory.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * What the desk throws when Slack fails: Slack's code and nothing else. Web API errors
 * keep their request (the customer's text, the summary), which must not reach the logs
 * of whoever catches this.
 */
export class SupportDeskError extends Error {
  override name = 'SupportDeskError';
  constructor(
    readonly what: string,
    readonly code: string,
  ) {
    super(`slack: ${what} failed (${code})`);
  }
}

const codeOf = (error: unknown): string =>
  (error as { data?: { error?: string } }).data?.error ?? (error as Error).name ?? 'unknown';

/** `work`, with Slack's error replaced by a SupportDeskError. */
async function slack<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new SupportDeskError(what, codeOf(error));
  }
}

export function createSlackSupportDesk(
  client: webApi.WebClient,
  channel: string,
  deps: Pick<SlackDeps, 'logger'> & Partial<Pick<SlackDeps, 'store' | 'now'>>,
): SupportDesk {
  const now = deps.now ?? (() => new Date());
  const queue = deps.store ? createHandoffQueue(deps.store, channel, now) : undefined;
  /** The /handoffs list follows each change; a failure there never fails the thread. */
  const queued = (
    threadId: string,
    change: (entry: QueuedHandoff | undefined) => QueuedHandoff | undefined,
  ) =>
    queue?.change(threadId, change).catch((error: unknown) => {
      deps.logger.warn({ error: (error as Error).name }, 'slack: handoff list not updated');
    });
  const reply = (threadId: string, message: PlainReply | SlackMessage): Promise<void> =>
    slack('reply', async () => {
      await client.chat.postMessage({ channel, thread_ts: threadId, ...message });
    });

  /** A link to a thread of the channel (chat.getPermalink: no scope of its own). */
  const permalink = async (threadId: string): Promise<string | undefined> => {
    const found = await client.chat
      .getPermalink({ channel, message_ts: threadId })
      .catch(() => undefined);
    return found?.permalink;
  };

  return {
    async openThread(summary: HandoffSummary) {
      // The same customer's earlier thread, linked; without a link, its date still says it.
      const earlier = summary.earlier
        ? { ...summary.earlier, link: await permalink(summary.earlier.threadId) }
        : undefined;
      const root = handoffThread(summary, earlier);
      const posted = await slack('thread', () =>
        client.chat.postMessage({
          channel,
          text: root.text,
          blocks: root.blocks,
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      const threadId = posted.ts;
      if (!threadId) throw new SupportDeskError('thread', 'no_ts');
      // The context's second half; a failure here leaves a thread staff can still use.
      await reply(threadId, transcriptReply(summary.transcript)).catch((error: unknown) => {
        deps.logger.warn(
          { code: (error as SupportDeskError).code },
          'slack: support transcript not posted',
        );
      });
      deps.logger.info({ threadTs: threadId }, 'slack: support thread opened');
      const at = now().toISOString();
      await queued(threadId, () => ({
        threadId,
        ...(summary.customer.firstName ? { customer: summary.customer.firstName } : {}),
        openedAt: at,
        lastCustomerAt: at,
      }));
      return { threadId };
    },

    async postFromCustomer(threadId: string, message: CustomerMessage) {
      await queued(threadId, (entry) =>
        entry ? { ...entry, lastCustomerAt: now().toISOString() } : entry,
      );
      if (message.kind === 'text') {
        await reply(threadId, customerReply(message.text));
        return;
      }
      const { file, caption } = message;
      if (file.data.length > MAX_FILE_BYTES) {
        await reply(threadId, noteReply(fileTooLargeNote(file.name, file.data.length)));
        return;
      }
      await slack('upload', () =>
        client.files.uploadV2({
          channel_id: channel,
          thread_ts: threadId,
          file: file.data,
          filename: file.name,
          title: file.name,
          initial_comment: customerFileComment(file.name),
        }),
      );
      if (caption) await reply(threadId, customerReply(caption));
    },

    async postNote(threadId: string, text: string) {
      await reply(threadId, noteReply(text));
    },

    /**
     * The first message read back (conversations.history, under the channels:history
     * scope replies already need) and posted again with its status line changed: the
     * summary is not kept anywhere else, so whichever instance handles the change can
     * show it.
     */
    async raiseWaiting(threadId: string, wait: Waiting) {
      const message = waitingMessage(wait, await permalink(threadId));
      await slack('raise', () =>
        client.chat.postMessage({ channel, ...message, unfurl_links: false }),
      );
    },

    async showState(threadId: string, state: ThreadState) {
      await queued(threadId, (entry) =>
        state.status === 'closed'
          ? undefined
          : state.status === 'assigned' && entry
            ? { ...entry, assignee: state.to }
            : entry,
      );
      const found = await slack('read root', () =>
        client.conversations.history({ channel, latest: threadId, inclusive: true, limit: 1 }),
      );
      const root = found.messages?.find((message) => message.ts === threadId);
      const blocks = root?.blocks as KnownBlock[] | undefined;
      if (!root || !blocks) throw new SupportDeskError('read root', 'not_found');
      await slack('update root', () =>
        client.chat.update({
          channel,
          ts: threadId,
          text: root.text ?? '',
          blocks: withState(blocks, state),
        }),
      );
    },
  };
}
