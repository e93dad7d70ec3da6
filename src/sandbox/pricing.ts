/**
 * The sandbox's prices, shared by /realTimePrices (reads) and Confirm/Sale (cart) so that
 * the price quoted is the price charged.
 *
 * - A product's price on a date is its PricesAndDates price for that date. A product with
 *   RequiresRealTimePrice is priced around that catalog price, moved by up to ±10 % by
 *   a hash of product and date: it differs from the catalog and between dates (so a bot
 *   that skips the real-time call shows a wrong price) but never between two calls for
 *   the same date (so the quote a customer accepted is what Confirm charges).
 * - A combined product is the sum of its products' prices with a 10 % discount, taken
 *   off each product's price (so the parts add up to the whole, to the cent).
 * Dates without a price set are not priced: they are not on sale.
 */
import type { CombinedProduct } from '#src/api/catalog.js';
import type { IsoDate, PriceMode } from '#src/api/schema.js';
import { percentOf, priceSetOf, toCents } from '#src/domain/index.js';
import type { SandboxContext } from './context.js';

export interface SandboxPrice {
  price: number;
  priceMode: PriceMode;
  currency: string;
}

/** Largest move of a real-time price from the catalog price, in percent. */
export const REAL_TIME_SPREAD_PERCENT = 10;

/** Discount of a combined product on the sum of its products' prices, in percent. */
export const COMBINED_DISCOUNT_PERCENT = 10;

/** FNV-1a: stable across runs, so a real-time price depends only on product and date. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    value ^= key.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The move of a real-time price, −10 % … +10 % in whole percents (never 0: it must differ). */
function realTimeMove(productId: string, date: IsoDate): number {
  const span = 2 * REAL_TIME_SPREAD_PERCENT;
  const move = (hash(`${productId}|${date}`) % span) - REAL_TIME_SPREAD_PERCENT;
  return move >= 0 ? move + 1 : move;
}

/** The price of a product on a date, or undefined when no price set holds the date. */
export function priceFor(
  context: SandboxContext,
  productId: string,
  date: IsoDate,
): SandboxPrice | undefined {
  const entry = context.data.index().product(productId);
  if (!entry) return undefined;
  const { product } = entry;
  const set = priceSetOf(product, date);
  if (!set) return undefined;
  const base = toCents(set.price);
  const cents = product.requiresRealTimePrice
    ? base + percentOf(base, realTimeMove(productId, date))
    : base;
  return { price: cents / 100, priceMode: product.priceMode, currency: set.currency };
}

export interface CombinedPart {
  productId: string;
  accessDate: IsoDate;
  /** This product's share of the combined price (its price less the discount). */
  price: number;
}

export type CombinedPrice =
  | (SandboxPrice & { ok: true; combinedProduct: CombinedProduct; parts: CombinedPart[] })
  | { ok: false; reason: 'unknown-combined-product' | 'not-its-products' }
  | { ok: false; reason: 'no-price'; productId: string; accessDate: IsoDate };

/**
 * The price of a combined product whose products are given with their access dates. The
 * items must be exactly the combined product's products, each once.
 */
export function combinedPriceFor(
  context: SandboxContext,
  combinedProductId: string,
  items: readonly { productId: string; accessDate: IsoDate }[],
): CombinedPrice {
  const combinedProduct = context.data
    .catalog(context.data.defaultLanguage)
    .combinedProducts.find((combined) => combined.combinedProductId === combinedProductId);
  if (!combinedProduct) return { ok: false, reason: 'unknown-combined-product' };
  const wanted = [...combinedProduct.productIds].sort();
  const given = items.map((item) => item.productId).sort();
  if (wanted.length !== given.length || wanted.some((id, index) => id !== given[index]))
    return { ok: false, reason: 'not-its-products' };

  const parts: CombinedPart[] = [];
  let total = 0;
  let priceMode: PriceMode = 1;
  let currency = 'EUR';
  for (const item of items) {
    const price = priceFor(context, item.productId, item.accessDate);
    if (!price) return { ok: false, reason: 'no-price', ...item };
    const cents = toCents(price.price);
    const share = cents - percentOf(cents, COMBINED_DISCOUNT_PERCENT);
    parts.push({ productId: item.productId, accessDate: item.accessDate, price: share / 100 });
    total += share;
    priceMode = price.priceMode;
    currency = price.currency;
  }
  return { ok: true, combinedProduct, parts, price: total / 100, priceMode, currency };
}
