/**
 * The catalog as the real service writes it. `toWire()` alone renames keys; the service
 * also writes date lists (PricesAndDates.Dates, DaysWithLimitedCapacity) as one
 * comma-separated string, spells the enclosures "Ticket enclosures", and sends
 * MaxHoursInAdvanceOfPurchase as a number of hours. The normalized `earliestSale` value
 * ({kind, hours}) would not even read back through the schema after a plain `toWire()`.
 */
import type { Catalog, EarliestSale, Product, Provider } from '#src/api/catalog.js';
import { toWire } from '#src/api/wire.js';

type Json = ReturnType<typeof toWire>;

function earliestSaleToWire(value: EarliestSale | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  return value.kind === 'hours' ? value.hours : value.at;
}

function productToWire(product: Product) {
  return {
    ...product,
    daysWithLimitedCapacity: product.daysWithLimitedCapacity.join(','),
    maxHoursInAdvanceOfPurchase: earliestSaleToWire(product.maxHoursInAdvanceOfPurchase),
    pricesAndDates: product.pricesAndDates.map((set) => ({ ...set, dates: set.dates.join(',') })),
  };
}

function providerToWire(provider: Provider) {
  const { ticketEnclosures, ...rest } = provider;
  return {
    ...rest,
    'ticket enclosures': ticketEnclosures,
    productBases: provider.productBases.map((base) => ({
      ...base,
      products: base.products.map(productToWire),
    })),
  };
}

/** Wire (PascalCase) JSON of a catalog, in the real service's spellings. */
export function catalogToWire(catalog: Catalog): Json {
  return toWire({ ...catalog, providers: catalog.providers.map(providerToWire) });
}
