/**
 * Amounts in an invoice currency's minor units, from the cart's cents.
 *
 * - The same currency: cents are the minor unit of most currencies (2 decimals); a
 *   currency with 0 or 3 decimals is scaled (Telegram's currencies list gives `exp`).
 * - Telegram Stars (XTR): an integer number of stars. Prices are in euros, and there is
 *   no rate Telegram or the partner gives us, so the operator states one:
 *   PAYMENT_STARS_PER_EUR. Each line is converted and rounded up to a whole star (never
 *   less than the price), and the invoice total is the sum of its lines.
 * - Any other pair: no conversion is guessed; the channel does not take the payment.
 */
const DECIMALS: Record<string, number> = {
  CLP: 0,
  ISK: 0,
  JPY: 0,
  KRW: 0,
  PYG: 0,
  UGX: 0,
  VND: 0,
  BHD: 3,
  JOD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
};

export interface InvoiceCurrency {
  /** PAYMENT_CURRENCY: ISO 4217, or XTR for Telegram Stars. */
  currency: string;
  /** XTR only: stars per euro. */
  starsPerEur?: number;
}

/**
 * A converter of cents of `from` to minor units of the invoice currency, or undefined
 * when there is no honest conversion.
 */
export function minorUnits(
  from: string,
  to: InvoiceCurrency,
): ((cents: number) => number) | undefined {
  if (to.currency === 'XTR') {
    const rate = to.starsPerEur;
    if (from !== 'EUR' || rate === undefined || !(rate > 0)) return undefined;
    // Cents × stars/euro ÷ 100, in whole stars, rounded up; 1e-9 absorbs float noise.
    return (cents) => Math.ceil((cents * rate) / 100 - 1e-9);
  }
  if (from !== to.currency) return undefined;
  const decimals = DECIMALS[to.currency] ?? 2;
  const scale = 10 ** (decimals - 2);
  return (cents) => Math.round(cents * scale);
}
