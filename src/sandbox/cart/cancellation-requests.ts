/**
 * GET /salecancellationrequest: the cancellation requests of the given sales. The spec
 * has no operation that creates one, so they exist only on the seeded historic sales
 * (history.ts).
 *
 * Where the spec is silent: pages hold 5 requests (the request has no PageSize; the
 * response states it); the list is ordered by creation, oldest first; date filters
 * compare the date part and include both ends; a page past the last is empty.
 */
import type {
  CancellationRequest,
  SaleCancellationRequestsResponse,
} from '#src/api/cancellations.js';
import type { OperationOf } from '#src/api/operations.js';
import type { IsoDate } from '#src/api/schema.js';
import { dateOf, localNow } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { Handler } from '../context.js';

export const CANCELLATION_PAGE_SIZE = 5;

export type CancellationRequestRecord = CancellationRequest &
  Required<Pick<CancellationRequest, 'createdDateTime' | 'updatedDateTime' | 'partnerSaleId'>>;

const within = (date: IsoDate, from?: IsoDate, to?: IsoDate): boolean =>
  (from === undefined || date >= from) && (to === undefined || date <= to);

export const saleCancellationRequestsHandler: Handler<OperationOf<'salecancellationrequest'>> = (
  request,
  context,
): SaleCancellationRequestsResponse => {
  const ids = new Set(request.partnerSaleIds.map((id) => id.trim()).filter((id) => id !== ''));
  if (ids.size === 0)
    refuse(
      SandboxCode.InvalidRequest,
      'PartnerSaleIds: give the PartnerSaleId of one sale or more',
    );
  for (const [name, from, to] of [
    ['CreatedDateTime', request.fromCreatedDateTime, request.toCreatedDateTime],
    ['UpdatedDateTime', request.fromUpdatedDateTime, request.toUpdatedDateTime],
  ] as const)
    if (from !== undefined && to !== undefined && to < from)
      refuse(SandboxCode.InvalidRequest, `To${name} ${to} is earlier than From${name} ${from}`);

  const found = context.state.cart.cancellationRequests
    .filter(
      (record) =>
        ids.has(record.partnerSaleId) &&
        within(
          dateOf(record.createdDateTime),
          request.fromCreatedDateTime,
          request.toCreatedDateTime,
        ) &&
        within(
          dateOf(record.updatedDateTime),
          request.fromUpdatedDateTime,
          request.toUpdatedDateTime,
        ),
    )
    .sort((a, b) => a.createdDateTime.localeCompare(b.createdDateTime));
  const page = request.page ?? 1;
  const start = (page - 1) * CANCELLATION_PAGE_SIZE;
  return {
    cancellationRequests: found.slice(start, start + CANCELLATION_PAGE_SIZE),
    pageNumber: page,
    pageSize: CANCELLATION_PAGE_SIZE,
    hasPreviousPage: page > 1,
    hasNextPage: start + CANCELLATION_PAGE_SIZE < found.length,
    isFirstPage: page === 1,
    timestamp: localNow('Europe/Madrid', context.clock.now()),
  };
};
