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
import { firstSalesPage } from '../searches.js';
import { afterAck } from './after-ack.js';

export function registerSalesCommand(app: App, deps: SlackDeps): void {
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
    const filters = parseSalesFilters(text);
    if (!filters.ok) {
      await ack({ response_type: 'ephemeral', text: filters.error });
      return;
    }
    await ack();
    await afterAck(async () => {
      const message = await firstSalesPage(deps, filters.value, {
        userId: command.user_id,
        channelId: command.channel_id,
      });
      await respond({ response_type: 'ephemeral', ...message });
    }, tell);
  });
}
