import { describe, expect, it } from 'vitest';
import type { Catalog } from '#src/api/catalog.js';
import type { PartnerClient } from '#src/api/client.js';
import { Writable } from 'node:stream';
import { clientLoader, type LoadedCatalog } from '#src/catalog/catalog-loader.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import type { CatalogVersion } from '#src/catalog/catalog-version.js';
import { createLogger } from '#src/log.js';
import { productSearch } from '#src/catalog/product-search.js';
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

  it('takes in no catalog on a refresh that finds the version in service', async () => {
    const catalog = demoCatalog({ today: TODAY, language: 'en' });
    const partner = serving(catalog);
    const asked: (CatalogVersion | undefined)[] = [];
    const read = clientLoader(partner.client);
    const loaded: unknown[] = [];
    const logger = createLogger({
      level: 'info',
      destination: new Writable({
        write(line: Buffer, _encoding, done) {
          const { msg } = JSON.parse(line.toString()) as { msg: string };
          if (msg === 'catalog loaded') loaded.push(msg);
          done();
        },
      }),
    });
    const service = createCatalogService(partner.client, {
      logger,
      load: (language, known) => {
        asked.push(known);
        return read(language, known);
      },
    });
    const first = await service.get('en');
    expect(await service.refresh('en')).toBe('unchanged');
    expect(await service.get('en')).toBe(first);
    // The loader was given the version in service, and nothing was indexed again.
    expect(asked).toEqual([undefined, { lastUpdated: catalog.lastUpdatedDateTime }]);
    expect(loaded).toHaveLength(1);
    partner.serve({ ...catalog, lastUpdatedDateTime: '2026-06-10T07:00:00' });
    expect(await service.refresh('en')).toBe('updated');
    expect(loaded).toHaveLength(2);
    expect(asked[2]).toEqual({ lastUpdated: catalog.lastUpdatedDateTime });
  });

  it('serves the version in service while a refresh is read, then the new one, searchable', async () => {
    const catalog = demoCatalog({ today: TODAY, language: 'en' });
    const partner = serving(catalog);
    // Loads the test holds until it lets them go: the first at once, the refresh later.
    const pending: ((loaded: LoadedCatalog) => void)[] = [];
    const service = createCatalogService(partner.client, {
      load: () => new Promise((resolve) => pending.push(resolve)),
    });
    const first = service.get('en');
    pending.shift()!({ catalog, version: { lastUpdated: catalog.lastUpdatedDateTime! } });
    const old = await first;

    const renamed = structuredClone(catalog);
    renamed.lastUpdatedDateTime = '2026-06-10T07:00:00';
    renamed.providers[0]!.providerName = 'A new name';
    const refreshing = service.refresh('en');
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(1);
    // Being read: every turn still gets the version in service.
    expect(await service.get('en')).toBe(old);
    pending.shift()!({ catalog: renamed, version: { lastUpdated: renamed.lastUpdatedDateTime } });
    // Indexed and its search built before it is served.
    expect(await service.get('en')).toBe(old);
    expect(await refreshing).toBe('updated');
    const next = await service.get('en');
    expect(next).not.toBe(old);
    expect(next.catalog.providers[0]!.providerName).toBe('A new name');
    expect(productSearch(next).search('museum').length).toBeGreaterThan(0);
  });

  it("runs the layers' work per version (`ahead`) in slices before the version is served", async () => {
    const catalog = demoCatalog({ today: TODAY, language: 'en' });
    const worked: unknown[] = [];
    let steps = 0;
    const service = createCatalogService(serving(catalog).client, {
      ahead: [
        function* (index) {
          for (const _entry of index.saleLayout.entries) {
            steps += 1;
            yield;
          }
          worked.push(index);
        },
      ],
    });
    const index = await service.get('en');
    expect(worked).toEqual([index]);
    expect(steps).toBe(index.saleLayout.entries.length);
  });

  it('keeps the version in service when a refresh fails', async () => {
    const catalog = demoCatalog({ today: TODAY, language: 'en' });
    let fail = false;
    const service = createCatalogService(serving(catalog).client, {
      load: async () => {
        if (fail) throw new Error('the partner is down');
        return { catalog: structuredClone(catalog), version: {} };
      },
    });
    const old = await service.get('en');
    fail = true;
    await expect(service.refresh('en')).rejects.toThrow('the partner is down');
    expect(await service.get('en')).toBe(old);
  });
});
