/**
 * The staff alert for a bought booking the customer asked to cancel. The service offers no
 * operation that creates a cancellation request, so staff make it there and tell the
 * customer: who (masked, as every alert), what, the policy and what it meant when asked.
 */
import type { BotEvents } from '#src/events.js';
import { context, esc, section, truncate, type SlackMessage } from './common.js';
import { whatText, whoText } from './alerts.js';

export function cancellationRequestedAlert(
  event: BotEvents['cancellation.requested'][0],
): SlackMessage {
  return {
    text: `Cancellation requested: ${event.partnerSaleId}`,
    blocks: [
      section(
        [
          ':leftwards_arrow_with_hook: *Cancellation requested* by the customer',
          `*Who:* ${whoText(event.order)}`,
          `*What:* ${whatText(event.order)}`,
          `*Policy:* ${esc(truncate(event.policy || 'not stated on the sale', 1000))}`,
          `*When asked:* ${esc(truncate(event.appliesNow, 500))}`,
          '*What to do:* make the cancellation request at the service, then confirm it to the customer (they were told the team will).',
        ].join('\n'),
      ),
      context(
        [
          `PartnerSaleId \`${esc(event.partnerSaleId)}\``,
          ...(event.saleIds.length > 0
            ? [`SaleId ${event.saleIds.map((id) => `\`${esc(id)}\``).join(', ')}`]
            : []),
        ].join(' · '),
      ),
    ],
  };
}
