/**
 * The `/sales` form submitted: bad dates are shown on their fields; otherwise the modal
 * turns into a "looking up" view at once (Slack wants an answer within 3 s) and then
 * into the results, paged inside the modal.
 */
import type { App } from '@slack/bolt';
import { loadingView, salesResultsView } from '../blocks/sales.js';
import { readSalesForm, SALES_FORM_VIEW, type FormValues } from '../blocks/sales-form.js';
import { plainMessage } from '../blocks/common.js';
import type { SlackDeps } from '../deps.js';
import { decodeMetadata } from '../metadata.js';
import { staffOnly } from '../middleware/staff-only.js';
import { firstSalesPage } from '../searches.js';
import { afterAck } from './after-ack.js';

export function registerSalesFormSubmit(app: App, deps: SlackDeps): void {
  app.view(SALES_FORM_VIEW, staffOnly(deps), async ({ ack, view, body, client }) => {
    const form = readSalesForm(view.state.values as FormValues);
    if (!form.ok) {
      await ack({ response_action: 'errors', errors: form.errors });
      return;
    }
    const metadata = view.private_metadata;
    await ack({ response_action: 'update', view: loadingView('Sales', metadata) });
    const show = async (message: Parameters<typeof salesResultsView>[0]): Promise<void> => {
      await client.views.update({ view_id: view.id, view: salesResultsView(message, metadata) });
    };
    await afterAck(
      async () => {
        const message = await firstSalesPage(deps, form.value, {
          userId: body.user.id,
          channelId: decodeMetadata(metadata).channelId,
        });
        await show(message);
      },
      (text) => show(plainMessage(text)),
    );
  });
}
