/**
 * How a conversation's reply appears in a chat.
 *
 * - The view is one message with its inline keyboard. After a tap on that message's
 *   buttons, with nothing to say first, the message is edited in place: the chat reads
 *   as one message that moves on, not a flood.
 * - Notices ("added to your cart") go as new messages before the view; then the view is
 *   sent anew below them, and the previous view's message loses its buttons.
 * - Phone questions offer a reply keyboard with the contact button (and the view's
 *   options as keys, which come back as their labels); it is removed by the next
 *   message the bot sends.
 * - The payment link is a URL button; an invoice follows the view (payments.ts); tickets
 *   follow the view as QR code photos.
 *
 * Every rendered view is stored (view-table.ts) before its buttons are shown.
 */
import type { Api } from 'grammy';
import type { KeyboardButton, ReplyKeyboardMarkup, ReplyKeyboardRemove } from 'grammy/types';
import type { Reply } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import { telegramPointerKey, telegramTicketsKey } from '#src/store/keys.js';
import type { EndOfRun, Store, Versioned } from '#src/store/store.js';
import { calendarOf } from './calendar.js';
import { columnsFor, inlineKeyboard, type KeyboardPosition } from './keyboard.js';
import { telegramMessages } from './messages.js';
import { splitText } from './text.js';
import { sendInvoice } from './payments.js';
import { createTicketDelivery, type Drawn, type TicketDelivery } from './ticket-delivery.js';
import {
  getPointer,
  saveView,
  setPointer,
  type ChatPointer,
  type ViewRecord,
} from './view-table.js';
import {
  editView,
  linkLine,
  NO_PREVIEW,
  redrawKeyboard,
  retireButtons,
  sendView,
} from './view-message.js';

export interface DeliverOptions {
  lang: Lang;
  /** The message whose button brought this reply: the view may replace it in place. */
  tappedMessageId?: number;
  /**
   * What the turn already did for this delivery (handlers.ts): the view's record written
   * under `stamp` with the conversation, and the chat's waiting tickets and pointer read
   * as its lease was taken. Without it, the delivery reads and writes them itself.
   */
  prepared?: Prepared;
  /** An update being handled: the pointer is written with its done mark. */
  end?: EndOfRun;
}

/** A delivery's reads and view record, done by the turn's own exchanges (if it did). */
export interface Prepared {
  /** The view's record is written under it. */
  stamp?: string;
  read?: { kept: Versioned<unknown> | undefined; pointer: ChatPointer | undefined };
}

/** The chat's keys a delivery reads first: its waiting tickets, its pointer. */
export const deliveryReads = (chatId: number) => [
  telegramTicketsKey(chatId),
  telegramPointerKey(chatId),
];

export interface Renderer {
  /** Shows a conversation's reply in its chat. */
  deliver(
    chatId: number,
    conversationId: string,
    reply: Reply<unknown>,
    options: DeliverOptions,
  ): Promise<void>;
  /** A message of the adapter's own (a file refusal, "coming soon"); the view stays current. */
  say(chatId: number, text: string): Promise<void>;
  /** Draws another page or month of a view's keyboard on its message. */
  redraw(
    chatId: number,
    messageId: number,
    stamp: string,
    record: ViewRecord,
    position: KeyboardPosition,
    lang: Lang,
  ): Promise<void>;
}

const REMOVE_KEYBOARD: ReplyKeyboardRemove = { remove_keyboard: true };

/**
 * The stored record of a view; `drawnFrom`: the stamp the chat's pointer named when it was
 * drawn ('' for none), left out when the pointer was not read (the record then waits for
 * its own pointer: isCurrent).
 */
export function recordOf(
  chatId: number,
  conversationId: string,
  reply: Reply<unknown>,
  drawnFrom?: string,
): ViewRecord {
  const { view } = reply;
  return {
    conversationId,
    chatId,
    ...(drawnFrom !== undefined ? { follows: drawnFrom } : {}),
    options: view.options.map(({ id, label, day }) => ({ id, label, ...(day ? { day } : {}) })),
    expects: view.expects,
    ...calendarOf(view),
    ...(view.link ? { link: { ...view.link } } : {}),
    ...(view.file
      ? { file: { mimeTypes: [...view.file.mimeTypes], maxBytes: view.file.maxBytes } }
      : {}),
  };
}

/** The reply keyboard of a phone question: the contact button, then the options. */
export function contactKeyboard(record: ViewRecord, lang: Lang): ReplyKeyboardMarkup {
  const m = telegramMessages(lang);
  const labels = record.options.map((option) => option.label);
  const columns = Math.min(columnsFor(labels), 2);
  const rows: KeyboardButton[][] = [[{ text: m.sharePhone, request_contact: true }]];
  for (let at = 0; at < labels.length; at += columns) {
    rows.push(labels.slice(at, at + columns).map((text) => ({ text })));
  }
  return {
    keyboard: rows,
    resize_keyboard: true,
    one_time_keyboard: true,
    input_field_placeholder: m.phonePlaceholder,
  };
}

/** What the renderer's pieces work with. */
interface RenderDeps {
  api: Api;
  store: Store;
  logger: Logger;
  /** Telegram Payments' provider token ('' for Stars); undefined: invoices are not sent. */
  providerToken: string | undefined;
  tickets: TicketDelivery;
}

export function createRenderer(deps: {
  api: Api;
  store: Store;
  logger: Logger;
  /** Telegram Payments' provider token ('' for Stars); unset: invoices are not sent. */
  providerToken?: string;
  /** The first pause between attempts to send a ticket (ticket-delivery.ts). */
  ticketRetryDelayMs?: number;
}): Renderer {
  const { api, store, logger } = deps;
  const tickets = createTicketDelivery({
    api,
    store,
    logger,
    ...(deps.ticketRetryDelayMs !== undefined ? { retryDelayMs: deps.ticketRetryDelayMs } : {}),
  });
  const parts: RenderDeps = { api, store, logger, providerToken: deps.providerToken, tickets };
  return {
    deliver: (chatId, conversationId, reply, options) =>
      deliver(parts, chatId, conversationId, reply, options),
    say: (chatId, text) => say(parts, chatId, text),
    redraw: (chatId, messageId, stamp, record, position, lang) =>
      redrawKeyboard(api, chatId, messageId, stamp, record, position, lang),
  };
}

/** One delivery's view as drawn for its chat. */
interface Drawing {
  chatId: number;
  reply: Reply<unknown>;
  options: DeliverOptions;
  record: ViewRecord;
  /** The view's record is stored under it. */
  stamp: string;
  /** The chat's pointer before this view: its current view. */
  pointer: ChatPointer | undefined;
  /** The view's text in messages Telegram takes. */
  parts: string[];
}

async function deliver(
  deps: RenderDeps,
  chatId: number,
  conversationId: string,
  reply: Reply<unknown>,
  options: DeliverOptions,
): Promise<void> {
  const { store, tickets } = deps;
  // A handoff to a person's messages: said below the view, which stays the chat's own.
  if (reply.keepView) {
    for (const notice of reply.notices) await say(deps, chatId, notice.text);
    return;
  }
  // What waits for the chat and its current view, in one exchange (sending the tickets
  // does not move the pointer), unless the turn read them.
  const prepared = options.prepared?.read;
  const [kept, current] = prepared
    ? [prepared.kept, undefined]
    : await store.getMany(deliveryReads(chatId));
  const pointer = prepared ? prepared.pointer : (current?.value as ChatPointer | undefined);
  const record = recordOf(chatId, conversationId, reply, pointer?.stamp ?? '');
  // Tickets an earlier delivery could not send come first.
  await tickets.drain(chatId, { kept });
  const stamp = options.prepared?.stamp ?? (await saveView(store, record));
  const parts = splitText(reply.view.text);
  const drawing: Drawing = { chatId, reply, options, record, stamp, pointer, parts };
  if (fitsInPlace(drawing) && (await editInPlace(deps, drawing))) return;
  const sent = await sendAnew(deps, drawing);
  await afterView(deps, drawing, sent);
}

/**
 * Whether the view may replace the tapped message: it is the chat's current view, and
 * nothing is said before it or follows it (notices, a contact keyboard, tickets, an
 * invoice, a text longer than one message).
 */
function fitsInPlace({ reply, options, pointer, parts }: Drawing): boolean {
  const { view } = reply;
  return (
    options.tappedMessageId !== undefined &&
    pointer?.messageId === options.tappedMessageId &&
    !pointer.replyKeyboard &&
    !pointer.covered &&
    reply.notices.length === 0 &&
    view.expects !== 'phone' &&
    (view.tickets ?? []).length === 0 &&
    view.invoice === undefined &&
    parts.length === 1
  );
}

/** Edits the tapped message into the view; false when Telegram no longer lets us. */
async function editInPlace(
  { api, store }: RenderDeps,
  { chatId, options, record, stamp, parts }: Drawing,
): Promise<boolean> {
  const edited = await editView(
    api,
    chatId,
    options.tappedMessageId!,
    parts[0]!,
    record,
    stamp,
    options.lang,
  );
  if (!edited) return false;
  await setPointer(
    store,
    chatId,
    {
      stamp,
      messageId: options.tappedMessageId!,
      inline: edited.inline,
      replyKeyboard: false,
    },
    options.end,
  );
  return true;
}

/** The contact keyboard's removal, carried by the first message sent that can carry it. */
function keyboardRemoval(pending: boolean) {
  let removal = pending;
  return {
    pending: () => removal,
    take: () => {
      const extra = removal ? { reply_markup: REMOVE_KEYBOARD } : {};
      removal = false;
      return extra;
    },
  };
}

/**
 * Sends the notices and the view as new messages below the chat's current view, whose
 * buttons are removed meanwhile; the tickets' photos are drawn while they go out.
 */
async function sendAnew(
  deps: RenderDeps,
  drawing: Drawing,
): Promise<{ messageId: number; inline: boolean; drawn: Drawn | undefined }> {
  const { api, logger, tickets } = deps;
  const { chatId, reply, pointer, parts } = drawing;
  const { view } = reply;
  // The old view's buttons are removed while the new messages go out (taps on them are
  // stale from the pointer anyway); awaited before the pointer moves, never unhandled.
  const retiring =
    pointer?.messageId !== undefined && pointer.inline
      ? retireButtons(api, logger, chatId, pointer.messageId).then(
          () => undefined,
          (error: unknown) => ({ error }),
        )
      : undefined;
  // The contact keyboard goes with the first message sent that can carry its removal.
  const removal = keyboardRemoval(pointer?.replyKeyboard === true && view.expects !== 'phone');

  // The tickets' photos are drawn while the first of these messages is on its way.
  const drawn = view.tickets?.length ? tickets.draw(view.tickets) : undefined;

  for (const notice of reply.notices) {
    for (const part of splitText(notice.text)) {
      await api.sendMessage(chatId, part, { ...NO_PREVIEW, ...removal.take() });
    }
  }
  for (const part of parts.slice(0, -1)) {
    await api.sendMessage(chatId, part, { ...NO_PREVIEW, ...removal.take() });
  }
  const sent = await sendLast(api, drawing, removal);

  const retired = await retiring;
  if (retired) throw retired.error;
  return { ...sent, drawn };
}

/** The view's last message, with its keyboard: the contact keyboard, or its buttons. */
async function sendLast(
  api: Api,
  { chatId, options, record, stamp, parts, reply }: Drawing,
  removal: ReturnType<typeof keyboardRemoval>,
): Promise<{ messageId: number; inline: boolean }> {
  const last = parts.at(-1)!;
  if (reply.view.expects === 'phone') {
    const text = `${last}${linkLine(record)}`;
    const message = await api.sendMessage(chatId, text, {
      ...NO_PREVIEW,
      reply_markup: contactKeyboard(record, options.lang),
    });
    return { messageId: message.message_id, inline: false };
  }
  if (inlineKeyboard(record, stamp, {}, options.lang).length === 0) {
    const message = await api.sendMessage(chatId, last, { ...NO_PREVIEW, ...removal.take() });
    return { messageId: message.message_id, inline: false };
  }
  // A message cannot carry both an inline keyboard and the removal of a reply keyboard.
  if (removal.pending()) {
    const m = telegramMessages(options.lang);
    await api.sendMessage(chatId, m.keyboardRemoved, removal.take());
  }
  const sent = await sendView(api, chatId, last, record, stamp, options.lang);
  return { messageId: sent.message.message_id, inline: sent.inline };
}

/** Once the view is sent: the chat's pointer moves to it, then its invoice and tickets follow. */
async function afterView(
  { api, store, logger, tickets, providerToken }: RenderDeps,
  { chatId, reply, options, stamp }: Drawing,
  { messageId, inline, drawn }: { messageId: number; inline: boolean; drawn: Drawn | undefined },
): Promise<void> {
  const { view } = reply;
  // The pointer first: if media fail below, the buttons of this view still answer.
  // (With the update's end, it is written with the done mark, which is written even if
  // they fail.)
  await setPointer(
    store,
    chatId,
    {
      stamp,
      messageId,
      inline,
      replyKeyboard: view.expects === 'phone',
      covered: (view.tickets ?? []).length > 0 || view.invoice !== undefined,
    },
    options.end,
  );
  if (view.invoice !== undefined) {
    if (providerToken === undefined) {
      logger.error('telegram: an invoice to send, but no TELEGRAM_PAYMENT_PROVIDER_TOKEN');
    } else {
      await sendInvoice(api, chatId, view.invoice, providerToken);
    }
  }
  await tickets.send(chatId, view.tickets ?? [], options.lang, drawn);
}

/** A message of the adapter's own (a file refusal, "coming soon"); the view stays current. */
async function say({ api, store }: RenderDeps, chatId: number, text: string): Promise<void> {
  for (const part of splitText(text)) await api.sendMessage(chatId, part, NO_PREVIEW);
  const pointer = await getPointer(store, chatId);
  if (pointer && !pointer.covered) await setPointer(store, chatId, { ...pointer, covered: true });
}
