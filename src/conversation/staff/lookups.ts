/**
 * The look-ups behind the staff commands (Slack's /giftcard, /sales, /cancellations): the
 * partner calls, with failures sorted for staff: the service said no (its own words are
 * shown), or it did not answer (try again later). Anything else is our bug and is
 * thrown. A staff channel asks this service; it never calls the partner itself.
 */
import {
  saleCancellationRequestsOperation,
  type SaleCancellationRequestsRequest,
  type SaleCancellationRequestsResponse,
} from '#src/api/cancellations.js';
import type { PartnerClient } from '#src/api/client.js';
import { isPartnerError, PartnerEnvelopeError } from '#src/api/errors.js';
import { giftCardOperation, type GiftCardResponse } from '#src/api/giftcards.js';
import { salesOperation, type SalesRequest, type SalesResponse } from '#src/api/sales.js';
import type { Logger } from '#src/log.js';

/** Sales per page: each takes three blocks, and a message holds at most 50. */
export const SALES_PAGE_SIZE = 5;

/** What /sales searches by (the page is the look-up's). */
export type SalesFilters = Omit<SalesRequest, 'page' | 'pageSize'>;
/** What /cancellations searches by. */
export type CancellationFilters = Omit<SaleCancellationRequestsRequest, 'page'>;

export type Lookup<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'refused'; messages: string[]; codes: string[] }
  | { ok: false; reason: 'unavailable' };

export interface StaffLookups {
  giftCard(code: string): Promise<Lookup<GiftCardResponse>>;
  sales(filters: SalesFilters, page: number): Promise<Lookup<SalesResponse>>;
  cancellations(
    filters: CancellationFilters,
    page: number,
  ): Promise<Lookup<SaleCancellationRequestsResponse>>;
}

export interface StaffLookupDeps {
  client: PartnerClient;
  logger: Logger;
  /** LanguageCode for the look-ups (product names); the partner's default. */
  language?: string;
}

export function createStaffLookups(deps: StaffLookupDeps): StaffLookups {
  const lookUp = async <T>(call: () => Promise<T>): Promise<Lookup<T>> => {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      if (error instanceof PartnerEnvelopeError)
        return { ok: false, reason: 'refused', messages: error.messages, codes: error.codes };
      if (isPartnerError(error)) {
        deps.logger.warn(
          { operation: error.operation, requestId: error.requestId, kind: error.kind },
          'staff: partner look-up failed',
        );
        return { ok: false, reason: 'unavailable' };
      }
      throw error;
    }
  };
  return {
    giftCard: (code) =>
      lookUp(() =>
        deps.client.call(giftCardOperation, {
          giftCardIdentifier: code,
          languageCode: deps.language,
        }),
      ),
    sales: (filters, page) =>
      lookUp(() =>
        deps.client.call(salesOperation, { ...filters, page, pageSize: SALES_PAGE_SIZE }),
      ),
    cancellations: (filters, page) =>
      lookUp(() => deps.client.call(saleCancellationRequestsOperation, { ...filters, page })),
  };
}
