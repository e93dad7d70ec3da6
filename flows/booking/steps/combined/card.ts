/**
 * A combined product's card, as an ordinary product's (steps/product.ts): what the
 * combination includes (each product with its description), the combined price ("from"
 * the lowest of the days shown, read with the card from /realTimePrices), each product's
 * cancellation policy, and the first days as buttons (with their price when the days
 * differ). Built only from customer-facing fields of the catalog.
 */
import type { IsoDate } from '#src/domain/time.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { CombinedDraft, Money } from '#flows/booking/types.js';
import { dateOptions } from '../date.js';
import { cancellationText } from '../product.js';
import { formatPrice } from '#flows/booking/choosing/format.js';

const messages = defineMessages({
  es: {
    includes: 'Incluye:',
    from: (price: string) => `💶 Precio combinado desde ${price}`,
    onChoose: '💶 Precio combinado: te lo digo al elegir el día.',
    cancellation: (text: string) => `↩️ Cancelación: ${text}`,
    cancellationEach: '↩️ Cancelación:',
    chooseDate: '📅 Elegir fecha',
    otherDate: '📅 Otra fecha',
  },
  en: {
    includes: 'Includes:',
    from: (price: string) => `💶 Combined price from ${price}`,
    onChoose: '💶 Combined price: I will tell you once you choose the day.',
    cancellation: (text: string) => `↩️ Cancellation: ${text}`,
    cancellationEach: '↩️ Cancellation:',
    chooseDate: '📅 Choose a date',
    otherDate: '📅 Another date',
  },
});

type Opened = NonNullable<CombinedDraft['product']>;

/** The lowest combined price of the days read with the card. */
function lowest(product: Opened): Money | undefined {
  return Object.values(product.prices ?? {}).sort((a, b) => a.cents - b.cents)[0];
}

/** The card's text. */
export function combinedCard(product: Opened, catalog: CatalogIndex, lang: Lang): string {
  const m = messages(lang);
  const entries = product.parts.map((part) => ({ part, entry: catalog.product(part.productId) }));
  const provider = catalog.provider(product.providerId)?.providerName;
  const blocks = [provider ? `🎫 ${product.name}\n${provider}` : `🎫 ${product.name}`];
  const includes = entries.map(({ part, entry }) => {
    const description = entry?.product.productDescription;
    return description ? `• ${part.name}: ${description}` : `• ${part.name}`;
  });
  blocks.push(`${m.includes}\n${includes.join('\n')}`);
  const from = lowest(product);
  blocks.push(from ? m.from(formatPrice(from, lang)) : m.onChoose);

  const policies = entries.map(({ part, entry }) => ({
    name: part.name,
    text: entry ? cancellationText(entry, lang) : undefined,
  }));
  const distinct = new Set(policies.map((policy) => policy.text ?? ''));
  if (distinct.size === 1 && policies[0]?.text) blocks.push(m.cancellation(policies[0].text));
  else if (policies.some((policy) => policy.text)) {
    const lines = policies
      .filter((policy) => policy.text)
      .map((policy) => `• ${policy.name}: ${policy.text}`);
    blocks.push(`${m.cancellationEach}\n${lines.join('\n')}`);
  }
  return blocks.join('\n\n');
}

/** The card's buttons: the first days (priced where read), then another date. */
export function combinedCardOptions(product: Opened, dates: readonly IsoDate[], lang: Lang) {
  const m = messages(lang);
  const days = dateOptions(dates, lang, (date) => product.prices?.[date]);
  return [
    ...days,
    {
      id: 'next',
      label: days.length > 0 ? m.otherDate : m.chooseDate,
      event: { type: 'product.next' as const },
    },
  ];
}
