/**
 * A search for one e-mail or one sale id that finds nothing is most often a typo
 * ("exmaple.com", one digit off): the recent sales are read and the closest e-mail, sale
 * id or order number within a typo or two is offered as the search to try. The service
 * has no fuzzy search, so the recent sales are the only candidates.
 */
import type { Sale } from '#src/api/sales.js';
import type { SalesFilters } from '#src/conversation/staff/lookups.js';
import { addDays, type IsoDate } from '#src/domain/time.js';
import { distance } from '#src/domain/edit-distance.js';
import { readAllSales } from './sales-export.js';
import type { SlackDeps } from './deps.js';

/** How far back candidates are read, and how many of the service's pages at most. */
const RECENT_DAYS = 30;
const RECENT_PAGES = 10;

export interface NearMiss {
  typed: string;
  /** Typed alone after /sales, it is searched as what it is (an e-mail, an id). */
  closest: string;
}

/** What was searched, when it is one e-mail or one id alone; otherwise nothing to guess. */
function soleTarget(filters: SalesFilters): { kind: 'email' | 'id'; value: string } | undefined {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  if (given.length !== 1) return undefined;
  if (filters.clientEmail) return { kind: 'email', value: filters.clientEmail };
  if (filters.partnerSaleId) return { kind: 'id', value: filters.partnerSaleId };
  return undefined;
}

function candidates(sale: Sale, kind: 'email' | 'id'): string[] {
  if (kind === 'email') return sale.client?.email ? [sale.client.email] : [];
  return [sale.partnerSaleId, sale.saleId].filter((id): id is string => Boolean(id));
}

export async function findNearMiss(
  deps: SlackDeps,
  filters: SalesFilters,
  today: IsoDate,
): Promise<NearMiss | undefined> {
  const target = soleTarget(filters);
  if (!target) return undefined;
  // An id one character off; an e-mail up to two (a letter and a swapped pair).
  const max = target.kind === 'id' ? 1 : 2;
  const typed = target.kind === 'email' ? target.value.toLowerCase() : target.value;
  const recent = await readAllSales(
    deps,
    { fromTransactionDateTime: addDays(today, -RECENT_DAYS), toTransactionDateTime: today },
    RECENT_PAGES,
  );
  let best: { closest: string; edits: number } | undefined;
  for (const sale of recent.sales)
    for (const candidate of candidates(sale, target.kind)) {
      const compared = target.kind === 'email' ? candidate.toLowerCase() : candidate;
      const edits = distance(typed, compared, max);
      if (edits === 0 || edits > max) continue;
      if (!best || edits < best.edits) best = { closest: candidate, edits };
    }
  if (!best) return undefined;
  return { typed: target.value, closest: best.closest };
}
