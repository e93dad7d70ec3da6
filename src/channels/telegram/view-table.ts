/**
 * The server side of the buttons. Each rendered view is stored under a random stamp,
 * bound to its chat and conversation, with the options it offered; its buttons carry
 * only the stamp and an action. Each chat also has a pointer to its current view (the
 * stamp and the message showing it). A tap is then:
 * - forged: unknown or expired stamp, another chat's stamp, an action the view never
 *   offered → answered politely, nothing happens;
 * - stale: a view that is no longer the chat's current one → answered, nothing happens;
 * - a choice: claimed once per view (a double tap or a second button of the same view
 *   while the first is being handled is answered "on it"), then given to the engine,
 *   which checks once more that the option belongs to the conversation's current view.
 * Both live in the store (Redis in production): buttons keep working across restarts
 * and instances.
 */
import { randomBytes } from 'node:crypto';
import type { Input } from '../../conversation/interpret.js';
import type { Expects } from '../../conversation/view.js';
import type { Store } from '../../store/store.js';
import { decodeCallback } from './callback-data.js';
import { calendarMonths } from './calendar.js';
import { pageCount } from './keyboard.js';

export interface ViewRecord {
  conversationId: string;
  chatId: number;
  options: { id: string; label: string }[];
  expects: Expects;
  /** Days of the calendar (yyyy-MM-dd), for date questions that list them. */
  calendar?: string[];
  link?: { label: string; url: string };
  file?: { mimeTypes: string[]; maxBytes: number };
}

export interface ChatPointer {
  /** The stamp of the chat's current view. */
  stamp: string;
  /** The message showing it (its text, or its last part). */
  messageId?: number;
  /** That message has an inline keyboard (to be removed when the view moves on). */
  inline: boolean;
  /** A reply keyboard (the contact button) is showing and must be removed later. */
  replyKeyboard: boolean;
  /**
   * Messages came after it (tickets, the adapter's own remarks): editing it would change
   * a message above them, so the next view goes below instead.
   */
  covered?: boolean;
}

/** As long as a conversation is kept (engine's default): older buttons are simply invalid. */
export const VIEW_TTL_SECONDS = 3 * 24 * 60 * 60;
/** How long a choice claim blocks a second tap on the same view. */
const CLAIM_TTL_SECONDS = VIEW_TTL_SECONDS;

const viewKey = (stamp: string) => `tg:view:${stamp}`;
const pointerKey = (chatId: number) => `tg:chat:${chatId}`;
const claimKey = (stamp: string) => `tg:tap:${stamp}`;

export function newStamp(): string {
  return randomBytes(12).toString('base64url');
}

export async function saveView(store: Store, record: ViewRecord): Promise<string> {
  for (;;) {
    const stamp = newStamp();
    if ((await store.put(viewKey(stamp), record, 0, VIEW_TTL_SECONDS)) !== undefined) return stamp;
  }
}

export async function loadView(store: Store, stamp: string): Promise<ViewRecord | undefined> {
  return (await store.get<ViewRecord>(viewKey(stamp)))?.value;
}

export async function getPointer(store: Store, chatId: number): Promise<ChatPointer | undefined> {
  return (await store.get<ChatPointer>(pointerKey(chatId)))?.value;
}

/**
 * Makes `pointer` the chat's current view. Last writer wins: two renders of one chat
 * are ordered by the conversation lock and the per-chat sequencing before they get here.
 */
export async function setPointer(
  store: Store,
  chatId: number,
  pointer: ChatPointer,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await store.get<ChatPointer>(pointerKey(chatId));
    const written = await store.put(
      pointerKey(chatId),
      pointer,
      current?.version ?? 0,
      VIEW_TTL_SECONDS,
    );
    if (written !== undefined) return;
  }
}

/**
 * True for the first choice made on a view; false for any later one. A versioned key
 * rather than `store.claim`, so that a choice that could not be handled can be released.
 */
export async function claimChoice(store: Store, stamp: string): Promise<boolean> {
  return (await store.put(claimKey(stamp), true, 0, CLAIM_TTL_SECONDS)) !== undefined;
}

/** Lets the view be chosen on again (the choice could not be handled). */
export function releaseChoice(store: Store, stamp: string): Promise<void> {
  return store.delete(claimKey(stamp));
}

export type Tap =
  | { kind: 'forged' }
  | { kind: 'stale' }
  | { kind: 'noop' }
  | { kind: 'page'; stamp: string; record: ViewRecord; page: number }
  | { kind: 'month'; stamp: string; record: ViewRecord; month: string }
  | { kind: 'input'; stamp: string; record: ViewRecord; input: Input };

/** What a tap of `data` in `chatId` means, checked against the stored views. */
export async function resolveTap(
  store: Store,
  chatId: number,
  data: string | undefined,
): Promise<Tap> {
  const decoded = decodeCallback(data);
  if (!decoded) return { kind: 'forged' };
  const { stamp, action } = decoded;
  const record = await loadView(store, stamp);
  if (!record || record.chatId !== chatId) return { kind: 'forged' };
  if (action.kind === 'noop') return { kind: 'noop' };

  let tap: Tap;
  switch (action.kind) {
    case 'option': {
      const option = record.options[action.index];
      if (!option) return { kind: 'forged' };
      tap = { kind: 'input', stamp, record, input: { kind: 'choose', id: option.id } };
      break;
    }
    case 'day': {
      if (!record.calendar?.includes(action.date)) return { kind: 'forged' };
      const option = record.options.find((candidate) => candidate.id === `date:${action.date}`);
      // Days beyond the view's date buttons are answered as the typed date they are.
      const input: Input = option
        ? { kind: 'choose', id: option.id }
        : { kind: 'text', text: action.date };
      tap = { kind: 'input', stamp, record, input };
      break;
    }
    case 'page':
      if (action.page >= pageCount(record)) return { kind: 'forged' };
      tap = { kind: 'page', stamp, record, page: action.page };
      break;
    case 'month':
      if (!calendarMonths(record.calendar ?? []).includes(action.month)) return { kind: 'forged' };
      tap = { kind: 'month', stamp, record, month: action.month };
      break;
  }
  const pointer = await getPointer(store, chatId);
  if (pointer?.stamp !== stamp) return { kind: 'stale' };
  return tap;
}
