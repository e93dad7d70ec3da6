/**
 * One page of sales or cancellation requests as a Slack message. The first page of a
 * search saves its filters under a token only when there is another page to go to; the
 * paging buttons carry that token.
 */
import { cancellationsMessage } from './blocks/cancellations.js';
import { EXPIRED, plainMessage, type SlackMessage } from './blocks/common.js';
import { salesMessage } from './blocks/sales.js';
import type { SlackDeps } from './deps.js';
import type { CancellationFilters, SalesFilters } from '#src/conversation/staff/lookups.js';
import { loadSearch, pageValue, readPageValue, saveSearch } from './search-state.js';

export interface Asker {
  userId: string;
  channelId?: string;
}

const noToken = (): string => '';

export async function firstSalesPage(
  deps: SlackDeps,
  filters: SalesFilters,
  asker: Asker,
): Promise<SlackMessage> {
  const result = await deps.lookups.sales(filters, 1);
  const token =
    result.ok && result.value.hasNextPage
      ? await saveSearch(deps.store, { kind: 'sales', filters, ...asker })
      : undefined;
  return salesMessage(result, {
    filters,
    page: 1,
    pageValue: token ? (page) => pageValue(token, page) : noToken,
  });
}

export async function firstCancellationsPage(
  deps: SlackDeps,
  filters: CancellationFilters,
  asker: Asker,
): Promise<SlackMessage> {
  const result = await deps.lookups.cancellations(filters, 1);
  const token =
    result.ok && result.value.hasNextPage
      ? await saveSearch(deps.store, { kind: 'cancellations', filters, ...asker })
      : undefined;
  return cancellationsMessage(result, {
    filters,
    page: 1,
    pageValue: token ? (page) => pageValue(token, page) : noToken,
  });
}

/**
 * The page a paging button asks for. The search must exist and belong to the user who
 * pressed (replies are ephemeral, so anything else is stale or forged).
 */
export async function pageOf(
  deps: SlackDeps,
  kind: 'sales' | 'cancellations',
  buttonValue: string | undefined,
  userId: string,
): Promise<SlackMessage> {
  const target = readPageValue(buttonValue);
  const saved = target ? await loadSearch(deps.store, target.token) : undefined;
  if (!target || !saved || saved.kind !== kind || saved.userId !== userId)
    return plainMessage(EXPIRED);
  const value = (page: number): string => pageValue(target.token, page);
  if (saved.kind === 'sales')
    return salesMessage(await deps.lookups.sales(saved.filters, target.page), {
      filters: saved.filters,
      page: target.page,
      pageValue: value,
    });
  return cancellationsMessage(await deps.lookups.cancellations(saved.filters, target.page), {
    filters: saved.filters,
    page: target.page,
    pageValue: value,
  });
}
