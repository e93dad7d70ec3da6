/**
 * What the Telegram adapter itself says: button toasts, file checks, the contact button,
 * commands that are not offered yet (locales/<lang>/src/channels/telegram/messages.ftl).
 * Everything about the booking is the flow's text; these are only the channel's own words.
 */
import { catalogMessages, text } from '#src/i18n/catalog.js';

export const telegramMessages = catalogMessages(import.meta.url, {
  slowDown: text,
  forgedButton: text,
  staleButton: text,
  repeatedTap: text,
  sharePhone: text,
  phonePlaceholder: text,
  keyboardRemoved: text,
  noFileExpected: text,
  fileTooLarge: (max: string) => ({ max }),
  fileType: (types: string) => ({ types }),
  fileFailed: text,
  unsupported: text,
  failed: text,
  pages: (page: number, pages: number) => ({ page, pages }),
  ticketCode: (code: string) => ({ code }),
});

export type TelegramMessages = ReturnType<typeof telegramMessages>;
