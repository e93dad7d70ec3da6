/**
 * What is on sale, worked out once per minute from the catalog's sale layout (groups of
 * products on sale at the same moments): the same offer as checking each product, at a
 * day boundary, as a sale window opens mid-day, and from one minute to the next, where an
 * unchanged offer is kept as it was.
 */
import { describe, expect, it } from 'vitest';
import type { Catalog, Product } from '#src/api/catalog.js';
import { indexCatalog } from '#src/catalog/catalog-index.js';
import { canBeSoldAlone } from '#src/domain/sale-window.js';
import { providerNow, type IsoDate } from '#src/domain/time.js';
import { makeBase, makeProduct, makeProvider } from '#src/sandbox/seed/build.js';
import { offerable, type Offerable } from '#flows/booking/choosing/offerable.js';
import { NOW, TODAY } from './selection-harness.js';

// NOW is 10 June 2026 08:00 UTC: 10:00 in Madrid, 09:00 in the Canary Islands.
const TOMORROW = '2026-06-11' as IsoDate;
const WEEK = [TODAY, TOMORROW, '2026-06-12', '2026-06-13'] as IsoDate[];
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let ids = 0;
const item = (name: string, fields: Partial<Product> = {}): Product =>
  makeProduct({
    productId: `p${String((ids += 1)).padStart(12, '0')}`,
    productName: name,
    pricesAndDates: [{ price: 10, currency: 'EUR', dates: WEEK, taxBreakdown: [] }],
    ...fields,
  });
const onlyOn = (dates: IsoDate[]) => [{ price: 10, currency: 'EUR', dates, taxBreakdown: [] }];

function catalogOf(): Catalog {
  return {
    providers: [
      makeProvider({
        providerId: 'v000000000001',
        providerName: 'Museum',
        productBases: [
          makeBase({
            productBaseId: 'b000000000001',
            productBaseName: 'Tickets',
            products: [
              item('All week'),
              item('Today only', { pricesAndDates: onlyOn([TODAY]) }),
              item('Today, closing at 14:00', {
                pricesAndDates: onlyOn([TODAY]),
                hoursInAdvanceOfPurchase: 10,
              }),
            ],
          }),
          makeBase({
            productBaseId: 'b000000000002',
            productBaseName: 'Evenings',
            products: [
              item('From noon', { startIsActiveDate: `${TODAY}T12:00:00` }),
              item('Packaging only', { isForPackaging: true }),
            ],
          }),
        ],
      }),
      makeProvider({
        providerId: 'v000000000002',
        providerName: 'Canary boat',
        taxType: 1,
        productBases: [
          makeBase({
            productBaseId: 'b000000000003',
            productBaseName: 'Trips',
            products: [
              item('Boat, from 11:00 local', { startIsActiveDate: `${TODAY}T11:00:00` }),
              item('Boat today', { pricesAndDates: onlyOn([TODAY]) }),
            ],
          }),
        ],
      }),
    ],
    partnerSettings: { isInsurancePolicyEnabled: false },
    saleQuestionProfileIds: [],
    clientQuestionProfileIds: [],
    combinedProducts: [],
  };
}

/** The offer as names, by provider and base. */
const shape = (offer: Offerable) =>
  offer.providers.map(({ provider, bases }) => [
    provider.providerName,
    bases.map(({ base, products }) => [
      base.productBaseName,
      products.map((entry) => entry.product.productName),
    ]),
  ]);

/** The offer by checking each product at its provider's "now" (the rule itself). */
function expected(catalog: Catalog, at: Date) {
  const offer = [];
  for (const provider of catalog.providers) {
    const bases = [];
    for (const base of provider.productBases) {
      const products = base.products
        .filter((product) => canBeSoldAlone(product, providerNow(provider, at)))
        .map((product) => product.productName);
      if (products.length > 0) bases.push([base.productBaseName, products]);
    }
    if (bases.length > 0) offer.push([provider.providerName, bases]);
  }
  return offer;
}

describe('offerable (what is on sale, per minute)', () => {
  it('is what checking each product gives, over a day and its end', () => {
    const index = indexCatalog(catalogOf());
    // Every quarter of an hour from 10:00 Madrid to 02:00 the next night.
    for (let minutes = 0; minutes <= 16 * 60; minutes += 15) {
      const at = minutesLater(minutes);
      expect(shape(offerable(index, at)), at.toISOString()).toEqual(expected(index.catalog, at));
    }
  });

  it('drops what was sold for today at the day boundary, in each provider zone', () => {
    const index = indexCatalog(catalogOf());
    const names = (at: Date) => offerable(index, at).products.map((e) => e.product.productName);
    // 23:59 in Madrid (21:59 UTC): today's products still on sale, the 14:00 cut-off passed.
    expect(names(minutesLater(13 * 60 + 59))).toEqual([
      'All week',
      'Today only',
      'From noon',
      'Boat, from 11:00 local',
      'Boat today',
    ]);
    // Midnight in Madrid is 23:00 in the Canary Islands: their boat today is still sold.
    expect(names(minutesLater(14 * 60))).toEqual([
      'All week',
      'From noon',
      'Boat, from 11:00 local',
      'Boat today',
    ]);
    expect(names(minutesLater(15 * 60))).toEqual([
      'All week',
      'From noon',
      'Boat, from 11:00 local',
    ]);
  });

  it('opens a sale window mid-day in the minute it begins, its base listed from then', () => {
    const index = indexCatalog(catalogOf());
    const bases = (at: Date) =>
      offerable(index, at).providers[0]!.bases.map(({ base }) => base.productBaseName);
    // 11:59 and 12:00 in Madrid.
    expect(bases(minutesLater(119))).toEqual(['Tickets']);
    expect(bases(minutesLater(120))).toEqual(['Tickets', 'Evenings']);
  });

  it('keeps the offer of the last minute when nothing changed, and makes another when it did', () => {
    const index = indexCatalog(catalogOf());
    const first = offerable(index, minutesLater(1));
    expect(offerable(index, minutesLater(1))).toBe(first);
    // A new minute, nothing opened or closed: the same offer.
    const next = offerable(index, minutesLater(2));
    expect(next).toBe(first);
    // 11:00 in the Canary Islands: the boat's window opens, a new offer.
    const opened = offerable(index, minutesLater(120));
    expect(opened).not.toBe(first);
    expect(opened.products.length).toBe(first.products.length + 2);
  });
});
