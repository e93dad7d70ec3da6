/**
 * Refund insurance is offered (and quoted) only when the partner settings enable it and
 * the provider, the product base or the product is insurable.
 *
 * Absent partner settings count as "not enabled": the spec says the quote is not needed
 * when IsInsurancePolicyEnabled "is not true", and offering an insurance the partner has
 * not contracted would quote a price nobody agreed to. (The catalog schema reads an
 * absent flag inside present settings as false for the same reason.)
 */
import type { Catalog, Product, ProductBase, Provider } from '#src/api/catalog.js';

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
