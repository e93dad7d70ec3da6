/**
 * The payment page's way back carries an opaque token per sale, never the cart id: an
 * HMAC-SHA256 of our PartnerSaleId under a secret only the bot knows. Nobody can make a
 * token for a sale without the secret, and the token says nothing of the cart or the
 * customer. The secret is PAYMENT_RETURN_SECRET, or one generated once and kept in the
 * store, so that every instance signs alike.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_RETURN_SECRET_KEY } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';

export interface ReturnUrls {
  /** Where the payment page sends the customer (and notifies) for this sale. */
  of(partnerSaleId: string): { ok: string; ko: string };
  /** The token of a sale. */
  tokenOf(partnerSaleId: string): string;
  /** Whether `token` is this sale's, compared in constant time. */
  matches(token: string, partnerSaleId: string): boolean;
}

/** A token as we make them: 32 bytes of HMAC in base64url. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function createReturnUrls(publicUrl: string, secret: string): ReturnUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const tokenOf = (partnerSaleId: string) =>
    createHmac('sha256', secret).update(`payment-return:${partnerSaleId}`).digest('base64url');
  return {
    tokenOf,
    of(partnerSaleId) {
      const token = tokenOf(partnerSaleId);
      return {
        ok: `${base}/payments/return/ok?sale=${token}`,
        ko: `${base}/payments/return/ko?sale=${token}`,
      };
    },
    matches(token, partnerSaleId) {
      const expected = Buffer.from(tokenOf(partnerSaleId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Long-lived: tokens of pending sales die with it (they live two days at most). */
const SECRET_TTL_SECONDS = 400 * 24 * 60 * 60;

/** The configured secret, or the one kept in the store (made by the first instance). */
export async function returnSecret(store: Store, configured?: string): Promise<string> {
  if (configured) return configured;
  const kept = await store.get<string>(PAYMENT_RETURN_SECRET_KEY);
  if (kept) return kept.value;
  const made = randomBytes(32).toString('base64url');
  if ((await store.put(PAYMENT_RETURN_SECRET_KEY, made, 0, SECRET_TTL_SECONDS)) !== undefined)
    return made;
  // Another instance made one first: use theirs.
  const theirs = await store.get<string>(PAYMENT_RETURN_SECRET_KEY);
  if (!theirs) throw new Error('the payment return secret could not be kept');
  return theirs.value;
}
