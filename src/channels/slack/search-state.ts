/**
 * Paging buttons carry a short token; the filters behind it stay on our side, in the
 * store, for as long as Slack lets a reply be updated (a response_url lives 30 minutes).
 * Filters may hold a client's e-mail or phone: they expire with the key.
 */
import { randomBytes } from 'node:crypto';
import { slackSearchKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import type { CancellationFilters, SalesFilters } from '#src/conversation/staff/lookups.js';
import type { SalesCursor } from './sales-cursor.js';

export const SEARCH_TTL_SECONDS = 30 * 60;

export type SavedSearch =
  | {
      kind: 'sales';
      filters: SalesFilters;
      userId: string;
      channelId?: string;
      /** The pages shown so far (sales-cursor.ts); absent in searches saved before it. */
      cursor?: SalesCursor;
    }
  | { kind: 'cancellations'; filters: CancellationFilters; userId: string; channelId?: string };

export async function saveSearch(store: Store, search: SavedSearch): Promise<string> {
  const token = randomBytes(9).toString('base64url');
  await store.put(slackSearchKey(token), search, 0, SEARCH_TTL_SECONDS);
  return token;
}

export async function loadSearch(store: Store, token: string): Promise<SavedSearch | undefined> {
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(token)) return undefined;
  return (await store.get<SavedSearch>(slackSearchKey(token)))?.value;
}

/** Keeps a search's cursor after a page is shown (its time to live starts again). */
export async function saveCursor(store: Store, token: string, cursor: SalesCursor): Promise<void> {
  const stored = await store.get<SavedSearch>(slackSearchKey(token));
  if (stored?.value.kind !== 'sales') return;
  // A lost race (two presses at once) keeps the other press's pages: both are true.
  await store.put(
    slackSearchKey(token),
    { ...stored.value, cursor: { ...stored.value.cursor, ...cursor } },
    stored.version,
    SEARCH_TTL_SECONDS,
  );
}

/** A paging button's value: `<token>:<page>`. */
export function pageValue(token: string, page: number): string {
  return `${token}:${page}`;
}

export function readPageValue(
  value: string | undefined,
): { token: string; page: number } | undefined {
  const match = /^([A-Za-z0-9_-]{1,32}):(\d{1,6})$/.exec(value ?? '');
  if (!match) return undefined;
  const page = Number(match[2]);
  return page >= 1 ? { token: match[1]!, page } : undefined;
}
