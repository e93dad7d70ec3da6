/**
 * The staff side of a handoff (issue 19): each handoff is a thread in
 * SLACK_SUPPORT_CHANNEL, named by its first message's `ts`. The handoff service calls
 * this; what staff do in the thread comes back through the listeners (support-*.ts).
 */
import type { webApi } from '@slack/bolt';
import type {
  CustomerMessage,
  HandoffSummary,
  SupportDesk,
} from '#src/conversation/handoff/ports.js';
import {
  customerFileComment,
  customerReply,
  fileTooLargeNote,
  handoffThread,
  noteReply,
  transcriptReply,
  type PlainReply,
} from '../blocks/support.js';
import type { SlackMessage } from '../blocks/common.js';
import type { SlackDeps } from '../deps.js';

/**
 * Telegram lets a bot download files up to 20 MB, so nothing larger reaches us from a
 * customer; the same bound here keeps one photo from holding a large buffer in memory.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export function createSlackSupportDesk(
  client: webApi.WebClient,
  channel: string,
  deps: Pick<SlackDeps, 'logger'>,
): SupportDesk {
  const reply = async (threadId: string, message: PlainReply | SlackMessage): Promise<void> => {
    await client.chat.postMessage({ channel, thread_ts: threadId, ...message });
  };

  return {
    async openThread(summary: HandoffSummary) {
      const root = handoffThread(summary);
      const posted = await client.chat.postMessage({
        channel,
        text: root.text,
        blocks: root.blocks,
        unfurl_links: false,
        unfurl_media: false,
      });
      const threadId = posted.ts;
      if (!threadId) throw new Error('slack: chat.postMessage answered without a ts');
      // The context's second half; a failure here leaves a thread staff can still use.
      await reply(threadId, transcriptReply(summary.transcript)).catch((error: unknown) => {
        deps.logger.warn(
          { code: (error as { data?: { error?: string } }).data?.error ?? (error as Error).name },
          'slack: support transcript not posted',
        );
      });
      deps.logger.info({ threadTs: threadId }, 'slack: support thread opened');
      return { threadId };
    },

    async postFromCustomer(threadId: string, message: CustomerMessage) {
      if (message.kind === 'text') {
        await reply(threadId, customerReply(message.text));
        return;
      }
      const { file, caption } = message;
      if (file.data.length > MAX_FILE_BYTES) {
        await reply(threadId, noteReply(fileTooLargeNote(file.name, file.data.length)));
        return;
      }
      await client.files.uploadV2({
        channel_id: channel,
        thread_ts: threadId,
        file: file.data,
        filename: file.name,
        title: file.name,
        initial_comment: customerFileComment(file.name, caption),
      });
    },

    async postNote(threadId: string, text: string) {
      await reply(threadId, noteReply(text));
    },
  };
}
