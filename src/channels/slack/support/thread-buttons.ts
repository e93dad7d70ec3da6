/**
 * What the support thread's two buttons share: staff only, acknowledged at once, which
 * thread was clicked (the root message's `ts`, where the buttons sit), who pressed, how
 * to answer them and note in the thread, and putting the root's buttons away once the
 * conversation is back with the bot. Each button's listener says only what it does.
 */
import type { App, BlockAction, ButtonAction, webApi } from '@slack/bolt';
import type { StaffMember } from '#src/conversation/handoff/ports.js';
import { noteReply, withoutButtons } from '../blocks/support.js';
import type { KnownBlock } from '../blocks/common.js';
import type { SlackDeps } from '../deps.js';
import { afterAck } from '../listeners/after-ack.js';
import { staffOnly } from '../middleware/staff-only.js';
import type { StaffNames } from './staff-names.js';

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

/** A press of a thread's button, acknowledged, from a member of staff. */
export interface ThreadPress {
  client: webApi.WebClient;
  thread: ClickedThread;
  staff: StaffMember;
  /** Answers the one who pressed (ephemeral). */
  tell(text: string): Promise<unknown>;
  /** A note of the bot in the thread, for everyone in it. */
  note(text: string): Promise<unknown>;
}

/** Listens to one of the thread's buttons, in the support channel only. */
export function onThreadButton(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
  names: StaffNames,
  actionId: string,
  press: (pressed: ThreadPress) => Promise<void>,
): void {
  app.action<BlockAction<ButtonAction>>(
    actionId,
    staffOnly(deps),
    async ({ ack, body, client, respond }) => {
      await ack();
      const thread = clickedThread(body);
      if (!thread || thread.channel !== support.channel) return;
      const tell = (text: string) =>
        respond({ response_type: 'ephemeral', replace_original: false, text });
      const note = (text: string) =>
        client.chat.postMessage({
          channel: thread.channel,
          thread_ts: thread.threadId,
          ...noteReply(text),
        });
      await afterAck(
        async () => press({ client, thread, staff: await names(body.user.id), tell, note }),
        tell,
      );
    },
  );
}
