/** POST /realTimePrices in the sandbox, driven through the project's client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOperation, type Catalog, type Product } from '#src/api/catalog.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import { realTimePricesOperation, type RealTimePricesRequest } from '#src/api/prices.js';
import type { IsoDate } from '#src/api/schema.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { addDays, weekday } from '#src/domain/time.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;

let t: TestSandbox;
let catalog: Catalog;
beforeAll(async () => {
  t = await startTestSandbox();
  catalog = await t.client.call(catalogOperation, {});
});
afterAll(() => t.close());

const today = (): IsoDate => t.sandbox.context().data.today;
const ask = (request: RealTimePricesRequest) => t.client.call(realTimePricesOperation, request);

async function refusal(promise: Promise<unknown>): Promise<PartnerEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

function product(productId: string): Product {
  return catalog.providers
    .flatMap((p) => p.productBases.flatMap((b) => b.products))
    .find((x) => x.productId === productId)!;
}

const catalogPrice = (productId: string, date: IsoDate) =>
  priceSetOf(product(productId), date)!.price;

/** Dates from tomorrow on, `count` of them (inside the park's 30-day earliest-sale limit). */
const nextDays = (count: number) =>
  Array.from({ length: count }, (_, i) => addDays(today(), i + 1));

describe('realtimeprices', () => {
  it('prices a real-time product near its catalog price, by date, the same every time', async () => {
    const dates = nextDays(10);
    const first = await ask({ productIds: [I.parkAdult], accessDates: dates });
    const again = await ask({ productIds: [I.parkAdult], accessDates: dates });
    expect(again.productsRealTimePrices.map((e) => e.price)).toEqual(
      first.productsRealTimePrices.map((e) => e.price),
    );
    expect(first.productsRealTimePrices.map((e) => e.accessDate)).toEqual(dates);
    const ratios = first.productsRealTimePrices.map((entry) => {
      expect(entry).toMatchObject({ productId: I.parkAdult, success: true, priceMode: 2 });
      const ratio = entry.price! / catalogPrice(I.parkAdult, entry.accessDate!);
      expect(ratio).toBeGreaterThanOrEqual(0.895);
      expect(ratio).toBeLessThanOrEqual(1.105);
      expect(ratio).not.toBe(1);
      return Math.round(ratio * 100);
    });
    expect(new Set(ratios).size).toBeGreaterThan(1);
  });

  it('prices a product without real-time prices at its catalog price', async () => {
    const dates = product(I.museumAdult)
      .pricesAndDates.flatMap((set) => set.dates)
      .filter((d) => d > today())
      .slice(0, 3);
    const answer = await ask({ productIds: [I.museumAdult], accessDates: dates });
    expect(answer.productsRealTimePrices.map((e) => e.price)).toEqual(
      dates.map((d) => catalogPrice(I.museumAdult, d)),
    );
    expect(answer.productsRealTimePrices.every((e) => e.priceMode === 1)).toBe(true);
  });

  it('answers every day from StartDate to EndDate, per product', async () => {
    const [start, , end] = nextDays(3) as [IsoDate, IsoDate, IsoDate];
    const answer = await ask({
      productIds: [I.parkAdult, I.parkChild],
      startDate: start,
      endDate: end,
    });
    expect(answer.productsRealTimePrices.map((e) => [e.productId, e.accessDate])).toEqual([
      [I.parkAdult, start],
      [I.parkAdult, addDays(start, 1)],
      [I.parkAdult, end],
      [I.parkChild, start],
      [I.parkChild, addDays(start, 1)],
      [I.parkChild, end],
    ]);
  });

  it('fails the entry of a date not on sale, not the whole answer', async () => {
    const monday = nextDays(7).find((d) => weekday(d) === 1)!;
    const tooEarly = addDays(today(), 45); // the park sells at most 720 hours ahead
    const [open] = nextDays(1) as [IsoDate];
    const answer = await ask({ productIds: [I.museumAdult], accessDates: [monday] });
    expect(answer.productsRealTimePrices).toMatchObject([
      { productId: I.museumAdult, accessDate: monday, success: false, errorCodes: ['1101'] },
    ]);
    expect(answer.productsRealTimePrices[0]!.price).toBeUndefined();
    const park = await ask({ productIds: [I.parkAdult], accessDates: [open, tooEarly] });
    expect(park.productsRealTimePrices.map((e) => e.success)).toEqual([true, false]);
    expect(park.productsRealTimePrices[1]!.errorMessage).toMatch(/opens at/);
  });

  it('prices a combined product as the sum of its products less 10 %', async () => {
    const date = product(I.comboMuseum)
      .pricesAndDates.flatMap((set) => set.dates)
      .find((d) => d > today())!;
    const products = [
      { productId: I.comboMuseum, accessDate: date },
      { productId: I.comboBoat, accessDate: date },
    ];
    const combinedProductId = demoIds.combinedProducts.maritimeValencia;
    const answer = await ask({ combinedProducts: [{ combinedProductId, products }] });
    const sum = catalogPrice(I.comboMuseum, date) + catalogPrice(I.comboBoat, date);
    expect(answer.productsRealTimePrices).toMatchObject([
      { combinedProductId, combinedProductProducts: products, success: true, priceMode: 1 },
    ]);
    expect(answer.productsRealTimePrices[0]!.price).toBeCloseTo(sum * 0.9, 2);
    expect(answer.productsRealTimePrices[0]!.productId).toBeUndefined();

    const alone = await ask({ productIds: [I.comboMuseum], accessDates: [date] });
    expect(alone.productsRealTimePrices).toMatchObject([{ success: false, errorCodes: ['1100'] }]);

    const wrong = await ask({
      combinedProducts: [{ combinedProductId, products: products.slice(0, 1) }],
    });
    expect(wrong.productsRealTimePrices[0]!.success).toBe(false);
  });

  it('refuses dates without products, products without dates, half a range, unknown products', async () => {
    const [start, end] = nextDays(2) as [IsoDate, IsoDate];
    const empty = await refusal(ask({ accessDates: [start] }));
    expect(empty.codes).toEqual(['1000']);
    const noDates = await refusal(ask({ productIds: [I.parkAdult] }));
    expect(noDates.messages.join()).toMatch(/AccessDates/);
    const startOnly = await refusal(ask({ productIds: [I.parkAdult], startDate: start }));
    expect(startOnly.messages.join()).toMatch(/StartDate and EndDate/);
    const endOnly = await refusal(
      ask({ productIds: [I.parkAdult], accessDates: [start], endDate: end }),
    );
    expect(endOnly.messages.join()).toMatch(/StartDate and EndDate/);
    const backwards = await refusal(
      ask({ productIds: [I.parkAdult], startDate: end, endDate: start }),
    );
    expect(backwards.codes).toEqual(['1000']);
    const unknown = await refusal(ask({ productIds: ['nosuchproduct'], accessDates: [start] }));
    expect(unknown.codes).toEqual(['1002']);
  });
});
