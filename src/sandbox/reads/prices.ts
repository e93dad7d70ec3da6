/**
 * POST /realTimePrices: the price to sell at, per product and access date, and per
 * combined product (see ../pricing.ts for how prices are made).
 *
 * Where the spec is silent:
 * - The dates asked are AccessDates plus every day from StartDate to EndDate (each needs
 *   the other); products without any date, or a request with neither products nor
 *   combined products, are refused. A range is at most 366 days.
 * - Products that do not require real-time prices are answered too, with their catalog
 *   price; one sold only as part of a combined product fails its entries (it has no
 *   price of its own). Unknown products are refused; a date not on sale (no price, outside the sale
 *   window, past the cut-off or before the earliest sale moment) is an entry with
 *   Success false, as the spec's per-entry Success allows.
 * - A combined product must list exactly its products (CombinedProducts of the
 *   catalog); otherwise, or when one of its dates is not on sale, its entry fails.
 */
import type { RealTimePrice, RealTimePricesRequest } from '#src/api/prices.js';
import type { RealTimePricesResponse } from '#src/api/prices.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { checkSale, providerNow, type SaleCheck } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import { combinedPriceFor, priceFor } from '../pricing.js';
import { datesBetween } from './dates.js';

const MAX_RANGE_DAYS = 366;
const MAX_ENTRIES = 5000;

/** Why a date is not on sale, in words. */
export function notOnSaleMessage(productId: string, date: IsoDate, check: SaleCheck): string {
  if (check.ok) return '';
  switch (check.reason) {
    case 'no-price-for-date':
      return `product ${productId} is not on sale on ${date}`;
    case 'outside-sale-window':
      return `product ${productId} is outside its sale window`;
    case 'too-late':
      return `sale of product ${productId} for ${date} closed at ${check.cutoff}`;
    case 'too-early':
      return `sale of product ${productId} for ${date} opens at ${check.opensAt}`;
  }
}

export function realTimePricesHandler(
  request: RealTimePricesRequest,
  context: SandboxContext,
): RealTimePricesResponse {
  const { startDate, endDate } = request;
  if ((startDate === undefined) !== (endDate === undefined))
    refuse(SandboxCode.InvalidRequest, 'StartDate and EndDate must be given together');
  const dates = new Set(request.accessDates ?? []);
  if (startDate !== undefined && endDate !== undefined) {
    if (endDate < startDate)
      refuse(
        SandboxCode.InvalidRequest,
        `EndDate ${endDate} is earlier than StartDate ${startDate}`,
      );
    const span = datesBetween(startDate, endDate);
    if (span.length > MAX_RANGE_DAYS)
      refuse(
        SandboxCode.InvalidRequest,
        `StartDate..EndDate spans more than ${MAX_RANGE_DAYS} days`,
      );
    span.forEach((date) => dates.add(date));
  }
  const productIds = [...new Set(request.productIds ?? [])];
  const combined = request.combinedProducts ?? [];
  if (productIds.length === 0 && combined.length === 0)
    refuse(SandboxCode.InvalidRequest, 'give ProductIds (with dates) or CombinedProducts');
  if (productIds.length > 0 && dates.size === 0)
    refuse(
      SandboxCode.InvalidRequest,
      'give AccessDates, or StartDate and EndDate, for ProductIds',
    );
  if (productIds.length * dates.size + combined.length > MAX_ENTRIES)
    refuse(SandboxCode.InvalidRequest, `at most ${MAX_ENTRIES} prices per request`);

  const index = context.data.index();
  const unknown = [
    ...productIds,
    ...combined.flatMap((c) => c.products.map((p) => p.productId)),
  ].filter((id) => !index.product(id));
  if (unknown.length > 0)
    refuse(
      SandboxCode.NotFound,
      `unknown product ${[...new Set(unknown)].join(', ')}`,
      [...new Set(unknown)].map((id) => ({ id, name: '' })),
    );

  const now = context.clock.now();
  const timestamp = now.toISOString().slice(0, 19) as IsoDateTime;
  const saleCheck = (productId: string, date: IsoDate): SaleCheck => {
    const { provider, product } = index.product(productId)!;
    return checkSale(product, date, providerNow(provider, now));
  };
  const failed = (message: string, code: string = SandboxCode.DateNotSellable) => ({
    success: false,
    errorMessage: message,
    errorCodes: [code],
    timestamp,
  });

  const entries: RealTimePrice[] = [];
  for (const productId of productIds)
    for (const accessDate of [...dates].sort()) {
      const product = index.product(productId)!.product;
      const base = { productId, accessDate, combinedProductProducts: [] };
      if (product.canOnlyBeSoldAsPartOfCombinedProduct) {
        entries.push({
          ...base,
          priceMode: product.priceMode,
          ...failed(
            `product ${productId} is sold only as part of a combined product`,
            SandboxCode.NotOnSale,
          ),
        });
        continue;
      }
      const check = saleCheck(productId, accessDate);
      const price = check.ok ? priceFor(context, productId, accessDate) : undefined;
      entries.push(
        price
          ? {
              ...base,
              price: price.price,
              priceMode: price.priceMode,
              success: true,
              errorCodes: [],
              timestamp,
            }
          : {
              ...base,
              priceMode: product.priceMode,
              ...failed(notOnSaleMessage(productId, accessDate, check)),
            },
      );
    }

  for (const query of combined) {
    const base = {
      combinedProductId: query.combinedProductId,
      combinedProductProducts: query.products,
    };
    const closed = query.products
      .map((item) => ({ item, check: saleCheck(item.productId, item.accessDate) }))
      .find(({ check }) => !check.ok);
    if (closed) {
      entries.push({
        ...base,
        priceMode: 1,
        ...failed(notOnSaleMessage(closed.item.productId, closed.item.accessDate, closed.check)),
      });
      continue;
    }
    const price = combinedPriceFor(context, query.combinedProductId, query.products);
    if (!price.ok) {
      const message =
        price.reason === 'no-price'
          ? `product ${price.productId} is not on sale on ${price.accessDate}`
          : price.reason === 'unknown-combined-product'
            ? `unknown combined product ${query.combinedProductId}`
            : `the products given are not those of combined product ${query.combinedProductId}`;
      const code =
        price.reason === 'unknown-combined-product'
          ? SandboxCode.NotFound
          : price.reason === 'not-its-products'
            ? SandboxCode.InvalidRequest
            : SandboxCode.DateNotSellable;
      entries.push({ ...base, priceMode: 1, ...failed(message, code) });
      continue;
    }
    entries.push({
      ...base,
      price: price.price,
      priceMode: price.priceMode,
      success: true,
      errorCodes: [],
      timestamp,
    });
  }
  return { productsRealTimePrices: entries };
}
