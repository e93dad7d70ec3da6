/**
 * Alerts for the staff channel. Built only from what the bot events carry (ids,
 * products, amounts, error texts), and error texts (a partner's refusal may echo the key
 * it was sent or what a customer typed) go through `mask`, the masking the logs give
 * such texts (createTextMasker, src/log.ts): a channel is not a staff-only reply, so no
 * secret and no personal data goes here.
 */
import type { types } from '@slack/bolt';
import type { AlertOrder, BotEvents } from '#src/events.js';
import { formatMoney } from '#src/domain/pricing.js';
import { maskEmail, maskPhone } from '../scrub.js';
import { context, esc, section, truncate, type KnownBlock, type SlackMessage } from './common.js';

/** The alert's button that shows the sale's details to whoever presses it (ephemeral). */
export const OPEN_CASE_ACTION = 'alert_open_case';

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

/** "Ana G." : enough to recognise a customer in a channel, not to find them elsewhere. */
function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest[0]?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

const CHAT_APPS: Record<string, string> = { tg: 'Telegram' };

/**
 * "Ana (Telegram chat •••4567)": the customer as their chat app names them, before the
 * checkout details: the first name the support thread shows too, and the chat's last
 * digits, enough to tell two customers apart, not to write to them.
 */
function chatWho(customer: NonNullable<AlertOrder['customer']>): string | undefined {
  if (!customer.chat) return customer.chatName ? maskName(customer.chatName) : undefined;
  const at = customer.chat.indexOf(':');
  const prefix = at > 0 ? customer.chat.slice(0, at) : '';
  const app = CHAT_APPS[prefix] ?? (prefix || 'chat');
  const id = customer.chat.slice(at + 1);
  const chat = `${app} chat •••${id.slice(-4)}`;
  return customer.chatName ? `${maskName(customer.chatName)} (${chat})` : `a ${chat}`;
}

/** Who, masked as the support thread masks them; by their chat app before checkout. */
export function whoText(order: AlertOrder | undefined): string {
  const customer = order?.customer;
  const parts = [
    customer?.name ? maskName(customer.name) : undefined,
    customer?.email ? maskEmail(customer.email) : undefined,
    customer?.phone ? maskPhone(customer.phone) : undefined,
  ].filter((part): part is string => part !== undefined && part !== '');
  if (parts.length > 0) return esc(parts.join(', '));
  const chat = customer && chatWho(customer);
  return chat
    ? `${esc(chat)}, before the checkout details`
    : 'not known yet (before the checkout details)';
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Fri 12 Jun 2026": the visit's day as written (a calendar day, no time zone). */
function day(date: string): string {
  const at = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return esc(date);
  return `${WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** What, in one line per product: name, day, how many; then the amount once. */
export function whatText(order: AlertOrder | undefined): string {
  if (!order || order.products.length === 0) return 'not known here';
  const lines = order.products.slice(0, 5).map((product) => {
    const bits = [esc(product.name)];
    if (product.date) bits.push(day(product.date));
    if (product.quantity !== undefined)
      bits.push(`${product.quantity} ticket${product.quantity === 1 ? '' : 's'}`);
    return bits.join(' · ');
  });
  if (order.products.length > 5) lines.push(`and ${order.products.length - 5} more`);
  const total = order.total
    ? ` — *${formatMoney(order.total.cents, order.total.currency, 'en')}*`
    : '';
  return `${lines.join('; ')}${total}`;
}

function openCase(partnerSaleId: string): KnownBlock {
  const button: types.Button = {
    type: 'button',
    action_id: OPEN_CASE_ACTION,
    text: { type: 'plain_text', text: 'Open the case' },
    value: partnerSaleId.slice(0, 200),
  };
  return { type: 'actions', block_id: 'alert_actions', elements: [button] };
}

/** The four things every failure alert says, in that order. */
function failure(
  title: string,
  order: AlertOrder | undefined,
  happened: string,
  todo: string,
): string {
  return [
    title,
    `*Who:* ${whoText(order)}`,
    `*What:* ${whatText(order)}`,
    `*What happened:* ${happened}`,
    `*What to do:* ${todo}`,
  ].join('\n');
}

export function reservationFailedAlert(
  event: Payload<'reservation.failed'>,
  mask: Mask,
): SlackMessage {
  return {
    text: `Reservation failed: ${event.order?.products[0]?.name ?? 'a cart'}, cart ${event.shoppingCartId}`,
    blocks: [
      section(
        failure(
          ':warning: *Reservation failed*: the partner did not hold the places',
          event.order,
          reason(event.reason, mask),
          'nothing was sold or charged, and the customer was told and offered other days. Only if they ask: the cart id is below.',
        ),
      ),
      context(`Cart \`${esc(event.shoppingCartId)}\``),
    ],
  };
}

export function saleFailedAlert(event: Payload<'sale.failed'>, mask: Mask): SlackMessage {
  return {
    text: `Sale failed: ${event.partnerSaleId}`,
    blocks: [
      section(
        failure(
          ':x: *Sale failed*: the partner did not complete the sale',
          event.order,
          reason(event.reason, mask),
          `open the case to see whether the partner has a sale under this id (\`/sales ${esc(event.partnerSaleId)}\`); if the customer paid and there is none, refund them.`,
        ),
      ),
      context(
        [
          `PartnerSaleId \`${esc(event.partnerSaleId)}\``,
          ...(event.shoppingCartId ? [`cart \`${esc(event.shoppingCartId)}\``] : []),
        ].join(' · '),
      ),
      openCase(event.partnerSaleId),
    ],
  };
}

export function paymentFailedAlert(event: Payload<'payment.failed'>): SlackMessage {
  return {
    text: `Payment failed: ${event.partnerSaleId}`,
    blocks: [
      section(
        failure(
          ':credit_card: *Payment failed*: the customer’s payment did not go through',
          event.order,
          'the payment page reported a failed or refused payment, and the partner cancelled the sale’s lines; nothing was taken.',
          'nothing, unless the customer asks: they were offered to pay again with the same order. Open the case to see the sale.',
        ),
      ),
      context(`PartnerSaleId \`${esc(event.partnerSaleId)}\``),
      openCase(event.partnerSaleId),
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
