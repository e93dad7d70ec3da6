/**
 * Products that may be bought as gift cards: offerable ones (choosing/offerable.ts)
 * carrying the product tag `giftcard` (the sandbox's convention; the spec names no
 * such flag). A gift card is priced as its product on the card's AccessDateTime, which
 * the spec calls approximate and statistical: the first date the product is on sale.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { priceInputOf, quotePrice } from '#src/domain/pricing.js';
import { sellableDates } from '#src/domain/sale-window.js';
import { providerNow } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { Money } from '#flows/booking/types.js';
import { offerable } from '#flows/booking/choosing/offerable.js';

export const GIFT_CARD_TAG = 'giftcard';

const messages = defineMessages({
  es: { forWhom: (name: string) => ` (regalo para ${name})` },
  en: { forWhom: (name: string) => ` (a gift for ${name})` },
});

/** The name of a gift card's cart line: its products, and who it is for. */
export const giftCardLineName = (names: string[], recipient: string | undefined, lang: Lang) =>
  `🎁 ${names.join(' + ')}${recipient !== undefined ? messages(lang).forWhom(recipient) : ''}`;

export const isGiftCardProduct = (entry: ProductEntry | undefined): boolean =>
  entry?.product.tags.includes(GIFT_CARD_TAG) ?? false;

export interface GiftCardOffer {
  entry: ProductEntry;
  /** The card's (statistical) AccessDateTime. */
  date: IsoDate;
  unit: Money;
}

/** What a gift card of this product costs now, and the date it is priced on. */
export function giftCardOffer(entry: ProductEntry, now: Date): GiftCardOffer | undefined {
  const date = sellableDates(entry.product, providerNow(entry.provider, now))[0];
  const set = date === undefined ? undefined : priceSetOf(entry.product, date);
  if (date === undefined || set === undefined) return undefined;
  const quote = quotePrice(priceInputOf(entry.product, set), 1);
  return { entry, date, unit: { cents: quote.unit, currency: quote.currency } };
}

/** Every product on sale as a gift card now, in catalog order. */
export function giftCardOffers(catalog: CatalogIndex, now: Date): GiftCardOffer[] {
  return offerable(catalog, now).products.flatMap((entry) => {
    if (!isGiftCardProduct(entry)) return [];
    const offer = giftCardOffer(entry, now);
    return offer ? [offer] : [];
  });
}
