/**
 * "Open the case" on a failure alert (staff only): the sale it names, looked up as
 * `/sales <PartnerSaleId>` would, shown to whoever pressed (ephemeral: it holds the
 * customer's details, which the channel's alert only shows masked).
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { OPEN_CASE_ACTION } from '../blocks/alerts.js';
import type { SlackDeps } from '../deps.js';
import { staffOnly } from '../middleware/staff-only.js';
import { firstSalesPage } from '../searches.js';
import { afterAck } from './after-ack.js';

export function registerAlertOpenCase(app: App, deps: SlackDeps): void {
  app.action<BlockAction<ButtonAction>>(
    OPEN_CASE_ACTION,
    staffOnly(deps),
    async ({ ack, action, body, respond }) => {
      await ack();
      const tell = (text: string) =>
        respond({ response_type: 'ephemeral', replace_original: false, text });
      const partnerSaleId = action.value?.trim();
      if (!partnerSaleId) return;
      await afterAck(async () => {
        const message = await firstSalesPage(
          deps,
          { partnerSaleId },
          {
            userId: body.user.id,
            ...(body.channel?.id ? { channelId: body.channel.id } : {}),
          },
        );
        await respond({ response_type: 'ephemeral', replace_original: false, ...message });
      }, tell);
    },
  );
}
