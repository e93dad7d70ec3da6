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
import type {
  InlineKeyboardButton,
  KeyboardButton,
  Message,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
} from 'grammy/types';
import type { Reply } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import { telegramPointerKey, telegramTicketsKey } from '#src/store/keys.js';
import type { EndOfRun, Store, Versioned } from '#src/store/store.js';
import {
  describeApiError,
  isBadButtonUrl,
  isNotEditable,
  isNotModified,
  isUnreachable,
} from './errors.js';
import { calendarOf } from './calendar.js';
import { columnsFor, inlineKeyboard, type KeyboardPosition } from './keyboard.js';
import { telegramMessages } from './messages.js';
import { splitText } from './text.js';
import { sendInvoice } from './payments.js';
import { createTicketDelivery } from './ticket-delivery.js';
import {
  getPointer,
  saveView,
  setPointer,
  type ChatPointer,
  type ViewRecord,
} from './view-table.js';

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

const NO_PREVIEW = { link_preview_options: { is_disabled: true } };
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

const withoutLink = (record: ViewRecord): ViewRecord => {
  const { link: _link, ...rest } = record;
  return rest;
};

const linkLine = (record: ViewRecord) =>
  record.link ? `\n\n${record.link.label}: ${record.link.url}` : '';

const inlineMarkup = (rows: InlineKeyboardButton[][]) =>
  rows.length > 0 ? { reply_markup: { inline_keyboard: rows } } : {};

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

  /** Removes a message's inline keyboard; a message we can no longer edit is left alone. */
  async function retireButtons(chatId: number, messageId: number): Promise<void> {
    try {
      await api.editMessageReplyMarkup(chatId, messageId);
    } catch (error) {
      if (isUnreachable(error)) throw error;
      if (isNotModified(error) || isNotEditable(error)) return;
      logger.warn(describeApiError(error), 'telegram: could not remove old buttons');
    }
  }

  /**
   * Sends the view's text with its keyboard; when Telegram refuses the payment link as a
   * button (it takes no local addresses), the link goes in the text instead.
   */
  async function sendView(
    chatId: number,
    text: string,
    record: ViewRecord,
    stamp: string,
    lang: Lang,
  ): Promise<{ message: Message; inline: boolean }> {
    const rows = inlineKeyboard(record, stamp, {}, lang);
    try {
      return {
        message: await api.sendMessage(chatId, text, { ...NO_PREVIEW, ...inlineMarkup(rows) }),
        inline: rows.length > 0,
      };
    } catch (error) {
      if (!record.link || !isBadButtonUrl(error)) throw error;
      const plain = inlineKeyboard(withoutLink(record), stamp, {}, lang);
      return {
        message: await api.sendMessage(chatId, `${text}${linkLine(record)}`, {
          ...NO_PREVIEW,
          ...inlineMarkup(plain),
        }),
        inline: plain.length > 0,
      };
    }
  }

  /** Edits the tapped message into the new view; false when Telegram no longer lets us. */
  async function editView(
    chatId: number,
    messageId: number,
    text: string,
    record: ViewRecord,
    stamp: string,
    lang: Lang,
  ): Promise<{ inline: boolean } | undefined> {
    const attempt = async (body: string, rows: InlineKeyboardButton[][]) => {
      try {
        await api.editMessageText(chatId, messageId, body, {
          ...NO_PREVIEW,
          ...inlineMarkup(rows),
        });
      } catch (error) {
        if (!isNotModified(error)) throw error;
      }
      return { inline: rows.length > 0 };
    };
    try {
      try {
        return await attempt(text, inlineKeyboard(record, stamp, {}, lang));
      } catch (error) {
        if (!record.link || !isBadButtonUrl(error)) throw error;
        return await attempt(
          `${text}${linkLine(record)}`,
          inlineKeyboard(withoutLink(record), stamp, {}, lang),
        );
      }
    } catch (error) {
      if (isNotEditable(error)) return undefined;
      throw error;
    }
  }

  async function deliver(
    chatId: number,
    conversationId: string,
    reply: Reply<unknown>,
    options: DeliverOptions,
  ): Promise<void> {
    const { view } = reply;
    // A handoff to a person's messages: said below the view, which stays the chat's own.
    if (reply.keepView) {
      for (const notice of reply.notices) await say(chatId, notice.text);
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
    const m = telegramMessages(options.lang);
    const stamp = options.prepared?.stamp ?? (await saveView(store, record));
    const phone = view.expects === 'phone';
    const parts = splitText(view.text);

    const inPlace =
      options.tappedMessageId !== undefined &&
      pointer?.messageId === options.tappedMessageId &&
      !pointer.replyKeyboard &&
      !pointer.covered &&
      reply.notices.length === 0 &&
      !phone &&
      (view.tickets ?? []).length === 0 &&
      view.invoice === undefined &&
      parts.length === 1;
    if (inPlace) {
      const edited = await editView(
        chatId,
        options.tappedMessageId!,
        parts[0]!,
        record,
        stamp,
        options.lang,
      );
      if (edited) {
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
        return;
      }
    }

    // The old view's buttons are removed while the new messages go out (taps on them are
    // stale from the pointer anyway); awaited before the pointer moves, never unhandled.
    const retiring =
      pointer?.messageId !== undefined && pointer.inline
        ? retireButtons(chatId, pointer.messageId).then(
            () => undefined,
            (error: unknown) => ({ error }),
          )
        : undefined;
    // The contact keyboard goes with the first message sent that can carry its removal.
    let removal = pointer?.replyKeyboard === true && !phone;
    const takeRemoval = () => {
      const extra = removal ? { reply_markup: REMOVE_KEYBOARD } : {};
      removal = false;
      return extra;
    };

    // The tickets' photos are drawn while the first of these messages is on its way.
    const drawn = view.tickets?.length ? tickets.draw(view.tickets) : undefined;

    for (const notice of reply.notices) {
      for (const part of splitText(notice.text)) {
        await api.sendMessage(chatId, part, { ...NO_PREVIEW, ...takeRemoval() });
      }
    }
    for (const part of parts.slice(0, -1)) {
      await api.sendMessage(chatId, part, { ...NO_PREVIEW, ...takeRemoval() });
    }

    const last = parts.at(-1)!;
    let messageId: number;
    let inline = false;
    if (phone) {
      const text = `${last}${linkLine(record)}`;
      const message = await api.sendMessage(chatId, text, {
        ...NO_PREVIEW,
        reply_markup: contactKeyboard(record, options.lang),
      });
      messageId = message.message_id;
    } else if (inlineKeyboard(record, stamp, {}, options.lang).length === 0) {
      const message = await api.sendMessage(chatId, last, { ...NO_PREVIEW, ...takeRemoval() });
      messageId = message.message_id;
    } else {
      // A message cannot carry both an inline keyboard and the removal of a reply keyboard.
      if (removal) await api.sendMessage(chatId, m.keyboardRemoved, takeRemoval());
      const sent = await sendView(chatId, last, record, stamp, options.lang);
      messageId = sent.message.message_id;
      inline = sent.inline;
    }

    const retired = await retiring;
    if (retired) throw retired.error;

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
        replyKeyboard: phone,
        covered: (view.tickets ?? []).length > 0 || view.invoice !== undefined,
      },
      options.end,
    );
    if (view.invoice !== undefined) {
      if (deps.providerToken === undefined) {
        logger.error('telegram: an invoice to send, but no TELEGRAM_PAYMENT_PROVIDER_TOKEN');
      } else {
        await sendInvoice(api, chatId, view.invoice, deps.providerToken);
      }
    }
    await tickets.send(chatId, view.tickets ?? [], options.lang, drawn);
  }

  async function say(chatId: number, text: string): Promise<void> {
    for (const part of splitText(text)) await api.sendMessage(chatId, part, NO_PREVIEW);
    const pointer = await getPointer(store, chatId);
    if (pointer && !pointer.covered) await setPointer(store, chatId, { ...pointer, covered: true });
  }

  async function redraw(
    chatId: number,
    messageId: number,
    stamp: string,
    record: ViewRecord,
    position: KeyboardPosition,
    lang: Lang,
  ): Promise<void> {
    const attempt = async (rows: InlineKeyboardButton[][]) => {
      try {
        await api.editMessageReplyMarkup(chatId, messageId, {
          reply_markup: { inline_keyboard: rows },
        });
      } catch (error) {
        if (!isNotModified(error)) throw error;
      }
    };
    try {
      await attempt(inlineKeyboard(record, stamp, position, lang));
    } catch (error) {
      if (isNotEditable(error)) return;
      if (!record.link || !isBadButtonUrl(error)) throw error;
      await attempt(inlineKeyboard(withoutLink(record), stamp, position, lang));
    }
  }

  return { deliver, say, redraw };
}
