/**
 * The cart area's state: the capacity ledger (read by /availablecapacity through
 * `capacity`), carts, sales, gift cards and cancellation requests, seeded with the
 * partner's historic sales (history.ts). A reset builds a fresh one.
 */
import type { Clock } from '../clock.js';
import type { SandboxData } from '../data.js';
import { createCapacityLedger, type CapacityLedger, type CapacityView } from './capacity.js';
import type { CancellationRequestRecord } from './cancellation-requests.js';
import type { CartStore } from './carts.js';
import type { GiftCardStore } from './gift-cards.js';
import { seedHistory } from './history.js';
import { createIdSource, type IdSource } from './ids.js';
import { createSaleStore, type SaleStore } from './sale-records.js';

export type { CapacityView };

export interface CartState {
  /** Places left per limited product day and session (expired holds released lazily). */
  readonly capacity: CapacityLedger;
  readonly carts: CartStore;
  readonly sales: SaleStore;
  readonly giftCards: GiftCardStore;
  readonly cancellationRequests: CancellationRequestRecord[];
  readonly ids: IdSource;
}

export function createCartState(data: SandboxData, clock: Clock): CartState {
  const ids = createIdSource();
  const history = seedHistory(data, ids);
  const sales = createSaleStore();
  for (const record of history.sales) sales.add(record);
  return {
    capacity: createCapacityLedger(data, clock),
    carts: new Map(),
    sales,
    giftCards: new Map(history.giftCards.map((card) => [card.identifier, card])),
    cancellationRequests: history.cancellationRequests,
    ids,
  };
}
