/**
 * How many of the product may be bought now, read off the draft: the rules are the
 * domain's (src/domain/quantity.ts over groups.ts and capacity.ts); this gives them the
 * draft's minimum, group bound, limited day's and chosen sessions' places with what the
 * cart takes of them, and the chat's cap. Pure, so the machine's guard and the view agree.
 */
import { heldInSession, heldOnDay, placesLeft } from '#src/domain/capacity.js';
import {
  choiceVerdict,
  quantityBounds as boundsOf,
  withinBounds,
  type ChoiceProblem as Problem,
  type QuantityBounds,
} from '#src/domain/quantity.js';
import type { CartLine, Draft, TicketTypeOffer } from '#flows/booking/types.js';

export type { Binding, QuantityBounds } from '#src/domain/quantity.js';

/** The most a chat offers at once: a larger order is for the provider's group desk. */
export const QUANTITY_CAP = 20;

/** The places the cart's lines take of the draft's product and day, and of its sessions. */
export function heldInCart(lines: readonly CartLine[], draft: Draft): NonNullable<Draft['held']> {
  const sessions: Record<string, number> = {};
  for (const choice of draft.sessions)
    sessions[choice.sessionId] = heldInSession(lines, choice.sessionId);
  const day = heldOnDay(lines, draft.product.productId, draft.accessDate);
  return { day, sessions };
}

/** The places left in each chosen session, the cart's taken off. */
const sessionsLeft = (draft: Draft) =>
  draft.sessions.map((choice) =>
    placesLeft(
      draft.sessionStep?.offers
        .find((offer) => offer.enclosureId === choice.enclosureId)
        ?.options.find((option) => option.sessionId === choice.sessionId)?.maxQuantity,
      draft.held?.sessions[choice.sessionId],
    ),
  );

export function quantityBounds(draft: Draft): QuantityBounds {
  const product = draft.product;
  const min = product.minimumQuantity;
  return boundsOf({
    min,
    group: product.maximumQuantity,
    day: placesLeft(
      draft.accessDate ? product.rules?.capacityByDate[draft.accessDate] : undefined,
      draft.held?.day,
    ),
    sessions: sessionsLeft(draft),
    // A product sold by large minimums (a group) may take twice its minimum.
    cap: Math.max(QUANTITY_CAP, 2 * min),
  });
}

export const quantityAllowed = (draft: Draft, quantity: number): boolean =>
  withinBounds(quantityBounds(draft), quantity);

/** Why a choice of ticket types cannot be bought (src/domain/quantity.ts, choiceVerdict). */
export type ChoiceProblem = Problem<TicketTypeOffer>;

export function choiceProblem(
  draft: Draft,
  counts: Readonly<Record<string, number>>,
  only: 'all' | 'over' = 'all',
): ChoiceProblem | undefined {
  const group = draft.product.rules?.group;
  return choiceVerdict(
    draft.types?.offers ?? [],
    counts,
    { ...(group ? { group } : {}), sessions: sessionsLeft(draft), cap: QUANTITY_CAP },
    only,
  );
}
