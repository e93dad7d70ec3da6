/**
 * Every number a customer or an alert shows, for /sales to find: the partner's sale
 * list is searched by PartnerSaleId only, while customers are given the order number
 * (the sale's SaleId, "🧾 Order 3616…"), and alerts name failed sales (which the partner
 * never made) and carts. The bot's own events say what each number stands for, and it is
 * kept here: an order number leads to its PartnerSaleId; a failed sale or a cart to what
 * happened to it and when. Ids, products and masked reasons only.
 */
import type { BotEventBus, BotEvents } from '#src/events.js';
import { slackIdKey } from '#src/store/keys.js';
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

export interface IdBook {
  find(id: string): Promise<IdNote | undefined>;
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
    stop() {
      events.off('sale.confirmed', confirmed);
      events.off('reservation.failed', reservationFailed);
      events.off('sale.failed', saleFailed);
    },
  };
}
