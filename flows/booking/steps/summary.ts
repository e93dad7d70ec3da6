/**
 * What a choice comes to, worded in one place: the total said on the way to the ticket
 * questions, and the summary said instead when a request read from one message was
 * applied: the product, the day in words, the session, how many of each
 * ticket type and the total. The customer did not see those steps' views, so this is
 * where they see which day "el finde" or "sabdo" became; the summary is a notice, not a
 * view of its own, so it costs no turn, and the view after it keeps Back to change it.
 */
import type { Lang } from '#src/domain/lang.js';
import { personLabel } from '#src/domain/people.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Draft, Money, TicketTypeOffer, TicketTypes } from '../types.js';
import { formatDate, formatPrice, formatTotal } from '#flows/booking/choosing/format.js';

const messages = defineMessages({
  es: {
    total: (line: string) => `Total: ${line}.`,
    heading: '📝 Tu elección:',
    tickets: (n: number) => (n === 1 ? '1 entrada' : `${n} entradas`),
  },
  en: {
    total: (line: string) => `Total: ${line}.`,
    heading: '📝 Your choice:',
    tickets: (n: number) => (n === 1 ? '1 ticket' : `${n} tickets`),
  },
});

export const countOf = (types: TicketTypes, offer: TicketTypeOffer) =>
  types.counts[offer.productId] ?? 0;

/** The choice's total, when its types are priced. */
export function typesTotal(types: TicketTypes): Money | undefined {
  const currency = types.offers[0]?.unitPrice.currency;
  if (currency === undefined) return undefined;
  const cents = types.offers.reduce(
    (sum, offer) => sum + offer.unitPrice.cents * countOf(types, offer),
    0,
  );
  return { cents, currency };
}

/** "2 adultos · 1 niño · 0 séniors" (every type offered), or only those chosen. */
export function countsText(types: TicketTypes, lang: Lang, only: 'all' | 'chosen' = 'all'): string {
  return types.offers
    .filter((offer) => only === 'all' || countOf(types, offer) > 0)
    .map((offer) => personLabel(offer.kind, undefined, lang, countOf(types, offer)))
    .join(' · ');
}

/**
 * "Total: 2 × 12,50 € = 25,00 €." or, with ticket types, "Total: 2 × 12,00 € + 1 × 7,00 €
 * = 31,00 €."; empty while nothing is priced.
 */
export function totalText(draft: Draft, lang: Lang): string {
  const m = messages(lang);
  const types = draft.types;
  if (types !== undefined) {
    const total = typesTotal(types);
    const lines = types.offers
      .filter((offer) => countOf(types, offer) > 0)
      .map((offer) => `${countOf(types, offer)} × ${formatPrice(offer.unitPrice, lang)}`)
      .join(' + ');
    return total ? m.total(`${lines} = ${formatPrice(total, lang)}`) : '';
  }
  return draft.unitPrice && draft.quantity !== undefined
    ? m.total(formatTotal(draft.unitPrice, draft.quantity, lang))
    : '';
}

/**
 * The summary of a choice read from one message:
 *   📝 Tu elección:
 *   Museo del Mar · Entrada general
 *   sábado, 13 de junio de 2026 · 11:00
 *   2 adultos · 1 niño
 *   Total: 2 × 12,00 € + 1 × 7,00 € = 31,00 €.
 * The name is the place's and the product's; with ticket types, the base's (the types
 * are the line below).
 */
export function summaryText(draft: Draft, lang: Lang): string {
  const product = draft.product;
  const place = product.place;
  const name =
    place === undefined
      ? product.name
      : `${place.provider} · ${draft.types !== undefined ? place.base : product.name}`;
  const sessions = draft.sessions.map((session) => session.label).filter((label) => label !== '');
  const when = draft.accessDate
    ? [formatDate(draft.accessDate, lang, 'long'), ...sessions].join(' · ')
    : '';
  return [messages(lang).heading, name, when, howMany(draft, lang), totalText(draft, lang)]
    .filter((line) => line !== '')
    .join('\n');
}

/** "2 adultos · 1 niño"; without types, the product's own type ("2 adultos") or "3 entradas". */
function howMany(draft: Draft, lang: Lang): string {
  if (draft.types !== undefined) return countsText(draft.types, lang, 'chosen');
  const quantity = draft.quantity;
  if (quantity === undefined) return '';
  const kind = draft.product.types?.find((type) => type.productId === draft.product.productId);
  return kind
    ? personLabel(kind.kind, undefined, lang, quantity)
    : messages(lang).tickets(quantity);
}
