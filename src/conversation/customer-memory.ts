/**
 * A customer's details remembered for their next purchase, only with their consent: kept
 * apart from conversations (a conversation expires after DATA_TTL_HOURS; these after
 * CUSTOMER_TTL_DAYS), keyed by the chat they were given in and never read from another,
 * erased by /forget. Personal data: never logged.
 */
import type { ClientDetails } from '#flows/booking/types.js';
import { customerKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';

const FIELDS = ['fullName', 'surname', 'documentIdentifier', 'phoneNumber', 'email'] as const;

/** A stored record read back: every field a non-empty string, or nothing. */
function complete(value: unknown): ClientDetails | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const valid = FIELDS.every((field) => typeof record[field] === 'string' && record[field] !== '');
  return valid
    ? (Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as never)
    : undefined;
}

export interface CustomerMemory {
  recall(userKey: string): Promise<ClientDetails | undefined>;
  /** Keeps the details for `ttlSeconds` from now (a purchase after consent renews them). */
  remember(userKey: string, details: ClientDetails): Promise<void>;
  forget(userKey: string): Promise<void>;
}

export function createCustomerMemory(store: Store, ttlSeconds: number): CustomerMemory {
  return {
    async recall(userKey) {
      return complete((await store.get<unknown>(customerKey(userKey)))?.value);
    },
    async remember(userKey, details) {
      const key = customerKey(userKey);
      // Last write wins: the same customer's details, whichever instance writes them.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const version = (await store.get<unknown>(key))?.version ?? 0;
        const value = Object.fromEntries(FIELDS.map((field) => [field, details[field]]));
        if ((await store.put(key, value, version, ttlSeconds)) !== undefined) return;
      }
    },
    async forget(userKey) {
      await store.delete(customerKey(userKey));
    },
  };
}
