/**
 * Cancellation requests of sales (GET /salecancellationrequest). Envelope A, plus
 * Timestamp and, in the vendor's example, PageSize.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import {
  aliased,
  boolean,
  integer,
  isoDate,
  isoDateTime,
  list,
  optional,
  prose,
  text,
  withDefault,
  pageNumber,
} from './schema.js';

/** The spec gives value 3 to both Rejected and Failed; they cannot be told apart. */
export const CancellationRequestStatus = {
  None: 0,
  InProcess: 1,
  Accepted: 2,
  RejectedOrFailed: 3,
} as const;
export type CancellationRequestStatus =
  (typeof CancellationRequestStatus)[keyof typeof CancellationRequestStatus];

export const CancellationReason = {
  ChangeOfAccessDates: 1,
  ChangeOfProducts: 2,
  ChangeOfNumberOfAttendees: 3,
  CommonIllness: 4,
  ImproperHandlingOfTicketSale: 5,
  IntegrationProblems: 6,
  Payment: 7,
} as const;
export type CancellationReason = (typeof CancellationReason)[keyof typeof CancellationReason];

/**
 * PartnerSaleIds is required and not empty: the sandbox answers an error envelope
 * otherwise. Sent in the query string, the list repeating its key.
 */
export const saleCancellationRequestsRequest = z.object({
  partnerSaleIds: list(text),
  fromCreatedDateTime: optional(isoDate),
  toCreatedDateTime: optional(isoDate),
  fromUpdatedDateTime: optional(isoDate),
  toUpdatedDateTime: optional(isoDate),
  page: optional(pageNumber),
});
export type SaleCancellationRequestsRequest = z.output<typeof saleCancellationRequestsRequest>;

/**
 * Status and Reason are read as any whole number (the named values above are those the
 * spec lists), so that one unknown value does not hide the list from staff.
 */
export const cancellationRequest = z.object({
  cancellationRequestId: text,
  saleId: optional(text),
  partnerSaleId: optional(text),
  createdDateTime: optional(isoDateTime),
  updatedDateTime: optional(isoDateTime),
  status: integer,
  statusComments: optional(prose),
  reason: optional(integer),
  reasonComments: optional(prose),
  serviceName: optional(prose),
});
export type CancellationRequest = z.output<typeof cancellationRequest>;

/**
 * The records are CancellationRequests; the spec's structure lists them under Sales,
 * read as the same list. Without paging flags, a page is read as the last one.
 */
export const saleCancellationRequestsResponse = aliased(
  {
    cancellationRequests: list(cancellationRequest),
    pageNumber: optional(integer),
    pageSize: optional(integer),
    hasPreviousPage: withDefault(boolean, false),
    hasNextPage: withDefault(boolean, false),
    isFirstPage: optional(boolean),
    timestamp: optional(isoDateTime),
  },
  { cancellationRequests: ['sales'] },
);
export type SaleCancellationRequestsResponse = z.output<typeof saleCancellationRequestsResponse>;

export const saleCancellationRequestsOperation = defineOperation({
  name: 'salecancellationrequest',
  method: 'GET',
  path: '/salecancellationrequest',
  request: saleCancellationRequestsRequest,
  response: saleCancellationRequestsResponse,
  envelope: 'A',
  effect: 'read',
  timeoutMs: 10_000,
});
