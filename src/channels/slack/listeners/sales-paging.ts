/**
 * Previous/next on sales results: in an ephemeral reply the reply is replaced (through
 * its response_url); in the form's results the modal is updated.
 */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { salesResultsView, SALES_PAGE_ACTION } from '../blocks/sales.js';
import { plainMessage, type SlackMessage } from '../blocks/common.js';
import type { SlackDeps } from '../deps.js';
import { staffOnly } from '../middleware/staff-only.js';
import { pageOf } from '../searches.js';
import { afterAck } from './after-ack.js';

export function registerSalesPaging(app: App, deps: SlackDeps): void {
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${SALES_PAGE_ACTION}_(prev|next)$`),
    staffOnly(deps),
    async ({ ack, action, body, respond, client }) => {
      await ack();
      const view = body.container.type === 'view' ? body.view : undefined;
      const show = async (message: SlackMessage): Promise<void> => {
        if (view)
          await client.views.update({
            view_id: view.id,
            hash: view.hash,
            view: salesResultsView(message, view.private_metadata),
          });
        else await respond({ response_type: 'ephemeral', replace_original: true, ...message });
      };
      await afterAck(
        async () => show(await pageOf(deps, 'sales', action.value, body.user.id)),
        (text) => show(plainMessage(text)),
      );
    },
  );
}
