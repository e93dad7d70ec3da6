/**
 * The partner calls behind the staff commands, with failures sorted for staff: the
 * service said no (its own words are shown), or it did not answer (try again later).
 * Anything else is our bug and is thrown.
 */
import { saleCancellationRequestsOperation } from '#src/api/cancellations.js';
import type { SaleCancellationRequestsResponse } from '#src/api/cancellations.js';
import { isPartnerError, PartnerEnvelopeError } from '#src/api/errors.js';
import { giftCardOperation, type GiftCardResponse } from '#src/api/giftcards.js';
import { salesOperation, type SalesResponse } from '#src/api/sales.js';
import type { SlackDeps } from './deps.js';
import type { CancellationFilters, SalesFilters } from './filters.js';

/** Sales per page: each takes three blocks, and a message holds at most 50. */
export const SALES_PAGE_SIZE = 5;

export type Lookup<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'refused'; messages: string[]; codes: string[] }
  | { ok: false; reason: 'unavailable' };

async function lookUp<T>(deps: SlackDeps, call: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof PartnerEnvelopeError)
      return { ok: false, reason: 'refused', messages: error.messages, codes: error.codes };
    if (isPartnerError(error)) {
      deps.logger.warn(
        { operation: error.operation, requestId: error.requestId, kind: error.kind },
        'slack: partner look-up failed',
      );
      return { ok: false, reason: 'unavailable' };
    }
    throw error;
  }
}

export function lookUpGiftCard(deps: SlackDeps, code: string): Promise<Lookup<GiftCardResponse>> {
  return lookUp(deps, () =>
    deps.client.call(giftCardOperation, { giftCardIdentifier: code, languageCode: deps.language }),
  );
}

export function searchSales(
  deps: SlackDeps,
  filters: SalesFilters,
  page: number,
): Promise<Lookup<SalesResponse>> {
  return lookUp(deps, () =>
    deps.client.call(salesOperation, { ...filters, page, pageSize: SALES_PAGE_SIZE }),
  );
}

export function searchCancellations(
  deps: SlackDeps,
  filters: CancellationFilters,
  page: number,
): Promise<Lookup<SaleCancellationRequestsResponse>> {
  return lookUp(deps, () =>
    deps.client.call(saleCancellationRequestsOperation, { ...filters, page }),
  );
}
