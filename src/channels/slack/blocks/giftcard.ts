/** The reply to `/giftcard <code>` (staff only: it names the purchaser). */
import type { GiftCardResponse } from '#src/api/giftcards.js';
import type { ClientRecord } from '#src/api/sales.js';
import type { Lookup } from '#src/conversation/staff/lookups.js';
import type { Redemption } from '../id-book.js';
import { esc, fitLines, section, UNAVAILABLE, type SlackMessage } from './common.js';

/**
 * HoursInAdvanceOfGiftCardExchange counts back from 00:00 of the day after the visit
 * (like HoursInAdvanceOfPurchase): 2 means "until 22:00 of the visit day".
 */
export function exchangeDeadlineText(hours: number | undefined): string {
  if (hours === undefined) return 'not stated by the service';
  const cutoff = 24 - hours; // hours after 00:00 of the visit day
  const dayOffset = Math.floor(cutoff / 24);
  const hour = cutoff - dayOffset * 24;
  const time = `${String(hour).padStart(2, '0')}:00`;
  const day =
    dayOffset === 1 && hour === 0
      ? 'the end of the visit day'
      : dayOffset === 0
        ? `${time} on the visit day`
        : `${time} ${-dayOffset} day${dayOffset === -1 ? '' : 's'} before the visit`;
  return `until ${day} (${hours} h before the visit day ends)`;
}

export function clientName(client: ClientRecord | undefined): string | undefined {
  if (!client) return undefined;
  const name = [client.fullName, client.surname, client.surname2].filter(Boolean).join(' ');
  return name || undefined;
}

/** Name, e-mail, phone and document of a client, as mrkdwn fields. */
export function clientFields(client: ClientRecord | undefined, label: string): string[] {
  if (!client) return [`*${label}*\nnot recorded`];
  const fields = [`*${label}*\n${esc(clientName(client) ?? 'no name recorded')}`];
  if (client.email) fields.push(`*E-mail*\n${esc(client.email)}`);
  if (client.phoneNumber) fields.push(`*Phone*\n${esc(client.phoneNumber)}`);
  if (client.documentIdentifier) fields.push(`*Document*\n${esc(client.documentIdentifier)}`);
  return fields;
}

/** "2026-06-10 22:30 UTC": an instant as the other look-ups say one. */
const instant = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** What staff read of a redeemed card: when and by which sale, where the bot made it. */
function redeemedText(redeemed: Redemption | undefined): string {
  if (!redeemed)
    return ':no_entry: *Already redeemed*: it cannot be used again. The service does not say when, nor in which sale, and the bot has no record of redeeming it.';
  const orders = redeemed.saleIds.length ? ` · order ${redeemed.saleIds.map(esc).join(', ')}` : '';
  return `:no_entry: *Redeemed on ${instant(redeemed.at)}* (sale \`${esc(redeemed.partnerSaleId)}\`${orders}): it cannot be used again. \`/sales ${esc(redeemed.partnerSaleId)}\` shows that sale.`;
}

export function giftCardMessage(
  code: string,
  result: Lookup<GiftCardResponse>,
  /** The sale of this bot that redeemed it, if any (the service does not say). */
  redeemed?: Redemption,
): SlackMessage {
  const title = `*Gift card* \`${esc(code)}\``;
  if (!result.ok) {
    if (result.reason === 'unavailable')
      return { text: UNAVAILABLE, blocks: [section(`${title}\n${UNAVAILABLE}`)] };
    const why = result.messages.length ? result.messages.map(esc).join('; ') : 'no such card';
    const text = `Gift card ${code}: not valid (${why})`;
    return { text, blocks: [section(`${title}\n:x: *Not valid*: ${why}`)] };
  }
  const card = result.value;
  // The service says whether a card was redeemed, not when nor by which sale: the bot's
  // own record of the sales it made says it, else staff are told it is not known.
  const state = card.isExchanged
    ? redeemedText(redeemed)
    : ':white_check_mark: *Valid, not exchanged yet*';
  const fields = [
    `*Bought in the sale*\nPartnerSaleId ${esc(card.partnerSaleId ?? '—')}\nSaleId ${esc(card.saleId ?? '—')}`,
    `*Can be redeemed*\n${exchangeDeadlineText(card.hoursInAdvanceOfGiftCardExchange)}`,
    ...clientFields(card.client, 'Purchaser'),
  ];
  const products = card.products.length
    ? fitLines(
        card.products.map(
          (product) => `• ${esc(product.name ?? 'unnamed product')} (\`${esc(product.id)}\`)`,
        ),
      )
    : '• none listed';
  const blocks = [section(`${title}\n${state}`, fields), section(`*Products*\n${products}`)];
  if (card.message) blocks.push(section(`*Message*\n${esc(card.message).replace(/^/gm, '> ')}`));
  return {
    text: `Gift card ${code}: ${card.isExchanged ? 'already redeemed' : 'valid, not exchanged yet'}`,
    blocks,
  };
}
