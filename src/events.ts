/**
 * What happened in the bot that staff may want to know, as typed events. Producers
 * (the booking actors, the partner client) emit; consumers (Slack alerts, metrics)
 * listen. Ids, products, amounts and error texts; a failure's `order` may name its
 * customer (name, e-mail, phone, as the handoff summary does), which every consumer masks
 * before it leaves the process (the Slack alerts show "an•••@example.com", "•••222").
 */
import { EventEmitter } from 'node:events';

/** What a failure was about, for staff to act on it: the products, the amount, who. */
export interface AlertOrder {
  products: { name: string; date?: string; quantity?: number }[];
  total?: { cents: number; currency: string };
  /**
   * Unmasked here; masked by the consumer. `chatName` and `chat`: what the customer's
   * chat app says of them (Telegram's first name, the conversation id), when the
   * checkout details are not known yet.
   */
  customer?: { name?: string; email?: string; phone?: string; chatName?: string; chat?: string };
  /** The customer's conversation, where a handoff or a look-up can start. */
  conversationId?: string;
}

export interface BotEvents {
  /** A sale was confirmed at the partner. */
  'sale.confirmed': [
    {
      partnerSaleId: string;
      saleIds: string[];
      total: { cents: number; currency: string };
      products: string[];
      /** The codes of the gift cards it redeemed (the service's check does not say). */
      giftCards?: string[];
    },
  ];
  /** The partner refused or failed a reservation (Confirm). */
  'reservation.failed': [{ shoppingCartId: string; reason: string; order?: AlertOrder }];
  /** The partner refused or failed a sale (Sale). */
  'sale.failed': [
    { partnerSaleId: string; shoppingCartId?: string; reason: string; order?: AlertOrder },
  ];
  /** A debit partner's payment for a sale failed (its lines cancelled): nothing was taken. */
  'payment.failed': [{ partnerSaleId: string; order?: AlertOrder }];
  /**
   * A customer paid in the channel and no sale could be made: staff must refund the
   * payment at the provider (Telegram refunds only Stars). Charge ids and the amount.
   */
  'payment.refund-needed': [
    {
      chargeId: string;
      providerChargeId?: string;
      /** Minor units of `currency`. */
      amount: number;
      currency: string;
      partnerSaleId?: string;
      reason: string;
    },
  ];
  /**
   * A customer confirmed they want a bought booking cancelled. The service offers no
   * operation that creates a cancellation request, so staff make it there; the policy
   * in words and what applies now, as the customer was told.
   */
  'cancellation.requested': [
    {
      partnerSaleId: string;
      saleIds: string[];
      /** The access date (yyyy-MM-dd). */
      date: string;
      /** The policy in plain words (English), and what it means at the request's moment. */
      policy: string;
      appliesNow: string;
      order: AlertOrder;
    },
  ];
  /** A call to the partner failed for want of an answer (timeout, network, 5xx). */
  'partner.unavailable': [{ operation: string; kind: string }];
  /** A call to the partner got an answer (success or a refusal). */
  'partner.available': [{ operation: string }];
  /**
   * A catalog read was not put in service: empty, or under half the products of the one
   * in service, which stays (catalog-service.ts).
   */
  'catalog.rejected': [{ language: string; products: number; inService: number }];
}

export type BotEventName = keyof BotEvents;

export class BotEventBus extends EventEmitter<BotEvents> {}

export function createEventBus(): BotEventBus {
  return new BotEventBus();
}
