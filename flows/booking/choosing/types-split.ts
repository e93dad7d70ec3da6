/**
 * A choice of ticket types is one draft while it is chosen and answered (one date, one
 * session, one pass of questions), and one cart line per type once added: each type's
 * draft has its product, quantity and price, and its own tickets' answers, its sets and
 * attendees numbered from 1 as a draft of that product alone would have them.
 */
import type { Answer } from '#src/domain/partner-shapes.js';
import type { Draft, TicketTypes } from '#flows/booking/types.js';

/** The types chosen (at least one ticket), in the order shown, with how many. */
export function typeQuantities(types: TicketTypes): { productId: string; quantity: number }[] {
  return types.offers
    .map((offer) => ({ productId: offer.productId, quantity: types.counts[offer.productId] ?? 0 }))
    .filter((type) => type.quantity > 0);
}

/** The drafts a draft is added as: one per ticket type chosen, or itself. */
export function typeDrafts(draft: Draft): Draft[] {
  const types = draft.types;
  if (types === undefined) return [draft];
  let before = 0;
  return typeQuantities(types).map(({ productId, quantity }) => {
    const offer = types.offers.find((candidate) => candidate.productId === productId)!;
    const questionSets: Draft['questionSets'] = [];
    const answers: Record<string, Answer> = {};
    draft.questionSets.forEach((set, setIndex) => {
      if (set.productId !== productId) return;
      const local = questionSets.length;
      const { productId: _type, ...own } = set;
      questionSets.push({ ...own, attendee: set.attendee - before });
      for (const question of set.questions) {
        const answer = draft.answers[`${setIndex}:${question.id}`];
        if (answer !== undefined) answers[`${local}:${question.id}`] = answer;
      }
    });
    before += quantity;
    const { types: _types, ...rest } = draft;
    return {
      ...rest,
      product: { ...draft.product, productId, name: offer.name },
      quantity,
      unitPrice: offer.unitPrice,
      questionSets,
      answers,
    };
  });
}

/**
 * What "as last time" answers are kept under: the product, and with ticket types how many
 * of each (answers are by ticket number, so only the same choice takes them again).
 */
export function answersKey(draft: Draft): string {
  if (draft.types === undefined) return draft.product.productId;
  const types = typeQuantities(draft.types).map((type) => `${type.productId}x${type.quantity}`);
  return `${draft.product.productId}|${types.join(',')}`;
}
