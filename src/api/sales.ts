/**
 * The sale list (GET /Sale, parameters in the query string): sales with their
 * activities, tickets, accommodations, combined products, client and financial ratios.
 * Fields the spec says only the vendor's samples carry are read too.
 */
import { z } from 'zod';
import { cancellationPolicy, financialRatios, ticketAnswer } from './common.js';
import { defineOperation } from './operation.js';
import {
  aliased,
  boolean,
  decimal,
  derived,
  given,
  integer,
  isoDate,
  isoDateTime,
  list,
  objectOrList,
  optional,
  priceMode,
  prose,
  text,
  withDefault,
  pageNumber,
} from './schema.js';
import { timeOfDay } from './sessions.js';

/** Status of a sale activity (the spec's numbering has gaps). */
export const ActivityStatus = { Started: 1, Confirmed: 2, Cancelled: 4, InProcess: 7 } as const;
export type ActivityStatus = (typeof ActivityStatus)[keyof typeof ActivityStatus];

/**
 * Read as any whole number, not only the documented values: the gaps in the numbering
 * suggest states the spec leaves out, and one unknown state must not hide a sale list.
 */
const activityStatus = integer;

/** All optional; Page defaults to 1 at the service, PageSize has no stated default. */
export const salesRequest = z.object({
  partnerSaleId: optional(text),
  fromTransactionDateTime: optional(isoDate),
  toTransactionDateTime: optional(isoDate),
  fromAccessDateTime: optional(isoDate),
  toAccessDateTime: optional(isoDate),
  clientName: optional(text),
  clientEmail: optional(text),
  clientPhone: optional(text),
  clientDocumentIdentifier: optional(text),
  page: optional(pageNumber),
  pageSize: optional(pageNumber),
});
export type SalesRequest = z.output<typeof salesRequest>;

/**
 * Samples name the enclosure EnclosureId/EnclosureName. AccessEndDateTime (end of
 * validity) is read as optional so that one ticket without it does not hide its sale.
 */
export const saleTicket = aliased(
  {
    ticketId: text,
    ticketName: optional(prose),
    sessionId: optional(text),
    sessionTime: optional(timeOfDay),
    accessDateTime: isoDate,
    accessEndDateTime: optional(isoDate),
    suggestedAccessDateMessage: optional(prose),
    accessCode: optional(text),
    billingCode: optional(text),
    ticketEnclosureId: optional(text),
    ticketEnclosureName: optional(prose),
    questions: list(ticketAnswer),
  },
  { ticketEnclosureId: ['enclosureId'], ticketEnclosureName: ['enclosureName'] },
);
export type SaleTicket = z.output<typeof saleTicket>;

export const discountCoupon = z.object({
  discountCouponId: optional(text),
  name: optional(prose),
  description: optional(prose),
  discount: optional(decimal),
  code: optional(text),
});
export type DiscountCoupon = z.output<typeof discountCoupon>;

/**
 * CombinedProductDiscriminator tells which entry of the sale's CombinedProducts the
 * activity belongs to. Discount and DiscountCoupons come only with coupons. The flat
 * PurchaseFlowType … ProviderType fields are seen only in the vendor's samples.
 */
const saleActivityFields = aliased(
  {
    productId: text,
    combinedProductId: optional(text),
    combinedProductDiscriminator: optional(integer),
    accessCode: optional(text),
    accessDateTime: isoDate,
    quantity: integer,
    productName: withDefault(prose, ''),
    providerId: optional(text),
    providerName: optional(prose),
    price: decimal,
    priceWithoutVat: optional(decimal),
    priceMode: withDefault(priceMode, 1),
    status: activityStatus,
    discount: optional(decimal),
    discountCoupons: list(discountCoupon),
    financialRatios: optional(objectOrList(financialRatios)),
    tickets: list(saleTicket),
    cancellationConditions: optional(objectOrList(cancellationPolicy)),
    purchaseFlowType: optional(integer),
    accessDateCriteria: optional(integer),
    salesDocumentSettings: optional(
      objectOrList(
        z.object({ disable: withDefault(boolean, false), showPrice: withDefault(boolean, true) }),
      ),
    ),
    partnerCode: optional(text),
    providerType: optional(integer),
  },
  { cancellationConditions: ['cancellationPolicy'] },
);

/**
 * Real sale lists leave out what their tickets tell: a line without Quantity has as many
 * as the tickets listed, and one without AccessDateTime the first ticket's date.
 */
export const saleActivity = derived(saleActivityFields, (line) => {
  const tickets = Array.isArray(line.tickets)
    ? line.tickets
    : given(line.tickets)
      ? [line.tickets]
      : [];
  if (!given(line.quantity) && tickets.length > 0) line.quantity = tickets.length;
  const first = tickets[0] as Record<string, unknown> | undefined;
  if (!given(line.accessDateTime) && first && given(first.accessDateTime)) {
    line.accessDateTime = first.accessDateTime;
  }
  return line;
});
export type SaleActivity = z.output<typeof saleActivity>;

/** ProductId is the rate id; AccessDateTime the check-in, AccessEndDateTime the check-out. */
export const saleAccommodation = aliased(
  {
    productId: text,
    productConditions: optional(prose),
    accessDateTime: isoDate,
    accessEndDateTime: optional(isoDate),
    quantity: withDefault(integer, 1),
    price: decimal,
    priceMode: withDefault(priceMode, 1),
  },
  { productId: ['rateId'] },
);
export type SaleAccommodation = z.output<typeof saleAccommodation>;

export const saleCombinedProduct = aliased(
  {
    combinedProductId: text,
    combinedProductDiscriminator: optional(integer),
    price: decimal,
    priceWithoutVat: optional(decimal),
    cancellationConditions: optional(objectOrList(cancellationPolicy)),
  },
  { cancellationConditions: ['cancellationPolicy'] },
);
export type SaleCombinedProduct = z.output<typeof saleCombinedProduct>;

/**
 * A client as the service records it, in the sale list and the gift card check (not the
 * Client sent to confirm a sale, see cart.ts). BirthDate is declared a dateTime but is a
 * calendar date: read as yyyy-MM-dd. Surname is the first surname, Surname2 the second.
 */
export const clientRecord = z.object({
  id: optional(text),
  createdDate: optional(isoDateTime),
  birthDate: optional(isoDate),
  fullName: optional(text),
  surname: optional(text),
  surname2: optional(text),
  email: optional(text),
  phoneNumber: optional(text),
  documentIdentifier: optional(text),
  countryCode: optional(text),
  languageCode: optional(text),
  gender: optional(integer),
  province: optional(text),
  city: optional(text),
  zipCode: optional(text),
  acceptsEmailContact: optional(boolean),
  allowCustomerProfiling: optional(boolean),
});
export type ClientRecord = z.output<typeof clientRecord>;

/**
 * Samples spell InsurancePolicyAmountWithoutTaxes as InsurancePolicyAmountWithoutTax
 * (read as the same field) and, per the spec's alternate names, Accommodations as
 * Accomodations. SaleId is not in the spec's list; it is read when present.
 * PointOfSaleCustomCodes is seen only in samples, its elements not shown: kept as sent.
 */
const saleFields = aliased(
  {
    partnerSaleId: optional(text),
    saleId: optional(text),
    activities: list(saleActivity),
    accommodations: list(saleAccommodation),
    combinedProducts: list(saleCombinedProduct),
    client: optional(objectOrList(clientRecord)),
    totalPrice: decimal,
    totalPriceWithoutVat: optional(decimal),
    totalDiscount: optional(decimal),
    insurancePolicyAmount: optional(decimal),
    insurancePolicyAmountWithoutTaxes: optional(decimal),
    pointOfSaleCustomCodes: list(z.unknown()),
    economicMovementAmount: optional(decimal),
    economicMovementAmountWithoutTax: optional(decimal),
  },
  {
    accommodations: ['accomodations'],
    insurancePolicyAmountWithoutTaxes: ['insurancePolicyAmountWithoutTax'],
  },
);

/** A price as `decimal` reads it ("29,50" too), for the total worked out below. */
const amountOf = (value: unknown) => {
  const read = decimal.safeParse(value);
  return read.success ? read.data : undefined;
};

/**
 * A sale without TotalPrice costs what its activities and stays do (a combined product's
 * activities carry its price already, so its own entry is not added again).
 */
export const sale = derived(saleFields, (record) => {
  if (given(record.totalPrice)) return record;
  const lines = ['activities', 'accommodations', 'accomodations'].flatMap((name) => {
    const value = record[name];
    return Array.isArray(value) ? value : given(value) ? [value] : [];
  });
  const prices = lines.map((line) => amountOf((line as Record<string, unknown> | null)?.price));
  if (lines.length > 0 && prices.every((price) => typeof price === 'number' && isFinite(price))) {
    record.totalPrice = (prices as number[]).reduce((sum, price) => sum + price, 0);
  }
  return record;
});
export type Sale = z.output<typeof sale>;

/** Without paging flags, a page is read as the last one. */
export const salesResponse = z.object({
  sales: list(sale),
  pageNumber: optional(integer),
  pageSize: optional(integer),
  hasPreviousPage: withDefault(boolean, false),
  hasNextPage: withDefault(boolean, false),
  isFirstPage: optional(boolean),
});
export type SalesResponse = z.output<typeof salesResponse>;

export const salesOperation = defineOperation({
  name: 'sales',
  method: 'GET',
  path: '/Sale',
  request: salesRequest,
  response: salesResponse,
  envelope: 'A',
  effect: 'read',
  timeoutMs: 10_000,
});
