/**
 * Identifiers the sandbox hands out, in the forms the vendor's examples show: cart item
 * ids of 13 lowercase alphanumerics (like catalog ids), sale ids and gift card redemption
 * codes of 19 digits, access codes as EAN-13 barcodes (prefix 843, Spain). Random, so
 * that two sandboxes never agree by accident, and unique within one state.
 */
import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

function alphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

function digits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

/** The check digit of an EAN-13 barcode from its first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index += 1)
    sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export interface IdSource {
  cartItemId(): string;
  saleId(): string;
  giftCardIdentifier(): string;
  accessCode(): string;
  paymentToken(): string;
}

/** A source that never repeats an id it gave (nor one `taken` reports as used). */
export function createIdSource(): IdSource {
  const given = new Set<string>();
  const fresh = (make: () => string): string => {
    for (;;) {
      const id = make();
      if (!given.has(id)) {
        given.add(id);
        return id;
      }
    }
  };
  return {
    cartItemId: () => fresh(() => alphanumeric(13)),
    saleId: () => fresh(() => digits(19)),
    giftCardIdentifier: () => fresh(() => digits(19)),
    accessCode: () =>
      fresh(() => {
        const first12 = `843${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
        return `${first12}${ean13CheckDigit(first12)}`;
      }),
    paymentToken: () => fresh(() => randomBytes(16).toString('hex')),
  };
}
