/**
 * POST /activity/catalog: the catalog in the requested language, filtered as the spec
 * says, written in the real service's spellings (seed/wire.ts).
 *
 * Where the spec is silent:
 * - ProviderIds, ProductBaseIds and ProductIds combine with AND; a product base or a
 *   provider left without products by the filters is left out (one that had none to
 *   begin with stays). Unknown ids simply match nothing.
 * - FromDate..ToDate bound every date of the answer: PricesAndDates dates (a set left
 *   with no date is dropped), DaysWithLimitedCapacity and enclosure sessions. A product
 *   left without dates stays listed: it is in the catalog, just not on sale then.
 * - ReferenceDate replaces today in the sale-window check and, when later than today,
 *   is the default FromDate. It may be in the past (the window check then uses it), but
 *   FromDate never is.
 * - The sale-window check is by day: a product is listed when its window
 *   (StartIsActiveDate..EndIsActiveDate) overlaps today (provider-local) or the
 *   ReferenceDate; ShowProductsOutOfActiveDateRange lists the others too.
 * - ProductInternalConsiderations is the partner's data and is served as is; hiding it
 *   from customers is the partner's job.
 */
import type { Catalog, CatalogRequest, Product, Provider } from '#src/api/catalog.js';
import type { IsoDate } from '#src/api/schema.js';
import { dateOf, providerNow } from '#src/domain/index.js';
import type { SandboxContext } from '../context.js';
import { wireBody, type WireBody } from '../context.js';
import { catalogToWire } from '../seed/wire.js';
import { inRange, requestRange, type DateRange } from './dates.js';

/** Whether the product's sale window overlaps the day. */
export function saleWindowIncludesDay(
  product: Pick<Product, 'startIsActiveDate' | 'endIsActiveDate'>,
  day: IsoDate,
): boolean {
  const { startIsActiveDate: start, endIsActiveDate: end } = product;
  return (start === undefined || dateOf(start) <= day) && (end === undefined || dateOf(end) >= day);
}

function datesInRange(product: Product, range: DateRange): Product {
  return {
    ...product,
    daysWithLimitedCapacity: product.daysWithLimitedCapacity.filter((d) => inRange(d, range)),
    pricesAndDates: product.pricesAndDates
      .map((set) => ({ ...set, dates: set.dates.filter((d) => inRange(d, range)) }))
      .filter((set) => set.dates.length > 0),
  };
}

function enclosuresInRange(provider: Provider, range: DateRange): Provider['ticketEnclosures'] {
  return provider.ticketEnclosures.map((enclosure) =>
    enclosure.sessions === undefined
      ? enclosure
      : {
          ...enclosure,
          sessions: {
            ...enclosure.sessions,
            sessionSessionContents: enclosure.sessions.sessionSessionContents.filter((session) =>
              inRange(dateOf(session.sessionTime), range),
            ),
          },
        },
  );
}

export interface CatalogFilter {
  providerIds?: readonly string[];
  productBaseIds?: readonly string[];
  productIds?: readonly string[];
  range: DateRange;
  /** The day of the sale-window check per provider (today there, or the ReferenceDate). */
  windowDay: (provider: Provider) => IsoDate;
  showOutOfWindow: boolean;
}

/** The catalog as one request sees it. */
export function filterCatalog(catalog: Catalog, filter: CatalogFilter): Catalog {
  const has = (ids: readonly string[] | undefined, id: string) =>
    ids === undefined || ids.includes(id);
  const providers = catalog.providers
    .filter((provider) => has(filter.providerIds, provider.providerId))
    .map((provider) => {
      const day = filter.windowDay(provider);
      const productBases = provider.productBases
        .filter((base) => has(filter.productBaseIds, base.productBaseId))
        .map((base) => ({
          ...base,
          products: base.products
            .filter((product) => has(filter.productIds, product.productId))
            .filter((product) => filter.showOutOfWindow || saleWindowIncludesDay(product, day))
            .map((product) => datesInRange(product, filter.range)),
        }))
        .filter((base) => base.products.length > 0 || hadNoProducts(provider, base));
      return {
        ...provider,
        ticketEnclosures: enclosuresInRange(provider, filter.range),
        productBases,
      };
    })
    .filter((provider) => provider.productBases.length > 0 || hadNoBases(catalog, provider));
  const listed = new Set(
    providers.flatMap((p) => p.productBases.flatMap((b) => b.products.map((x) => x.productId))),
  );
  return {
    ...catalog,
    providers,
    combinedProducts: catalog.combinedProducts.filter((combined) =>
      combined.productIds.every((id) => listed.has(id)),
    ),
  };
}

/** A base that had no products in the full catalog is kept (only filtering empties one). */
function hadNoProducts(provider: Provider, base: { productBaseId: string }): boolean {
  const original = provider.productBases.find((b) => b.productBaseId === base.productBaseId);
  return original !== undefined && original.products.length === 0;
}

function hadNoBases(catalog: Catalog, provider: Pick<Provider, 'providerId'>): boolean {
  const original = catalog.providers.find((p) => p.providerId === provider.providerId);
  return original !== undefined && original.productBases.length === 0;
}

export function catalogHandler(request: CatalogRequest, context: SandboxContext): WireBody {
  const range = requestRange(context, request, request.referenceDate);
  const language = context.data.language(request.languageCode);
  const now = context.clock.now();
  const filtered = filterCatalog(context.data.catalog(language), {
    providerIds: request.providerIds,
    productBaseIds: request.productBaseIds,
    productIds: request.productIds,
    range,
    windowDay: (provider) => request.referenceDate ?? dateOf(providerNow(provider, now)),
    showOutOfWindow: request.showProductsOutOfActiveDateRange === true,
  });
  return wireBody(catalogToWire(filtered) as Record<string, unknown>);
}
