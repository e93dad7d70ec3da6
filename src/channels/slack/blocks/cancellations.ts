/** Results of `/cancellations`: each request with its status and reason in words. */
import type {
  CancellationRequest,
  SaleCancellationRequestsResponse,
} from '#src/api/cancellations.js';
import type { CancellationFilters, Lookup } from '#src/conversation/staff/lookups.js';
import { cancellationReasonWord, cancellationStatusWord } from '#src/conversation/staff/words.js';
import { describeCancellationFilters } from '../filters.js';
import {
  context,
  divider,
  esc,
  pager,
  section,
  type KnownBlock,
  type SlackMessage,
} from './common.js';
import { failureMessage } from './sales.js';

export const CANCELLATIONS_PAGE_ACTION = 'cancellations_page';

function withComment(words: string, comment: string | undefined): string {
  return comment ? `${words} — _${esc(comment)}_` : words;
}

export function cancellationBlock(request: CancellationRequest): KnownBlock {
  const sale = [
    request.partnerSaleId ? `PartnerSaleId ${esc(request.partnerSaleId)}` : undefined,
    request.saleId ? `SaleId ${esc(request.saleId)}` : undefined,
  ].filter(Boolean);
  const lines = [
    `*Request ${esc(request.cancellationRequestId)}*${sale.length ? ` · ${sale.join(' · ')}` : ''}`,
    `*Status:* ${withComment(cancellationStatusWord(request.status), request.statusComments)}`,
    `*Reason:* ${withComment(cancellationReasonWord(request.reason), request.reasonComments)}`,
  ];
  if (request.serviceName) lines.push(`*Service:* ${esc(request.serviceName)}`);
  const dates = [
    request.createdDateTime ? `created ${request.createdDateTime.replace('T', ' ')}` : undefined,
    request.updatedDateTime ? `updated ${request.updatedDateTime.replace('T', ' ')}` : undefined,
  ].filter(Boolean);
  if (dates.length) lines.push(`_${dates.join(', ')}_`);
  return section(lines.join('\n'));
}

export function cancellationsMessage(
  result: Lookup<SaleCancellationRequestsResponse>,
  options: { filters: CancellationFilters; page: number; pageValue: (page: number) => string },
): SlackMessage {
  if (!result.ok) return failureMessage(result, 'Cancellation requests');
  const { cancellationRequests: requests, hasNextPage, hasPreviousPage } = result.value;
  const heading = `*Cancellation requests* — ${esc(describeCancellationFilters(options.filters))}`;
  if (requests.length === 0)
    return {
      text: 'No cancellation requests found',
      blocks: [section(`${heading}\nNo cancellation requests match.`)],
    };
  // 2 blocks per request; a message holds 50.
  const shown = requests.slice(0, 22);
  const blocks: KnownBlock[] = [
    section(`${heading}\nPage ${options.page} · ${requests.length} shown`),
    divider,
    ...shown.flatMap((request) => [cancellationBlock(request), divider]),
  ];
  if (shown.length < requests.length)
    blocks.push(context(`${requests.length - shown.length} more on this page are not shown.`));
  const buttons = pager({
    blockId: 'cancellations_pager',
    actionPrefix: CANCELLATIONS_PAGE_ACTION,
    page: options.page,
    hasPrevious: hasPreviousPage && options.page > 1,
    hasNext: hasNextPage,
    value: options.pageValue,
  });
  if (buttons) blocks.push(buttons);
  return { text: `Cancellation requests: page ${options.page}, ${requests.length} shown`, blocks };
}
