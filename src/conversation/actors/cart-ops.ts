/**
 * The cart operations the cart actors share: one Add under its effect record, a cart
 * rebuilt under a new id, and a reservation released.
 *
 * Where the spec is silent:
 * - The service has no way to read a cart. A cart whose content we cannot know (an Add
 *   or Confirm with no outcome seen), or cannot change (Remove or CancelConfirm not
 *   offered or refused), is abandoned: its lines are added again, one Add each, to a new
 *   ShoppingCartId. An abandoned cart is never confirmed or sold, so nothing is charged;
 *   a reservation it held lapses at its ExpirationDateTime.
 * - A line the service refuses while rebuilding (its date went past the cut-off, no
 *   places left) is left out and named to the customer with the service's reason.
 * - While a Sale of a cart may have happened (its record exists), the cart is never
 *   released, changed or abandoned: that could sell the same things twice.
 */
import {
  cartAddOperation,
  cartCancelConfirmOperation,
  type CartActivity,
  type CartGiftCard,
  type CartPackageGrouping,
} from '../../api/cart.js';
import { PartnerEnvelopeError } from '../../api/errors.js';
import type { PartnerClient } from '../../api/client.js';
import type { CatalogIndex } from '../../catalog/catalog-index.js';
import type { Lang } from '../../domain/lang.js';
import { defineMessages } from '../../i18n/messages.js';
import { Refusal } from '../../../flows/booking/problem.js';
import type { CartChange } from '../../../flows/booking/actors/cart.js';
import type { Cart } from '../../../flows/booking/types.js';
import { activityOfLine } from './cart-requests.js';
import { fingerprintOf, type EffectOutcome, type Effects } from './effects.js';
import { localPackageId, packageRequest, partActivities, relinked } from './package-lines.js';

const messages = defineMessages({
  es: {
    saleUnderWay:
      'El pago de este pedido puede estar ya en marcha, así que no lo cambio. Elige «Confirmar y pagar» para ver cómo está.',
    unknownOutcome:
      'El servicio de reservas no ha confirmado la operación. No se ha cobrado nada: inténtalo de nuevo en un momento.',
  },
  en: {
    saleUnderWay:
      'The payment of this order may already be under way, so I am not changing it. Choose “Confirm and pay” to see how it stands.',
    unknownOutcome:
      'The booking service did not confirm the operation. Nothing was charged: please try again in a moment.',
  },
});

export interface AddResult {
  /** The cart item id of each activity sent, in order. */
  ids: string[];
}

export interface CartOps {
  /** The `seq`-th Add to a cart. A record of another request at `seq` is `unknown`. */
  addOnce(
    shoppingCartId: string,
    seq: number,
    activities: CartActivity[],
  ): Promise<EffectOutcome<AddResult>>;
  /**
   * The `seq`-th Add to a cart, of a gift card bought (a GiftCards item). The service
   * answers no id for it: the item's id is ours, `giftcard-<seq + 1>`.
   */
  addGiftCardOnce(
    shoppingCartId: string,
    seq: number,
    giftCard: CartGiftCard,
  ): Promise<EffectOutcome<AddResult>>;
  /**
   * The `seq`-th Add to a cart, of a package (a Packages item). Its id is the
   * accommodation's when the service answers one, else ours (package-lines.ts).
   */
  addPackageOnce(
    shoppingCartId: string,
    seq: number,
    grouping: CartPackageGrouping,
  ): Promise<EffectOutcome<AddResult>>;
  /** The cart's lines (but `without`) added again under a new id. */
  rebuild(cart: Cart, language: Lang, without?: string): Promise<CartChange>;
  /** CancelConfirm of a cart; false when not offered, refused or unanswered. */
  cancelConfirm(cart: Cart): Promise<boolean>;
  /** The reservation given up: CancelConfirm where offered, else the cart rebuilt. */
  release(cart: Cart, language: Lang): Promise<CartChange>;
  /** Refuses to touch a cart a Sale may have sold. */
  assertNotSelling(cart: Cart, language: Lang): Promise<void>;
}

export interface CartOpsDeps {
  client: PartnerClient;
  effects: Effects;
  catalog: (language: Lang) => Promise<CatalogIndex>;
  newCartId: () => string;
}

/** The effect record of a cart's Sale: there is one Sale (one PartnerSaleId) per cart. */
export const saleKey = (shoppingCartId: string) =>
  ({ shoppingCartId, operation: 'sale', attempt: 'sale' }) as const;

/** The message a failure leaves for the customer when nothing better is known. */
export function unknownOutcome(language: Lang): Refusal {
  return new Refusal(messages(language).unknownOutcome);
}

export function createCartOps(deps: CartOpsDeps): CartOps {
  const { client, effects } = deps;

  async function addOnce(shoppingCartId: string, seq: number, activities: CartActivity[]) {
    const fingerprint = fingerprintOf(activities);
    return effects.run<AddResult>(
      { shoppingCartId, operation: 'add', attempt: String(seq) },
      fingerprint,
      async () => {
        const response = await client.call(cartAddOperation, { shoppingCartId, activities });
        const ids = response.activities.map((added) => added.id);
        if (ids.length !== activities.length) {
          // Success without the ids we need to manage the items: the cart holds them, but
          // we cannot name them. Treated like an unseen outcome (the cart is abandoned).
          throw new Error(`cart-add answered ${ids.length} ids for ${activities.length} items`);
        }
        return { ids };
      },
      // Another request recorded at the same position: the cart holds an item we lost.
      { decide: (record) => (record.fingerprint === fingerprint ? 'reuse' : 'unknown') },
    );
  }

  async function addGiftCardOnce(shoppingCartId: string, seq: number, giftCard: CartGiftCard) {
    const fingerprint = fingerprintOf({ giftCards: [giftCard] });
    return effects.run<AddResult>(
      { shoppingCartId, operation: 'add', attempt: String(seq) },
      fingerprint,
      async () => {
        await client.call(cartAddOperation, { shoppingCartId, giftCards: [giftCard] });
        return { ids: [`giftcard-${seq + 1}`] };
      },
      { decide: (record) => (record.fingerprint === fingerprint ? 'reuse' : 'unknown') },
    );
  }

  async function addPackageOnce(
    shoppingCartId: string,
    seq: number,
    grouping: CartPackageGrouping,
  ) {
    const fingerprint = fingerprintOf({ packages: [grouping] });
    return effects.run<AddResult>(
      { shoppingCartId, operation: 'add', attempt: String(seq) },
      fingerprint,
      async () => {
        const response = await client.call(cartAddOperation, {
          shoppingCartId,
          packages: [grouping],
        });
        return { ids: [response.accommodations[0]?.id ?? localPackageId(seq)] };
      },
      { decide: (record) => (record.fingerprint === fingerprint ? 'reuse' : 'unknown') },
    );
  }

  async function rebuild(cart: Cart, language: Lang, without?: string): Promise<CartChange> {
    const catalog = await deps.catalog(language);
    const next: Cart = { shoppingCartId: deps.newCartId(), lines: [], adds: 0 };
    const dropped: { name: string; reason: string }[] = [];
    for (const line of cart.lines) {
      if (line.cartItemId === without) continue;
      // A gift card bought is added again as its GiftCards item.
      const giftCard = line.giftCard;
      // A combined product is added again with all its products, a package as its Packages item.
      const parts = partActivities(line);
      const grouping = packageRequest(line);
      const activity =
        giftCard === undefined && parts === undefined && grouping === undefined
          ? activityOfLine(line, catalog)
          : undefined;
      let outcome: EffectOutcome<AddResult>;
      try {
        outcome =
          giftCard !== undefined
            ? await addGiftCardOnce(next.shoppingCartId, next.adds ?? 0, giftCard)
            : grouping !== undefined
              ? await addPackageOnce(next.shoppingCartId, next.adds ?? 0, grouping)
              : await addOnce(next.shoppingCartId, next.adds ?? 0, parts ?? [activity!]);
      } catch (error) {
        if (!(error instanceof PartnerEnvelopeError)) throw error;
        dropped.push({ name: line.name, reason: error.messages.join('; ') });
        continue;
      }
      // The new cart is in doubt as well: give up this time; the held lines are intact.
      if (outcome.kind === 'unknown') throw unknownOutcome(language);
      next.lines.push(
        relinked({ ...line, ...(activity !== undefined ? { activity } : {}) }, outcome.result.ids),
      );
      next.adds = (next.adds ?? 0) + 1;
    }
    return { cart: next, rebuilt: true, released: true, dropped };
  }

  async function assertNotSelling(cart: Cart, language: Lang) {
    if ((await effects.read(saleKey(cart.shoppingCartId))) !== undefined) {
      throw new Refusal(messages(language).saleUnderWay);
    }
  }

  async function cancelConfirm(cart: Cart): Promise<boolean> {
    try {
      await client.call(cartCancelConfirmOperation, { shoppingCartId: cart.shoppingCartId });
      return true;
    } catch {
      return false;
    }
  }

  async function release(cart: Cart, language: Lang): Promise<CartChange> {
    await assertNotSelling(cart, language);
    if (await cancelConfirm(cart)) return { cart, rebuilt: false, released: true };
    // Not offered, refused, or no answer: whatever the old cart's state, a new one holds
    // the same lines and nothing reserved.
    return rebuild(cart, language);
  }

  return {
    addOnce,
    addGiftCardOnce,
    addPackageOnce,
    rebuild,
    cancelConfirm,
    release,
    assertNotSelling,
  };
}
