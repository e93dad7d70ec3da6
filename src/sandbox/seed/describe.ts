/** The demo catalog explained for partners: markdown lines for the README. */
import type { IsoDate } from '#src/api/schema.js';
import { DEMO_DAYS, GIFT_CARD_TAG, buildDemo } from './demo.js';
import { demoIds } from './demo-ids.js';
import { questionProfiles } from './questions.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * Markdown lines listing the demo's providers and products (English names and stable
 * ids) with what each demonstrates. Ids do not depend on the date; `today` only fixes the
 * date used to build the listing.
 */
export function describeDemoCatalog(today: IsoDate = '2025-01-01'): string[] {
  const { catalog, guide } = buildDemo({ today, language: 'en' });
  const lines: string[] = [
    '## The sandbox demo catalog',
    '',
    `Four fictional providers. Dates are relative to the sandbox's current day: products are on sale from today for ${DEMO_DAYS} days. Texts exist in Spanish (\`es\`) and English (\`en\`), chosen by LanguageCode; ids and numbers are the same in both.`,
    '',
    `- Gift cards: products that may be sold as gift cards carry the product tag \`${GIFT_CARD_TAG}\`.`,
    '- ProductInternalConsiderations texts start with `[internal]` (`[interno]` in Spanish); they are for the partner only.',
    '- Limited capacity (6 to 20 places) on the first three days on sale and on Saturdays of products with DaysWithLimitedCapacity, and on sessions marked HasLimitedCapacity.',
    '- Partner settings: IsInsurancePolicyEnabled is true.',
    '',
  ];
  for (const provider of guide) {
    lines.push(`### ${provider.name} (\`${provider.id}\`)`, '');
    for (const point of provider.demonstrates) lines.push(`- ${point}`);
    lines.push('', '| Product | Id | Demonstrates |', '| --- | --- | --- |');
    for (const product of provider.products)
      lines.push(
        `| ${cell(product.name)} | \`${product.id}\` | ${cell(product.demonstrates.join('; '))} |`,
      );
    lines.push('');
  }
  lines.push('### Combined products', '');
  for (const combined of catalog.combinedProducts)
    lines.push(
      `- ${combined.combinedProductName} (\`${combined.combinedProductId}\`): ${combined.productIds.map((id) => `\`${id}\``).join(' + ')}, products sold only as part of it.`,
    );
  lines.push('', '### Question profiles', '');
  const levels = new Map<string, string>([
    [demoIds.profiles.sale, 'sale'],
    [demoIds.profiles.client, 'client'],
    [demoIds.profiles.providerMuseum, 'provider'],
    [demoIds.profiles.providerMountain, 'provider'],
    [demoIds.profiles.providerWinery, 'provider'],
  ]);
  for (const profile of questionProfiles('en')) {
    const types = [...new Set(profile.questions.map((question) => question.dataType))].join(', ');
    const level = levels.get(profile.id) ?? 'ticket';
    const dynamic = profile.areDynamicQuestions
      ? ', dynamic (more questions with a session, on weekends, for the child product)'
      : '';
    lines.push(
      `- ${profile.name} (\`${profile.id}\`): ${level} level, DataTypes ${types}${dynamic}`,
    );
  }
  return lines;
}
