/**
 * `/sales [filters]`: with filters, the first page of results as an ephemeral reply;
 * alone, the search form; `help`, the filter syntax.
 */
import type { App } from '@slack/bolt';
import { salesFormView } from '../blocks/sales-form.js';
import type { SlackDeps } from '../deps.js';
import { parseSalesFilters, SALES_HELP } from '../filters.js';
import { encodeMetadata } from '../metadata.js';
import { staffOnly } from '../middleware/staff-only.js';
import { CUSTOMER_ZONE, dateOf, localNow } from '#src/domain/time.js';
import type { IdBook } from '../id-book.js';
import { explainedSalesPage } from '../searches.js';
import { afterAck } from './after-ack.js';
import { exportSales, type ExportResult } from '../sales-export.js';
import { UNAVAILABLE } from '../blocks/common.js';
import type { SalesFilters } from '#src/conversation/staff/lookups.js';
import type { IsoDate } from '#src/domain/time.js';

/** `export` as the first or last word asks for the matching sales as a CSV file. */
export function readExport(text: string): { text: string; exporting: boolean } {
  const match = /^export\b\s*|\s*\bexport$/i.exec(text);
  if (!match) return { text, exporting: false };
  return {
    text: (text.slice(0, match.index) + text.slice(match.index + match[0].length)).trim(),
    exporting: true,
  };
}

const EXPORT_NEEDS_FILTERS =
  'Say which sales to export, e.g. `/sales today export` or `/sales from:2026-11-01 to:2026-11-30 export`.';

function exportFilename(filters: SalesFilters, today: IsoDate): string {
  const from = filters.fromTransactionDateTime ?? filters.fromAccessDateTime;
  const to = filters.toTransactionDateTime ?? filters.toAccessDateTime;
  const span = from && to && from !== to ? `${from}_${to}` : (from ?? to ?? today);
  return `sales-${span}.csv`;
}

function exportReply(result: ExportResult): string {
  if (result.kind === 'unavailable') return UNAVAILABLE;
  if (result.kind === 'none') return 'No sales match: nothing to export.';
  const partial = result.partial ? ' Not all of them: narrow the search to get the rest.' : '';
  return `:page_facing_up: ${result.count === 1 ? '1 sale' : `${result.count} sales`} sent to you as a CSV file in your messages with the bot.${partial}`;
}

export function registerSalesCommand(app: App, deps: SlackDeps, book: IdBook): void {
  app.command('/sales', staffOnly(deps), async ({ command, ack, respond, client }) => {
    const { text, exporting } = readExport(command.text.trim());
    if (/^help$/i.test(text)) {
      await ack({ response_type: 'ephemeral', text: SALES_HELP });
      return;
    }
    const tell = (message: string) => respond({ response_type: 'ephemeral', text: message });
    if (text === '' && exporting) {
      await ack({ response_type: 'ephemeral', text: EXPORT_NEEDS_FILTERS });
      return;
    }
    if (text === '') {
      await ack();
      await afterAck(async () => {
        await client.views.open({
          trigger_id: command.trigger_id,
          view: salesFormView(encodeMetadata({ channelId: command.channel_id })),
        });
      }, tell);
      return;
    }
    // "today", "this week": the service's days (its sales are dated in Spain's time).
    const today = dateOf(localNow(CUSTOMER_ZONE, (deps.now ?? (() => new Date()))()));
    const filters = parseSalesFilters(text, { today });
    if (!filters.ok) {
      await ack({ response_type: 'ephemeral', text: filters.error });
      return;
    }
    await ack();
    if (exporting) {
      await afterAck(async () => {
        const result = await exportSales(
          client,
          deps,
          filters.value,
          command.user_id,
          exportFilename(filters.value, today),
        );
        await tell(exportReply(result));
      }, tell);
      return;
    }
    await afterAck(async () => {
      const message = await explainedSalesPage(deps, book, filters.value, {
        userId: command.user_id,
        channelId: command.channel_id,
      });
      await respond({ response_type: 'ephemeral', ...message });
    }, tell);
  });
}
