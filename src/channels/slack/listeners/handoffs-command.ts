/**
 * `/handoffs` (staff only): the support channel's open handoffs, the longest waiting
 * first: who, since when they wait (their last message), who has it, a link to the
 * thread. Ephemeral: first names are for staff.
 */
import type { App, webApi } from '@slack/bolt';
import { context, esc, section, type KnownBlock, type SlackMessage } from '../blocks/common.js';
import { slackTime } from '../blocks/support.js';
import type { SlackDeps } from '../deps.js';
import { staffOnly } from '../middleware/staff-only.js';
import { createHandoffQueue, type QueuedHandoff } from '../support/queue.js';
import { afterAck } from './after-ack.js';

/** At most this many lines: a message holds 50 blocks, and a queue longer is its own news. */
const SHOWN = 20;

async function line(
  client: webApi.WebClient,
  channel: string,
  entry: QueuedHandoff,
): Promise<string> {
  const link = await client.chat
    .getPermalink({ channel, message_ts: entry.threadId })
    .then((found) => found.permalink)
    .catch(() => undefined);
  const who = entry.customer ? esc(entry.customer) : 'A customer';
  const has = entry.assignee ? `${esc(entry.assignee)} has it` : '*nobody has it*';
  const thread = link ? ` · <${link}|thread>` : '';
  return `• *${who}*: last wrote ${slackTime(entry.lastCustomerAt)} (asked ${slackTime(entry.openedAt)}) · ${has}${thread}`;
}

export async function handoffsMessage(
  client: webApi.WebClient,
  channel: string,
  open: QueuedHandoff[],
): Promise<SlackMessage> {
  if (open.length === 0)
    return {
      text: 'No open handoffs',
      blocks: [section('*Open handoffs*\nNone: nobody is waiting for a person.')],
    };
  const lines = await Promise.all(
    open.slice(0, SHOWN).map((entry) => line(client, channel, entry)),
  );
  const blocks: KnownBlock[] = [
    section(`*Open handoffs* (${open.length}), the longest waiting first`),
    section(lines.join('\n')),
  ];
  if (open.length > SHOWN)
    blocks.push(context(`… and ${open.length - SHOWN} more in the channel.`));
  return { text: `${open.length} open handoffs`, blocks };
}

export function registerHandoffsCommand(
  app: App,
  deps: SlackDeps,
  support: NonNullable<SlackDeps['support']>,
): void {
  const queue = createHandoffQueue(deps.store, support.channel, deps.now ?? (() => new Date()));
  app.command('/handoffs', staffOnly(deps), async ({ ack, respond, client }) => {
    await ack();
    const tell = (text: string) => respond({ response_type: 'ephemeral', text });
    await afterAck(async () => {
      const message = await handoffsMessage(client, support.channel, await queue.list());
      await respond({ response_type: 'ephemeral', ...message });
    }, tell);
  });
}
