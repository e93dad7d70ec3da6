/**
 * ShoppingCart/Add and ShoppingCart/Remove. An Add is all or nothing: every item is
 * checked (and the cart-wide rules on the cart as it would become) before anything is
 * added, so a refused Add leaves the cart as it was, and a cart is created only by an
 * Add that succeeds. Accommodations on their own (EchoToken + Rates from an extended
 * accommodation catalog the spec does not show) are not offered: accommodation is booked
 * through Packages.
 */
import type { CartAddRequest, CartGiftCard, CartPackageGrouping } from '#src/api/cart.js';
import type { OperationOf } from '#src/api/operations.js';
import { toWire } from '#src/api/wire.js';
import { SandboxCode, refuse } from '../codes.js';
import { wireBody, type Handler, type SandboxContext } from '../context.js';
import { packageForAdd } from '../packages/booking.js';
import { GIFT_CARD_TAG } from '../seed/index.js';
import { activityItem } from './activity-rules.js';
import { checkGroups, checkPriceSets } from './cart-rules.js';
import {
  assertOpen,
  cartOf,
  type ActivityItem,
  type Cart,
  type CartItem,
  type GiftCardItem,
  type PackageItem,
} from './carts.js';

function giftCardItem(
  context: SandboxContext,
  giftCard: CartGiftCard,
  id: string,
  position: string,
): GiftCardItem {
  if (giftCard.productIds.length === 0)
    refuse(
      SandboxCode.InvalidRequest,
      `${position}.ProductIds: give the products of the gift card`,
    );
  if (new Set(giftCard.productIds).size !== giftCard.productIds.length)
    refuse(SandboxCode.InvalidRequest, `${position}.ProductIds: a product is listed twice`);
  for (const productId of giftCard.productIds) {
    const entry = context.data.index().product(productId);
    const where = [{ id: productId, name: 'ProductId' }];
    if (entry === undefined)
      refuse(SandboxCode.NotFound, `${position}: there is no product ${productId}`, where);
    if (!entry.product.tags.includes(GIFT_CARD_TAG))
      refuse(
        SandboxCode.NotOnSale,
        `${position}: product ${productId} is not sold as a gift card`,
        where,
      );
    if (entry.product.pricesAndDates.length === 0)
      refuse(SandboxCode.NotOnSale, `${position}: product ${productId} has no price`, where);
  }
  return {
    kind: 'giftcard',
    id,
    productIds: giftCard.productIds,
    accessDate: giftCard.accessDateTime,
    message: giftCard.message,
    client: giftCard.client,
  };
}

function packageItems(
  context: SandboxContext,
  groupings: readonly CartPackageGrouping[],
  nextId: () => string,
): PackageItem[] {
  const items: PackageItem[] = [];
  groupings.forEach((grouping, g) => {
    grouping.packages.forEach((pkg, p) => {
      const booking = packageForAdd(context, grouping.echoToken, pkg.id);
      if (booking === undefined)
        refuse(
          SandboxCode.NotFound,
          `Packages[${g}].Packages[${p}]: no package ${pkg.id} under EchoToken ${grouping.echoToken} (ask the package prices first)`,
          [{ id: pkg.id, name: 'Id' }],
        );
      const sessions = new Map<string, string>();
      for (const provider of pkg.providers ?? [])
        for (const activity of provider.activities ?? [])
          for (const ticket of activity.tickets ?? [])
            if (ticket.ticketId !== undefined && ticket.sessionId !== undefined)
              sessions.set(ticket.ticketId, ticket.sessionId);
      items.push({ kind: 'package', id: nextId(), booking, sessions });
    });
  });
  return items;
}

/** A gift card's product may be redeemed once per cart. */
function checkRedemptionsOnce(items: readonly CartItem[]): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'activity' || item.giftCardIdentifier === undefined) continue;
    const key = `${item.giftCardIdentifier}|${item.productId}`;
    if (seen.has(key))
      refuse(
        SandboxCode.InvalidRequest,
        `gift card ${item.giftCardIdentifier} gives product ${item.productId} once; it is already in the cart`,
        [{ id: item.giftCardIdentifier, name: 'GiftCardIdentifier' }],
      );
    seen.add(key);
  }
}

export const cartAddHandler: Handler<OperationOf<'cart-add'>> = (
  request: CartAddRequest,
  context,
) => {
  const state = context.state.cart;
  const cartId = request.shoppingCartId.trim();
  if (cartId === '')
    refuse(SandboxCode.InvalidRequest, 'ShoppingCartId: the cart identifier is required');
  const existing = state.carts.get(cartId);
  if (existing !== undefined) assertOpen(existing, 'Add');
  if ((request.accommodations ?? []).length > 0)
    refuse(
      SandboxCode.NotFound,
      'Accommodations: adding accommodation rates on their own is not offered by this sandbox; book accommodation through Packages',
    );
  const activities = request.activities ?? [];
  const giftCards = request.giftCards ?? [];
  const packages = request.packages ?? [];
  if (activities.length + giftCards.length + packages.length === 0)
    refuse(SandboxCode.InvalidRequest, 'nothing to add: give Activities, GiftCards or Packages');

  const nextId = () => state.ids.cartItemId();
  const added: CartItem[] = [
    ...activities.map((activity, i) =>
      activityItem(context, activity, nextId(), `Activities[${i}]`),
    ),
    ...giftCards.map((giftCard, i) => giftCardItem(context, giftCard, nextId(), `GiftCards[${i}]`)),
    ...packageItems(context, packages, nextId),
  ];
  const all = [...(existing?.items ?? []), ...added];
  checkRedemptionsOnce(all);
  checkPriceSets(context, all);
  checkGroups(context, all);

  const cart: Cart = existing ?? { id: cartId, items: [], status: 'open' };
  cart.items.push(...added);
  state.carts.set(cartId, cart);

  const addedActivities = added.filter((item): item is ActivityItem => item.kind === 'activity');
  // Lists are left out when nothing of their kind was added, as the service does.
  return wireBody(
    toWire(
      addedActivities.length > 0
        ? { activities: addedActivities.map((item) => ({ id: item.id, activity: item.added })) }
        : {},
    ) as Record<string, unknown>,
  );
};

export const cartRemoveHandler: Handler<OperationOf<'cart-remove'>> = (request, context) => {
  const cart = cartOf(context.state.cart.carts, request.shoppingCartId);
  assertOpen(cart, 'Remove');
  const ids = request.shoppingCartItemIdsToRemove;
  if (ids.length === 0)
    refuse(
      SandboxCode.InvalidRequest,
      'ShoppingCartItemIdsToRemove: give the ids of the items to remove',
    );
  const unknown = ids.find((id) => !cart.items.some((item) => item.id === id));
  if (unknown !== undefined)
    refuse(SandboxCode.NotFound, `cart ${cart.id} has no item ${unknown}`, [
      { id: unknown, name: 'ShoppingCartItemId' },
    ]);
  cart.items = cart.items.filter((item) => !ids.includes(item.id));
  return {};
};
