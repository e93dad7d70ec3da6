/**
 * `/sales … export`: every sale a search matches, as a CSV file sent to the staff member
 * who asked, in their direct messages with the bot (the file holds customers' names,
 * e-mails and phones: not for a shared channel). Also the reading of all of a search's
 * pages, which the day's summary uses.
 */
import type { webApi } from '@slack/bolt';
import type { Sale } from '#src/api/sales.js';
import type { SalesFilters } from '#src/conversation/staff/lookups.js';
import { activityStatusWord } from '#src/conversation/staff/words.js';
import { paidTotal, saleStatus, saleTotal } from './blocks/sales.js';
import { clientName } from './blocks/giftcard.js';
import type { SlackDeps } from './deps.js';

/** Pages read at most (5 sales a page): 1,000 sales; more is said to be cut. */
export const MAX_PAGES = 200;

export interface AllSales {
  sales: Sale[];
  /** Some pages were not read: the service stopped answering, or there were too many. */
  partial: boolean;
  /** Not one page was read. */
  unavailable: boolean;
}

export async function readAllSales(
  deps: SlackDeps,
  filters: SalesFilters,
  maxPages = MAX_PAGES,
): Promise<AllSales> {
  const sales: Sale[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const result = await deps.lookups.sales(filters, page);
    if (!result.ok) return { sales, partial: true, unavailable: page === 1 };
    sales.push(...result.value.sales);
    if (!result.value.hasNextPage) return { sales, partial: false, unavailable: false };
  }
  return { sales, partial: true, unavailable: false };
}

/**
 * One CSV field: quoted when it must be; a leading =, +, - or @ is kept as text, so a
 * spreadsheet never runs a customer's name as a formula.
 */
function field(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  // A phone such as +34 600 111 222 is no formula and stays as typed.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^\+[\d ()-]+$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = [
  'Sale id',
  'Order number',
  'Status',
  'Customer',
  'E-mail',
  'Phone',
  'Products',
  'First visit',
  'Total',
  'Paid',
];

export function salesCsv(sales: Sale[]): string {
  const rows = sales.map((sale) => [
    sale.partnerSaleId,
    sale.saleId,
    saleStatus(sale),
    clientName(sale.client),
    sale.client?.email,
    sale.client?.phoneNumber,
    sale.activities
      .map(
        (line) =>
          `${line.quantity} × ${line.productName || line.productId} (${activityStatusWord(line.status)})`,
      )
      .join('; '),
    sale.activities
      .map((line) => line.accessDateTime)
      .sort()
      .at(0),
    saleTotal(sale).toFixed(2),
    paidTotal(sale).toFixed(2),
  ]);
  // CRLF, as RFC 4180 and spreadsheets expect.
  return [HEADER, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** What staff are told in the command's reply. */
export type ExportResult =
  { kind: 'sent'; count: number; partial: boolean } | { kind: 'none' } | { kind: 'unavailable' };

export async function exportSales(
  client: webApi.WebClient,
  deps: SlackDeps,
  filters: SalesFilters,
  userId: string,
  filename: string,
): Promise<ExportResult> {
  const all = await readAllSales(deps, filters);
  if (all.unavailable) return { kind: 'unavailable' };
  if (all.sales.length === 0) return { kind: 'none' };
  const opened = await client.conversations.open({ users: userId });
  const channel = opened.channel?.id;
  if (!channel) throw new Error('conversations.open gave no channel');
  await client.files.uploadV2({
    channel_id: channel,
    file: Buffer.from(salesCsv(all.sales), 'utf8'),
    filename,
    title: filename,
    initial_comment: `${all.sales.length} sales${all.partial ? ' (not all: the service stopped answering or there were too many; narrow the search)' : ''}. Totals in euros; "Paid" counts only what was paid.`,
  });
  return { kind: 'sent', count: all.sales.length, partial: all.partial };
}
