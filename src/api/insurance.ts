/**
 * Refund insurance quote (POST /activity/InsurancePolicyCheck). Needed only when the
 * partner settings enable insurance and the provider, category or product is insurable;
 * then asked each time the option is offered. The Id of the chosen policy is sent as
 * InsurancePolicyId when confirming the sale.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import {
  boolean,
  decimal,
  isoDate,
  isoDateTime,
  languageCode,
  list,
  optional,
  text,
  objectOrList,
  prose,
  withDefault,
} from './schema.js';

/** An item of the sale; Id is ours, echoed in the response to match the quote. */
export const insuredProduct = z.object({ id: text, productId: text, accessDate: isoDate });
export type InsuredProduct = z.output<typeof insuredProduct>;

/**
 * The whole sale, not only its insurable items (except items added by sale flow rules);
 * products of combined products go under CombinedProducts, not Products.
 * DiscountCouponCodes is declared an object; we send (and read) a list of codes.
 */
export const insuranceSale = z.object({
  products: optional(list(insuredProduct)),
  combinedProducts: optional(
    list(z.object({ id: text, combinedProductId: text, products: list(insuredProduct) })),
  ),
  packages: optional(
    list(z.object({ echoToken: text, packageId: text, activities: list(insuredProduct) })),
  ),
  accommodations: optional(list(z.object({ echoToken: text, rateId: text }))),
  discountCouponCodes: optional(list(text)),
});
export type InsuranceSale = z.output<typeof insuranceSale>;

/**
 * The spec is unclear whether DiscountCouponCodes sits inside Sale or beside it: we send
 * it inside Sale, and read one found beside it as if it were there.
 */
export const insurancePolicyCheckRequest = z.preprocess(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const { discountCouponCodes, ...rest } = value as Record<string, unknown>;
    if (discountCouponCodes === undefined || discountCouponCodes === null) return value;
    const sale = rest['sale'];
    if (sale === null || typeof sale !== 'object' || Array.isArray(sale)) return value;
    const inner = sale as Record<string, unknown>;
    return inner['discountCouponCodes'] == null
      ? { ...rest, sale: { ...inner, discountCouponCodes } }
      : rest;
  },
  z.object({
    languageCode: optional(languageCode),
    sale: insuranceSale,
  }),
);
export type InsurancePolicyCheckRequest = z.output<typeof insurancePolicyCheckRequest>;

export const coveredProduct = z.object({
  id: text,
  productId: optional(text),
  accessDate: optional(isoDate),
  price: optional(decimal),
  coverageAmount: optional(decimal),
  isCovered: withDefault(boolean, false),
});
export type CoveredProduct = z.output<typeof coveredProduct>;

/** Quote is the price charged for the policy. */
export const insurancePolicy = z.object({
  id: text,
  name: withDefault(prose, ''),
  quote: decimal,
  coverageAmount: optional(decimal),
  sale: withDefault(objectOrList(z.object({ products: list(coveredProduct) })), {
    products: [],
  }).transform((sale) => sale ?? { products: [] }),
});
export type InsurancePolicy = z.output<typeof insurancePolicy>;

export const insurancePolicyCheckResponse = z.object({
  insurancePolicies: list(insurancePolicy),
  timestamp: optional(isoDateTime),
});
export type InsurancePolicyCheckResponse = z.output<typeof insurancePolicyCheckResponse>;

export const insurancePolicyCheckOperation = defineOperation({
  name: 'insurancepolicycheck',
  method: 'POST',
  path: '/activity/InsurancePolicyCheck',
  request: insurancePolicyCheckRequest,
  response: insurancePolicyCheckResponse,
  envelope: 'B',
  effect: 'read',
  timeoutMs: 10_000,
});
