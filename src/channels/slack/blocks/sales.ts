/**
 * Results of `/sales` (an ephemeral reply, or the modal's results view): per sale its
 * ids, client, total and status, then its activities with tickets and access codes.
 * Staff only: client data is shown in full because staff look sales up by it.
 */
import type { Sale, SaleActivity, SalesResponse } from '#src/api/sales.js';
import { toCents } from '#src/domain/pricing.js';
import type { Lookup, SalesFilters } from '#src/conversation/staff/lookups.js';
import {
  activityStatusWord,
  isCancelledStatus,
  isPaidStatus,
} from '#src/conversation/staff/words.js';
import { describeSalesFilters } from '../filters.js';
import {
  context,
  divider,
  esc,
  fitLines,
  money,
  pager,
  section,
  truncate,
  UNAVAILABLE,
  type KnownBlock,
  type ModalView,
  type SlackMessage,
} from './common.js';
import { clientFields } from './giftcard.js';

export const SALES_PAGE_ACTION = 'sales_page';

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What the sale costs the customer: the products plus any insurance. */
export function saleTotal(sale: Sale): number {
  return (toCents(sale.totalPrice) + toCents(sale.insurancePolicyAmount ?? 0)) / 100;
}

/**
 * What of the sale was paid: its total without the lines that are not Confirmed
 * (cancelled, or still waiting for payment), insurance only with a paid line. The figure
 * staff add up; a cancelled sale counts nothing.
 */
export function paidTotal(sale: Sale): number {
  const unpaid = sale.activities
    .filter((activity) => !isPaidStatus(activity.status))
    .reduce((cents, activity) => cents + toCents(activity.price), 0);
  const anyPaid =
    sale.activities.length === 0 ||
    sale.activities.some((activity) => isPaidStatus(activity.status));
  const insurance = anyPaid ? toCents(sale.insurancePolicyAmount ?? 0) : 0;
  return Math.max(0, toCents(sale.totalPrice) - unpaid + insurance) / 100;
}

export const isCancelled = (sale: Sale): boolean =>
  sale.activities.length > 0 &&
  sale.activities.every((activity) => isCancelledStatus(activity.status));

export function saleStatus(sale: Sale): string {
  const words = [
    ...new Set(sale.activities.map((activity) => activityStatusWord(activity.status))),
  ];
  return words.length ? words.join(' / ') : 'No activities';
}

function activityLines(activity: SaleActivity): string[] {
  const head = [
    `• *${esc(activity.productName || activity.productId)}*`,
    activity.accessDateTime,
    `×${activity.quantity}`,
    money(activity.price),
    activityStatusWord(activity.status),
  ];
  if (activity.accessCode) head.push(`code \`${esc(activity.accessCode)}\``);
  const lines = [head.join(' — ')];
  for (const ticket of activity.tickets) {
    const when = ticket.sessionTime
      ? `${ticket.accessDateTime} ${ticket.sessionTime}`
      : ticket.accessDateTime;
    const code = ticket.accessCode
      ? `access code \`${esc(ticket.accessCode)}\``
      : isCancelledStatus(activity.status)
        ? 'cancelled, no access code'
        : 'no access code yet';
    lines.push(`    ◦ ${esc(ticket.ticketName ?? ticket.ticketId)} (${when}): ${code}`);
  }
  return lines;
}

export function saleBlocks(sale: Sale): KnownBlock[] {
  const ids = [
    `*${esc(sale.partnerSaleId ?? 'no PartnerSaleId')}*`,
    sale.saleId ? `SaleId ${esc(sale.saleId)}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const insurance = sale.insurancePolicyAmount
    ? ` (incl. insurance ${money(sale.insurancePolicyAmount)})`
    : '';
  const heading = `${ids}\n*${saleStatus(sale)}* — total ${money(saleTotal(sale))}${insurance}`;
  const lines = sale.activities.flatMap(activityLines);
  for (const stay of sale.accommodations) {
    const until = stay.accessEndDateTime ? ` → ${stay.accessEndDateTime}` : '';
    lines.push(
      `• Stay \`${esc(stay.productId)}\` — ${stay.accessDateTime}${until} — ×${stay.quantity} — ${money(stay.price)}`,
    );
  }
  return [
    section(heading, clientFields(sale.client, 'Client')),
    section(lines.length ? fitLines(lines) : '_No products listed._'),
    divider,
  ];
}

interface SalesPage {
  filters: SalesFilters;
  page: number;
  /** Makes the value of a paging button. */
  pageValue: (page: number) => string;
}

function resultBlocks(result: SalesResponse, options: SalesPage): KnownBlock[] {
  const filters = esc(describeSalesFilters(options.filters));
  if (result.sales.length === 0)
    return [section(`*Sales* — ${filters}\nNo sales match these filters.`)];
  const blocks: KnownBlock[] = [
    section(`*Sales* — ${filters}\nPage ${options.page} · ${result.sales.length} shown`),
    divider,
    ...result.sales.flatMap(saleBlocks),
  ];
  // Only what was paid is added up: a cancelled sale, or one still waiting for its
  // payment, is counted apart, so the figure is money taken.
  const paid = result.sales.reduce((cents, sale) => cents + toCents(paidTotal(sale)), 0) / 100;
  const cancelled = result.sales.filter(isCancelled);
  const waiting = result.sales.filter(
    (sale) => !isCancelled(sale) && paidTotal(sale) < saleTotal(sale),
  );
  const apart = [
    cancelled.length
      ? `${plural(cancelled.length, 'cancelled sale')} (${money(cancelled.reduce((cents, sale) => cents + toCents(saleTotal(sale)), 0) / 100)})`
      : undefined,
    waiting.length ? `${plural(waiting.length, 'sale')} not (wholly) paid` : undefined,
  ].filter(Boolean);
  const more = result.hasNextPage ? '; more on the next pages' : '';
  blocks.push(
    context(
      `Paid on this page (${plural(result.sales.length, 'sale')}): *${money(paid)}*${apart.length ? `; not counted: ${apart.join(', ')}` : ''}${more}`,
    ),
  );
  const buttons = pager({
    blockId: 'sales_pager',
    actionPrefix: SALES_PAGE_ACTION,
    page: options.page,
    hasPrevious: result.hasPreviousPage && options.page > 1,
    hasNext: result.hasNextPage,
    value: options.pageValue,
  });
  if (buttons) blocks.push(buttons);
  return blocks;
}

export function salesMessage(result: Lookup<SalesResponse>, options: SalesPage): SlackMessage {
  if (!result.ok) return failureMessage(result, 'Sales');
  const blocks = resultBlocks(result.value, options);
  const count = result.value.sales.length;
  return { text: count ? `Sales: page ${options.page}, ${count} shown` : 'No sales found', blocks };
}

export function failureMessage(
  result: Exclude<Lookup<unknown>, { ok: true }>,
  what: string,
): SlackMessage {
  const text =
    result.reason === 'unavailable'
      ? UNAVAILABLE
      : `The partner service refused the search: ${result.messages.join('; ') || 'no reason given'}`;
  return { text: `${what}: ${text}`, blocks: [section(`*${what}*\n${esc(text)}`)] };
}

export const SALES_RESULTS_VIEW = 'sales_results';

/** The modal's results: the same blocks as the reply, in a view (up to 100 blocks). */
export function salesResultsView(message: SlackMessage, privateMetadata: string): ModalView {
  return {
    type: 'modal',
    callback_id: SALES_RESULTS_VIEW,
    title: { type: 'plain_text', text: 'Sales' },
    close: { type: 'plain_text', text: 'Close' },
    private_metadata: privateMetadata,
    blocks: message.blocks.slice(0, 100),
  };
}

export function loadingView(title: string, privateMetadata: string): ModalView {
  return {
    type: 'modal',
    title: { type: 'plain_text', text: truncate(title, 24) },
    close: { type: 'plain_text', text: 'Close' },
    private_metadata: privateMetadata,
    blocks: [section(':hourglass_flowing_sand: Looking up…')],
  };
}
