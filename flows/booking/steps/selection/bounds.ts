/**
 * How many of the product may be bought now: at least its minimum (per transaction, or a
 * group's size), at most the least of the group limit, the places of a limited day or of
 * a chosen session (÷ quota tickets), and a sane cap for a chat. Pure, on the draft, so
 * the machine's guard and the view agree.
 */
import type { Draft } from '../../types.js';

/** The most a chat offers at once: a larger order is for the provider's group desk. */
export const QUANTITY_CAP = 20;

export type Binding = 'group' | 'capacity' | 'session' | 'cap';

export interface QuantityBounds {
  min: number;
  max: number;
  /** Which limit gives `max` (for the explanation). */
  binding: Binding;
}

export function quantityBounds(draft: Draft): QuantityBounds {
  const product = draft.product;
  const min = product.minimumQuantity;
  const limits: [number | undefined, Binding][] = [
    [product.maximumQuantity, 'group'],
    [draft.accessDate ? product.rules?.capacityByDate[draft.accessDate] : undefined, 'capacity'],
    ...draft.sessions.map((choice): [number | undefined, Binding] => [
      draft.sessionStep?.offers
        .find((offer) => offer.enclosureId === choice.enclosureId)
        ?.options.find((option) => option.sessionId === choice.sessionId)?.maxQuantity,
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
