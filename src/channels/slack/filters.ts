/**
 * The text after `/sales` and `/cancellations`, read into the partner's request fields.
 * Pure: no I/O. Errors are sentences for staff.
 *
 * /sales: `key:value` pairs (values with spaces in quotes), in any order; what is typed
 * alone is read for what it looks like: an e-mail, a phone, a name (letters only), a
 * period ("today", "yesterday", "this week"), else a sale's id or order number. Dates
 * are yyyy-MM-dd or dd/mm/yyyy (provider-local days).
 * /cancellations: PartnerSaleIds (spaces or commas between them) and date filters.
 */
import type { IsoDate } from '#src/api/schema.js';
import type { CancellationFilters, SalesFilters } from '#src/conversation/staff/lookups.js';
import { addDays, parseDateInput, weekday } from '#src/domain/time.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

interface Token {
  key?: string;
  value: string;
}

/** Splits on spaces outside quotes ("…", “…”, '…'); `key:value` keeps its key. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /([A-Za-z][\w-]*):(?:"([^"]*)"|“([^”]*)”|'([^']*)'|(\S*))|"([^"]*)"|“([^”]*)”|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) {
      const value = match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
      tokens.push({ key: match[1].toLowerCase(), value: value.trim() });
    } else {
      tokens.push({ value: (match[6] ?? match[7] ?? match[8] ?? '').trim() });
    }
  }
  return tokens;
}

const SALES_KEYS = {
  id: 'partnerSaleId',
  from: 'fromTransactionDateTime',
  to: 'toTransactionDateTime',
  'access-from': 'fromAccessDateTime',
  'access-to': 'toAccessDateTime',
  name: 'clientName',
  email: 'clientEmail',
  phone: 'clientPhone',
  doc: 'clientDocumentIdentifier',
} as const satisfies Record<string, keyof SalesFilters>;

const DATE_FIELDS = new Set<string>([
  'fromTransactionDateTime',
  'toTransactionDateTime',
  'fromAccessDateTime',
  'toAccessDateTime',
  'fromCreatedDateTime',
  'toCreatedDateTime',
  'fromUpdatedDateTime',
  'toUpdatedDateTime',
]);

export const SALES_HELP = [
  '*/sales* looks up sales. Filters, in any order (quote values with spaces):',
  '• `id:ABC123` (or just `ABC123`): the PartnerSaleId, or the order number the customer was given',
  '• typed alone: an e-mail, a phone (`+34 600 111 222`), a name (`Ana García`), `today`, `yesterday`, `this week`',
  '• `from:2026-11-01` `to:2026-11-30`: transaction (purchase) dates',
  '• `access-from:2026-12-01` `access-to:2026-12-31`: access (visit) dates',
  '• `name:"Ana Pérez"` `email:ana@example.com` `phone:600111222` `doc:12345678Z`: the client',
  'Dates are yyyy-mm-dd or dd/mm/yyyy, both ends included.',
  'Example: `/sales from:2026-11-01 to:2026-11-30 name:"Ana Pérez"`',
  '`/sales` alone opens a form with the same filters.',
].join('\n');

export const CANCELLATIONS_HELP = [
  '*/cancellations* lists cancellation requests of one or more sales:',
  '`/cancellations <PartnerSaleId> [more ids…] [filters]`',
  '• `from:2026-11-01` `to:2026-11-30`: when the request was created',
  '• `updated-from:2026-11-01` `updated-to:2026-11-30`: when it last changed',
  'Dates are yyyy-mm-dd or dd/mm/yyyy, both ends included.',
  'Example: `/cancellations ABC123 DEF456 from:2026-11-01`',
].join('\n');

function readDate(key: string, value: string): Parsed<IsoDate> {
  const date = parseDateInput(value);
  return date
    ? { ok: true, value: date }
    : { ok: false, error: `\`${key}:${value}\` is not a date; write it as yyyy-mm-dd.` };
}

/** A range whose end comes before its start, named by its two keys. */
export function checkRange(
  from: IsoDate | undefined,
  to: IsoDate | undefined,
  keys: [string, string],
): string | undefined {
  if (from !== undefined && to !== undefined && from > to)
    return `\`${keys[0]}\` (${from}) is after \`${keys[1]}\` (${to}).`;
  return undefined;
}

/** An e-mail typed alone. */
const EMAIL_ALONE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone typed alone: a +, or 7 to 12 digits (order numbers and sale ids are longer). */
const PHONE_ALONE = /^(?:\+[\d\s().-]{6,}|\d[\d\s.-]{5,}\d)$/;
/** A name typed alone: letters only (an id has digits). */
const NAME_ALONE = /^\p{L}[\p{L}'’.-]*$/u;
/** Periods of transactions, in English and Spanish. */
const PERIODS: Record<string, (today: IsoDate) => [IsoDate, IsoDate]> = {
  today: (today) => [today, today],
  hoy: (today) => [today, today],
  yesterday: (today) => [addDays(today, -1), addDays(today, -1)],
  ayer: (today) => [addDays(today, -1), addDays(today, -1)],
  'this week': (today) => [addDays(today, 1 - weekday(today)), today],
  'esta semana': (today) => [addDays(today, 1 - weekday(today)), today],
};

function digitsOf(value: string): number {
  return value.replace(/\D/g, '').length;
}

/**
 * What a word (or words) typed alone is: read into its filter. `today`: the day the
 * periods count from (the caller's clock, the service's days).
 */
function readAlone(
  bare: string[],
  filters: Record<string, string>,
  today: IsoDate | undefined,
): string | undefined {
  const joined = bare.join(' ').trim();
  const period = PERIODS[joined.toLowerCase()];
  if (period) {
    if (!today) return `\`${joined}\` needs the date of today; use \`from:\` and \`to:\`.`;
    if (filters.fromTransactionDateTime || filters.toTransactionDateTime)
      return `\`${joined}\` and \`from:\`/\`to:\` both give the dates; use one.`;
    [filters.fromTransactionDateTime, filters.toTransactionDateTime] = period(today);
    return undefined;
  }
  const put = (field: keyof SalesFilters, value: string, key: string): string | undefined => {
    if (filters[field] !== undefined) return `\`${value}\` and \`${key}:\` both given; use one.`;
    filters[field] = value;
    return undefined;
  };
  if (bare.length === 1 && EMAIL_ALONE.test(joined)) return put('clientEmail', joined, 'email');
  if (PHONE_ALONE.test(joined) && digitsOf(joined) >= 7 && digitsOf(joined) <= 15)
    if (joined.startsWith('+') || digitsOf(joined) <= 12)
      return put('clientPhone', joined, 'phone');
  if (bare.every((word) => NAME_ALONE.test(word))) return put('clientName', joined, 'name');
  if (bare.length > 1)
    return `I read \`${joined}\` as more than one sale id. Use \`id:\` for one sale, \`name:"…"\` for a name, or \`/sales help\`.`;
  if (filters.partnerSaleId !== undefined) return 'Two sale ids given; use one.';
  filters.partnerSaleId = joined;
  return undefined;
}

export function parseSalesFilters(
  text: string,
  options: { today?: IsoDate } = {},
): Parsed<SalesFilters> {
  const filters: Record<string, string> = {};
  const bare: string[] = [];
  for (const token of tokenize(text)) {
    if (token.key === undefined) {
      bare.push(token.value);
      continue;
    }
    const field = (SALES_KEYS as Record<string, keyof SalesFilters>)[token.key];
    if (field === undefined)
      return { ok: false, error: `Unknown filter \`${token.key}:\`. Try \`/sales help\`.` };
    if (token.value === '')
      return { ok: false, error: `\`${token.key}:\` needs a value. Try \`/sales help\`.` };
    if (filters[field] !== undefined)
      return { ok: false, error: `\`${token.key}:\` is given twice.` };
    if (DATE_FIELDS.has(field)) {
      const date = readDate(token.key, token.value);
      if (!date.ok) return date;
      filters[field] = date.value;
    } else {
      filters[field] = token.value;
    }
  }
  if (bare.length > 0) {
    const error = readAlone(bare, filters, options.today);
    if (error) return { ok: false, error };
  }
  const value = filters as SalesFilters;
  const range =
    checkRange(value.fromTransactionDateTime, value.toTransactionDateTime, ['from', 'to']) ??
    checkRange(value.fromAccessDateTime, value.toAccessDateTime, ['access-from', 'access-to']);
  if (range) return { ok: false, error: range };
  return { ok: true, value };
}

const CANCELLATION_KEYS = {
  from: 'fromCreatedDateTime',
  to: 'toCreatedDateTime',
  'updated-from': 'fromUpdatedDateTime',
  'updated-to': 'toUpdatedDateTime',
} as const satisfies Record<string, keyof CancellationFilters>;

export function parseCancellationFilters(text: string): Parsed<CancellationFilters> {
  const dates: Record<string, IsoDate> = {};
  const ids: string[] = [];
  for (const token of tokenize(text)) {
    if (token.key === undefined) {
      for (const id of token.value.split(',')) if (id.trim() !== '') ids.push(id.trim());
      continue;
    }
    const field = (CANCELLATION_KEYS as Record<string, keyof CancellationFilters>)[token.key];
    if (field === undefined)
      return { ok: false, error: `Unknown filter \`${token.key}:\`. Try \`/cancellations help\`.` };
    if (dates[field] !== undefined)
      return { ok: false, error: `\`${token.key}:\` is given twice.` };
    const date = readDate(token.key, token.value);
    if (!date.ok) return date;
    dates[field] = date.value;
  }
  if (ids.length === 0)
    return {
      ok: false,
      error: 'Give at least one PartnerSaleId, e.g. `/cancellations ABC123`.',
    };
  const value: CancellationFilters = { partnerSaleIds: [...new Set(ids)], ...dates };
  const range =
    checkRange(value.fromCreatedDateTime, value.toCreatedDateTime, ['from', 'to']) ??
    checkRange(value.fromUpdatedDateTime, value.toUpdatedDateTime, ['updated-from', 'updated-to']);
  if (range) return { ok: false, error: range };
  return { ok: true, value };
}

/** A one-line description of the filters, for the results' heading (staff-only replies). */
export function describeSalesFilters(filters: SalesFilters): string {
  const parts: string[] = [];
  for (const [key, field] of Object.entries(SALES_KEYS)) {
    const value = filters[field];
    if (value !== undefined) parts.push(`${key}:${/\s/.test(value) ? `"${value}"` : value}`);
  }
  return parts.length ? parts.join(' ') : 'all sales';
}

export function describeCancellationFilters(filters: CancellationFilters): string {
  const parts = [filters.partnerSaleIds.join(', ')];
  for (const [key, field] of Object.entries(CANCELLATION_KEYS)) {
    const value = filters[field];
    if (value !== undefined) parts.push(`${key}:${value}`);
  }
  return parts.join(' ');
}
