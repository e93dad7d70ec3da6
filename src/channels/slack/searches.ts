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
import { loadSearch, pageValue, readPageValue, saveCursor, saveSearch } from './search-state.js';
import { cursorPage, firstPageCursor } from './sales-cursor.js';
import { findNearMiss } from './near-miss.js';
import { CUSTOMER_ZONE, dateOf, localNow } from '#src/domain/time.js';
import type { IdBook, IdNote } from './id-book.js';
import { context, esc } from './blocks/common.js';

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
  return (await firstSalesResult(deps, filters, asker)).message;
}

/** The first page, and how many sales it found (undefined: the search failed). */
async function firstSalesResult(
  deps: SlackDeps,
  filters: SalesFilters,
  asker: Asker,
): Promise<{ message: SlackMessage; found?: number }> {
  const result = await deps.lookups.sales(filters, 1);
  const token =
    result.ok && result.value.hasNextPage
      ? await saveSearch(deps.store, {
          kind: 'sales',
          filters,
          ...asker,
          cursor: firstPageCursor(result.value.sales),
        })
      : undefined;
  const message = salesMessage(result, {
    filters,
    page: 1,
    pageValue: token ? (page) => pageValue(token, page) : noToken,
  });
  return { message, found: result.ok ? result.value.sales.length : undefined };
}

/**
 * The first page of a search as typed; when one e-mail or id finds nothing, the closest
 * of the recent sales' is offered (a failure to find one only leaves it out).
 */
async function typedSalesPage(
  deps: SlackDeps,
  filters: SalesFilters,
  asker: Asker,
): Promise<SlackMessage> {
  const { message, found } = await firstSalesResult(deps, filters, asker);
  if (found !== 0) return message;
  const today = dateOf(localNow(CUSTOMER_ZONE, (deps.now ?? (() => new Date()))()));
  const near = await findNearMiss(deps, filters, today).catch((error: unknown) => {
    deps.logger.warn({ error: (error as Error).name }, 'slack: no near miss looked for');
    return undefined;
  });
  if (!near) return message;
  const hint = `:bulb: Did you mean \`${esc(near.closest)}\`? Try \`/sales ${esc(near.closest)}\`.`;
  return { ...message, blocks: [...message.blocks, context(hint)] };
}

const WHAT_FAILED = {
  reservation: 'its reservation failed',
  sale: 'its sale failed',
  payment: 'its payment failed',
} as const;

/** What a failed number stands for, in words for staff. */
function failedText(id: string, note: Extract<IdNote, { kind: 'failed' }>): string {
  const when = `${note.at.slice(0, 16).replace('T', ' ')} UTC`;
  const products = note.products?.length ? ` (${note.products.map(esc).join(', ')})` : '';
  const reason = note.reason ? `: ${esc(note.reason)}` : '';
  const sale =
    note.partnerSaleId && note.partnerSaleId !== id
      ? ` Its sale: \`${esc(note.partnerSaleId)}\`.`
      : note.what === 'reservation'
        ? ' Nothing was sold or charged under it.'
        : '';
  return `:mag: \`${esc(id)}\`${products}: ${WHAT_FAILED[note.what]} on ${when}${reason}.${sale}`;
}

/**
 * /sales with what a number stands for: an order number (the customer's) is searched as
 * its sale; a failed sale or a cart says what happened to it, with its sale when there is
 * one. Other searches as they are.
 */
export async function explainedSalesPage(
  deps: SlackDeps,
  book: IdBook,
  filters: SalesFilters,
  asker: Asker,
): Promise<SlackMessage> {
  const id = filters.partnerSaleId;
  const note = id ? await book.find(id).catch(() => undefined) : undefined;
  if (!id || !note) return typedSalesPage(deps, filters, asker);
  if (note.kind === 'order') {
    const found = await firstSalesPage(
      deps,
      { ...filters, partnerSaleId: note.partnerSaleId },
      asker,
    );
    const said = `:mag: Order \`${esc(id)}\` is the sale \`${esc(note.partnerSaleId)}\`.`;
    return { ...found, blocks: [context(said), ...found.blocks] };
  }
  const said = failedText(id, note);
  const sale = note.partnerSaleId;
  if (!sale) return { text: said, blocks: [context(said)] };
  const found = await firstSalesPage(deps, { ...filters, partnerSaleId: sale }, asker);
  return { ...found, blocks: [context(said), ...found.blocks] };
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
  if (saved.kind === 'sales') {
    const shown = saved.cursor
      ? await cursorPage(deps.lookups, saved.filters, saved.cursor, target.page)
      : { result: await deps.lookups.sales(saved.filters, target.page) };
    if (!shown) return plainMessage(EXPIRED);
    if ('cursor' in shown && shown.result.ok)
      await saveCursor(deps.store, target.token, shown.cursor);
    return salesMessage(shown.result, {
      filters: saved.filters,
      page: target.page,
      pageValue: value,
    });
  }
  return cancellationsMessage(await deps.lookups.cancellations(saved.filters, target.page), {
    filters: saved.filters,
    page: target.page,
    pageValue: value,
  });
}
