/**
 * How the money is taken (flows/booking/actors/payments.ts), decided from the partner's
 * contract as Confirm stated it and from the configuration:
 * - a debit contract (payment methods offered): the partner's payment page;
 * - PAYMENT_MODE=on-account, set on purpose: sold without taking payment;
 * - a channel that takes payments (Telegram with TELEGRAM_PAYMENT_PROVIDER_TOKEN): an
 *   invoice built from the reservation, paid before the Sale;
 * - otherwise nothing is sold: paying is not available here.
 *
 * The invoice has one line per cart line and the insurance on its own line, in minor
 * units of PAYMENT_CURRENCY (src/payments/amounts.ts). When the lines' prices do not add
 * up to what the reservation holds (the service priced them anew at Confirm), the
 * reservation's total is invoiced as one line: the customer pays what is reserved.
 * The payload is an opaque digest of the PartnerSaleId and the reservation's expiry:
 * one per reservation, naming nothing.
 */
import { createHash } from 'node:crypto';
import { fromPromise } from 'xstate';
import type {
  PaymentPlan,
  PlanPaymentInput,
  RefundInput,
  RefundOutput,
} from '#flows/booking/actors/payments.js';
import type { Invoice } from '#flows/booking/types.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import { minorUnits, type InvoiceCurrency } from '#src/payments/amounts.js';
import type { Refunds } from '../refunds.js';
import type { ActorDeps } from './index.js';

export interface PaymentSettings extends InvoiceCurrency {
  /** PAYMENT_MODE=on-account: sell without taking payment (partners who bill elsewhere). */
  onAccount: boolean;
  /** Conversation-id prefixes of the channels that take payments (`tg`). */
  channels: string[];
}

const messages = catalogMessages(import.meta.url, {
  title: text,
  order: text,
  insurance: (name: string) => ({ name }),
});

const MAX_LABEL = 64;
const MAX_DESCRIPTION = 255;
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

export function invoicePayload(partnerSaleId: string, expiresAt: string): string {
  return createHash('sha256')
    .update(`${partnerSaleId}|${expiresAt}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The invoice of a reservation, or undefined when it cannot be stated in the currency. */
export function invoiceOf(input: PlanPaymentInput, currency: InvoiceCurrency): Invoice | undefined {
  const { reservation, cart, insurance } = input;
  const from = reservation.total.currency;
  if (insurance !== undefined && insurance.quote.currency !== from) return undefined;
  const convert = minorUnits(from, currency);
  if (convert === undefined) return undefined;
  const m = messages(input.language);
  const lineCents = cart.lines.map((line) => line.unitPrice.cents * line.quantity);
  const asReserved = lineCents.reduce((sum, cents) => sum + cents, 0) === reservation.total.cents;
  const items = asReserved
    ? cart.lines.map((line, i) => ({
        label: clip(`${line.name} × ${line.quantity}`, MAX_LABEL),
        amount: convert(lineCents[i]!),
      }))
    : [{ label: m.order, amount: convert(reservation.total.cents) }];
  const lines = [
    ...items,
    ...(insurance !== undefined
      ? [
          {
            label: clip(m.insurance(insurance.name), MAX_LABEL),
            amount: convert(insurance.quote.cents),
          },
        ]
      : []),
  ];
  return {
    payload: invoicePayload(input.partnerSaleId, reservation.expiresAt),
    currency: currency.currency,
    title: m.title,
    description: clip(cart.lines.map((line) => line.name).join('; ') || m.order, MAX_DESCRIPTION),
    lines,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
  };
}

export interface PaymentActorDeps extends Pick<ActorDeps, 'logger' | 'events'> {
  payments: PaymentSettings;
  refunds?: Refunds;
}

export function createPaymentActors(deps: PaymentActorDeps) {
  const { payments, logger } = deps;

  function plan(input: PlanPaymentInput): PaymentPlan {
    if (input.reservation.paymentRequired) return { kind: 'partner' };
    // Nothing to collect (a gift card redeemed): sold as it is, no invoice of 0.
    if (input.reservation.total.cents === 0) return { kind: 'on-account' };
    if (payments.onAccount) return { kind: 'on-account' };
    const channel = input.userKey.split(':')[0] ?? '';
    if (!payments.channels.includes(channel)) return { kind: 'unavailable' };
    const invoice = invoiceOf(input, payments);
    if (invoice === undefined) {
      logger.warn(
        { currency: input.reservation.total.currency, invoiceCurrency: payments.currency },
        'PAYMENT_CURRENCY: the order cannot be invoiced in this currency; nothing sold',
      );
      return { kind: 'unavailable' };
    }
    return { kind: 'invoice', invoice };
  }

  async function refund(input: RefundInput): Promise<RefundOutput> {
    const { charge } = input;
    if (charge.currency === 'XTR') {
      const refunder = deps.refunds?.of(input.userKey);
      if (refunder !== undefined) {
        try {
          await refunder.refundStars(input.userKey, charge.chargeId);
          logger.warn(
            { chargeId: charge.chargeId, amount: charge.amount, reason: input.reason },
            'payment refunded: paid, but no sale could be made',
          );
          return { kind: 'refunded' };
        } catch (error) {
          logger.error({ err: error, chargeId: charge.chargeId }, 'stars refund failed');
        }
      }
    }
    logger.error(
      {
        chargeId: charge.chargeId,
        providerChargeId: charge.providerChargeId,
        amount: charge.amount,
        currency: charge.currency,
        reason: input.reason,
      },
      'paid, but no sale could be made: staff must refund this payment',
    );
    deps.events?.emit('payment.refund-needed', {
      chargeId: charge.chargeId,
      ...(charge.providerChargeId !== undefined
        ? { providerChargeId: charge.providerChargeId }
        : {}),
      amount: charge.amount,
      currency: charge.currency,
      ...(input.partnerSaleId !== undefined ? { partnerSaleId: input.partnerSaleId } : {}),
      reason: input.reason,
    });
    return { kind: 'staff' };
  }

  return {
    planPayment: fromPromise<PaymentPlan, PlanPaymentInput>(async ({ input }) => plan(input)),
    refundPayment: fromPromise<RefundOutput, RefundInput>(({ input }) => refund(input)),
  };
}
