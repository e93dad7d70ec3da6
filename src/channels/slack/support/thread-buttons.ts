/**
 * What the support thread's two buttons share: which thread was clicked (the root
 * message's `ts`, where the buttons sit), and putting the root's buttons away once the
 * conversation is back with the bot.
 */
import type { BlockAction, ButtonAction, webApi } from '@slack/bolt';
import { withoutButtons } from '../blocks/support.js';
import type { KnownBlock } from '../blocks/common.js';

export interface ClickedThread {
  channel: string;
  threadId: string;
  blocks?: KnownBlock[];
}

export function clickedThread(body: BlockAction<ButtonAction>): ClickedThread | undefined {
  const channel = body.channel?.id ?? body.container.channel_id;
  const threadId = body.message?.ts ?? body.container.message_ts;
  if (typeof channel !== 'string' || typeof threadId !== 'string') return undefined;
  return { channel, threadId, blocks: body.message?.blocks as KnownBlock[] | undefined };
}

/** Replaces the root's buttons by `outcome`; the rest of the summary stays. */
export async function putButtonsAway(
  client: webApi.WebClient,
  thread: ClickedThread,
  outcome: string,
): Promise<void> {
  if (!thread.blocks) return;
  await client.chat.update({
    channel: thread.channel,
    ts: thread.threadId,
    text: outcome,
    blocks: withoutButtons(thread.blocks, outcome),
  });
}
