/**
 * Group rules of a sale: the minimum units per transaction of each product, and the group
 * threshold LimitOfNumberOfPeopleToBeGroup. The threshold is the largest number of people
 * that is not a group (limit 19: 20 people are a group). A provider that is not for groups
 * refuses groups; one that is for groups accepts only groups.
 *
 * A sale may hold products of several product bases of one provider: the threshold is
 * then the lowest of the provider's and of every product base involved ("the more
 * restrictive applies"), and the people of all its lines are counted together.
 *
 * The service checks a whole cart (checkGroup: the sandbox's Add and Confirm); the chat
 * applies the same rule before asking, to one product added to what the cart holds
 * (groupBound, unitsAllowed, groupVerdict): how many may be chosen, and why not more.
 */
import type { Product, ProductBase, Provider } from './catalog-shapes.js';

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
export function peopleCount(
  lines: readonly { product: Pick<Product, 'numberOfPeople'>; quantity: number }[],
): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.product.numberOfPeople, 0);
}

/** The units of one product the lines hold, for MinimumNumberByTransaction. */
export function unitsOf(
  lines: readonly { productId: string; quantity: number }[],
  productId: string,
): number {
  return lines
    .filter((line) => line.productId === productId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * MinimumNumberByTransaction still to choose of a product, counting the units of it the
 * sale already holds (at least one: something is being chosen).
 */
export function minimumLeft(
  product: Pick<Product, 'productId' | 'minimumNumberByTransaction'>,
  lines: readonly { productId: string; quantity: number }[],
): number {
  return Math.max(1, product.minimumNumberByTransaction - unitsOf(lines, product.productId));
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

/** A provider's threshold for one sale, and whether it sells to groups only. */
export interface GroupRule {
  limit: number;
  groupsOnly: boolean;
}

export type GroupVerdict =
  | { ok: true }
  | { ok: false; reason: 'group-too-large' | 'groups-only'; people: number; limit: number };

/** Whether `people` in one provider's sale keep to its rule: more than the limit is a group. */
export function groupVerdict(rule: GroupRule, people: number): GroupVerdict {
  const isGroup = people > rule.limit;
  if (isGroup && !rule.groupsOnly)
    return { ok: false, reason: 'group-too-large', people, limit: rule.limit };
  if (!isGroup && rule.groupsOnly)
    return { ok: false, reason: 'groups-only', people, limit: rule.limit };
  return { ok: true };
}

/** People that may still join a sale of `people` that is not for groups (none below 0). */
export const peopleLeft = (rule: GroupRule, people: number): number =>
  Math.max(0, rule.limit - people);

/** People a groups-only sale of `people` still needs to be a group (none below 0). */
export const peopleMissing = (rule: GroupRule, people: number): number =>
  Math.max(0, rule.limit + 1 - people);

/**
 * The group rule as it bounds one product being added to a sale: the threshold (the
 * provider's and every product base involved), groups only or not, the people one unit
 * counts and the people the sale already holds of that provider.
 */
export interface GroupBound extends GroupRule {
  peoplePerUnit: number;
  peopleInCart: number;
}

/** The bound, or undefined when the rule does not limit the product (no threshold, or a
 * product that counts nobody). */
export function groupBound(
  provider: Pick<Provider, 'isForGroups' | 'limitOfNumberOfPeopleToBeGroup'>,
  productBases: readonly Pick<ProductBase, 'limitOfNumberOfPeopleToBeGroup'>[],
  peoplePerUnit: number,
  peopleInCart: number,
): GroupBound | undefined {
  const limit = groupLimit(provider, productBases);
  if (limit === undefined || peoplePerUnit <= 0) return undefined;
  return { limit, groupsOnly: provider.isForGroups, peoplePerUnit, peopleInCart };
}

/**
 * The units the bound allows: for a provider for groups, at least enough to make the whole
 * sale a group; for any other, at most what keeps it within the threshold.
 */
export function unitsAllowed(bound: GroupBound): { minimum: number } | { maximum: number } {
  return bound.groupsOnly
    ? { minimum: Math.ceil(peopleMissing(bound, bound.peopleInCart) / bound.peoplePerUnit) }
    : { maximum: Math.floor(peopleLeft(bound, bound.peopleInCart) / bound.peoplePerUnit) };
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
    const verdict = groupVerdict({ limit, groupsOnly: provider.isForGroups }, people);
    if (!verdict.ok) return verdict;
  }
  return { ok: true, people, limit };
}
