/**
 * The support thread in SLACK_SUPPORT_CHANNEL: its first message (who asked,
 * where they are, the buttons), the transcript and the customer's messages as replies,
 * and the bot's notes.
 *
 * A channel is not a staff-only reply: contact details are masked (scrub.ts, src/log.ts), and what
 * the customer wrote is never read as mrkdwn. The summary's mrkdwn carries only escaped
 * text (`esc`, verbatim); the transcript and the customer's messages are posted as the
 * message's own text with `mrkdwn: false` (&, < and > escaped, as Slack requires even
 * there), so no `*`, `_`, `<@…>` or link of theirs is formatted.
 */
import type { types } from '@slack/bolt';
import { formatMoney } from '#src/domain/pricing.js';
import type {
  HandoffSummary,
  Money,
  ThreadState,
  TranscriptLine,
  Undelivered,
  Waiting,
} from '#src/conversation/handoff/ports.js';
import { maskPersonalData } from '#src/log.js';
import { maskEmail, maskPhone } from '../scrub.js';
import {
  context,
  esc,
  fitLines,
  section,
  truncate,
  type KnownBlock,
  type SlackMessage,
} from './common.js';

export const SUPPORT_RETURN_ACTION = 'support_return';
export const SUPPORT_SEND_CART_ACTION = 'support_send_cart';
export const SUPPORT_TAKE_ACTION = 'support_take';
export const SUPPORT_TICKETS_ACTION = 'support_tickets';
export const SUPPORT_ACTIONS_BLOCK = 'support_actions';
/** The first message's line that says where the handoff stands (open, assigned, closed). */
export const SUPPORT_STATUS_BLOCK = 'support_status';

/**
 * What starts a private note in a customer's thread: a reply that begins with it (or
 * mentions anyone: a teammate, @here, a group) stays among staff.
 */
export const NOTE_MARKER = '//';

/** A plain-text reply: Slack's own text, not read as mrkdwn, links not unfurled. */
export interface PlainReply {
  text: string;
  mrkdwn: false;
  unfurl_links: false;
  unfurl_media: false;
}

/**
 * Slack cuts a message's text at 40 000 characters. What the customer wrote must reach
 * staff whole: a Telegram message (4 096 characters, up to five times as long escaped)
 * and the ten last messages (500 each, kept in state.ts) stay well below this.
 */
const PLAIN_MAX = 39_000;

const LANGUAGES: Record<string, string> = { es: 'Spanish', en: 'English' };

const money = (amount: Money): string => formatMoney(amount.cents, amount.currency, 'en');

/**
 * A time as Slack shows it, in each reader's own time zone; the fallback (notifications,
 * old clients) is UTC.
 */
export function slackTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return esc(iso);
  const fallback = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `<!date^${Math.floor(at.getTime() / 1000)}^{date_short_pretty} {time}|${fallback}>`;
}

/** Text for `mrkdwn: false`: plain (escaped), cut to what a reply should hold. */
export function plainReply(text: string): PlainReply {
  return {
    text: truncate(esc(text), PLAIN_MAX),
    mrkdwn: false,
    unfurl_links: false,
    unfurl_media: false,
  };
}

function who(summary: HandoffSummary): string[] {
  const { customer } = summary;
  const fields = [
    `*Customer*\n${customer.firstName ? esc(customer.firstName) : '—'} (Telegram)`,
    `*Language*\n${LANGUAGES[customer.language] ?? esc(customer.language)}`,
  ];
  if (customer.email) fields.push(`*E-mail*\n${esc(maskEmail(customer.email))}`);
  if (customer.phone) fields.push(`*Phone*\n${esc(maskPhone(customer.phone))}`);
  return fields;
}

function where(summary: HandoffSummary): KnownBlock[] {
  const blocks: KnownBlock[] = [section(`*Step:* ${esc(summary.step)}`)];
  const { cart, lastSale } = summary;
  if (cart && cart.lines.length > 0) {
    // The amount once: the cart's own line already ends with it ("2 × €6.00 = €12.00").
    const lines = cart.lines.map((line) => {
      const amount = line.amount ? money(line.amount) : undefined;
      const said = amount === undefined || line.label.includes(amount);
      return `• ${esc(line.label)}${said ? '' : ` — ${amount}`}`;
    });
    if (cart.total) lines.push(`*Total: ${money(cart.total)}*`);
    blocks.push(section(fitLines(['*Cart*', ...lines])));
  } else blocks.push(section('*Cart:* empty'));
  if (cart?.reservation)
    blocks.push(
      context(
        `Reservation \`${esc(cart.reservation.id)}\`, held until ${slackTime(cart.reservation.expiresAt)}`,
      ),
    );
  if (lastSale)
    blocks.push(
      context(
        `Last sale: PartnerSaleId \`${esc(lastSale.partnerSaleId)}\`${lastSale.total ? `, ${money(lastSale.total)}` : ''}`,
      ),
    );
  return blocks;
}

function buttons(): KnownBlock {
  const button = (action_id: string, text: string, style?: 'primary'): types.Button => ({
    type: 'button',
    action_id,
    text: { type: 'plain_text', text },
    value: 'thread',
    ...(style ? { style } : {}),
  });
  return {
    type: 'actions',
    block_id: SUPPORT_ACTIONS_BLOCK,
    elements: [
      button(SUPPORT_TAKE_ACTION, '🙋 Take this one', 'primary'),
      button(SUPPORT_RETURN_ACTION, 'Return to bot'),
      button(SUPPORT_SEND_CART_ACTION, 'Send the cart to the customer'),
      button(SUPPORT_TICKETS_ACTION, '🎟️ Resend the tickets'),
    ],
  };
}

/** Where the handoff stands, in words, for the first message's status line. */
export function statusText(state: ThreadState): string {
  switch (state.status) {
    case 'open':
      return ':large_green_circle: *Open*, nobody has it yet: press 🙋 Take this one, or reply (the first to reply has it).';
    case 'assigned':
      return `:raising_hand: *${esc(state.to)} has it*: only their replies reach the customer. 🙋 Take this one to take it over.`;
    case 'closed':
      return `:white_circle: *Closed*: ${esc(state.why)}`;
  }
}

function statusBlock(state: ThreadState): KnownBlock {
  return { ...section(statusText(state)), block_id: SUPPORT_STATUS_BLOCK };
}

/**
 * The first message with its status line showing `state`; closed, its buttons go (there
 * is nothing left to press). The rest of the summary stays as it was.
 */
export function withState(blocks: KnownBlock[], state: ThreadState): KnownBlock[] {
  return blocks
    .filter(
      (block) =>
        !(
          state.status === 'closed' &&
          block.type === 'actions' &&
          block.block_id === SUPPORT_ACTIONS_BLOCK
        ),
    )
    .map((block) => (block.block_id === SUPPORT_STATUS_BLOCK ? statusBlock(state) : block));
}

/**
 * A customer waiting too long, raised in the channel itself (not only the thread), with
 * a link to the thread: the team sees it whoever has the thread open.
 */
export function waitingMessage(wait: Waiting, link: string | undefined): SlackMessage {
  const who = wait.customer ? esc(wait.customer) : 'A customer';
  const thread = link ? `<${link}|Open the thread>` : 'See the thread';
  const has = wait.assignee ? ` ${esc(wait.assignee)} has it.` : ' Nobody has it yet.';
  const text = `:alarm_clock: *${who} has waited ${wait.minutes} min or more for an answer* (since ${slackTime(wait.since)}).${has} ${thread}.`;
  return {
    text: `${wait.customer ?? 'A customer'} has waited ${wait.minutes} min for an answer`,
    blocks: [section(text)],
  };
}

/** Why a message did not reach the customer, in words for staff. */
export function undeliveredReason(undelivered: Undelivered): string {
  switch (undelivered.reason) {
    case 'blocked':
      return 'the customer has blocked the bot in Telegram; nothing reaches them until they write to the bot again';
    case 'gone':
      return 'the customer’s Telegram account or chat no longer exists';
    case 'refused':
      return 'Telegram refused to pass it on to this customer';
  }
}

/**
 * The thread's first message. Its buttons carry nothing of the customer's: they sit on
 * the thread's root, whose `ts` (the thread's id) Slack sends with every click.
 */
export function handoffThread(
  summary: HandoffSummary,
  earlier?: { endedAt: string; link?: string },
): SlackMessage {
  const name = summary.customer.firstName ? esc(summary.customer.firstName) : 'A customer';
  const blocks: KnownBlock[] = [
    section(`:raising_hand: *${name} asks to talk to a person*`, who(summary)),
    ...where(summary),
  ];
  if (summary.answersFrom)
    blocks.push(
      context(
        `:zzz: Outside support hours: the customer was told answers come from ${slackTime(summary.answersFrom)}`,
      ),
    );
  if (earlier) {
    const thread = earlier.link ? `<${earlier.link}|the earlier thread>` : 'an earlier thread';
    blocks.push(
      context(
        `:leftwards_arrow_with_hook: Asked before: ${thread}, closed ${slackTime(earlier.endedAt)}`,
      ),
    );
  }
  blocks.push(
    context(
      `Reply in this thread to write to the customer; your display name goes first. A reply that starts with \`${NOTE_MARKER}\` or mentions a teammate (@name) is a note among staff: it never reaches the customer.`,
    ),
    statusBlock({ status: 'open' }),
    buttons(),
  );
  const text = `${summary.customer.firstName ?? 'A customer'} asks to talk to a person (${summary.step})`;
  return { text: esc(truncate(text, 300)), blocks };
}

const SPEAKERS: Record<TranscriptLine['from'], string> = {
  customer: 'Customer',
  bot: 'Bot',
  staff: 'Staff',
};

/**
 * The order number the bot gives customers ("🧾 Order 3616139180081608727", "🧾 Pedido …"):
 * a long run of digits the phone pattern would take. It is no personal data and staff
 * search by it, so it is kept as written.
 */
const ORDER_REFERENCE = /(🧾 (?:Order|Pedido) )([A-Za-z0-9-]+)/gu;

/**
 * Personal data masked, the bot's order numbers kept (they are ids, not phones): each
 * is held aside behind a private-use character while the rest is masked.
 */
function maskKeepingOrders(text: string): string {
  const kept: string[] = [];
  const held = text.replace(ORDER_REFERENCE, (_match, label: string, id: string) => {
    kept.push(id);
    return `${label}\uE000${kept.length - 1}\uE000`;
  });
  return maskPersonalData(held).replace(
    /\uE000(\d+)\uE000/g,
    (_match, index: string) => kept[Number(index)] ?? '',
  );
}

/**
 * The last messages, oldest first, as one plain-text reply. History with a machine, so
 * contact details and documents the customer typed there are masked as alerts' texts are;
 * the order numbers the bot gave are kept, for staff to search them.
 */
export function transcriptReply(lines: TranscriptLine[]): PlainReply {
  if (lines.length === 0) return plainReply('No messages yet.');
  const body = lines.map((line) => {
    const time = new Date(line.at);
    const hhmm = Number.isNaN(time.getTime()) ? '' : ` ${time.toISOString().slice(11, 16)}`;
    return `[${SPEAKERS[line.from]}${hhmm}] ${maskKeepingOrders(truncate(line.text, 600))}`;
  });
  return plainReply(`Last messages (UTC):\n${body.join('\n')}`);
}

/** What the customer writes to staff while handed off: theirs to give, shown as is. */
export function customerReply(text: string): PlainReply {
  return plainReply(`Customer: ${text}`);
}

/**
 * The line Slack shows with a customer's file. Its caption is not in it: a file's comment
 * is read as mrkdwn, so the caption follows as a plain reply of its own (customerReply).
 */
export function customerFileComment(name: string): string {
  return esc(truncate(`Customer sent ${name}`, PLAIN_MAX));
}

export function fileTooLargeNote(name: string, bytes: number): string {
  const mb = (bytes / (1024 * 1024)).toFixed(1);
  return `The customer sent ${name} (${mb} MB), larger than can be passed on; ask them for a smaller file or another way.`;
}

/** A note of the bot in the thread (the handoff's events, the buttons' results). */
export function noteReply(text: string): SlackMessage {
  return { text: esc(text), blocks: [context(`:robot_face: ${esc(text)}`)] };
}

/**
 * The first message once its buttons are spent: closed, with what happened. A first
 * message without a status line (posted before it had one) gets what happened in the
 * buttons' place.
 */
export function withoutButtons(blocks: KnownBlock[], outcome: string): KnownBlock[] {
  const hasStatus = blocks.some((block) => block.block_id === SUPPORT_STATUS_BLOCK);
  if (hasStatus) return withState(blocks, { status: 'closed', why: outcome });
  return blocks.map((block) =>
    block.type === 'actions' && block.block_id === SUPPORT_ACTIONS_BLOCK
      ? context(`:white_check_mark: ${esc(outcome)}`)
      : block,
  );
}
