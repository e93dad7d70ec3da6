/**
 * Rules over a whole cart rather than one item: one PricesAndDates set per product, the
 * group limits of each provider, and complete combined products. Checked when adding
 * (on the cart as it would be after the Add) and again at Confirm (Remove may have
 * changed the cart).
 */
import { checkGroup, samePriceSet, type SaleLine } from '#src/domain/index.js';
import type { IsoDate } from '#src/api/schema.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import type { ActivityItem, CartItem } from './carts.js';

const activities = (items: readonly CartItem[]): ActivityItem[] =>
  items.filter((item): item is ActivityItem => item.kind === 'activity');

/** All access dates of a product's items and tickets in the cart lie in one price set. */
export function checkPriceSets(context: SandboxContext, items: readonly CartItem[]): void {
  const index = context.data.index();
  const dates = new Map<string, Set<IsoDate>>();
  for (const item of activities(items)) {
    const set = dates.get(item.productId) ?? new Set<IsoDate>();
    set.add(item.accessDate);
    for (const ticket of item.tickets) set.add(ticket.accessDate);
    dates.set(item.productId, set);
  }
  for (const [productId, set] of dates) {
    const product = index.product(productId)?.product;
    if (product !== undefined && !samePriceSet(product, [...set]))
      refuse(
        SandboxCode.MixedPriceSets,
        `product ${productId}: the access dates ${[...set].sort().join(', ')} are not all in one PricesAndDates set`,
        [{ id: productId, name: 'ProductId' }],
      );
  }
}

/** The group rules of every provider over all its items in the cart. */
export function checkGroups(context: SandboxContext, items: readonly CartItem[]): void {
  const index = context.data.index();
  const byProvider = new Map<string, SaleLine[]>();
  for (const item of activities(items)) {
    const entry = index.product(item.productId);
    if (entry === undefined) continue;
    const lines = byProvider.get(item.providerId) ?? [];
    lines.push({ productBase: entry.base, product: entry.product, quantity: item.quantity });
    byProvider.set(item.providerId, lines);
  }
  for (const [providerId, lines] of byProvider) {
    const provider = index.provider(providerId);
    if (provider === undefined) continue;
    const check = checkGroup(provider, lines);
    if (check.ok) continue;
    const where = [{ id: providerId, name: provider.providerName }];
    if (check.reason === 'below-minimum')
      refuse(
        SandboxCode.InvalidQuantity,
        `product ${check.productId}: ${check.quantity} is below its MinimumNumberByTransaction ${check.minimum}`,
        where,
      );
    refuse(
      SandboxCode.GroupLimit,
      check.reason === 'group-too-large'
        ? `provider ${providerId} does not sell to groups: ${check.people} people is more than ${check.limit}`
        : `provider ${providerId} sells only to groups: ${check.people} people is not more than ${check.limit}`,
      where,
    );
  }
}

/** Every combined product in the cart has each of its products exactly once. */
export function checkCombinedComplete(context: SandboxContext, items: readonly CartItem[]): void {
  const byCombined = new Map<string, ActivityItem[]>();
  for (const item of activities(items)) {
    if (item.combinedProductId === undefined) continue;
    byCombined.set(item.combinedProductId, [
      ...(byCombined.get(item.combinedProductId) ?? []),
      item,
    ]);
  }
  const combinedProducts = context.data.catalog(context.data.defaultLanguage).combinedProducts;
  for (const [combinedProductId, parts] of byCombined) {
    const productIds = parts.map((part) => part.productId);
    const wanted = combinedProducts.find((c) => c.combinedProductId === combinedProductId);
    const given = [...productIds].sort().join(',');
    if (wanted === undefined || [...wanted.productIds].sort().join(',') !== given)
      refuse(
        SandboxCode.InvalidRequest,
        `combined product ${combinedProductId} needs each of its products once (${wanted?.productIds.join(', ') ?? 'unknown'}); the cart has ${productIds.join(', ')}`,
        [{ id: combinedProductId, name: 'CombinedProductId' }],
      );
    if (parts.some((part) => part.quantity !== parts[0]!.quantity))
      refuse(
        SandboxCode.InvalidQuantity,
        `combined product ${combinedProductId}: its products must have the same Quantity`,
        [{ id: combinedProductId, name: 'CombinedProductId' }],
      );
  }
}
