/**
 * A new ShoppingCartId, like the catalog's identifiers: 13 lowercase alphanumerics (the
 * same form as the engine's first cart id, src/app.ts). Actors need new ids when a cart
 * is finished (sold) or abandoned (rebuilt).
 */
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newCartId(): string {
  return Array.from(randomBytes(13), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}
