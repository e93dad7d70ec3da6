/**
 * The one Add path of every kind of line: an activity, a combined product, a package, a
 * gift card bought. The reservation is released first (a cart whose Sale may have
 * happened takes nothing); a cart an Add was refused by is left for a new one first;
 * the Add is made once under its effect record; a refusal is explained (one translation,
 * partner-failures.ts); an outcome never seen abandons the cart, whose lines are added
 * again to a new one, and the Add is made there, once. Never an Add called again on the
 * same cart after an ambiguous failure.
 */
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { Lang } from '#src/domain/lang.js';
import type { AddToCartOutput, CartChange } from '#flows/booking/actors/cart.js';
import type { Cart, CartLine } from '#flows/booking/types.js';
import { RefusedCart, unknownOutcome, type AddItems, type CartOps } from './cart-ops.js';
import { addRefusalOf } from './partner-failures.js';

export interface AddLineInput {
  cart: Cart;
  language: Lang;
  /** The cart is reserved now: the reservation is released before adding. */
  reserved: boolean;
}

/**
 * Adds `items` to the cart in one Add; `linesOf` makes the cart lines of the ids they were
 * given (one, or one per ticket type chosen together).
 */
export async function addLine(
  ops: CartOps,
  input: AddLineInput,
  items: AddItems,
  linesOf: (ids: string[]) => CartLine | readonly [CartLine, ...CartLine[]],
): Promise<AddToCartOutput> {
  let change: CartChange = { cart: input.cart, rebuilt: false, released: false };

  // A new cart with the lines we hold. The customer hears of it only when the old one
  // held lines ("a new cart with the same products" of an empty cart says nothing).
  const startOver = async () => {
    const rebuilt = await ops.rebuild(change.cart, input.language);
    change = {
      ...rebuilt,
      rebuilt: change.cart.lines.length > 0,
      released: change.released,
      dropped: [...(change.dropped ?? []), ...(rebuilt.dropped ?? [])],
    };
  };
  // A cart whose last Add was refused may hold that item all the same (a service that
  // took it and answered no): the next Add goes to a new cart, so that the item can
  // never be bought twice. A cart a Sale may have sold is not changed at all. An
  // unreserved cart is checked with the Add's own "started" (one exchange); a released
  // one before the Add.
  if (input.reserved) {
    change = await ops.release(input.cart, input.language);
    if (await ops.addRefused(change.cart.shoppingCartId)) await startOver();
  }

  const attempt = async (cart: Cart, checked = false) => {
    try {
      return await ops.addOnce(
        cart.shoppingCartId,
        cart.adds ?? 0,
        items,
        checked ? ops.changeable(cart, input.language) : undefined,
      );
    } catch (error) {
      if (error instanceof PartnerEnvelopeError) throw addRefusalOf(error, input.language);
      throw error;
    }
  };
  let outcome;
  try {
    outcome = await attempt(change.cart, !input.reserved);
  } catch (error) {
    if (!(error instanceof RefusedCart)) throw error;
    await startOver();
    outcome = await attempt(change.cart);
  }
  if (outcome.kind === 'unknown') {
    // The partner's cart may hold this item (or another we lost): start a new one.
    await startOver();
    outcome = await attempt(change.cart);
    if (outcome.kind === 'unknown') throw unknownOutcome(input.language);
  }
  const made = linesOf(outcome.result.ids);
  const [line, ...more] = Array.isArray(made) ? made : [made as CartLine];
  const cart: Cart = {
    shoppingCartId: change.cart.shoppingCartId,
    lines: [...change.cart.lines, line!, ...more],
    adds: (change.cart.adds ?? 0) + 1,
  };
  return { ...change, cart, line: line!, ...(more.length > 0 ? { more } : {}) };
}
