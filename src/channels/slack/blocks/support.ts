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
import type { HandoffSummary, Money, TranscriptLine } from '#src/conversation/handoff/ports.js';
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
export const SUPPORT_ACTIONS_BLOCK = 'support_actions';

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
    const lines = cart.lines.map(
      (line) => `• ${esc(line.label)}${line.amount ? ` — ${money(line.amount)}` : ''}`,
    );
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
      button(SUPPORT_RETURN_ACTION, 'Return to bot', 'primary'),
      button(SUPPORT_SEND_CART_ACTION, 'Send the cart to the customer'),
    ],
  };
}

/**
 * The thread's first message. Its buttons carry nothing of the customer's: they sit on
 * the thread's root, whose `ts` (the thread's id) Slack sends with every click.
 */
export function handoffThread(summary: HandoffSummary): SlackMessage {
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
  blocks.push(
    context('Reply in this thread to write to the customer; your display name goes first.'),
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
 * The last messages, oldest first, as one plain-text reply. History with a machine, so
 * contact details and documents the customer typed there are masked as alerts' texts are.
 */
export function transcriptReply(lines: TranscriptLine[]): PlainReply {
  if (lines.length === 0) return plainReply('No messages yet.');
  const body = lines.map((line) => {
    const time = new Date(line.at);
    const hhmm = Number.isNaN(time.getTime()) ? '' : ` ${time.toISOString().slice(11, 16)}`;
    return `[${SPEAKERS[line.from]}${hhmm}] ${maskPersonalData(truncate(line.text, 600))}`;
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
 * The first message once its buttons are spent: the actions replaced by what happened,
 * everything else as it was.
 */
export function withoutButtons(blocks: KnownBlock[], outcome: string): KnownBlock[] {
  return blocks.map((block) =>
    block.type === 'actions' && block.block_id === SUPPORT_ACTIONS_BLOCK
      ? context(`:white_check_mark: ${esc(outcome)}`)
      : block,
  );
}
