/**
 * Gift cards in the tickets of a sale (done step). A gift card sold is an activity of a
 * gift-card product with no tickets whose AccessCode is the redemption code (the
 * sandbox's shape; the spec does not show a sold card). A card of several products is
 * several such activities sharing one code: one document per code.
 */
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { TicketDocument } from '#flows/view.js';
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { SoldActivity } from '#flows/booking/types.js';
import { isGiftCardProduct } from './products.js';

const messages = defineMessages({
  es: {
    title: (names: string) => `🎁 ${names}`,
    code: (names: string, code: string) => `🎁 Código de la tarjeta regalo «${names}»: ${code}`,
    howTo: 'Quien tenga el código la canjea aquí: «🎁 Tarjetas regalo» → «Canjear» (o /giftcard).',
    document: 'Código de canje de la tarjeta regalo.',
  },
  en: {
    title: (names: string) => `🎁 ${names}`,
    code: (names: string, code: string) => `🎁 Code of the gift card "${names}": ${code}`,
    howTo: 'Whoever has the code redeems it here: "🎁 Gift cards" → "Redeem" (or /giftcard).',
    document: 'Redemption code of the gift card.',
  },
});

export const isSoldGiftCard = (activity: SoldActivity, catalog: CatalogIndex): boolean =>
  activity.accessCode !== undefined &&
  activity.tickets.length === 0 &&
  isGiftCardProduct(catalog.product(activity.productId));

/** The gift cards of a sale: names of their products by redemption code. */
function cardsOf(activities: SoldActivity[], catalog: CatalogIndex): Map<string, string[]> {
  const cards = new Map<string, string[]>();
  for (const activity of activities) {
    if (!isSoldGiftCard(activity, catalog)) continue;
    const code = activity.accessCode!;
    cards.set(code, [...(cards.get(code) ?? []), activity.name]);
  }
  return cards;
}

/** The sale's activities that are not gift cards (tickets to show as tickets). */
export const withoutGiftCards = (activities: SoldActivity[], catalog: CatalogIndex) =>
  activities.filter((activity) => !isSoldGiftCard(activity, catalog));

export function giftCardDocuments(
  activities: SoldActivity[],
  catalog: CatalogIndex,
  lang: Lang,
): TicketDocument[] {
  const m = messages(lang);
  return [...cardsOf(activities, catalog)].map(([code, names]) => ({
    accessCode: code,
    title: m.title(names.join(' + ')),
    lines: [m.document, m.howTo],
  }));
}

/** The done text's lines about gift cards: each code, and how it is redeemed. */
export function giftCardLines(
  activities: SoldActivity[],
  catalog: CatalogIndex,
  lang: Lang,
): string[] {
  const m = messages(lang);
  const cards = [...cardsOf(activities, catalog)];
  if (cards.length === 0) return [];
  return [...cards.map(([code, names]) => m.code(names.join(' + '), code)), m.howTo];
}
