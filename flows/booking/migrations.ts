/**
 * What a release does to conversations stored by an older booking machine: a migration
 * per version (each a pure function from a snapshot stored at that version to the same
 * conversation at the next), and, where a snapshot cannot be carried forward, what of its
 * context is kept when the conversation starts over (the order: the cart, its
 * reservation, the sale and the payment taken for it).
 *
 * Releasing a change to the machine: bump BOOKING_MACHINE_VERSION (machine.ts) and add
 * `[previous]: (snapshot) => …` below, mapping the old state values and context to the
 * new ones; with no entry for a version, its snapshots are reset (`orderKept`).
 */
import { z } from 'zod';
import { LANGS } from '#src/domain/lang.js';
import type { BookingContext } from './types.js';

/** A snapshot as stored (XState's persisted snapshot, read from JSON). */
export type StoredSnapshot = { readonly [key: string]: unknown };

/** A stored snapshot at version N made into the same conversation at version N + 1. */
export type Migration = (snapshot: StoredSnapshot) => StoredSnapshot;

/** The migrations by the version they start from. */
export type Migrations = Readonly<Record<number, Migration>>;

/** Snapshots stored before versions were stored are of the first version. */
export const UNVERSIONED = 1;

export const bookingMigrations: Migrations = {};

/**
 * The context fields a snapshot needs to be restored at all, loosely: a context stored by
 * a release that left the version as it was must still have these.
 */
const restorableContext = z.looseObject({
  language: z.enum(LANGS),
  userKey: z.string(),
  browse: z.looseObject({ page: z.number() }),
  cart: z.looseObject({ shoppingCartId: z.string(), lines: z.array(z.looseObject({})) }),
  checkout: z.looseObject({}),
});

/** Whether a stored snapshot's context has what every step reads. */
export const restorable = (snapshot: StoredSnapshot): boolean =>
  restorableContext.safeParse(snapshot['context']).success;

/**
 * The order and what belongs with it, each field kept when it has the shape its steps
 * read (a field of another shape cannot be trusted to mean the same thing).
 */
const keptFields = {
  language: z.enum(LANGS),
  cart: restorableContext.shape.cart,
  checkout: z.looseObject({
    insuranceDeclined: z.boolean(),
    profileAnswers: z.record(z.string(), z.unknown()),
  }),
  reservation: z.looseObject({
    expiresAt: z.string(),
    expiresAtLocal: z.string(),
    total: z.looseObject({}),
    failedProductIds: z.array(z.string()),
    paymentRequired: z.boolean(),
  }),
  sale: z.looseObject({ partnerSaleId: z.string(), saleIds: z.array(z.string()) }),
  payment: z.looseObject({}),
  customer: z.looseObject({ recalled: z.boolean(), saved: z.boolean() }),
  booked: z.array(z.string()),
};

/**
 * What a conversation that starts over keeps of a stored snapshot's context: the cart,
 * the reservation, the sale and the payment (a charge taken must never be forgotten), with
 * the checkout's details and the language. Whatever else it held is dropped.
 */
export function orderKept(snapshot: unknown): Partial<BookingContext> {
  const context = (snapshot as { context?: unknown } | null | undefined)?.context;
  if (typeof context !== 'object' || context === null) return {};
  const kept: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(keptFields)) {
    const parsed = schema.safeParse((context as Record<string, unknown>)[field]);
    if (parsed.success) kept[field] = parsed.data;
  }
  return kept as Partial<BookingContext>;
}
