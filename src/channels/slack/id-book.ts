/**
 * Every number a customer or an alert shows, for /sales to find: the partner's sale
 * list is searched by PartnerSaleId only, while customers are given the order number
 * (the sale's SaleId, "🧾 Order 3616…"), and alerts name failed sales (which the partner
 * never made) and carts. The bot's own events say what each number stands for, and it is
 * kept here: an order number leads to its PartnerSaleId; a failed sale or a cart to what
 * happened to it and when. Ids, products and masked reasons only. A sale that redeemed
 * gift cards: which sale redeemed each card and when (the service's check says only that
 * a card was redeemed), kept by a hash of the code.
 */
import { createHash } from 'node:crypto';
import type { BotEventBus, BotEvents } from '#src/events.js';
import { slackIdKey, slackRedeemedKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';

export const ID_BOOK_TTL_SECONDS = 400 * 24 * 60 * 60;

export type IdNote =
  | { kind: 'order'; partnerSaleId: string }
  | {
      kind: 'failed';
      /** What failed: the reservation of a cart, the sale, the payment. */
      what: 'reservation' | 'sale' | 'payment';
      /** ISO instant. */
      at: string;
      reason?: string;
      products?: string[];
      partnerSaleId?: string;
      shoppingCartId?: string;
    };

/** A gift card redeemed by a sale the bot made: which, and when (ISO instant). */
export interface Redemption {
  partnerSaleId: string;
  saleIds: string[];
  at: string;
}

/** The key's hash of a gift card code, as typed or as redeemed (case and spaces aside). */
const codeHash = (code: string) =>
  createHash('sha256').update(code.trim().toUpperCase()).digest('hex').slice(0, 32);

export interface IdBook {
  find(id: string): Promise<IdNote | undefined>;
  /** The sale that redeemed a gift card, if the bot made it while keeping this store. */
  redeemed(code: string): Promise<Redemption | undefined>;
  /** Stops listening to the events. */
  stop(): void;
}

export function createIdBook(options: {
  store: Store;
  events: BotEventBus;
  now: () => Date;
  /** Masks a reason as the alerts do. */
  mask: (text: string) => string;
  onError: (error: unknown) => void;
}): IdBook {
  const { store, events, now, mask } = options;
  const note = (id: string | undefined, value: IdNote): void => {
    if (!id) return;
    store.set(slackIdKey(id), value, ID_BOOK_TTL_SECONDS).catch(options.onError);
  };
  const confirmed = (event: BotEvents['sale.confirmed'][0]) => {
    for (const saleId of event.saleIds)
      note(saleId, { kind: 'order', partnerSaleId: event.partnerSaleId });
    const redemption: Redemption = {
      partnerSaleId: event.partnerSaleId,
      saleIds: event.saleIds,
      at: now().toISOString(),
    };
    for (const code of event.giftCards ?? [])
      store
        .set(slackRedeemedKey(codeHash(code)), redemption, ID_BOOK_TTL_SECONDS)
        .catch(options.onError);
  };
  const reservationFailed = (event: BotEvents['reservation.failed'][0]) =>
    note(event.shoppingCartId, {
      kind: 'failed',
      what: 'reservation',
      at: now().toISOString(),
      reason: mask(event.reason),
      shoppingCartId: event.shoppingCartId,
      ...(event.order ? { products: event.order.products.map((product) => product.name) } : {}),
    });
  const saleFailed = (event: BotEvents['sale.failed'][0]) => {
    const value: IdNote = {
      kind: 'failed',
      what: 'sale',
      at: now().toISOString(),
      reason: mask(event.reason),
      partnerSaleId: event.partnerSaleId,
      ...(event.shoppingCartId ? { shoppingCartId: event.shoppingCartId } : {}),
    };
    note(event.partnerSaleId, value);
    note(event.shoppingCartId, value);
  };
  events.on('sale.confirmed', confirmed);
  events.on('reservation.failed', reservationFailed);
  events.on('sale.failed', saleFailed);
  return {
    async find(id) {
      return (await store.get<IdNote>(slackIdKey(id)))?.value;
    },
    async redeemed(code) {
      return (await store.get<Redemption>(slackRedeemedKey(codeHash(code))))?.value;
    },
    stop() {
      events.off('sale.confirmed', confirmed);
      events.off('reservation.failed', reservationFailed);
      events.off('sale.failed', saleFailed);
    },
  };
}
