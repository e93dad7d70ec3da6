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
  deps: Pick<SlackDeps, 'logger'>,
): SupportDesk {
  const reply = (threadId: string, message: PlainReply | SlackMessage): Promise<void> =>
    slack('reply', async () => {
      await client.chat.postMessage({ channel, thread_ts: threadId, ...message });
    });

  return {
    async openThread(summary: HandoffSummary) {
      const root = handoffThread(summary);
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
  };
}
