/**
 * The invoices a channel has shown, by payload, for the pre-checkout check.
 *
 * Telegram's pre_checkout_query must be answered within 10 seconds, and `ok: true` only
 * if the order can still be sold. A full turn would take the conversation's lock, which
 * another turn (a Sale, a slow partner call) may hold for longer than that. So the
 * check is made without the conversation: after every saved turn the open invoice (the
 * one whose reservation is held now, not yet paid) is written here with its amount and
 * the reservation's expiry, and the invoices it replaced are closed. The check reads
 * one key. What it cannot see (a turn under way that is about to change the order) is
 * caught after the payment: a payment that does not match the order held is refunded
 * (steps/collect.ts), never sold on.
 */
import { invoiceHolds } from '#flows/booking/guards/order.js';
import type { BookingContext } from '#flows/booking/types.js';
import type { Lang } from '#src/domain/lang.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import { invoiceKey } from '#src/store/keys.js';
import type { Overwrite, Store } from '#src/store/store.js';
import type { TurnWork } from './turn-work.js';

/** Kept a day past the expiry: a late pre-checkout is told why, not "unknown". */
const KEEP_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * The reservation must still hold this long when the customer pays: the Sale follows
 * the payment. (A lapse in between is reserved again after the payment anyway.)
 */
export const PRECHECKOUT_MARGIN_MS = 10_000;

export interface InvoiceRecord {
  conversationId: string;
  language: Lang;
  currency: string;
  total: number;
  expiresAt: string;
  open: boolean;
}

const messages = catalogMessages(import.meta.url, {
  unknown: text,
  expired: text,
  changed: text,
});

/** The invoice a context has open: shown, for the reservation held now, not paid. */
function openInvoice(context: BookingContext) {
  if (!invoiceHolds(context) || context.payment?.paid !== undefined) return undefined;
  return context.payment!.invoice!;
}

/** An invoice's record, kept a day past its reservation's expiry. */
function write(payload: string, record: InvoiceRecord, nowMs: number): Overwrite {
  const ttl = Math.max(
    60,
    Math.ceil((Date.parse(record.expiresAt) + KEEP_AFTER_MS - nowMs) / 1000),
  );
  return { key: invoiceKey(payload), value: record, ttlSeconds: ttl };
}

/** After a turn: the invoice it opened is recorded, the one it left is closed. */
export function rememberInvoices(now: () => Date = () => new Date()) {
  return (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const left = openInvoice(before);
    const opened = openInvoice(after);
    if (left?.payload === opened?.payload) return undefined;
    // Written with the turn's save: last writer wins (an invoice's payload is its
    // conversation's, whose turns alone write it, under its lease).
    return {
      writes: () => {
        const nowMs = now().getTime();
        return [
          ...(left !== undefined
            ? [
                write(
                  left.payload,
                  {
                    conversationId,
                    language: before.language,
                    currency: left.currency,
                    total: left.total,
                    expiresAt: before.payment!.expiresAt!,
                    open: false,
                  },
                  nowMs,
                ),
              ]
            : []),
          ...(opened !== undefined
            ? [
                write(
                  opened.payload,
                  {
                    conversationId,
                    language: after.language,
                    currency: opened.currency,
                    total: opened.total,
                    expiresAt: after.payment!.expiresAt!,
                    open: true,
                  },
                  nowMs,
                ),
              ]
            : []),
        ];
      },
    };
  };
}

export interface PreCheckoutQuery {
  payload: string;
  currency: string;
  /** Minor units, as the channel asks to charge. */
  totalAmount: number;
  /** The customer's language when no record says it. */
  language: Lang;
}

export type PreCheckoutAnswer =
  | { ok: true }
  /** `lapsed`: the conversation whose reservation is over (the channel may tell it). */
  | { ok: false; reason: string; lapsed?: string };

/** Whether a payment for `query` may go ahead: a fast read, no lock (see above). */
export async function checkPreCheckout(
  store: Store,
  query: PreCheckoutQuery,
  now: () => Date = () => new Date(),
): Promise<PreCheckoutAnswer> {
  const record = (await store.get<InvoiceRecord>(invoiceKey(query.payload)))?.value;
  const m = messages(record?.language ?? query.language);
  if (record === undefined || !record.open) return { ok: false, reason: m.unknown };
  if (Date.parse(record.expiresAt) - now().getTime() < PRECHECKOUT_MARGIN_MS)
    return { ok: false, reason: m.expired, lapsed: record.conversationId };
  if (record.currency !== query.currency || record.total !== query.totalAmount)
    return { ok: false, reason: m.changed };
  return { ok: true };
}
