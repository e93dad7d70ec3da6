/**
 * Identifiers of the seeded data. The spec gives catalog identifiers as 13 alphanumeric
 * characters; ours are lowercase and derived from a readable key, so the same key always
 * gives the same id (tests, README and logs can name them) and the id hints at what it is.
 */
import { createHash } from 'node:crypto';

/** A 13-character id: up to 7 letters of the key's last segment, then a hash of the key. */
export function seedId(key: string): string {
  const last = key.slice(key.lastIndexOf(':') + 1);
  const slug = last
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 7);
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 24);
  const hash = BigInt(`0x${digest}`).toString(36).padStart(13, '0');
  return (slug + hash).slice(0, 13);
}

/** What every seeded identifier looks like. */
export const SEED_ID = /^[a-z0-9]{13}$/;
