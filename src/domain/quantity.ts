/**
 * How many of a product one purchase may take: at least its minimum (per transaction, or
 * a group's size), at most the least of the limits that apply — the units the group
 * threshold allows (groups.ts), a limited day's places and each chosen session's places
 * less what the cart holds (capacity.ts), and the channel's cap — and which limit binds.
 * The same over a choice of ticket types counted together (choiceVerdict). Verdicts are
 * data: the flows word them, and the quantity step's guard and view read the same ones.
 */
import {
  groupVerdict,
  peopleLeft,
  peopleMissing,
  type GroupBound,
  type GroupVerdict,
} from './groups.js';

/** Which limit gives the most that may be bought. */
export type Binding = 'group' | 'capacity' | 'session' | 'cap';

export interface QuantityLimits {
  min: number;
  /** The units the group threshold allows (groups.ts, unitsAllowed). */
  group?: number;
  /** A limited day's places left (capacity.ts, placesLeft). */
  day?: number;
  /** Each chosen session's places left. */
  sessions: readonly (number | undefined)[];
  /** The most the channel offers at once. */
  cap: number;
}

export interface QuantityBounds {
  min: number;
  max: number;
  /** Which limit gives `max` (for the explanation); the first of equal ones. */
  binding: Binding;
}

export function quantityBounds(limits: QuantityLimits): QuantityBounds {
  const candidates: [number | undefined, Binding][] = [
    [limits.group, 'group'],
    [limits.day, 'capacity'],
    ...limits.sessions.map((places): [number | undefined, Binding] => [places, 'session']),
    [limits.cap, 'cap'],
  ];
  let max = Infinity;
  let binding: Binding = 'cap';
  for (const [limit, why] of candidates) {
    if (limit !== undefined && limit < max) [max, binding] = [limit, why];
  }
  return { min: limits.min, max, binding };
}

/** A whole number within the bounds. */
export const withinBounds = ({ min, max }: QuantityBounds, quantity: number): boolean =>
  Number.isInteger(quantity) && quantity >= min && quantity <= max;

/** A ticket type of a choice as its limits count it. */
export interface TypeLimits {
  productId: string;
  /** MinimumNumberByTransaction, less the units of it the cart already holds. */
  minimum: number;
  /** Its places on a limited day, less the cart's. */
  capacity?: number;
  /** People one unit counts for the group threshold (NumberOfPeople). */
  peoplePerUnit: number;
}

/** What limits a choice of ticket types as a whole. */
export interface ChoiceLimits {
  group?: GroupBound;
  /** Each chosen session's places left, shared by every type. */
  sessions: readonly (number | undefined)[];
  cap: number;
}

/**
 * Why a choice cannot be bought. `group`'s max and `groupsOnly`'s min are people (the
 * types count different people per unit); the others are units.
 */
export type ChoiceProblem<T extends TypeLimits = TypeLimits> =
  | { why: 'none' }
  | { why: 'minimum'; offer: T }
  | { why: 'groupsOnly'; min: number }
  | { why: 'group'; max: number }
  | { why: 'capacity'; offer: T; max: number }
  | { why: 'session'; max: number }
  | { why: 'cap'; max: number };

/**
 * The first problem of a choice (how many of each type, by product): each type's places,
 * the sessions' places for all types together, the group threshold over the people of
 * every type with the cart's, the cap on the total; then, unless only the limits a choice
 * can go `over` are asked (one still being made may be under a minimum): at least one
 * ticket, each chosen type at least its minimum, and a groups-only sale large enough.
 */
export function choiceVerdict<T extends TypeLimits>(
  offers: readonly T[],
  counts: Readonly<Record<string, number>>,
  limits: ChoiceLimits,
  only: 'all' | 'over' = 'all',
): ChoiceProblem<T> | undefined {
  const count = (offer: T) => counts[offer.productId] ?? 0;
  const total = offers.reduce((sum, offer) => sum + count(offer), 0);
  const people = offers.reduce((sum, offer) => sum + count(offer) * offer.peoplePerUnit, 0);
  for (const offer of offers) {
    if (offer.capacity !== undefined && count(offer) > offer.capacity)
      return { why: 'capacity', offer, max: offer.capacity };
  }
  for (const places of limits.sessions) {
    if (places !== undefined && total > places) return { why: 'session', max: places };
  }
  const { group } = limits;
  const verdict: GroupVerdict = group
    ? groupVerdict(group, group.peopleInCart + people)
    : { ok: true };
  if (group && !verdict.ok && verdict.reason === 'group-too-large')
    return { why: 'group', max: peopleLeft(group, group.peopleInCart) };
  if (total > limits.cap) return { why: 'cap', max: limits.cap };
  if (only === 'over') return undefined;
  if (total === 0) return { why: 'none' };
  const short = offers.find((offer) => count(offer) > 0 && count(offer) < offer.minimum);
  if (short) return { why: 'minimum', offer: short };
  if (group && !verdict.ok && verdict.reason === 'groups-only')
    return { why: 'groupsOnly', min: peopleMissing(group, group.peopleInCart + people) };
  return undefined;
}
