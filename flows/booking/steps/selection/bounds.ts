/**
 * How many of the product may be bought now: at least its minimum (per transaction, or a
 * group's size), at most the least of the group limit, the places of a limited day or of
 * a chosen session (÷ quota tickets) less what the cart already takes of them, and a sane
 * cap for a chat. Pure, on the draft, so the machine's guard and the view agree.
 */
import type { CartLine, Draft } from '../../types.js';

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
  const day = lines
    .filter(
      (line) => line.productId === draft.product.productId && line.accessDate === draft.accessDate,
    )
    .reduce((sum, line) => sum + line.quantity, 0);
  return { day, sessions };
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
