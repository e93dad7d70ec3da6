/** POST /activity/catalog in the sandbox, driven through the project's client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOperation, type Catalog } from '#src/api/catalog.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { IsoDate } from '#src/api/schema.js';
import { addDays } from '#src/domain/time.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;
const P = demoIds.providers;
const B = demoIds.productBases;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const today = (): IsoDate => t.sandbox.context().data.today;
const call = (request: Parameters<typeof t.client.call<typeof catalogOperation>>[1]) =>
  t.client.call(catalogOperation, request);

function productIds(catalog: Catalog): string[] {
  return catalog.providers.flatMap((p) =>
    p.productBases.flatMap((b) => b.products.map((x) => x.productId)),
  );
}

function product(catalog: Catalog, productId: string) {
  return catalog.providers
    .flatMap((p) => p.productBases.flatMap((b) => b.products))
    .find((x) => x.productId === productId);
}

/** Every date the catalog mentions: price sets, limited days and enclosure sessions. */
function allDates(catalog: Catalog): string[] {
  return catalog.providers.flatMap((provider) => [
    ...provider.productBases.flatMap((b) =>
      b.products.flatMap((x) => [
        ...x.pricesAndDates.flatMap((set) => set.dates),
        ...x.daysWithLimitedCapacity,
      ]),
    ),
    ...provider.ticketEnclosures.flatMap((e) =>
      (e.sessions?.sessionSessionContents ?? []).map((s) => s.sessionTime.slice(0, 10)),
    ),
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<PartnerEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

describe('catalog', () => {
  it('serves every provider, with the partner-only ProductInternalConsiderations', async () => {
    const catalog = await call({});
    expect(catalog.providers.map((p) => p.providerId)).toEqual(Object.values(P));
    expect(catalog.lastUpdatedDateTime).toBe(
      t.sandbox.context().data.catalog('es').lastUpdatedDateTime,
    );
    expect(product(catalog, I.museumAdult)?.productInternalConsiderations).toMatch(/^\[interno\]/);
    expect(catalog.combinedProducts.map((c) => c.combinedProductId)).toEqual([
      demoIds.combinedProducts.maritimeValencia,
    ]);
  });

  it('hides products whose sale window excludes today unless asked to show them', async () => {
    const shown = productIds(await call({}));
    expect(shown).toContain(I.museumAdult);
    expect(shown).not.toContain(I.museumShipwrecks);
    const all = productIds(await call({ showProductsOutOfActiveDateRange: true }));
    expect(all).toContain(I.museumShipwrecks);
    expect(all.length).toBe(shown.length + 1);
  });

  it('uses ReferenceDate for the sale window and, when later, as the first date', async () => {
    const reference = addDays(today(), 35);
    const catalog = await call({ referenceDate: reference });
    expect(productIds(catalog)).toContain(I.museumShipwrecks);
    const dates = allDates(catalog);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date >= reference)).toBe(true);
  });

  it('filters by ProviderIds, ProductBaseIds and ProductIds, combined with AND', async () => {
    const winery = await call({ providerIds: [P.winery] });
    expect(winery.providers.map((p) => p.providerId)).toEqual([P.winery]);
    expect(productIds(winery)).toEqual([I.wineTasting, I.wineShop, I.wineGiftCard]);

    const guided = await call({ productBaseIds: [B.museumGuided] });
    expect(guided.providers.map((p) => p.providerId)).toEqual([P.museum]);
    expect(guided.providers[0]!.productBases.map((b) => b.productBaseId)).toEqual([B.museumGuided]);
    expect(productIds(guided)).toEqual([I.museumGuided]);

    const two = await call({ productIds: [I.wineTasting, I.parkAdult] });
    expect(two.providers.map((p) => p.providerId)).toEqual([P.waterpark, P.winery]);
    expect(productIds(two)).toEqual([I.parkAdult, I.wineTasting]);

    const none = await call({ providerIds: [P.museum], productIds: [I.parkAdult] });
    expect(none.providers).toEqual([]);

    const narrowed = await call({
      providerIds: [P.museum, P.waterpark],
      productBaseIds: [B.museumTickets, B.museumGuided],
      productIds: [I.museumAdult, I.parkAdult, I.wineShop],
    });
    expect(productIds(narrowed)).toEqual([I.museumAdult]);
    expect(narrowed.providers[0]!.productBases.map((b) => b.productBaseId)).toEqual([
      B.museumTickets,
    ]);

    const unknown = await call({ providerIds: ['nosuchprovide'] });
    expect(unknown.providers).toEqual([]);
  });

  it('keeps a combined product only with all its products', async () => {
    const both = await call({ productIds: [I.comboMuseum, I.comboBoat] });
    expect(both.combinedProducts).toHaveLength(1);
    const one = await call({ productIds: [I.comboMuseum] });
    expect(one.combinedProducts).toEqual([]);
  });

  it('keeps only the dates between FromDate and ToDate', async () => {
    const from = addDays(today(), 10);
    const to = addDays(today(), 20);
    const catalog = await call({ fromDate: from, toDate: to });
    const dates = allDates(catalog);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date >= from && date <= to)).toBe(true);
    const park = product(catalog, I.parkAdult)!;
    expect(park.pricesAndDates.flatMap((set) => set.dates)).toHaveLength(11);
    const limited = product(catalog, I.museumFamily)!.daysWithLimitedCapacity;
    expect(limited.every((date) => date >= from && date <= to)).toBe(true);
  });

  it('refuses a FromDate before today and a ToDate before FromDate', async () => {
    const past = await refusal(call({ fromDate: addDays(today(), -2) }));
    expect(past.codes).toEqual(['1000']);
    expect(past.messages.join()).toMatch(/FromDate/);
    const backwards = await refusal(
      call({ fromDate: addDays(today(), 5), toDate: addDays(today(), 3) }),
    );
    expect(backwards.messages.join()).toMatch(/ToDate/);
  });

  it('answers in the LanguageCode asked, with the same ids', async () => {
    const es = await call({ productIds: [I.museumAdult], languageCode: 'es' });
    const en = await call({ productIds: [I.museumAdult], languageCode: 'en' });
    expect(product(es, I.museumAdult)?.productName).toBe('Entrada general adulto');
    expect(product(en, I.museumAdult)?.productName).toBe('General admission, adult');
    expect(product(en, I.museumAdult)?.pricesAndDates).toEqual(
      product(es, I.museumAdult)?.pricesAndDates,
    );
  });
});
