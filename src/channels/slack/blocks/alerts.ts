/**
 * Alerts for the staff channel. Built only from what the bot events carry (ids,
 * products, amounts, error texts), and error texts (a partner's refusal may echo the key
 * it was sent or what a customer typed) go through `mask`, the masking the logs give
 * such texts (createTextMasker, src/log.ts): a channel is not a staff-only reply, so no
 * secret and no personal data goes here.
 */
import type { BotEvents } from '#src/events.js';
import { formatMoney } from '#src/domain/pricing.js';
import { context, esc, section, truncate, type SlackMessage } from './common.js';

type Payload<Name extends keyof BotEvents> = BotEvents[Name][0];

/** Masks secrets and personal data in a free text (createTextMasker). */
export type Mask = (text: string) => string;

const reason = (text: string, mask: Mask): string => esc(truncate(mask(text), 1500));

export function saleConfirmedAlert(event: Payload<'sale.confirmed'>): SlackMessage {
  const total = formatMoney(event.total.cents, event.total.currency, 'en');
  const products = event.products.length ? event.products.map(esc).join(', ') : '—';
  const text = `Sale confirmed: ${event.partnerSaleId}, ${total}`;
  return {
    text,
    blocks: [
      section(
        `:white_check_mark: *Sale confirmed* — \`${esc(event.partnerSaleId)}\` — *${total}*\n${products}`,
      ),
      context(`SaleId ${event.saleIds.map(esc).join(', ') || '—'}`),
    ],
  };
}

export function reservationFailedAlert(
  event: Payload<'reservation.failed'>,
  mask: Mask,
): SlackMessage {
  return {
    text: `Reservation failed: cart ${event.shoppingCartId}`,
    blocks: [
      section(
        `:warning: *Reservation failed* — cart \`${esc(event.shoppingCartId)}\`\n${reason(event.reason, mask)}`,
      ),
    ],
  };
}

export function saleFailedAlert(event: Payload<'sale.failed'>, mask: Mask): SlackMessage {
  return {
    text: `Sale failed: ${event.partnerSaleId}`,
    blocks: [
      section(`:x: *Sale failed* — \`${esc(event.partnerSaleId)}\`\n${reason(event.reason, mask)}`),
    ],
  };
}

export function refundNeededAlert(
  event: Payload<'payment.refund-needed'>,
  mask: Mask,
): SlackMessage {
  const amount =
    event.currency === 'XTR'
      ? `${event.amount} XTR`
      : formatMoney(event.amount, event.currency, 'en');
  const ids = [
    `telegram_payment_charge_id \`${esc(event.chargeId)}\``,
    `provider_payment_charge_id \`${esc(event.providerChargeId ?? '—')}\``,
    ...(event.partnerSaleId ? [`PartnerSaleId \`${esc(event.partnerSaleId)}\``] : []),
  ];
  return {
    text: `Refund needed: ${amount}, charge ${event.chargeId}`,
    blocks: [
      section(
        `:money_with_wings: *Refund needed* — *${amount}*: the customer paid and no sale was made. Refund it at the payment provider.\n${reason(event.reason, mask)}`,
      ),
      context(ids.join(' · ')),
    ],
  };
}

export function partnerDownAlert(event: Payload<'partner.unavailable'>): SlackMessage {
  return {
    text: 'Partner service unavailable',
    blocks: [
      section(
        `:rotating_light: *Partner service unavailable* — first failure: \`${esc(event.operation)}\` (${esc(event.kind)})`,
      ),
      context('Further failures are not reported until it answers again.'),
    ],
  };
}

function duration(ms: number): string {
  if (ms < 60_000) return 'less than a minute';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

export function partnerUpAlert(
  event: Payload<'partner.available'>,
  downForMs: number,
): SlackMessage {
  return {
    text: 'Partner service answering again',
    blocks: [
      section(
        `:large_green_circle: *Partner service answering again* — \`${esc(event.operation)}\` after ${duration(downForMs)}`,
      ),
    ],
  };
}

export function catalogRejectedAlert(event: Payload<'catalog.rejected'>): SlackMessage {
  return {
    text: `Catalog not updated: ${event.products} products read, ${event.inService} in service`,
    blocks: [
      section(
        `:card_index_dividers: *Catalog not updated* (\`${esc(event.language)}\`) — the partner sent ${event.products} products where the catalog in service has ${event.inService}. The catalog in service is kept; check the partner's catalog.`,
      ),
    ],
  };
}
