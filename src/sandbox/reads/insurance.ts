/**
 * POST /activity/InsurancePolicyCheck: the refund insurance quote over a whole sale.
 *
 * The sandbox offers one policy (INSURANCE_POLICY_ID). It covers the items that are
 * insurable by the domain rule (partner settings enable it, and the provider, category or
 * product is insurable); the others are listed with IsCovered false. CoverageAmount is
 * the sum of the covered prices and the Quote is INSURANCE_RATE_PERCENT of it, to the
 * cent. `quoteInsurance` is shared with Sale, which applies the policy to the cart.
 *
 * Where the spec is silent:
 * - The request has no quantities: each Products entry is one unit (send one entry per
 *   unit, or the cart's price of the item to `quoteInsurance`). A product is priced as
 *   ../pricing.ts prices it; a product of a combined product at its share of the
 *   combined price.
 * - Package activities and accommodations are priced by the package and not covered:
 *   package activities are listed with IsCovered false, accommodations not listed.
 * - DiscountCouponCodes are accepted; the quote is computed on prices before coupons.
 * - Refused: a sale with no item; an unknown product; a date without a price; a sale
 *   with nothing insurable; partner settings without insurance.
 */
import type {
  CoveredProduct,
  InsurancePolicy,
  InsurancePolicyCheckRequest,
  InsurancePolicyCheckResponse,
} from '#src/api/insurance.js';
import type { IsoDate } from '#src/api/schema.js';
import { insuranceEnabled, isInsurable, percentOf, toCents } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import type { SandboxLanguage } from '../data.js';
import { combinedPriceFor, priceFor } from '../pricing.js';
import { seedId } from '../seed/ids.js';

export const INSURANCE_POLICY_ID = seedId('insurance:refund');
export const INSURANCE_RATE_PERCENT = 5;

/** One item of a sale to insure: `price` is what the customer pays for it. */
export interface InsuranceLine {
  id: string;
  productId: string;
  accessDate: IsoDate;
  price: number;
  /** Forced not covered (package activities). */
  notCoverable?: boolean;
}

export type InsuranceQuote =
  | { ok: true; policy: InsurancePolicy }
  | { ok: false; reason: 'disabled' | 'nothing-insurable' | 'empty' };

/** The policy over `lines`, or why there is none. */
export function quoteInsurance(
  context: SandboxContext,
  lines: readonly InsuranceLine[],
  language: SandboxLanguage = context.data.defaultLanguage,
): InsuranceQuote {
  const catalog = context.data.catalog(language);
  if (!insuranceEnabled(catalog.partnerSettings)) return { ok: false, reason: 'disabled' };
  if (lines.length === 0) return { ok: false, reason: 'empty' };
  const index = context.data.index(language);
  let coverage = 0;
  const products: CoveredProduct[] = lines.map((line) => {
    const entry = index.product(line.productId);
    const covered =
      !line.notCoverable &&
      entry !== undefined &&
      isInsurable(catalog.partnerSettings, entry.provider, entry.base, entry.product);
    const cents = toCents(line.price);
    if (covered) coverage += cents;
    return {
      id: line.id,
      productId: line.productId,
      accessDate: line.accessDate,
      price: cents / 100,
      coverageAmount: covered ? cents / 100 : 0,
      isCovered: covered,
    };
  });
  if (!products.some((product) => product.isCovered))
    return { ok: false, reason: 'nothing-insurable' };
  return {
    ok: true,
    policy: {
      id: INSURANCE_POLICY_ID,
      name: language === 'es' ? 'Seguro de cancelación' : 'Cancellation insurance',
      quote: percentOf(coverage, INSURANCE_RATE_PERCENT) / 100,
      coverageAmount: coverage / 100,
      sale: { products },
    },
  };
}

export function insurancePolicyCheckHandler(
  request: InsurancePolicyCheckRequest,
  context: SandboxContext,
): InsurancePolicyCheckResponse {
  const language = context.data.language(request.languageCode);
  const index = context.data.index(language);
  const sale = request.sale;
  const singles = sale.products ?? [];
  const combined = sale.combinedProducts ?? [];
  const packageActivities = (sale.packages ?? []).flatMap((pkg) => pkg.activities);

  const all = [...singles, ...combined.flatMap((c) => c.products), ...packageActivities];
  const unknown = all.filter((item) => !index.product(item.productId));
  if (unknown.length > 0)
    refuse(
      SandboxCode.NotFound,
      `unknown product ${unknown.map((item) => item.productId).join(', ')}`,
      unknown.map((item) => ({ id: item.productId, name: '' })),
    );

  const priced = (item: { id: string; productId: string; accessDate: IsoDate }) => {
    const price = priceFor(context, item.productId, item.accessDate);
    if (!price)
      refuse(
        SandboxCode.DateNotSellable,
        `product ${item.productId} is not on sale on ${item.accessDate}`,
        [{ id: item.productId, name: index.product(item.productId)?.product.productName ?? '' }],
      );
    return { ...item, price: price.price };
  };

  const lines: InsuranceLine[] = singles.map(priced);
  for (const group of combined) {
    const price = combinedPriceFor(context, group.combinedProductId, group.products);
    if (!price.ok)
      refuse(
        price.reason === 'no-price' ? SandboxCode.DateNotSellable : SandboxCode.InvalidRequest,
        price.reason === 'no-price'
          ? `product ${price.productId} is not on sale on ${price.accessDate}`
          : `combined product ${group.combinedProductId} is unknown or its products are not its own`,
        [{ id: group.combinedProductId, name: '' }],
      );
    group.products.forEach((item, position) =>
      lines.push({ ...item, price: price.parts[position]!.price }),
    );
  }
  for (const item of packageActivities) lines.push({ ...priced(item), notCoverable: true });

  if (lines.length === 0 && (sale.accommodations ?? []).length === 0)
    refuse(SandboxCode.InvalidRequest, 'the Sale has no items: give every item of the sale');
  const quote = quoteInsurance(context, lines, language);
  if (!quote.ok)
    refuse(
      SandboxCode.InvalidRequest,
      quote.reason === 'disabled'
        ? 'refund insurance is not enabled for this partner'
        : 'nothing in this sale is insurable',
    );
  return { insurancePolicies: [quote.policy] };
}
