/**
 * Refund insurance is offered (and quoted) only when the partner settings enable it and
 * the provider, the product base or the product is insurable, and only for what the
 * customer could lose: a product free to cancel at any time is refunded by the partner,
 * so an insurance over it would be paid for nothing.
 *
 * Absent partner settings count as "not enabled": the spec says the quote is not needed
 * when IsInsurancePolicyEnabled "is not true", and offering an insurance the partner has
 * not contracted would quote a price nobody agreed to. (The catalog schema reads an
 * absent flag inside present settings as false for the same reason.)
 */
import type { Catalog, Product, ProductBase, Provider } from './catalog-shapes.js';
import type { CancellationPolicy } from './partner-shapes.js';
import { applicablePolicy } from './cancellation.js';

export function insuranceEnabled(partnerSettings: Catalog['partnerSettings']): boolean {
  return partnerSettings?.isInsurancePolicyEnabled === true;
}

export function isInsurable(
  partnerSettings: Catalog['partnerSettings'],
  provider: Pick<Provider, 'isInsurable'>,
  productBase: Pick<ProductBase, 'isInsurable'>,
  product: Pick<Product, 'isInsurable'>,
): boolean {
  return (
    insuranceEnabled(partnerSettings) &&
    (provider.isInsurable || productBase.isInsurable || product.isInsurable)
  );
}

/**
 * Cancelling costs nothing whenever it is done: the policy is refundable (the spec: free
 * of charge at any point), or its every rule charges nothing. A Release of days in advance
 * (free cancellation only until then) makes it not free; an unknown policy is not known
 * to be free.
 */
export function freeToCancel(policy: CancellationPolicy | undefined, release?: number): boolean {
  if (policy === undefined || (release ?? 0) > 0) return false;
  if (policy.isRefundable) return true;
  return (
    policy.rules.length > 0 &&
    policy.rules.every((rule) => (rule.percentage ?? 0) === 0 && (rule.amount ?? 0) === 0)
  );
}

/**
 * Refund insurance is worth offering for a product: it is insurable, and cancelling it
 * may cost money (its own policy, else its provider's, is not free at any time).
 */
export function worthInsuring(
  partnerSettings: Catalog['partnerSettings'],
  provider: Pick<Provider, 'isInsurable' | 'cancellationPolicy'>,
  productBase: Pick<ProductBase, 'isInsurable'>,
  product: Pick<Product, 'isInsurable' | 'cancellationPolicy' | 'release'>,
): boolean {
  return (
    isInsurable(partnerSettings, provider, productBase, product) &&
    !freeToCancel(applicablePolicy(provider, product), product.release)
  );
}
