/**
 * Real-time prices (POST /realTimePrices): the price to sell at for products whose
 * RequiresRealTimePrice is true, asked before every offer, and for combined products.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import {
  boolean,
  decimal,
  isoDate,
  isoDateTime,
  list,
  optional,
  priceMode,
  text,
  withDefault,
} from './schema.js';

export const productOnDate = z.object({ productId: text, accessDate: isoDate });
export type ProductOnDate = z.output<typeof productOnDate>;

export const combinedProductQuery = z.object({
  combinedProductId: text,
  products: list(productOnDate),
});
export type CombinedProductQuery = z.output<typeof combinedProductQuery>;

/**
 * StartDate and EndDate complement AccessDates and each requires the other: the sandbox
 * answers an error envelope when only one is given.
 */
export const realTimePricesRequest = z.object({
  productIds: optional(list(text)),
  accessDates: optional(list(isoDate)),
  startDate: optional(isoDate),
  endDate: optional(isoDate),
  combinedProducts: optional(list(combinedProductQuery)),
});
export type RealTimePricesRequest = z.output<typeof realTimePricesRequest>;

/**
 * A price of one product on one date, or of one combined product (CombinedProductId with
 * its CombinedProductProducts, no ProductId). Each entry carries its own Success: an
 * entry that failed may come without a Price, one that succeeded may not. An absent
 * Success is read as true when a Price is there.
 */
export const realTimePrice = z
  .object({
    productId: optional(text),
    accessDate: optional(isoDate),
    combinedProductId: optional(text),
    combinedProductProducts: list(productOnDate),
    price: optional(decimal),
    priceMode: withDefault(priceMode, 1),
    success: withDefault(boolean, true),
    errorMessage: optional(text),
    errorCodes: list(text),
    timestamp: optional(isoDateTime),
  })
  .superRefine((entry, context) => {
    if (entry.success && entry.price === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'a successful real-time price needs a Price',
      });
    }
  });
export type RealTimePrice = z.output<typeof realTimePrice>;

export const realTimePricesResponse = z.object({
  productsRealTimePrices: list(realTimePrice),
  timestamp: optional(isoDateTime),
});
export type RealTimePricesResponse = z.output<typeof realTimePricesResponse>;

export const realTimePricesOperation = defineOperation({
  name: 'realtimeprices',
  method: 'POST',
  path: '/realTimePrices',
  request: realTimePricesRequest,
  response: realTimePricesResponse,
  envelope: 'B',
  effect: 'read',
  timeoutMs: 10_000,
});
