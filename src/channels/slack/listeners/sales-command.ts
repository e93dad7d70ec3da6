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

export function registerSalesCommand(app: App, deps: SlackDeps, book: IdBook): void {
  app.command('/sales', staffOnly(deps), async ({ command, ack, respond, client }) => {
    const text = command.text.trim();
    if (/^help$/i.test(text)) {
      await ack({ response_type: 'ephemeral', text: SALES_HELP });
      return;
    }
    const tell = (message: string) => respond({ response_type: 'ephemeral', text: message });
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
    await afterAck(async () => {
      const message = await explainedSalesPage(deps, book, filters.value, {
        userId: command.user_id,
        channelId: command.channel_id,
      });
      await respond({ response_type: 'ephemeral', ...message });
    }, tell);
  });
}
