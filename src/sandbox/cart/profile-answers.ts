/**
 * The sale, client and provider question profiles of a cart (Confirm and Sale): which
 * apply (the catalog's sale and client profiles, and the providers' of every product in
 * the cart, gift cards and packages included), and their answers checked.
 */
import type { Provider } from '#src/api/catalog.js';
import type { QuestionsProfileAnswers } from '#src/api/common.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import { checkAnswers, profileById } from './answers.js';
import type { Cart } from './carts.js';

/** Providers whose products the cart holds. */
export function cartProviders(context: SandboxContext, cart: Cart): Provider[] {
  const index = context.data.index();
  const productIds = cart.items.flatMap((item) =>
    item.kind === 'activity'
      ? [item.productId]
      : item.kind === 'giftcard'
        ? item.productIds
        : item.booking.activities.map((a) => a.productId),
  );
  const providers = new Map<string, Provider>();
  for (const id of productIds) {
    const provider = index.product(id)?.provider;
    if (provider !== undefined) providers.set(provider.providerId, provider);
  }
  return [...providers.values()];
}

/**
 * The sale, client and provider question profiles of a cart, answered: `previous`
 * answers (given at Confirm) with `given` ones over them, checked complete and valid.
 * A profile that does not apply to the cart is refused.
 */
export function checkProfileAnswers(
  context: SandboxContext,
  cart: Cart,
  given: readonly QuestionsProfileAnswers[],
  previous: readonly QuestionsProfileAnswers[] = [],
): QuestionsProfileAnswers[] {
  const catalog = context.data.catalog(context.data.defaultLanguage);
  const applicable = [
    ...catalog.saleQuestionProfileIds,
    ...catalog.clientQuestionProfileIds,
    ...cartProviders(context, cart).flatMap((p) => p.providerQuestionsProfileIds),
  ];
  const ids = [...new Set(applicable)];
  for (const entry of given)
    if (!ids.includes(entry.questionsProfileId))
      refuse(
        SandboxCode.QuestionAnswerInvalid,
        `QuestionsProfiles: profile ${entry.questionsProfileId} does not apply to this cart (it takes ${ids.join(', ')})`,
        [{ id: entry.questionsProfileId, name: 'QuestionsProfileId' }],
      );
  return ids.map((profileId) => {
    const merged = new Map<string, QuestionsProfileAnswers['questions'][number]>();
    for (const entry of [...previous, ...given])
      if (entry.questionsProfileId === profileId)
        for (const answer of entry.questions) merged.set(answer.questionId, answer);
    const questions = profileById(context, profileId)?.questions ?? [];
    return {
      questionsProfileId: profileId,
      questions: checkAnswers(questions, [...merged.values()], `QuestionsProfiles ${profileId}`),
    };
  });
}
