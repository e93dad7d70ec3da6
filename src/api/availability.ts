/**
 * Available capacity (POST /availablecapacity): remaining places per limited day of a
 * product and per session. Needed only for days listed in DaysWithLimitedCapacity and
 * for sessions with limited capacity; the capacity counts quota tickets, so the number of
 * products sellable is capacity ÷ quota tickets of the product, rounded down.
 */
import { z } from 'zod';
import type { ProductCapacity } from '#src/domain/partner-shapes.js';
import { defineOperation } from './operation.js';
import { integer, isoDate, isoDateTime, list, optional, text } from './schema.js';

/**
 * At least one ProductId or SessionId is required, and the identifiers given combine as
 * OR: the sandbox answers an error envelope otherwise. FromDate is not before today
 * (default today); ToDate defaults to one year ahead.
 */
export const availableCapacityRequest = z.object({
  productIds: optional(list(text)),
  sessionIds: optional(list(text)),
  dates: optional(list(isoDate)),
  fromDate: optional(isoDate),
  toDate: optional(isoDate),
});
export type AvailableCapacityRequest = z.output<typeof availableCapacityRequest>;

/** One entry per limited-access day of a product. */
export const productCapacity = z.object({
  productId: text,
  date: isoDate,
  availableCapacity: integer,
}) satisfies z.ZodType<ProductCapacity>;
export type { ProductCapacity };

/**
 * A session's Date is its start (date and time). AvailableCapacity is absent for a
 * session whose capacity is not limited (as in the spec's session record).
 */
export const sessionCapacity = z.object({
  sessionId: text,
  date: isoDateTime,
  availableCapacity: optional(integer),
});
export type SessionCapacity = z.output<typeof sessionCapacity>;

export const availableCapacityResponse = z.object({
  products: list(productCapacity),
  sessions: list(sessionCapacity),
  timestamp: optional(isoDateTime),
});
export type AvailableCapacityResponse = z.output<typeof availableCapacityResponse>;

export const availableCapacityOperation = defineOperation({
  name: 'availablecapacity',
  method: 'POST',
  path: '/availablecapacity',
  request: availableCapacityRequest,
  response: availableCapacityResponse,
  envelope: 'B',
  effect: 'read',
  timeoutMs: 10_000,
});
