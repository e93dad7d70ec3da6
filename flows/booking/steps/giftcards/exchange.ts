/**
 * When a gift card may be redeemed for a visit: HoursInAdvanceOfGiftCardExchange hours
 * before 00:00 of the day after the visit (like HoursInAdvanceOfPurchase), in the
 * provider's wall-clock time; at the cut-off itself it is closed. The first date still
 * open is worked out when the card is checked (the machine keeps no clock) and carried
 * on the draft; the service checks again at Add.
 */
import type { IsoDate, IsoDateTime } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { addDays, addHours, dateOf, startOfDay } from '#src/domain/time.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Draft } from '#flows/booking/types.js';
import { formatDate, formatTime } from '#flows/booking/choosing/format.js';

const messages = defineMessages({
  es: {
    until: (time: string) => `hasta las ${time} del día de la visita`,
    endOfDay: 'hasta el final del día de la visita',
    hoursBefore: (hours: number) => `hasta ${hours} horas antes del final del día de la visita`,
    deadline: (date: string, time: string) => `el ${date} a las ${time}`,
    closed: (date: string, deadline: string, rule: string) =>
      `🎁 La tarjeta regalo ya no se puede canjear para el ${date}: el plazo acabó ${deadline} (se canjea ${rule}).`,
    firstDate: (date: string) => `El primer día que puedes elegir ahora es el ${date}.`,
    noDate: 'No queda ningún día en que se pueda canjear para este producto.',
    fixedClosed: (name: string, rule: string) =>
      `🎁 «${name}» solo se vende para el día de la compra, y hoy la tarjeta regalo ya no se puede canjear (se canjea ${rule}). Inténtalo mañana a tiempo.`,
  },
  en: {
    until: (time: string) => `until ${time} on the day of the visit`,
    endOfDay: 'until the end of the day of the visit',
    hoursBefore: (hours: number) => `until ${hours} hours before the end of the day of the visit`,
    deadline: (date: string, time: string) => `${time} on ${date}`,
    closed: (date: string, deadline: string, rule: string) =>
      `🎁 The gift card can no longer be redeemed for ${date}: the time ran out at ${deadline} (it is redeemed ${rule}).`,
    firstDate: (date: string) => `The first day you can choose now is ${date}.`,
    noDate: 'There is no day left on which it can be redeemed for this product.',
    fixedClosed: (name: string, rule: string) =>
      `🎁 "${name}" is sold only for the day of purchase, and today the gift card can no longer be redeemed (it is redeemed ${rule}). Please try again tomorrow in time.`,
  },
});

/** The moment redemption closes for a visit (provider-local). */
export function exchangeCutoff(visit: IsoDate, hours: number): IsoDateTime {
  return addHours(startOfDay(addDays(visit, 1)), -hours);
}

/** The first visit date whose exchange is still open at `now` (provider-local). */
export function firstExchangeDate(hours: number, now: IsoDateTime): IsoDate {
  let date = dateOf(now);
  // A cut-off more than a day before the visit moves the first date by whole days.
  for (let i = 0; i < 400 && now >= exchangeCutoff(date, hours); i += 1) date = addDays(date, 1);
  return date;
}

/** Whether a redeeming draft may not take `date`: its exchange closed before the check. */
export function exchangeClosed(draft: Draft | undefined, date: IsoDate): boolean {
  const first = draft?.giftCard?.firstDate;
  return first !== undefined && date < first;
}

/** "until 22:00 on the day of the visit" (or so many hours before its end). */
export function exchangeRule(hours: number | undefined, lang: Lang): string {
  const m = messages(lang);
  const h = hours ?? 0;
  if (h === 0) return m.endOfDay;
  return h > 0 && h <= 24 && Number.isInteger(h)
    ? m.until(`${String(24 - h).padStart(2, '0')}:00`)
    : m.hoursBefore(h);
}

/** Why a date was refused for a redemption, and the first date that may be chosen. */
export function closedText(draft: Draft, date: IsoDate, lang: Lang): string {
  const m = messages(lang);
  const hours = draft.giftCard?.hoursInAdvance ?? 0;
  const cutoff = exchangeCutoff(date, hours);
  const deadline = m.deadline(formatDate(dateOf(cutoff), lang, 'long'), formatTime(cutoff));
  const first = draft.giftCard?.firstDate;
  const next = draft.product.dates.find((candidate) => first !== undefined && candidate >= first);
  return [
    m.closed(formatDate(date, lang, 'long'), deadline, exchangeRule(hours, lang)),
    next ? m.firstDate(formatDate(next, lang, 'long')) : m.noDate,
  ].join(' ');
}

/** A product sold only for the day of purchase whose exchange closed today. */
export function fixedClosedText(name: string, hours: number | undefined, lang: Lang): string {
  return messages(lang).fixedClosed(name, exchangeRule(hours, lang));
}
