/**
 * Which sales a conversation made, for /mybookings: our own PartnerSaleIds, kept apart
 * from the conversation (which expires sooner, being full of personal data) and never
 * looked up by e-mail or name, so a customer only ever sees the sales they made here.
 * A sale paid in the channel keeps its charge ids (Telegram's and the provider's) and
 * amount beside it, for refunds and disputes long after the conversation is gone.
 */
import type { BookingContext, PaymentCharge, SoldStay } from '#flows/booking/types.js';
import { bookingChargesKey, bookingsKey, bookingStaysKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import type { TurnWork } from './engine.js';

/** Ids (and stays' names); kept for a season. */
const TTL_SECONDS = 180 * 24 * 60 * 60;
const MAX_KEPT = 50;

/** After a turn: remember a sale this conversation made, once. */
export function recordBookings(store: Store) {
  return (conversationId: string, before: BookingContext, after: BookingContext): TurnWork => {
    const sale = after.sale;
    if (!sale || sale.saleIds.length === 0) return undefined;
    if (before.sale?.partnerSaleId === sale.partnerSaleId && before.sale.saleIds.length > 0)
      return undefined;
    return () => record(conversationId, sale);
  };

  async function record(
    conversationId: string,
    sale: NonNullable<BookingContext['sale']>,
  ): Promise<void> {
    if (sale.charge !== undefined)
      await recordCharge(store, conversationId, sale.partnerSaleId, sale.charge);
    if (sale.stays !== undefined && sale.stays.length > 0)
      await recordStays(store, conversationId, sale.partnerSaleId, sale.stays);
    for (let tries = 0; tries < 5; tries += 1) {
      const current = await store.get<string[]>(bookingsKey(conversationId));
      const ids = current?.value ?? [];
      if (ids.includes(sale.partnerSaleId)) return;
      const next = [sale.partnerSaleId, ...ids].slice(0, MAX_KEPT);
      if (
        (await store.put(bookingsKey(conversationId), next, current?.version ?? 0, TTL_SECONDS)) !==
        undefined
      )
        return;
    }
  }
}

/** The PartnerSaleIds of a conversation's sales, newest first. */
export async function bookingsOf(store: Store, userKey: string): Promise<string[]> {
  return (await store.get<string[]>(bookingsKey(userKey)))?.value ?? [];
}

async function recordCharge(
  store: Store,
  userKey: string,
  partnerSaleId: string,
  charge: PaymentCharge,
): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    const current = await store.get<Record<string, PaymentCharge>>(bookingChargesKey(userKey));
    const next = { ...current?.value, [partnerSaleId]: charge };
    const kept = Object.fromEntries(Object.entries(next).slice(-MAX_KEPT));
    if (
      (await store.put(bookingChargesKey(userKey), kept, current?.version ?? 0, TTL_SECONDS)) !==
      undefined
    )
      return;
  }
}

/**
 * A sale's stays as the order knew them: the sale list names only their rates, so the
 * accommodation's name and who stays are kept beside the sale's id (no personal data).
 */
async function recordStays(
  store: Store,
  userKey: string,
  partnerSaleId: string,
  stays: SoldStay[],
): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    const current = await store.get<Record<string, SoldStay[]>>(bookingStaysKey(userKey));
    const next = { ...current?.value, [partnerSaleId]: stays };
    const kept = Object.fromEntries(Object.entries(next).slice(-MAX_KEPT));
    if (
      (await store.put(bookingStaysKey(userKey), kept, current?.version ?? 0, TTL_SECONDS)) !==
      undefined
    )
      return;
  }
}

/** The stays of a conversation's sales as their orders knew them, by PartnerSaleId. */
export async function staysOf(store: Store, userKey: string): Promise<Record<string, SoldStay[]>> {
  return (await store.get<Record<string, SoldStay[]>>(bookingStaysKey(userKey)))?.value ?? {};
}

/** The payments taken in the channel for a conversation's sales, by PartnerSaleId. */
export async function chargesOf(
  store: Store,
  userKey: string,
): Promise<Record<string, PaymentCharge>> {
  return (await store.get<Record<string, PaymentCharge>>(bookingChargesKey(userKey)))?.value ?? {};
}
