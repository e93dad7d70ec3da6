/**
 * Which sales a conversation made, for /mybookings: our own PartnerSaleIds, kept apart
 * from the conversation (which expires sooner, being full of personal data) and never
 * looked up by e-mail or name, so a customer only ever sees the sales they made here.
 * A sale paid in the channel keeps its charge ids (Telegram's and the provider's) and
 * amount beside it, for refunds and disputes long after the conversation is gone.
 */
import type { BookingContext, PaymentCharge, SoldStay } from '#flows/booking/types.js';
import { bookingChargesKey, bookingsKey, bookingStaysKey } from '#src/store/keys.js';
import type { Store, Versioned, Write } from '#src/store/store.js';
import type { TurnWork } from './turn-work.js';

/** Ids (and stays' names); kept for a season. */
const TTL_SECONDS = 180 * 24 * 60 * 60;
const MAX_KEPT = 50;

/**
 * After a turn: remember a sale this conversation made, once. Read just before the turn's
 * save and written with it (turn-work.ts): last writer wins, since only this
 * conversation's turns write its records, under its lease.
 */
export function recordBookings() {
  return (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const sale = after.sale;
    if (!sale || sale.saleIds.length === 0) return undefined;
    if (before.sale?.partnerSaleId === sale.partnerSaleId && before.sale.saleIds.length > 0)
      return undefined;
    const charge = sale.charge;
    const stays = sale.stays !== undefined && sale.stays.length > 0 ? sale.stays : undefined;
    const id = sale.partnerSaleId;
    const keys = {
      ids: bookingsKey(conversationId),
      charges: bookingChargesKey(conversationId),
      stays: bookingStaysKey(conversationId),
    };
    return {
      reads: [keys.ids, ...(charge ? [keys.charges] : []), ...(stays ? [keys.stays] : [])],
      writes: ([ids, ...more]) => {
        const writes: Write[] = [];
        const known = (ids?.value as string[] | undefined) ?? [];
        if (!known.includes(id))
          writes.push({
            key: keys.ids,
            value: [id, ...known].slice(0, MAX_KEPT),
            ttlSeconds: TTL_SECONDS,
          });
        if (charge) writes.push(merged(keys.charges, more.shift(), id, charge));
        if (stays) writes.push(merged(keys.stays, more.shift(), id, stays));
        return writes;
      },
    };
  };
}

/**
 * A record by PartnerSaleId with `id`'s entry set, the latest MAX_KEPT kept: a sale's
 * charge, or its stays as the order knew them (the sale list names only their rates, so
 * the accommodation's name and who stays are kept beside the sale's id; no personal data).
 */
function merged(
  key: string,
  current: Versioned<unknown> | undefined,
  id: string,
  entry: unknown,
): Write {
  const next = { ...(current?.value as Record<string, unknown> | undefined), [id]: entry };
  const kept = Object.fromEntries(Object.entries(next).slice(-MAX_KEPT));
  return { key, value: kept, ttlSeconds: TTL_SECONDS };
}

/** The PartnerSaleIds of a conversation's sales, newest first. */
export async function bookingsOf(store: Store, userKey: string): Promise<string[]> {
  return (await store.get<string[]>(bookingsKey(userKey)))?.value ?? [];
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
