/** The remembered-customer actors over the store. */
import { fromPromise } from 'xstate';
import type { ClientDetails } from '#flows/booking/types.js';
import { createCustomerMemory } from '../customer-memory.js';
import { newCartId } from './cart-id.js';
import type { ActorDeps } from './index.js';

export function createCustomerActors(deps: ActorDeps) {
  const memory = createCustomerMemory(deps.store, deps.customerTtlSeconds ?? 365 * 86_400);
  return {
    recallCustomer: fromPromise<ClientDetails | null, { userKey: string }>(
      async ({ input }) => (await memory.recall(input.userKey)) ?? null,
    ),
    rememberCustomer: fromPromise<void, { userKey: string; client: ClientDetails }>(({ input }) =>
      memory.remember(input.userKey, input.client),
    ),
    forgetCustomer: fromPromise<{ nextShoppingCartId: string }, { userKey: string }>(
      async ({ input }) => {
        await memory.forget(input.userKey);
        return { nextShoppingCartId: newCartId() };
      },
    ),
  };
}
