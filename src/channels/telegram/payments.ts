/**
 * Telegram Payments, for partners without a debit contract (flows/booking/steps/collect.ts):
 * - a view with an invoice is followed by `sendInvoice` (render.ts calls `sendInvoice`
 *   here): one labelled price per line, amounts in the currency's minor units, the
 *   payload the flow made. Telegram Stars (XTR) take exactly one price, so there the
 *   lines are named in the description and the price is the total;
 * - `pre_checkout_query` is answered at once from the open-invoice record (no turn: the
 *   conversation's lock may be held longer than Telegram's 10 seconds), `ok: false` with
 *   the reason in the customer's language when the order can no longer be sold so;
 * - `successful_payment` becomes the conversation's `payment.paid` (handlers.ts);
 * - Stars payments are refunded with `refundStarPayment` (the refunder registered here).
 */
import type { Api, Bot } from 'grammy';
import type { InvoiceRequest } from '#flows/view.js';
import type { PreCheckoutAnswer, PreCheckoutQuery } from '#src/conversation/invoices.js';
import type { Push } from '#src/conversation/outbox.js';
import type { Refunder } from '#src/conversation/refunds.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import type { TgContext } from './deps.js';
import { describeApiError } from './errors.js';
import { userLanguage } from './language.js';

export interface TelegramPayments {
  /** The provider token from BotFather; '' for Stars. */
  providerToken: string;
  preCheckout(query: PreCheckoutQuery): Promise<PreCheckoutAnswer>;
}

/** Sends the invoice of a view. */
export async function sendInvoice(
  api: Api,
  chatId: number,
  invoice: InvoiceRequest,
  providerToken: string,
): Promise<void> {
  const stars = invoice.currency === 'XTR';
  const prices = stars
    ? [{ label: invoice.title, amount: invoice.total }]
    : invoice.lines.map((line) => ({ label: line.label, amount: line.amount }));
  const description = stars
    ? clip(invoice.lines.map((line) => `${line.label}: ${line.amount} ⭐`).join('; '), 255)
    : invoice.description;
  await api.sendInvoice(
    chatId,
    invoice.title,
    description,
    invoice.payload,
    invoice.currency,
    prices,
    {
      provider_token: stars ? '' : providerToken,
    },
  );
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** Answers every pre-checkout query at once (see above). */
export function registerPreCheckout(
  bot: Bot<TgContext>,
  payments: TelegramPayments,
  logger: Logger,
  defaultLanguage: Lang,
  push?: Push,
): void {
  bot.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery;
    let answer: PreCheckoutAnswer;
    try {
      answer = await payments.preCheckout({
        payload: query.invoice_payload,
        currency: query.currency,
        totalAmount: query.total_amount,
        language: userLanguage(query.from.language_code, defaultLanguage),
      });
    } catch (error) {
      // Unsure is no: the customer is not charged for what may not be sold.
      logger.error({ err: error }, 'telegram: pre-checkout check failed');
      answer = { ok: false, reason: 'Payment is not available right now. Please try again.' };
    }
    try {
      if (answer.ok) await ctx.answerPreCheckoutQuery(true);
      else await ctx.answerPreCheckoutQuery(false, { error_message: answer.reason });
    } catch (error) {
      logger.warn(describeApiError(error), 'telegram: pre-checkout query not answered');
    }
    logger.info(
      { ok: answer.ok, currency: query.currency, amount: query.total_amount },
      'telegram: pre-checkout answered',
    );
    // Refused for a lapsed reservation: the chat shows the one-tap re-reserve at once
    // (after the answer, which must not wait for a turn).
    if (!answer.ok && answer.lapsed !== undefined && push !== undefined) {
      await push.send(answer.lapsed, { type: 'reservation.expired' }).catch((error: unknown) => {
        logger.warn({ err: error }, 'telegram: lapsed reservation not told');
      });
    }
  });
}

/** Stars refunds: a private chat's id is its customer's user id. */
export function starsRefunder(api: Api): Refunder {
  return {
    async refundStars(conversationId, chargeId) {
      await api.refundStarPayment(Number(conversationId.slice('tg:'.length)), chargeId);
    },
  };
}
