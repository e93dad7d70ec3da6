import { describe, expect, it } from 'vitest';
import type { Catalog } from '#src/api/catalog.js';
import type { IsoDateTime } from '#src/api/schema.js';
import type { PartnerClient } from '#src/api/client.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { catalogRejectedAlert } from '#src/channels/slack/blocks/alerts.js';
import { createEventBus, type BotEvents } from '#src/events.js';
import { createMetrics } from '#src/metrics.js';
import { demoCatalog } from '#src/sandbox/seed/index.js';

const TODAY = '2026-06-10';

const productsOf = (catalog: Catalog) =>
  catalog.providers.flatMap((p) => p.productBases.flatMap((b) => b.products));

/** The catalog with only every `keep`-th product, dated later so that it would replace. */
function thinned(catalog: Catalog, keep: number, lastUpdated: IsoDateTime): Catalog {
  let at = 0;
  return {
    ...catalog,
    lastUpdatedDateTime: lastUpdated,
    providers: catalog.providers.map((provider) => ({
      ...provider,
      productBases: provider.productBases.map((base) => ({
        ...base,
        products: base.products.filter(() => at++ % keep === 0),
      })),
    })),
  };
}

function serving(first: Catalog) {
  let answer = first;
  const client: PartnerClient = {
    call: (async () => structuredClone(answer)) as PartnerClient['call'],
  };
  return { client, serve: (next: Catalog) => (answer = next) };
}

describe('a catalog that lost its products', () => {
  it('is not served: the one in service stays, staff are alerted, the metric counts it', async () => {
    const catalog = demoCatalog({ today: TODAY, language: 'en' });
    const before = productsOf(catalog).length;
    expect(before).toBeGreaterThanOrEqual(10);
    const partner = serving(catalog);
    const events = createEventBus();
    const metrics = createMetrics(events, { defaults: false });
    const rejected: BotEvents['catalog.rejected'][0][] = [];
    events.on('catalog.rejected', (event) => rejected.push(event));
    const service = createCatalogService(partner.client, { events });
    const first = await service.get('en');

    // 90 % gone (one product in ten kept), dated later: it would otherwise replace.
    const shrunk = thinned(catalog, 10, '2026-06-10T08:00:00');
    expect(productsOf(shrunk).length).toBeLessThan(before / 2);
    partner.serve(shrunk);
    expect(await service.refresh('en')).toBe('unchanged');
    expect(await service.get('en')).toBe(first);
    expect(rejected).toEqual([
      { language: 'en', products: productsOf(shrunk).length, inService: before },
    ]);
    expect(await metrics.registry.getSingleMetricAsString('bot_catalog_rejected_total')).toContain(
      'bot_catalog_rejected_total{language="en"} 1',
    );
    const alert = catalogRejectedAlert(rejected[0]!);
    expect(alert.text).toBe(
      `Catalog not updated: ${productsOf(shrunk).length} products read, ${before} in service`,
    );

    // Empty: not served either.
    partner.serve({ ...catalog, lastUpdatedDateTime: '2026-06-10T09:00:00', providers: [] });
    expect(await service.refresh('en')).toBe('unchanged');
    expect(await service.get('en')).toBe(first);
    expect(rejected).toHaveLength(2);

    // A catalog that keeps more than half is served.
    const smaller = thinned(catalog, 1, '2026-06-10T10:00:00');
    smaller.providers[0]!.productBases[0]!.products.pop();
    partner.serve(smaller);
    expect(await service.refresh('en')).toBe('updated');
    expect(await service.get('en')).not.toBe(first);
    expect(rejected).toHaveLength(2);
  });
});
