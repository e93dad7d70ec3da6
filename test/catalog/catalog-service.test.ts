import { describe, expect, it } from 'vitest';
import type { Catalog } from '#src/api/catalog.js';
import type { PartnerClient } from '#src/api/client.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { demoCatalog } from '#src/sandbox/seed/index.js';

const TODAY = '2026-06-10';

/** A client whose catalog answer the test sets; counts the calls. */
function serving(first: Catalog) {
  let answer = first;
  let calls = 0;
  const client: PartnerClient = {
    call: (async () => {
      calls += 1;
      return structuredClone(answer);
    }) as PartnerClient['call'],
  };
  return {
    client,
    serve: (next: Catalog) => (answer = next),
    calls: () => calls,
  };
}

const undated = (catalog: Catalog): Catalog => {
  const { lastUpdatedDateTime: _dropped, ...rest } = catalog;
  return rest;
};

describe('the local catalog', () => {
  it('swaps only when LastUpdatedDateTime moved forward', async () => {
    const catalog = demoCatalog({ today: TODAY, language: 'en' });
    const partner = serving(catalog);
    const service = createCatalogService(partner.client);
    const first = await service.get('en');
    expect(await service.refresh('en')).toBe('unchanged');
    expect(await service.get('en')).toBe(first);
    partner.serve({ ...catalog, lastUpdatedDateTime: '2026-06-10T07:00:00' });
    expect(await service.refresh('en')).toBe('updated');
    expect(await service.get('en')).not.toBe(first);
  });

  it('tells change by content when the catalog comes without LastUpdatedDateTime', async () => {
    const catalog = undated(demoCatalog({ today: TODAY, language: 'en' }));
    const partner = serving(catalog);
    const service = createCatalogService(partner.client);
    const first = await service.get('en');
    expect(first.catalog.providers.length).toBeGreaterThan(0);

    // The same body again: kept, and refreshing goes on (one call per refresh).
    expect(await service.refresh('en')).toBe('unchanged');
    expect(await service.refresh('en')).toBe('unchanged');
    expect(await service.get('en')).toBe(first);
    expect(partner.calls()).toBe(3);

    // Different content, still no date: swapped.
    const renamed = structuredClone(catalog);
    renamed.providers[0]!.providerName = 'A new name';
    partner.serve(renamed);
    expect(await service.refresh('en')).toBe('updated');
    const second = await service.get('en');
    expect(second.catalog.providers[0]!.providerName).toBe('A new name');
  });
});
