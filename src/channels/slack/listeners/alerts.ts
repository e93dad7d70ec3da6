/**
 * Staff alerts in SLACK_ALERTS_CHANNEL, from the bot's events: each failed reservation,
 * sale or payment (who, masked; what; what happened; what to do), each payment taken that
 * must be refunded by hand, and the start and end of a partner outage (debounced:
 * outage.ts); a failure's reason masked as the logs mask it. Confirmed sales go to
 * SLACK_SALES_CHANNEL when set (the day's feed, apart from what needs acting on), else
 * here too. Messages are posted one after another, in the order of the events; a failure
 * to post is logged and does not stop later alerts. A failed payment is checked again while
 * the customer looks at it: it is posted once per sale (a claim in the store, shared by
 * the instances).
 */
import type { webApi } from '@slack/bolt';
import type { BotEventName, BotEvents } from '#src/events.js';
import { createTextMasker } from '#src/log.js';
import {
  catalogRejectedAlert,
  partnerDownAlert,
  partnerUpAlert,
  paymentFailedAlert,
  refundNeededAlert,
  reservationFailedAlert,
  saleConfirmedAlert,
  saleFailedAlert,
} from '../blocks/alerts.js';
import type { SlackMessage } from '../blocks/common.js';
import { cancellationRequestedAlert } from '../blocks/alerts-cancellation.js';
import type { SlackDeps } from '../deps.js';
import { partnerOutageKey, slackDeliveryKey } from '#src/store/keys.js';
import { createOutageAnnouncer, createOutageTracker } from '../outage.js';

export interface Alerts {
  /** Unsubscribes and waits for alerts already being posted. */
  stop(): Promise<void>;
}

/** How long a failed payment's alert is remembered as posted (the payment page's life). */
const PAYMENT_ALERT_TTL_SECONDS = 7 * 24 * 60 * 60;

export function subscribeAlerts(
  client: webApi.WebClient,
  channel: string,
  deps: SlackDeps,
  salesChannel: string = channel,
): Alerts {
  const now = deps.now ?? (() => new Date());
  const outage = createOutageTracker<BotEvents['partner.unavailable'][0]>();
  const mask = createTextMasker(deps.secrets ?? []);
  // One announcement per deployment: every instance sees the outage (outage.ts).
  const announcer = createOutageAnnouncer(deps.store, partnerOutageKey(channel));
  let queue: Promise<void> = Promise.resolve();

  /** Posts `message` (in order), or that `compose` makes when it makes one. */
  const post = (
    event: BotEventName,
    message: SlackMessage | (() => Promise<SlackMessage | undefined>),
    to: string = channel,
  ): void => {
    queue = queue.then(async () => {
      try {
        const made = typeof message === 'function' ? await message() : message;
        if (made === undefined) return;
        await client.chat.postMessage({ channel: to, text: made.text, blocks: made.blocks });
      } catch (error) {
        const code = (error as { code?: string; data?: { error?: string } }).data?.error;
        deps.logger.warn({ event, code: code ?? (error as Error).name }, 'slack: alert not posted');
      }
    });
  };

  const handlers: { [Name in BotEventName]: (...args: BotEvents[Name]) => void } = {
    'sale.confirmed': (event) => post('sale.confirmed', saleConfirmedAlert(event), salesChannel),
    'reservation.failed': (event) =>
      post('reservation.failed', reservationFailedAlert(event, mask)),
    'sale.failed': (event) => post('sale.failed', saleFailedAlert(event, mask)),
    'payment.failed': (event) =>
      post('payment.failed', async () =>
        (await deps.store.claim(
          slackDeliveryKey(`payment-failed:${channel}:${event.partnerSaleId}`),
          PAYMENT_ALERT_TTL_SECONDS,
        ))
          ? paymentFailedAlert(event)
          : undefined,
      ),
    'payment.refund-needed': (event) =>
      post('payment.refund-needed', refundNeededAlert(event, mask)),
    'partner.unavailable': (event) => {
      const at = now();
      const opened = outage.failed(at, event);
      if (!opened) return;
      post('partner.unavailable', async () =>
        (await announcer.opened(at)) ? partnerDownAlert(opened.first ?? event) : undefined,
      );
    },
    'catalog.rejected': (event) => post('catalog.rejected', catalogRejectedAlert(event)),
    'cancellation.requested': (e) => post('cancellation.requested', cancellationRequestedAlert(e)),
    'partner.available': (event) => {
      const at = now();
      if (outage.answered(at) === undefined) return;
      post('partner.available', async () => {
        const downFor = await announcer.closed(at);
        return downFor === undefined ? undefined : partnerUpAlert(event, downFor);
      });
    },
  };

  const names = Object.keys(handlers) as BotEventName[];
  for (const name of names) deps.events.on(name, handlers[name] as never);
  return {
    async stop() {
      for (const name of names) deps.events.off(name, handlers[name] as never);
      await queue;
    },
  };
}
