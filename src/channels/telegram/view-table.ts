/**
 * The server side of the buttons. Each rendered view is stored under a random stamp,
 * bound to its chat and conversation, with the options it offered; its buttons carry
 * only the stamp and an action. Each chat also has a pointer to its current view (the
 * stamp and the message showing it). A tap is then:
 * - forged: unknown or expired stamp, another chat's stamp, an action the view never
 *   offered → answered politely, nothing happens;
 * - stale: a view that is no longer the chat's current one → answered, nothing happens;
 * - a choice: one at a time per view (a double tap or a second button of the same view
 *   while the first is being handled is answered "on it"), then given to the engine,
 *   which checks once more that the option belongs to the conversation's current view,
 *   and takes one choice per view (the stamp is the input's key).
 * Both live in the store (Redis in production): buttons keep working across restarts
 * and instances.
 */
import { randomFillSync } from 'node:crypto';
import type { Input } from '#src/conversation/interpret.js';
import type { Expects } from '#flows/view.js';
import { telegramPointerKey, telegramTapKey, telegramViewKey } from '#src/store/keys.js';
import {
  keepLease,
  LockTimeoutError,
  type EndOfRun,
  type Lock,
  type Store,
  type Versioned,
  type Write,
} from '#src/store/store.js';
import { decodeCallback } from './callback-data.js';
import { calendarMonths, dayInput } from './calendar.js';
import { pageCount } from './keyboard.js';

export interface ViewRecord {
  conversationId: string;
  chatId: number;
  /** The view's options; `day`: the calendar day the option picks (calendar.ts). */
  options: { id: string; label: string; day?: string }[];
  expects: Expects;
  /** Days of the calendar (yyyy-MM-dd), for date questions that list them. */
  calendar?: string[];
  /** Days of the calendar that are full (drawn marked, never tapped). */
  calendarFull?: string[];
  link?: { label: string; url: string };
  file?: { mimeTypes: string[]; maxBytes: number };
  /**
   * The stamp of the chat's current view when this one was drawn ('' when it had none):
   * a view drawn from the pointed one stays tappable while the pointer has not moved to
   * it (isCurrent).
   */
  follows?: string;
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
/**
 * How long an update or a choice being handled stays taken after its instance died (a
 * live instance keeps extending it): then the customer's tap, or Telegram's
 * redelivery, is handled by whichever instance gets it.
 */
export const HANDLING_LEASE_MS = 4_000;

/**
 * Whether a tap on the view `stamp` is on the chat's current view: the pointed one, or
 * one drawn from it whose pointer was never written. The pointer moves in the update's
 * last exchange, after the view's messages: an instance that dies between them (or a
 * customer who taps before that exchange) leaves a view on screen that the pointer does
 * not name, and without this its buttons would be answered "from an earlier step" for
 * good. A view the chat has moved past never follows the pointed one (stamps are never
 * reused), and the engine still takes one choice per view and checks the option.
 */
export function isCurrent(
  stamp: string,
  record: ViewRecord,
  pointer: ChatPointer | undefined,
): boolean {
  return pointer?.stamp === stamp || followsPointer(record.follows, pointer);
}

/** Whether a view drawn from `follows` ('' for none) was drawn from the pointed view. */
export function followsPointer(
  follows: string | undefined,
  pointer: ChatPointer | undefined,
): boolean {
  return follows !== undefined && follows === (pointer?.stamp ?? '');
}

const STAMP_BYTES = 12;
/**
 * Random bytes for this many stamps, drawn at once: a draw is a call into OpenSSL whatever
 * its size (~1 % of a turn's CPU when made per stamp), so it is made once per 256 stamps,
 * as Node draws its random UUIDs. Each stamp still takes 96 bits of its own, never reused.
 */
const pool = Buffer.alloc(STAMP_BYTES * 256);
let drawn = pool.length;

/** A view's stamp: 96 random bits, in 16 characters of base64url (button data is short). */
export function newStamp(): string {
  if (drawn === pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const stamp = pool.toString('base64url', drawn, drawn + STAMP_BYTES);
  drawn += STAMP_BYTES;
  return stamp;
}

/**
 * The write that stores a view's record under `stamp` (carried by another exchange: the
 * turn's). A stamp is 96 random bits: no two views meet under one, so it is written
 * whatever is stored, with no check.
 */
export function viewWrite(stamp: string, record: ViewRecord): Write {
  return { key: telegramViewKey(stamp), value: record, ttlSeconds: VIEW_TTL_SECONDS };
}

export async function saveView(store: Store, record: ViewRecord): Promise<string> {
  for (;;) {
    const stamp = newStamp();
    if ((await store.put(telegramViewKey(stamp), record, 0, VIEW_TTL_SECONDS)) !== undefined)
      return stamp;
  }
}

export async function loadView(store: Store, stamp: string): Promise<ViewRecord | undefined> {
  return (await store.get<ViewRecord>(telegramViewKey(stamp)))?.value;
}

export async function getPointer(store: Store, chatId: number): Promise<ChatPointer | undefined> {
  return (await store.get<ChatPointer>(telegramPointerKey(chatId)))?.value;
}

/** How many earlier views one erasure follows at most (a conversation's days show fewer). */
const ERASED_VIEWS_MAX = 10_000;

/**
 * Erases the records of the views a chat was shown before the view `latest`, for a
 * customer who asked to be forgotten: what a view offered may name them (a "that's me"
 * button with an attendee's name). Each record names the view it was drawn from
 * (`follows`): the walk goes back from the chat's current view (or the one `latest` was
 * drawn from, once the pointer has moved to it) until a record is gone (those before it,
 * drawn earlier, expired earlier too). `latest` stays: it was drawn after the erasure.
 */
export async function eraseEarlierViews(
  store: Store,
  chatId: number,
  latest: string,
): Promise<number> {
  const pointer = await getPointer(store, chatId);
  let stamp = pointer?.stamp === latest ? (await loadView(store, latest))?.follows : pointer?.stamp;
  const erased = new Set<string>();
  while (stamp && stamp !== latest && !erased.has(stamp) && erased.size < ERASED_VIEWS_MAX) {
    const record = await loadView(store, stamp);
    if (!record || record.chatId !== chatId) break;
    await store.delete(telegramViewKey(stamp));
    erased.add(stamp);
    stamp = record.follows;
  }
  return erased.size;
}

/** The write that makes `pointer` the chat's current view. */
export function pointerWrite(chatId: number, pointer: ChatPointer): Write {
  return { key: telegramPointerKey(chatId), value: pointer, ttlSeconds: VIEW_TTL_SECONDS };
}

/**
 * Makes `pointer` the chat's current view. Last writer wins: two renders of one chat
 * are ordered by the conversation lock and the per-chat sequencing before they get here.
 * With `end` (an update being handled), the write rides with the update's done mark.
 */
export async function setPointer(
  store: Store,
  chatId: number,
  pointer: ChatPointer,
  end?: EndOfRun,
): Promise<void> {
  if (end) end.writes.push(pointerWrite(chatId, pointer));
  else await store.set(telegramPointerKey(chatId), pointer, VIEW_TTL_SECONDS);
}

/**
 * Runs `handle` for a choice made on a view unless another choice of that view is being
 * handled (false). The view is held under a lease while `handle` runs: a choice whose
 * instance died frees the view within HANDLING_LEASE_MS, so the customer can tap again
 * (a permanent claim would answer "on it" forever). Once handled, the view is no longer
 * the chat's current one; were its reply lost, the engine still takes one choice per
 * view (its stamp is the input's key) and answers a second with the current view.
 */
export async function withChoice(
  store: Store,
  stamp: string,
  chatId: number,
  handle: (pointer: ChatPointer | undefined) => Promise<void>,
  end?: EndOfRun,
  begun?: TapBegun,
): Promise<boolean> {
  if (begun) {
    // Taken (or found held) with the update, the pointer read in that exchange.
    if (!begun.lock) return false;
    await keepLease(begun.lock, HANDLING_LEASE_MS, () => handle(begun.pointer), end);
    return true;
  }
  let lock;
  try {
    // The chat's pointer is read as the view is taken: what the choice before moved it to.
    lock = await store.lock<ChatPointer>(telegramTapKey(stamp), {
      ttlMs: HANDLING_LEASE_MS,
      waitMs: 0,
      read: telegramPointerKey(chatId),
    });
  } catch (error) {
    if (error instanceof LockTimeoutError) return false;
    throw error;
  }
  // With the update's `end`, the view is freed in the exchange that marks the update done.
  await keepLease(lock, HANDLING_LEASE_MS, () => handle(lock.read?.value), end);
  return true;
}

/**
 * A tap's reads and its view's lease, made in the exchange that takes the update
 * (middleware.ts): the view's record and the chat's pointer, and, for a choice, the
 * view's lease (undefined: another choice of it is being handled).
 */
export interface TapBegun {
  view: Versioned<unknown> | undefined;
  pointer: ChatPointer | undefined;
  lock?: Lock<unknown> | undefined;
}

/** What the update's first exchange reads and takes for a tap of `data` in `chatId`. */
export function tapBegins(
  chatId: number,
  data: string | undefined,
): { also: string[]; take: { key: string; read: string }[] } | undefined {
  const decoded = decodeCallback(data);
  if (!decoded) return undefined;
  const choice = decoded.action.kind === 'option' || decoded.action.kind === 'day';
  return {
    also: [telegramViewKey(decoded.stamp), telegramPointerKey(chatId)],
    // Named as withChoice takes it (with the pointer's read): one lock on a cluster too.
    take: choice ? [{ key: telegramTapKey(decoded.stamp), read: telegramPointerKey(chatId) }] : [],
  };
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
  begun?: TapBegun,
): Promise<Tap> {
  const decoded = decodeCallback(data);
  if (!decoded) return { kind: 'forged' };
  const { stamp, action } = decoded;
  // The view and the chat's pointer in one exchange (the update's, when it read them).
  const [view, current] = begun
    ? [begun.view, undefined]
    : await store.getMany([telegramViewKey(stamp), telegramPointerKey(chatId)]);
  const record = view?.value as ViewRecord | undefined;
  const pointer = begun ? begun.pointer : (current?.value as ChatPointer | undefined);
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
      const input = dayInput(record, action.date);
      if (!input) return { kind: 'forged' };
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
  if (!isCurrent(stamp, record, pointer)) return { kind: 'stale' };
  return tap;
}
