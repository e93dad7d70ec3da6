/**
 * Group rules of a sale: the minimum units per transaction of each product, and the group
 * threshold LimitOfNumberOfPeopleToBeGroup. The threshold is the largest number of people
 * that is not a group (limit 19: 20 people are a group). A provider that is not for groups
 * refuses groups; one that is for groups accepts only groups.
 *
 * A sale may hold products of several product bases of one provider: the threshold is
 * then the lowest of the provider's and of every product base involved ("the more
 * restrictive applies"), and the people of all its lines are counted together.
 */
import type { Product, ProductBase, Provider } from '#src/api/catalog.js';

export interface SaleLine {
  productBase: Pick<ProductBase, 'limitOfNumberOfPeopleToBeGroup'>;
  product: Pick<Product, 'productId' | 'numberOfPeople' | 'minimumNumberByTransaction'>;
  quantity: number;
}

export type GroupCheck =
  | { ok: true; people: number; limit: number | undefined }
  | { ok: false; reason: 'below-minimum'; productId: string; minimum: number; quantity: number }
  | { ok: false; reason: 'group-too-large'; people: number; limit: number }
  | { ok: false; reason: 'groups-only'; people: number; limit: number };

/** The group threshold: the lower of the provider's and the product bases' limits. */
export function groupLimit(
  provider: Pick<Provider, 'limitOfNumberOfPeopleToBeGroup'>,
  productBases: readonly Pick<ProductBase, 'limitOfNumberOfPeopleToBeGroup'>[],
): number | undefined {
  const limits = [provider, ...productBases]
    .map((node) => node.limitOfNumberOfPeopleToBeGroup)
    .filter((limit): limit is number => limit !== undefined);
  return limits.length === 0 ? undefined : Math.min(...limits);
}

/** People counted for the group rule: quantity × NumberOfPeople, summed over the lines. */
export function peopleCount(lines: readonly Pick<SaleLine, 'product' | 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.product.numberOfPeople, 0);
}

/** The units of a product across the lines, checked against MinimumNumberByTransaction. */
function belowMinimum(lines: readonly SaleLine[]): GroupCheck | undefined {
  const units = new Map<string, { quantity: number; minimum: number }>();
  for (const { product, quantity } of lines) {
    const entry = units.get(product.productId) ?? { quantity: 0, minimum: 1 };
    entry.quantity += quantity;
    entry.minimum = Math.max(entry.minimum, product.minimumNumberByTransaction);
    units.set(product.productId, entry);
  }
  for (const [productId, { quantity, minimum }] of units) {
    if (quantity < minimum)
      return { ok: false, reason: 'below-minimum', productId, minimum, quantity };
  }
  return undefined;
}

/** Whether the lines of one provider may be sold together under its group rules. */
export function checkGroup(
  provider: Pick<Provider, 'isForGroups' | 'limitOfNumberOfPeopleToBeGroup'>,
  lines: readonly SaleLine[],
): GroupCheck {
  const minimum = belowMinimum(lines);
  if (minimum !== undefined) return minimum;
  const people = peopleCount(lines);
  const limit = groupLimit(
    provider,
    lines.map((line) => line.productBase),
  );
  if (limit !== undefined) {
    const isGroup = people > limit;
    if (isGroup && !provider.isForGroups)
      return { ok: false, reason: 'group-too-large', people, limit };
    if (!isGroup && provider.isForGroups)
      return { ok: false, reason: 'groups-only', people, limit };
  }
  return { ok: true, people, limit };
}
