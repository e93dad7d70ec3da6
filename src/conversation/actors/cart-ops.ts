/**
 * The cart operations the cart actors share: one Add under its effect record (of any
 * kind of line), a cart rebuilt under a new id, and a reservation released.
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
 * - A refused Add may come after the service acted (it took the item and answered no):
 *   every refused Add, rebuilding included, marks its cart, and the adding path moves
 *   the held lines to a new cart before adding to a marked one (add-line.ts).
 */
import {
  cartAddOperation,
  cartCancelConfirmOperation,
  type CartActivity,
  type CartGiftCard,
  type CartPackageGrouping,
} from '#src/api/cart.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { PartnerClient } from '#src/api/client.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import { Refusal, refusalText } from '#flows/booking/problem.js';
import type { CartChange } from '#flows/booking/actors/cart.js';
import type { Cart, CartLine } from '#flows/booking/types.js';
import { activityOfLine } from './cart-requests.js';
import { fingerprintOf, type EffectCheck, type EffectOutcome, type Effects } from './effects.js';
import { localPackageId, packageRequest, partActivities, relinked } from './package-lines.js';

const messages = catalogMessages(import.meta.url, {
  saleUnderWay: text,
  unknownOutcome: text,
});

export interface AddResult {
  /** The cart item id of each item sent, in order. */
  ids: string[];
}

/**
 * What one Add sends besides the cart's id: one line's items, of one kind. A gift card
 * bought (GiftCards) has no id in the answer: its item's id is ours, `giftcard-<seq + 1>`;
 * a package's (Packages) is its accommodation's when the service answers one, else ours
 * (package-lines.ts).
 */
export type AddItems =
  | { activities: CartActivity[] }
  | { giftCards: [CartGiftCard] }
  | { packages: [CartPackageGrouping] };

export interface CartOps {
  /**
   * The `seq`-th Add to a cart. A record of another request at `seq` is `unknown`; a
   * refusal (PartnerEnvelopeError, rethrown) marks the cart (`addRefused`).
   */
  addOnce(
    shoppingCartId: string,
    seq: number,
    items: AddItems,
    before?: EffectCheck,
  ): Promise<EffectOutcome<AddResult>>;
  /** Whether an Add to this cart was refused: the cart may hold that item all the same. */
  addRefused(shoppingCartId: string): Promise<boolean>;
  /** The cart's lines (but `without`) added again under a new id. */
  rebuild(cart: Cart, language: Lang, without?: string): Promise<CartChange>;
  /** CancelConfirm of a cart; false when not offered, refused or unanswered. */
  cancelConfirm(cart: Cart): Promise<boolean>;
  /** The reservation given up: CancelConfirm where offered, else the cart rebuilt. */
  release(cart: Cart, language: Lang): Promise<CartChange>;
  /** Refuses to touch a cart a Sale may have sold. */
  assertNotSelling(cart: Cart, language: Lang): Promise<void>;
  /**
   * `assertNotSelling` and `addRefused` as a check of an Add or a Confirm to the cart, read
   * with its "started" (Effects.run's `before`): a Sale's record throws the Refusal, an
   * Add refused throws RefusedCart (the caller moves the lines to a new cart).
   */
  changeable(cart: Cart, language: Lang): EffectCheck;
}

/** The cart an Add or Confirm was checked for had an Add refused: a new cart, first. */
export class RefusedCart extends Error {
  override name = 'RefusedCart';
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

/** Marks a cart an Add was refused by (see addOnce). */
const refusedAddKey = (shoppingCartId: string) =>
  ({ shoppingCartId, operation: 'add', attempt: 'refused' }) as const;

/**
 * The fingerprint of an Add's request. Activities keep the digest of their list alone, as
 * records written before the other kinds shared this path did.
 */
const addFingerprint = (items: AddItems) =>
  fingerprintOf('activities' in items ? items.activities : items);

/** The items an Add sends for a held line (a rebuilt cart), by the line's kind. */
function addItemsOfLine(line: CartLine, catalog: CatalogIndex): AddItems {
  if (line.giftCard !== undefined) return { giftCards: [line.giftCard] };
  const grouping = packageRequest(line);
  if (grouping !== undefined) return { packages: [grouping] };
  // A combined product is added again with all its products.
  return { activities: partActivities(line) ?? [activityOfLine(line, catalog)] };
}

/** The message a failure leaves for the customer when nothing better is known. */
export function unknownOutcome(language: Lang): Refusal {
  return new Refusal(messages(language).unknownOutcome);
}

export function createCartOps(deps: CartOpsDeps): CartOps {
  const { client, effects } = deps;

  /** The ids an Add's answer gives its items (ours where the service names none). */
  async function send(shoppingCartId: string, seq: number, items: AddItems): Promise<AddResult> {
    const response = await client.call(cartAddOperation, { shoppingCartId, ...items });
    if ('giftCards' in items) return { ids: [`giftcard-${seq + 1}`] };
    if ('packages' in items)
      return { ids: [response.accommodations[0]?.id ?? localPackageId(seq)] };
    const ids = response.activities.map((added) => added.id);
    if (ids.length !== items.activities.length) {
      // Success without the ids we need to manage the items: the cart holds them, but
      // we cannot name them. Treated like an unseen outcome (the cart is abandoned).
      throw new Error(`cart-add answered ${ids.length} ids for ${items.activities.length} items`);
    }
    return { ids };
  }

  async function addOnce(
    shoppingCartId: string,
    seq: number,
    items: AddItems,
    before?: EffectCheck,
  ) {
    const fingerprint = addFingerprint(items);
    try {
      return await effects.run<AddResult>(
        { shoppingCartId, operation: 'add', attempt: String(seq) },
        fingerprint,
        () => send(shoppingCartId, seq, items),
        {
          // Another request recorded at the same position: the cart holds an item we lost.
          decide: (record) => (record.fingerprint === fingerprint ? 'reuse' : 'unknown'),
          ...(before ? { before } : {}),
        },
      );
    } catch (error) {
      if (error instanceof PartnerEnvelopeError)
        await effects.settle(refusedAddKey(shoppingCartId), 'refused', true);
      throw error;
    }
  }

  async function addRefused(shoppingCartId: string): Promise<boolean> {
    return (await effects.read(refusedAddKey(shoppingCartId))) !== undefined;
  }

  async function rebuild(cart: Cart, language: Lang, without?: string): Promise<CartChange> {
    const catalog = await deps.catalog(language);
    const next: Cart = { shoppingCartId: deps.newCartId(), lines: [], adds: 0 };
    const dropped: { name: string; reason: string }[] = [];
    for (const line of cart.lines) {
      if (line.cartItemId === without) continue;
      const items = addItemsOfLine(line, catalog);
      let outcome: EffectOutcome<AddResult>;
      try {
        outcome = await addOnce(next.shoppingCartId, next.adds ?? 0, items);
      } catch (error) {
        if (!(error instanceof PartnerEnvelopeError)) throw error;
        // What was refused in our words; the service's own are logged by the client.
        dropped.push({ name: line.name, reason: refusalText(language, error) });
        continue;
      }
      // The new cart is in doubt as well: give up this time; the held lines are intact.
      if (outcome.kind === 'unknown') throw unknownOutcome(language);
      // A plain activity keeps the request it was added again with.
      const activity =
        'activities' in items && line.parts === undefined ? items.activities[0] : undefined;
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

  const changeable = (cart: Cart, language: Lang): EffectCheck => ({
    keys: [saleKey(cart.shoppingCartId), refusedAddKey(cart.shoppingCartId)],
    check: ([sale, refused]) => {
      if (sale !== undefined) throw new Refusal(messages(language).saleUnderWay);
      if (refused !== undefined) throw new RefusedCart('an Add to this cart was refused');
    },
  });

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
    addRefused,
    rebuild,
    cancelConfirm,
    release,
    assertNotSelling,
    changeable,
  };
}
