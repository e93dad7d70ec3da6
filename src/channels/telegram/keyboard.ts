/**
 * A rendered view's inline keyboard: the payment link on top, the calendar for date
 * questions, then the options, packed several to a row when their labels are short,
 * and paged (PAGE_SIZE to a page, with ◀ ▶) when there are many. "Back" and "Home" stay
 * on every page, and so do a handoff's own (🙋 a person, 🤖 back to the bot), added at
 * the end of a view that may be a long list. Built from the stored record alone, so a
 * page or month can be redrawn without running the conversation.
 */
import type { InlineKeyboardButton } from 'grammy/types';
import { ASK_ID, BACK_ID } from '#src/conversation/handoff/beside.js';
import type { Lang } from '#src/domain/lang.js';
import { encodeCallback } from './callback-data.js';
import { calendarRows, inCalendar } from './calendar.js';
import { telegramMessages } from './messages.js';
import type { ViewRecord } from './view-table.js';

export const PAGE_SIZE = 8;

/** Options shown on every page, after the paged ones. */
const PINNED = new Set(['back', 'home', ASK_ID, BACK_ID]);

export interface KeyboardPosition {
  page?: number;
  month?: string;
}

interface Indexed {
  index: number;
  label: string;
}

/** The options that go in the paged list and those pinned below it, with their indexes. */
export function splitOptions(record: ViewRecord): { listed: Indexed[]; pinned: Indexed[] } {
  const listed: Indexed[] = [];
  const pinned: Indexed[] = [];
  record.options.forEach((option, index) => {
    if (inCalendar(record, option)) return;
    (PINNED.has(option.id) ? pinned : listed).push({ index, label: option.label });
  });
  return { listed, pinned };
}

export function pageCount(record: ViewRecord): number {
  return Math.max(1, Math.ceil(splitOptions(record).listed.length / PAGE_SIZE));
}

/** How many buttons fit a row: four short numbers, two dates, one name. */
export function columnsFor(labels: readonly string[]): number {
  const widest = Math.max(0, ...labels.map((label) => [...label].length));
  if (widest <= 3) return 4;
  if (widest <= 14) return 2;
  return 1;
}

function rowsOf(buttons: InlineKeyboardButton[], columns: number): InlineKeyboardButton[][] {
  const rows: InlineKeyboardButton[][] = [];
  for (let at = 0; at < buttons.length; at += columns) rows.push(buttons.slice(at, at + columns));
  return rows;
}

export function inlineKeyboard(
  record: ViewRecord,
  stamp: string,
  position: KeyboardPosition,
  lang: Lang,
): InlineKeyboardButton[][] {
  const rows: InlineKeyboardButton[][] = [];
  if (record.link) rows.push([{ text: record.link.label, url: record.link.url }]);
  if (record.calendar && record.calendar.length > 0) {
    rows.push(...calendarRows(record.calendar, position.month, lang, stamp, record.calendarFull));
  }

  const { listed, pinned } = splitOptions(record);
  const pages = pageCount(record);
  const page = Math.min(Math.max(position.page ?? 0, 0), pages - 1);
  const shown = listed.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const button = (option: Indexed): InlineKeyboardButton => ({
    text: option.label,
    callback_data: encodeCallback(stamp, { kind: 'option', index: option.index }),
  });
  rows.push(...rowsOf(shown.map(button), columnsFor(shown.map((option) => option.label))));
  if (pages > 1) {
    const nav: InlineKeyboardButton[] = [];
    if (page > 0) {
      nav.push({
        text: '◀',
        callback_data: encodeCallback(stamp, { kind: 'page', page: page - 1 }),
      });
    }
    nav.push({
      text: telegramMessages(lang).pages(page + 1, pages),
      callback_data: encodeCallback(stamp, { kind: 'noop' }),
    });
    if (page < pages - 1) {
      nav.push({
        text: '▶',
        callback_data: encodeCallback(stamp, { kind: 'page', page: page + 1 }),
      });
    }
    rows.push(nav);
  }
  rows.push(...rowsOf(pinned.map(button), 2));
  return rows;
}
