/**
 * Small Block Kit pieces shared by the staff replies. Slack's limits are enforced here
 * so that a long sale never makes Slack reject a whole reply: section text ≤ 3000
 * characters, fields ≤ 10 of ≤ 2000 each, button values ≤ 2000.
 */
import type { types } from '@slack/bolt';
import { plainText } from '#src/domain/plain-text.js';
import { formatMoney, toCents } from '#src/domain/pricing.js';

export type KnownBlock = types.KnownBlock;
export type SectionBlock = types.SectionBlock;
export type ModalView = types.ModalView;

/** A message for chat.postMessage / respond: blocks plus the notification text. */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

const SECTION_TEXT_MAX = 3000;
const FIELD_MAX = 2000;

/**
 * Text from outside (customers, the partner) for mrkdwn: made plain (no controls, bidi
 * overrides or zero-width characters), then the three characters Slack's mrkdwn
 * reserves escaped, so it can form no link, mention or command.
 */
export function esc(text: string): string {
  return plainText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Joins lines up to the section limit, saying how many were left out. */
export function fitLines(lines: string[], max = SECTION_TEXT_MAX): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const more = `… and ${lines.length - index} more`;
    if (length + line.length + 1 + more.length + 1 > max) {
      kept.push(more);
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return truncate(kept.join('\n'), max);
}

export function section(text: string, fields?: string[]): SectionBlock {
  const block: SectionBlock = {
    type: 'section',
    // verbatim: Slack links only what we write as <url|label>, never a URL, e-mail or
    // @channel that customer text happens to hold.
    text: { type: 'mrkdwn', text: truncate(text, SECTION_TEXT_MAX), verbatim: true },
  };
  if (fields?.length)
    block.fields = fields
      .slice(0, 10)
      .map((field) => ({ type: 'mrkdwn', text: truncate(field, FIELD_MAX), verbatim: true }));
  return block;
}

export function context(text: string): KnownBlock {
  return {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncate(text, SECTION_TEXT_MAX), verbatim: true }],
  };
}

export const divider: KnownBlock = { type: 'divider' };

/** Money of the sale list (its amounts carry no currency: the service sells in euros). */
export function money(amount: number, currency = 'EUR'): string {
  return formatMoney(toCents(amount), currency, 'en');
}

export function plainMessage(text: string): SlackMessage {
  return { text, blocks: [section(text)] };
}

/** Previous/next buttons; `value(page)` makes each button's value. */
export function pager(options: {
  blockId: string;
  actionPrefix: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  value: (page: number) => string;
}): KnownBlock | undefined {
  const buttons: types.Button[] = [];
  if (options.hasPrevious)
    buttons.push({
      type: 'button',
      action_id: `${options.actionPrefix}_prev`,
      text: { type: 'plain_text', text: '◀ Previous' },
      value: options.value(options.page - 1),
    });
  if (options.hasNext)
    buttons.push({
      type: 'button',
      action_id: `${options.actionPrefix}_next`,
      text: { type: 'plain_text', text: 'Next ▶' },
      value: options.value(options.page + 1),
    });
  return buttons.length
    ? { type: 'actions', block_id: options.blockId, elements: buttons }
    : undefined;
}

export const UNAVAILABLE =
  'The partner service is not answering right now. Please try again in a few minutes.';

export const EXPIRED = 'This search has expired. Please run the command again.';

export const REFUSAL =
  'Sorry, this command is only for the booking staff. If you think you should have access, ask an administrator to add you.';

export const FAILED = 'Something went wrong on our side. Please try again.';
