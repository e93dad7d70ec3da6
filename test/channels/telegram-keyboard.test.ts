/** Drawing views as Telegram keyboards: button data, paging, rows, the calendar, long texts. */
import type { InlineKeyboardButton } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import {
  decodeCallback,
  encodeCallback,
  MAX_CALLBACK_BYTES,
} from '#src/channels/telegram/callback-data.js';
import {
  calendarMonths,
  calendarRows,
  monthTitle,
  weekdayNames,
} from '#src/channels/telegram/calendar.js';
import { COMMANDS, commandOf } from '#src/channels/telegram/commands.js';
import { interpret } from '#src/conversation/interpret.js';
import {
  columnsFor,
  inlineKeyboard,
  PAGE_SIZE,
  pageCount,
} from '#src/channels/telegram/keyboard.js';
import { splitText } from '#src/channels/telegram/text.js';
import type { ViewRecord } from '#src/channels/telegram/view-table.js';

const STAMP = 'AbCdEfGhIjKlMnOp';

function record(fields: Partial<ViewRecord> = {}): ViewRecord {
  return { conversationId: 'tg:1', chatId: 1, options: [], expects: 'choice', ...fields };
}

const texts = (rows: { text: string }[][]) => rows.map((row) => row.map((button) => button.text));
const dataOf = (button: InlineKeyboardButton | undefined) =>
  button && 'callback_data' in button ? button.callback_data : undefined;
const datas = (rows: InlineKeyboardButton[][]) => rows.flat().map(dataOf);

describe('button data', () => {
  it('round-trips every action within 64 bytes', () => {
    const actions = [
      { kind: 'option', index: 17 },
      { kind: 'page', page: 2 },
      { kind: 'month', month: '2026-12' },
      { kind: 'day', date: '2026-12-15' },
      { kind: 'noop' },
    ] as const;
    for (const action of actions) {
      const data = encodeCallback(STAMP, action);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
      expect(decodeCallback(data)).toEqual({ stamp: STAMP, action });
    }
  });

  it('reads anything else as not ours', () => {
    for (const data of [
      undefined,
      '',
      'garbage',
      `${STAMP}`,
      `${STAMP}:o:`,
      `${STAMP}:o:-1`,
      `${STAMP}:o:1.5`,
      `${STAMP}:q:1`,
      `${STAMP}:m:2026-1`,
      `${STAMP}:d:2026-12-1`,
      `sh:o:1`,
      `${'A'.repeat(60)}:o:1`,
      `${STAMP}:d:2026-12-15:extra`,
    ]) {
      expect(decodeCallback(data)).toBeUndefined();
    }
  });
});

describe('option keyboards', () => {
  const options = (count: number, label = (i: number) => `Product number ${i}`) =>
    Array.from({ length: count }, (_, i) => ({ id: `p:${i}`, label: label(i) }));
  const back = { id: 'back', label: '⬅️ Back' };
  const home = { id: 'home', label: '🏠 Home' };

  it('packs short labels several to a row', () => {
    expect(columnsFor(['1', '2', '10'])).toBe(4);
    expect(columnsFor(['Sun 22 Nov', 'Mon 23 Nov'])).toBe(2);
    expect(columnsFor(['Valencia Sea Museum'])).toBe(1);
    const rows = inlineKeyboard(
      record({ options: [...options(8, (i) => String(i + 1)), back, home] }),
      STAMP,
      {},
      'en',
    );
    expect(texts(rows)).toEqual([
      ['1', '2', '3', '4'],
      ['5', '6', '7', '8'],
      ['⬅️ Back', '🏠 Home'],
    ]);
  });

  it('does not page a list that fits', () => {
    const view = record({ options: [...options(PAGE_SIZE), back] });
    expect(pageCount(view)).toBe(1);
    expect(texts(inlineKeyboard(view, STAMP, {}, 'en')).flat()).not.toContain('1/1');
  });

  it('pages long lists with ◀ ▶, keeping Back and Home on every page', () => {
    const view = record({ options: [back, ...options(19), home] });
    expect(pageCount(view)).toBe(3);
    const first = inlineKeyboard(view, STAMP, {}, 'en');
    expect(texts(first)).toEqual([
      ...options(8).map((option) => [option.label]),
      ['1/3', '▶'],
      ['⬅️ Back', '🏠 Home'],
    ]);
    const last = inlineKeyboard(view, STAMP, { page: 2 }, 'en');
    expect(texts(last)).toEqual([
      ...options(19)
        .slice(16)
        .map((option) => [option.label]),
      ['◀', '3/3'],
      ['⬅️ Back', '🏠 Home'],
    ]);
    // Option buttons carry the option's index in the view (Back is index 0).
    expect(decodeCallback(dataOf(last[0]![0]))?.action).toEqual({
      kind: 'option',
      index: 17,
    });
    expect(decodeCallback(dataOf(last.at(-2)![0]))?.action).toEqual({
      kind: 'page',
      page: 1,
    });
    // A page out of range shows the nearest one.
    expect(texts(inlineKeyboard(view, STAMP, { page: 9 }, 'en'))).toEqual(texts(last));
  });

  it('keeps a handoff’s own buttons on every page of a long list', () => {
    const toBot = { id: 'support:bot', label: '🤖 Back to the bot' };
    const ask = { id: 'support:ask', label: '🙋 Talk to a person' };
    for (const extra of [toBot, ask]) {
      const view = record({ options: [...options(19), home, extra] });
      for (const page of [0, 2]) {
        expect(texts(inlineKeyboard(view, STAMP, { page }, 'en')).at(-1)).toEqual([
          '🏠 Home',
          extra.label,
        ]);
      }
    }
  });

  it('puts the link on top as a URL button', () => {
    const rows = inlineKeyboard(
      record({ options: [home], link: { label: '💳 Pay', url: 'https://pay.example.com/1' } }),
      STAMP,
      {},
      'en',
    );
    expect(rows[0]).toEqual([{ text: '💳 Pay', url: 'https://pay.example.com/1' }]);
  });

  it('every button data names the view', () => {
    const rows = inlineKeyboard(
      record({ options: [...options(30), back], calendar: ['2026-12-01', '2027-01-05'] }),
      STAMP,
      {},
      'en',
    );
    for (const data of datas(rows)) expect(decodeCallback(data)?.stamp).toBe(STAMP);
  });
});

describe('the calendar', () => {
  const available = ['2026-12-01', '2026-12-15', '2026-12-31', '2027-02-03'];

  it('draws a month with its weekdays, available days as buttons and the others marked', () => {
    const rows = calendarRows(available, '2026-12', 'en', STAMP);
    expect(texts(rows)).toEqual([
      [' ', 'December 2026', '▶'],
      ['M', 'T', 'W', 'T', 'F', 'S', 'S'],
      [' ', '1', '·', '·', '·', '·', '·'],
      ['·', '·', '·', '·', '·', '·', '·'],
      ['·', '15', '·', '·', '·', '·', '·'],
      ['·', '·', '·', '·', '·', '·', '·'],
      ['·', '·', '·', '31', ' ', ' ', ' '],
    ]);
    const day = rows[4]![1]!;
    expect(decodeCallback(dataOf(day))?.action).toEqual({ kind: 'day', date: '2026-12-15' });
    expect(decodeCallback(dataOf(rows[2]![2]))?.action).toEqual({ kind: 'noop' });
  });

  it('marks a full day with a cross, never as a button', () => {
    const rows = calendarRows(available, '2026-12', 'en', STAMP, ['2026-12-16']);
    expect(texts(rows)[4]).toEqual(['·', '15', '✕', '·', '·', '·', '·']);
    expect(decodeCallback(dataOf(rows[4]![2]))?.action).toEqual({ kind: 'noop' });
  });

  it('moves between the months that have available days only', () => {
    expect(calendarMonths(available)).toEqual(['2026-12', '2027-02']);
    const rows = calendarRows(available, '2026-12', 'en', STAMP);
    expect(decodeCallback(dataOf(rows[0]![2]))?.action).toEqual({
      kind: 'month',
      month: '2027-02',
    });
    const february = calendarRows(available, '2027-02', 'en', STAMP);
    expect(texts(february)[0]).toEqual(['◀', 'February 2027', ' ']);
    expect(decodeCallback(dataOf(february[0]![0]))?.action).toEqual({
      kind: 'month',
      month: '2026-12',
    });
    // Without a month, or with one without available days: the first month.
    expect(texts(calendarRows(available, undefined, 'en', STAMP))[0]).toEqual([
      ' ',
      'December 2026',
      '▶',
    ]);
    expect(texts(calendarRows(available, '2027-01', 'en', STAMP))[0]).toEqual([
      ' ',
      'December 2026',
      '▶',
    ]);
    expect(calendarRows([], undefined, 'en', STAMP)).toEqual([]);
  });

  it('speaks Spanish', () => {
    expect(monthTitle('2026-12', 'es')).toBe('Diciembre de 2026');
    expect(weekdayNames('es')).toEqual(['L', 'M', 'X', 'J', 'V', 'S', 'D']);
    // Two letters where one would name Tuesday and Wednesday alike.
    expect(weekdayNames('fr')).toEqual(['Lu', 'Ma', 'Me', 'Je', 'Ve', 'Sa', 'Di']);
    expect(weekdayNames('de')).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(weekdayNames('it')).toEqual(['Lu', 'Ma', 'Me', 'Gi', 'Ve', 'Sa', 'Do']);
    expect(weekdayNames('ca')).toEqual(['Dl', 'Dt', 'Dc', 'Dj', 'Dv', 'Ds', 'Dg']);
  });

  it("replaces the view's date buttons, keeping its other options below", () => {
    const view = record({
      expects: 'date',
      calendar: available,
      options: [
        { id: 'date:2026-12-01', label: 'Tue 1 Dec', day: '2026-12-01' },
        { id: 'date:2026-12-15', label: 'Tue 15 Dec', day: '2026-12-15' },
        // Not a day of the calendar (a full day, say): stays a button.
        { id: 'date:2026-12-16', label: 'Wed 16 Dec', day: '2026-12-16' },
        { id: 'back', label: '⬅️ Back' },
        { id: 'home', label: '🏠 Home' },
      ],
    });
    const rows = texts(inlineKeyboard(view, STAMP, {}, 'en'));
    expect(rows.flat()).not.toContain('Tue 1 Dec');
    expect(rows.flat()).toContain('Wed 16 Dec');
    expect(rows.at(-1)).toEqual(['⬅️ Back', '🏠 Home']);
    expect(rows[0]).toEqual([' ', 'December 2026', '▶']);
  });
});

describe('texts and commands', () => {
  it('splits long texts at line ends within the limit', () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const parts = splitText(text, 100);
    expect(parts.every((part) => part.length <= 100)).toBe(true);
    expect(parts.join('\n')).toBe(text);
    expect(splitText('short')).toEqual(['short']);
    expect(splitText('  ')).toEqual(['…']);
    expect(splitText('x'.repeat(250), 100)).toEqual([
      'x'.repeat(100),
      'x'.repeat(100),
      'x'.repeat(50),
    ]);
  });

  it('reads commands, with a bot name or a deep-link payload', () => {
    expect(commandOf('/start')).toBe('start');
    expect(commandOf('/Book@fake_bot')).toBe('book');
    expect(commandOf('/start promo-2026')).toBe('start');
    expect(commandOf('start')).toBeUndefined();
    expect(commandOf('/12:30')).toBeUndefined();
  });

  it('offers in the menu only commands the conversation reads', () => {
    for (const command of COMMANDS) {
      const reading = interpret(
        { kind: 'text', text: `/${command}` },
        { text: '', options: [], expects: 'none' },
      );
      expect({ command, understood: 'event' in reading }).toEqual({ command, understood: true });
    }
  });
});
