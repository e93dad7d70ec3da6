/**
 * A package's terms as far as they are known before it is reserved, so that the customer
 * reads them before adding it and before "Reserve", not first in the reservation.
 *
 * Neither the package search nor its price (PricesAndCancellationConditions, whose
 * response carries no conditions) says the stay's cancellation terms; the reservation
 * does. What the bot knows earlier:
 * - the activity's policy: the catalog's product sold only in packages (IsForPackaging)
 *   of each grouping's provider, when the provider has exactly one (with several, which
 *   one the package holds is not said, and nothing is guessed);
 * - the stay's rate class, when the customer filtered the search by it (the service
 *   only offers rates of that class then).
 */
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { defineMessages } from '#src/i18n/messages.js';
import type { PackageFlow, PrepackageChoice } from '#flows/booking/types.js';
import { cancellationText } from '../product.js';
import { packageMessages } from './shared.js';

const messages = defineMessages({
  es: {
    activity: (name: string, text: string) => `↩️ Cancelación de «${name}»: ${text}`,
    rate: (rate: string) => `↩️ Tarifa del alojamiento: ${rate}.`,
  },
  en: {
    activity: (name: string, text: string) => `↩️ Cancellation of "${name}": ${text}`,
    rate: (rate: string) => `↩️ Accommodation rate: ${rate}.`,
  },
});

/** The cancellation of each grouping's activity, where the catalog names it unambiguously. */
export function activityTermLines(
  prepackage: PrepackageChoice,
  catalog: CatalogIndex,
  lang: Lang,
): string[] {
  const providers = [...new Set(prepackage.groupings.map((grouping) => grouping.providerId))];
  return providers.flatMap((providerId) => {
    const packaged = [...catalog.products()].filter(
      (entry) => entry.provider.providerId === providerId && entry.product.isForPackaging === true,
    );
    if (packaged.length !== 1) return [];
    const entry = packaged[0]!;
    const text = cancellationText(entry, lang);
    const name = entry.product.suggestedSalesProductName ?? entry.product.productName;
    return text ? [messages(lang).activity(name, text)] : [];
  });
}

/** The stay's rate class, when the search was filtered by it. */
export function rateTermLines(flow: PackageFlow, lang: Lang): string[] {
  const value = flow.filters.rateClass;
  if (value === undefined) return [];
  return [messages(lang).rate(packageMessages(lang).rateClass(Number(value)))];
}
