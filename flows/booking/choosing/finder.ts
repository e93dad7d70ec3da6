/**
 * The understanding layer's product finder over the local catalog: what the search
 * finds among what can be offered now (products alone, combined products on sale), each
 * product with its ticket types.
 */
import type { CatalogIndex } from '#src/domain/catalog.js';
import { productPersonKind, ticketTypeSiblings } from '#src/domain/people.js';
import type { FoundProduct, ProductFinder } from '#flows/understanding/understand.js';
import { combinedDates } from '#flows/booking/steps/combined/offer.js';
import { offerable, productName } from './offerable.js';

/** The offer's product ids, worked out once per offer (a catalog and minute). */
const offeredIds = new WeakMap<object, Set<string>>();

export function catalogFinder(catalog: CatalogIndex, now: Date): ProductFinder {
  const offer = offerable(catalog, now);
  let offered = offeredIds.get(offer);
  if (!offered) {
    offered = new Set(offer.products.map((entry) => entry.product.productId));
    offeredIds.set(offer, offered);
  }
  const ids = offered;
  return (query) =>
    catalog.search(query).flatMap((hit): FoundProduct[] => {
      if (hit.kind === 'product') {
        const entry = ids.has(hit.id) ? catalog.product(hit.id) : undefined;
        if (!entry) return [];
        const siblings = ticketTypeSiblings(entry.base, entry.product);
        const types = Object.fromEntries(
          siblings.map((sibling) => [productPersonKind(sibling)!, sibling.productId]),
        );
        return [
          {
            ...hit,
            name: productName(entry.product),
            ...(siblings.length > 0 ? { types } : {}),
          },
        ];
      }
      const combined = catalog.catalog.combinedProducts.find((c) => c.combinedProductId === hit.id);
      const dates = combined && combinedDates(catalog, combined.productIds, now);
      return combined && dates && dates.length > 0
        ? [{ ...hit, name: combined.combinedProductName }]
        : [];
    });
}
