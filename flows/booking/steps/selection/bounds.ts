/**
 * How many of the product may be bought now: at least its minimum (per transaction, or a
 * group's size), at most the least of the group limit, the places of a limited day or of
 * a chosen session (÷ quota tickets) less what the cart already takes of them, and a sane
 * cap for a chat. Pure, on the draft, so the machine's guard and the view agree.
 */
import type { CartLine, Draft, TicketTypeOffer } from '#flows/booking/types.js';

/** The most a chat offers at once: a larger order is for the provider's group desk. */
export const QUANTITY_CAP = 20;

export type Binding = 'group' | 'capacity' | 'session' | 'cap';

export interface QuantityBounds {
  min: number;
  max: number;
  /** Which limit gives `max` (for the explanation). */
  binding: Binding;
}

/** The places the cart's lines take of the draft's product and day, and of its sessions. */
export function heldInCart(lines: readonly CartLine[], draft: Draft): NonNullable<Draft['held']> {
  const sessions: Record<string, number> = {};
  for (const choice of draft.sessions) {
    sessions[choice.sessionId] = lines
      .filter((line) => line.sessions.some((other) => other.sessionId === choice.sessionId))
      .reduce((sum, line) => sum + line.quantity, 0);
  }
  const day = heldOnDay(lines, draft.product.productId, draft.accessDate);
  return { day, sessions };
}

/** The units of a product the cart's lines hold on a day. */
export function heldOnDay(
  lines: readonly CartLine[],
  productId: string,
  date: string | undefined,
): number {
  return lines
    .filter((line) => line.productId === productId && line.accessDate === date)
    .reduce((sum, line) => sum + line.quantity, 0);
}

const less = (limit: number | undefined, held: number | undefined) =>
  limit === undefined ? undefined : Math.max(0, limit - (held ?? 0));

export function quantityBounds(draft: Draft): QuantityBounds {
  const product = draft.product;
  const min = product.minimumQuantity;
  const limits: [number | undefined, Binding][] = [
    [product.maximumQuantity, 'group'],
    [
      less(
        draft.accessDate ? product.rules?.capacityByDate[draft.accessDate] : undefined,
        draft.held?.day,
      ),
      'capacity',
    ],
    ...draft.sessions.map((choice): [number | undefined, Binding] => [
      less(
        draft.sessionStep?.offers
          .find((offer) => offer.enclosureId === choice.enclosureId)
          ?.options.find((option) => option.sessionId === choice.sessionId)?.maxQuantity,
        draft.held?.sessions[choice.sessionId],
      ),
      'session',
    ]),
    [Math.max(QUANTITY_CAP, 2 * min), 'cap'],
  ];
  let max = Infinity;
  let binding: Binding = 'cap';
  for (const [limit, why] of limits) {
    if (limit !== undefined && limit < max) [max, binding] = [limit, why];
  }
  return { min, max, binding };
}

export const quantityAllowed = (draft: Draft, quantity: number): boolean => {
  const { min, max } = quantityBounds(draft);
  return Number.isInteger(quantity) && quantity >= min && quantity <= max;
};

/**
 * Why a choice of ticket types (how many of each, by product) cannot be bought, over the
 * whole choice: at least one ticket, each type chosen at least its minimum, the people of
 * every type against the group limit (with the cart's), each type's places on a limited
 * day (offers carry them less the cart's), the chosen sessions' places shared by all
 * types, and the chat's cap on the total. `over` only: the limits a choice can go over
 * (a choice still being made may be under a minimum).
 */
export type ChoiceProblem =
  | { why: 'none' }
  | { why: 'minimum'; offer: TicketTypeOffer }
  | { why: 'groupsOnly'; min: number }
  | { why: 'group'; max: number }
  | { why: 'capacity'; offer: TicketTypeOffer; max: number }
  | { why: 'session'; max: number }
  | { why: 'cap'; max: number };

export function choiceProblem(
  draft: Draft,
  counts: Readonly<Record<string, number>>,
  only: 'all' | 'over' = 'all',
): ChoiceProblem | undefined {
  const offers = draft.types?.offers ?? [];
  const count = (offer: TicketTypeOffer) => counts[offer.productId] ?? 0;
  const total = offers.reduce((sum, offer) => sum + count(offer), 0);
  const people = offers.reduce((sum, offer) => sum + count(offer) * offer.peoplePerUnit, 0);
  const group = draft.product.rules?.group;
  for (const offer of offers) {
    if (offer.capacity !== undefined && count(offer) > offer.capacity)
      return { why: 'capacity', offer, max: offer.capacity };
  }
  for (const choice of draft.sessions) {
    const places = less(
      draft.sessionStep?.offers
        .find((offer) => offer.enclosureId === choice.enclosureId)
        ?.options.find((option) => option.sessionId === choice.sessionId)?.maxQuantity,
      draft.held?.sessions[choice.sessionId],
    );
    if (places !== undefined && total > places) return { why: 'session', max: places };
  }
  if (group && !group.groupsOnly && group.peopleInCart + people > group.limit)
    return { why: 'group', max: Math.max(0, group.limit - group.peopleInCart) };
  if (total > QUANTITY_CAP) return { why: 'cap', max: QUANTITY_CAP };
  if (only === 'over') return undefined;
  if (total === 0) return { why: 'none' };
  const short = offers.find((offer) => count(offer) > 0 && count(offer) < offer.minimum);
  if (short) return { why: 'minimum', offer: short };
  if (group?.groupsOnly && group.peopleInCart + people <= group.limit)
    return { why: 'groupsOnly', min: group.limit + 1 - group.peopleInCart - people };
  return undefined;
}
