/**
 * A view's message on Telegram: sent, edited in place, its keyboard redrawn or removed,
 * with what Telegram refuses handled here. A payment link it refuses as a button (it takes
 * no local addresses) goes in the text instead; an edit that changes nothing is done; a
 * message Telegram no longer lets us edit is left alone.
 */
import type { Api } from 'grammy';
import type { InlineKeyboardButton, Message } from 'grammy/types';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import {
  describeApiError,
  isBadButtonUrl,
  isNotEditable,
  isNotModified,
  isUnreachable,
} from './errors.js';
import { inlineKeyboard, type KeyboardPosition } from './keyboard.js';
import type { ViewRecord } from './view-table.js';

export const NO_PREVIEW = { link_preview_options: { is_disabled: true } };

const withoutLink = (record: ViewRecord): ViewRecord => {
  const { link: _link, ...rest } = record;
  return rest;
};

/** The payment link as a line of the text (when it cannot be a button). */
export const linkLine = (record: ViewRecord) =>
  record.link ? `\n\n${record.link.label}: ${record.link.url}` : '';

const inlineMarkup = (rows: InlineKeyboardButton[][]) =>
  rows.length > 0 ? { reply_markup: { inline_keyboard: rows } } : {};

/** Removes a message's inline keyboard; a message we can no longer edit is left alone. */
export async function retireButtons(
  api: Api,
  logger: Logger,
  chatId: number,
  messageId: number,
): Promise<void> {
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
export async function sendView(
  api: Api,
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

/** Edits the tapped message into the new view; undefined when Telegram no longer lets us. */
export async function editView(
  api: Api,
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

/** Draws another page or month of a view's keyboard on its message. */
export async function redrawKeyboard(
  api: Api,
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
