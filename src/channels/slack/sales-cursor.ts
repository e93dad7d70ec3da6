/**
 * Paging through sales that stays true while sales are made: the partner pages by number,
 * so a sale made between two pages shifts every later page by one, and the last sale of
 * a page would be shown again at the top of the next. The cursor keeps, for each page
 * shown, the partner's page it began at and the ids it showed: a next page leaves out
 * what was shown already (reading one more of the partner's pages when all of one was),
 * and a page shown before is shown again with the same sales.
 */
import type { Sale, SalesResponse } from '#src/api/sales.js';
import type { Lookup, SalesFilters, StaffLookups } from '#src/conversation/staff/lookups.js';

export interface ShownPage {
  /** The partner's page this one began at. */
  from: number;
  ids: string[];
}

/** Pages shown, by their number (as the buttons carry it). */
export type SalesCursor = Record<string, ShownPage>;

/** The partner's pages read at most for one of ours (a burst of sales meanwhile). */
const MAX_READS = 3;

export const saleKey = (sale: Sale): string =>
  sale.partnerSaleId ?? sale.saleId ?? JSON.stringify([sale.client, sale.totalPrice]);

export function firstPageCursor(sales: Sale[]): SalesCursor {
  return { 1: { from: 1, ids: sales.map(saleKey) } };
}

export interface CursorPage {
  result: Lookup<SalesResponse>;
  cursor: SalesCursor;
}

/** A page shown before: its sales again, found on its partner page or the one after. */
async function pageAgain(
  lookups: StaffLookups,
  filters: SalesFilters,
  cursor: SalesCursor,
  page: number,
  shown: ShownPage,
): Promise<CursorPage> {
  const found = new Map<string, Sale>();
  let last: SalesResponse | undefined;
  for (let partnerPage = shown.from; partnerPage < shown.from + MAX_READS; partnerPage += 1) {
    const result = await lookups.sales(filters, partnerPage);
    if (!result.ok) return { result, cursor };
    last = result.value;
    for (const sale of last.sales)
      if (shown.ids.includes(saleKey(sale))) found.set(saleKey(sale), sale);
    if (found.size === shown.ids.length || !last.hasNextPage) break;
  }
  const sales = shown.ids.flatMap((id) => found.get(id) ?? []);
  const hasNextPage = cursor[page + 1] !== undefined || (last?.hasNextPage ?? false);
  return {
    result: { ok: true, value: { ...last!, sales, hasPreviousPage: page > 1, hasNextPage } },
    cursor,
  };
}

/**
 * Page `page` of a search whose earlier pages `cursor` keeps; undefined when the page
 * before it was never shown (a forged or stale button).
 */
export async function cursorPage(
  lookups: StaffLookups,
  filters: SalesFilters,
  cursor: SalesCursor,
  page: number,
): Promise<CursorPage | undefined> {
  const known = cursor[page];
  if (known) return pageAgain(lookups, filters, cursor, page, known);
  const before = cursor[page - 1];
  if (!before) return undefined;
  const shown = new Set(
    Object.entries(cursor)
      .filter(([number]) => Number(number) < page)
      .flatMap(([, entry]) => entry.ids),
  );
  let from = before.from + 1;
  for (let read = 1; ; read += 1) {
    const result = await lookups.sales(filters, from);
    if (!result.ok) return { result, cursor };
    const fresh = result.value.sales.filter((sale) => !shown.has(saleKey(sale)));
    if (fresh.length > 0 || !result.value.hasNextPage || read === MAX_READS)
      return {
        result: { ok: true, value: { ...result.value, sales: fresh, hasPreviousPage: page > 1 } },
        cursor: { ...cursor, [page]: { from, ids: fresh.map(saleKey) } },
      };
    from += 1;
  }
}
