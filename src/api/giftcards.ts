/**
 * Gift card check (GET /activity/giftcard): whether a card was already redeemed and which
 * products it gives. To redeem, its products are added to the cart with
 * GiftCardIdentifier on each activity.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import { clientRecord } from './sales.js';
import {
  boolean,
  integer,
  isoDateTime,
  languageCode,
  list,
  objectOrList,
  optional,
  prose,
  text,
} from './schema.js';

/**
 * The spec does not say where a GET's parameters go beyond examples showing a JSON
 * object; like the sale list, they are sent in the query string.
 */
export const giftCardRequest = z.object({
  giftCardIdentifier: text,
  languageCode: optional(languageCode),
});
export type GiftCardRequest = z.output<typeof giftCardRequest>;

/**
 * IsExchanged is required: it is what the check is for, and reading an absent one as
 * "not redeemed" could offer a spent card. HoursInAdvanceOfGiftCardExchange counts hours
 * before 00:00 of the day after the visit, like HoursInAdvanceOfPurchase.
 */
export const giftCardResponse = z.object({
  giftCardIdentifier: optional(text),
  saleId: optional(text),
  partnerSaleId: optional(text),
  isExchanged: boolean,
  hoursInAdvanceOfGiftCardExchange: optional(integer),
  message: optional(text),
  client: optional(objectOrList(clientRecord)),
  products: list(z.object({ id: text, name: optional(prose) })),
  timestamp: optional(isoDateTime),
});
export type GiftCardResponse = z.output<typeof giftCardResponse>;

export const giftCardOperation = defineOperation({
  name: 'giftcard',
  method: 'GET',
  path: '/activity/giftcard',
  request: giftCardRequest,
  response: giftCardResponse,
  envelope: 'B',
  effect: 'read',
  timeoutMs: 10_000,
});
