/** Dates, times and money as the customer reads them, in their language. */
import type { IsoDate, IsoDateTime } from '#src/domain/time.js';
import { locales, type Lang } from '#src/domain/lang.js';
import { formatMoney } from '#src/domain/pricing.js';
import type { Money } from '#flows/booking/types.js';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(lang: Lang, style: 'short' | 'long'): Intl.DateTimeFormat {
  const key = `${lang}:${style}`;
  let found = formats.get(key);
  if (!found) {
    // The dates are provider-local calendar days: formatted as UTC so no zone moves them.
    found = new Intl.DateTimeFormat(
      locales[lang],
      style === 'short'
        ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }
        : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
    );
    formats.set(key, found);
  }
  return found;
}

const utc = (date: IsoDate) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * Dates already written, by language, style and date: a date view writes every day it
 * shows, and the same days again on the next view. Emptied when it grows past
 * a few thousand: the days on sale are a season's, not more.
 */
const written = new Map<string, string>();

/** "sáb, 13 jun" / "Sat 13 Jun" (buttons) or "sábado, 13 de junio de 2026" (sentences). */
export function formatDate(date: IsoDate, lang: Lang, style: 'short' | 'long' = 'short'): string {
  const key = `${lang}:${style}:${date}`;
  let text = written.get(key);
  if (text === undefined) {
    text = format(lang, style).format(utc(date));
    if (written.size >= 5000) written.clear();
    written.set(key, text);
  }
  return text;
}

/** The time of day of a provider-local date-time: "17:00". */
export const formatTime = (time: IsoDateTime | string): string => time.slice(11, 16);

export const formatPrice = (money: Money, lang: Lang): string =>
  formatMoney(money.cents, money.currency, lang);

/** "2 × 12,50 € = 25,00 €". */
export function formatTotal(unit: Money, quantity: number, lang: Lang): string {
  const total: Money = { cents: unit.cents * quantity, currency: unit.currency };
  return `${quantity} × ${formatPrice(unit, lang)} = ${formatPrice(total, lang)}`;
}
