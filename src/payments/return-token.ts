/**
 * The payment page's way back carries an opaque token per sale, never the cart id: an
 * HMAC-SHA256 of our PartnerSaleId under a secret only the bot knows. Nobody can make a
 * token for a sale without the secret, and the token says nothing of the cart or the
 * customer. The secret is PAYMENT_RETURN_SECRET, or one generated once and kept in the
 * store, so that every instance signs alike.
 *
 * Rotating it must not break the links of payments in flight (a customer may pay up to
 * two days after the link was made): new tokens are signed with the current key, and a
 * token made with a previous key (PAYMENT_RETURN_SECRET_PREVIOUS, or the generated key
 * once a configured one replaces it) still verifies.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_RETURN_SECRET_KEY } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';

export interface ReturnUrls {
  /** Where the payment page sends the customer (and notifies) for this sale. */
  of(partnerSaleId: string): { ok: string; ko: string };
  /** The token of a sale, signed with the current key. */
  tokenOf(partnerSaleId: string): string;
  /** The sale's token under every key that still verifies, the current key's first. */
  tokensOf(partnerSaleId: string): string[];
  /** Whether `token` is this sale's under any of the keys, compared in constant time. */
  matches(token: string, partnerSaleId: string): boolean;
}

/** The key new tokens are signed with, and older keys whose tokens still verify. */
export interface ReturnKeys {
  current: string;
  previous: readonly string[];
}

/** A token as we make them: 32 bytes of HMAC in base64url. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A key alone: nothing signed before it verifies. */
const only = (secret: string): ReturnKeys => ({ current: secret, previous: [] });

export function createReturnUrls(publicUrl: string, keys: string | ReturnKeys): ReturnUrls {
  const { current, previous } = typeof keys === 'string' ? only(keys) : keys;
  const all = [current, ...previous];
  const base = publicUrl.replace(/\/+$/, '');
  const sign = (secret: string, partnerSaleId: string) =>
    createHmac('sha256', secret).update(`payment-return:${partnerSaleId}`).digest('base64url');
  const tokenOf = (partnerSaleId: string) => sign(current, partnerSaleId);
  const tokensOf = (partnerSaleId: string) => all.map((secret) => sign(secret, partnerSaleId));
  return {
    tokenOf,
    tokensOf,
    of(partnerSaleId) {
      const token = tokenOf(partnerSaleId);
      return {
        ok: `${base}/payments/return/ok?sale=${token}`,
        ko: `${base}/payments/return/ko?sale=${token}`,
      };
    },
    matches(token, partnerSaleId) {
      const given = Buffer.from(token);
      return tokensOf(partnerSaleId).some((made) => {
        const expected = Buffer.from(made);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
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

/**
 * The keys to sign and verify with: the configured key (or the kept one) signs; the
 * configured previous key, and the kept key when a configured one has replaced it,
 * still verify, so that the links of payments in flight keep working across a rotation.
 */
export async function returnKeys(
  store: Store,
  configured: { current?: string | undefined; previous?: string | undefined } = {},
): Promise<ReturnKeys> {
  const kept = configured.current
    ? (await store.get<string>(PAYMENT_RETURN_SECRET_KEY))?.value
    : await returnSecret(store);
  const current = configured.current ?? kept;
  if (!current) throw new Error('the payment return secret could not be kept');
  const previous = [configured.previous, kept].filter(
    (key, index, keys): key is string =>
      key !== undefined && key !== '' && key !== current && keys.indexOf(key) === index,
  );
  return { current, previous };
}
