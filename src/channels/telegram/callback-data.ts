/**
 * What a button carries. Telegram allows 64 bytes of callback data, so a button holds
 * only the stamp of the rendered view (a random id whose record is kept in the store,
 * bound to the chat and the view's options) and a small action: which option, which
 * keyboard page, which calendar month or day. Nothing in it is trusted: every action is
 * checked against the stored record before it means anything.
 */

export type ButtonAction =
  /** The view's option at this index. */
  | { kind: 'option'; index: number }
  /** Show this page of a long option list. */
  | { kind: 'page'; page: number }
  /** Show this month of the calendar (yyyy-MM). */
  | { kind: 'month'; month: string }
  /** This day of the calendar (yyyy-MM-dd). */
  | { kind: 'day'; date: string }
  /** A label-only button (a calendar header, an unavailable day). */
  | { kind: 'noop' };

export const MAX_CALLBACK_BYTES = 64;

function encodeAction(action: ButtonAction): string {
  switch (action.kind) {
    case 'option':
      return `o:${action.index}`;
    case 'page':
      return `p:${action.page}`;
    case 'month':
      return `m:${action.month}`;
    case 'day':
      return `d:${action.date}`;
    case 'noop':
      return 'x';
  }
}

export function encodeCallback(stamp: string, action: ButtonAction): string {
  const data = `${stamp}:${encodeAction(action)}`;
  if (Buffer.byteLength(data) > MAX_CALLBACK_BYTES) throw new Error('callback data too long');
  return data;
}

const STAMP = /^[A-Za-z0-9_-]{8,32}$/;

/** The stamp and action of a button's data, or undefined when it is not ours. */
export function decodeCallback(
  data: string | undefined,
): { stamp: string; action: ButtonAction } | undefined {
  if (data === undefined || Buffer.byteLength(data) > MAX_CALLBACK_BYTES) return undefined;
  const colon = data.indexOf(':');
  if (colon < 0) return undefined;
  const stamp = data.slice(0, colon);
  if (!STAMP.test(stamp)) return undefined;
  const rest = data.slice(colon + 1);
  if (rest === 'x') return { stamp, action: { kind: 'noop' } };
  const match = /^([opmd]):(.+)$/.exec(rest);
  if (!match) return undefined;
  const [, kind, value = ''] = match;
  if (kind === 'o' || kind === 'p') {
    if (!/^\d{1,4}$/.test(value)) return undefined;
    const number = Number(value);
    return {
      stamp,
      action: kind === 'o' ? { kind: 'option', index: number } : { kind: 'page', page: number },
    };
  }
  if (kind === 'm') {
    return /^\d{4}-\d{2}$/.test(value)
      ? { stamp, action: { kind: 'month', month: value } }
      : undefined;
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? { stamp, action: { kind: 'day', date: value } }
    : undefined;
}
