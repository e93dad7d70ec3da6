/** `/cancellations <PartnerSaleId…> [date filters]`: cancellation requests, ephemeral. */
import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { CANCELLATIONS_HELP, parseCancellationFilters } from '../filters.js';
import { staffOnly } from '../middleware/staff-only.js';
import { firstCancellationsPage } from '../searches.js';
import { afterAck } from './after-ack.js';

export function registerCancellationsCommand(app: App, deps: SlackDeps): void {
  app.command('/cancellations', staffOnly(deps), async ({ command, ack, respond }) => {
    const text = command.text.trim();
    if (text === '' || /^help$/i.test(text)) {
      await ack({ response_type: 'ephemeral', text: CANCELLATIONS_HELP });
      return;
    }
    const filters = parseCancellationFilters(text);
    if (!filters.ok) {
      await ack({ response_type: 'ephemeral', text: filters.error });
      return;
    }
    await ack();
    await afterAck(
      async () => {
        const message = await firstCancellationsPage(deps, filters.value, {
          userId: command.user_id,
          channelId: command.channel_id,
        });
        await respond({ response_type: 'ephemeral', ...message });
      },
      (message) => respond({ response_type: 'ephemeral', text: message }),
    );
  });
}
