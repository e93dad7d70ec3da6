/** Previous/next on cancellation requests: the ephemeral reply is replaced. */
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { CANCELLATIONS_PAGE_ACTION } from '../blocks/cancellations.js';
import type { SlackDeps } from '../deps.js';
import { staffOnly } from '../middleware/staff-only.js';
import { pageOf } from '../searches.js';
import { afterAck } from './after-ack.js';

export function registerCancellationsPaging(app: App, deps: SlackDeps): void {
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${CANCELLATIONS_PAGE_ACTION}_(prev|next)$`),
    staffOnly(deps),
    async ({ ack, action, body, respond }) => {
      await ack();
      await afterAck(
        async () => {
          const message = await pageOf(deps, 'cancellations', action.value, body.user.id);
          await respond({ response_type: 'ephemeral', replace_original: true, ...message });
        },
        (text) => respond({ response_type: 'ephemeral', replace_original: true, text }),
      );
    },
  );
}
