/** POST /activity/InsurancePolicyCheck in the sandbox, driven through the project's client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOperation, type Catalog } from '#src/api/catalog.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import {
  insurancePolicyCheckOperation,
  type InsurancePolicyCheckRequest,
} from '#src/api/insurance.js';
import { realTimePricesOperation } from '#src/api/prices.js';
import type { IsoDate } from '#src/api/schema.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { addDays, weekday } from '#src/domain/time.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;

let t: TestSandbox;
let catalog: Catalog;
let date: IsoDate;
beforeAll(async () => {
  t = await startTestSandbox();
  catalog = await t.client.call(catalogOperation, {});
  // A day the museum opens (not Monday), from tomorrow on.
  date = addDays(t.sandbox.context().data.today, 1);
  while (weekday(date) === 1) date = addDays(date, 1);
});
afterAll(() => t.close());

const ask = (request: InsurancePolicyCheckRequest) =>
  t.client.call(insurancePolicyCheckOperation, request);

async function refusal(promise: Promise<unknown>): Promise<PartnerEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

const catalogPrice = (productId: string, on: IsoDate) =>
  priceSetOf(
    catalog.providers
      .flatMap((p) => p.productBases.flatMap((b) => b.products))
      .find((x) => x.productId === productId)!,
    on,
  )!.price;

describe('insurancepolicycheck', () => {
  it('quotes 5 % of the insurable items and lists every item of the sale', async () => {
    const museum = catalogPrice(I.museumAdult, date);
    const answer = await ask({
      sale: {
        products: [
          { id: 'a1', productId: I.museumAdult, accessDate: date },
          { id: 'a2', productId: I.museumAdult, accessDate: date },
          { id: 'w1', productId: I.wineShop, accessDate: date },
        ],
        discountCouponCodes: ['SPRING10'],
      },
    });
    expect(answer.insurancePolicies).toHaveLength(1);
    const [policy] = answer.insurancePolicies;
    expect(policy!.name).toBe('Seguro de cancelación');
    expect(policy!.coverageAmount).toBeCloseTo(2 * museum, 2);
    expect(policy!.quote).toBeCloseTo(Math.round(2 * museum * 5) / 100, 2);
    expect(policy!.sale.products).toEqual([
      {
        id: 'a1',
        productId: I.museumAdult,
        accessDate: date,
        price: museum,
        coverageAmount: museum,
        isCovered: true,
      },
      {
        id: 'a2',
        productId: I.museumAdult,
        accessDate: date,
        price: museum,
        coverageAmount: museum,
        isCovered: true,
      },
      {
        id: 'w1',
        productId: I.wineShop,
        accessDate: date,
        price: catalogPrice(I.wineShop, date),
        coverageAmount: 0,
        isCovered: false,
      },
    ]);
  });

  it('covers a product of an insurable category at its real-time price', async () => {
    const [realTime] = (
      await t.client.call(realTimePricesOperation, {
        productIds: [I.parkAdult],
        accessDates: [date],
      })
    ).productsRealTimePrices;
    const answer = await ask({
      languageCode: 'en',
      sale: { products: [{ id: 'p', productId: I.parkAdult, accessDate: date }] },
    });
    expect(answer.insurancePolicies[0]).toMatchObject({
      name: 'Cancellation insurance',
      coverageAmount: realTime!.price,
      sale: { products: [{ id: 'p', price: realTime!.price, isCovered: true }] },
    });
  });

  it('covers the products of a combined product at their share of its price', async () => {
    const products = [
      { id: 'c1', productId: I.comboMuseum, accessDate: date },
      { id: 'c2', productId: I.comboBoat, accessDate: date },
    ];
    const combinedProductId = demoIds.combinedProducts.maritimeValencia;
    const [price] = (
      await t.client.call(realTimePricesOperation, {
        combinedProducts: [{ combinedProductId, products }],
      })
    ).productsRealTimePrices;
    const answer = await ask({
      sale: { combinedProducts: [{ id: 'combo', combinedProductId, products }] },
    });
    const [policy] = answer.insurancePolicies;
    expect(policy!.sale.products.map((p) => [p.id, p.isCovered])).toEqual([
      ['c1', true],
      ['c2', true],
    ]);
    expect(policy!.coverageAmount).toBeCloseTo(price!.price!, 2);
  });

  it('refuses a sale with nothing insurable, an empty sale and a date without a price', async () => {
    const wine = await refusal(
      ask({ sale: { products: [{ id: 'w', productId: I.wineTasting, accessDate: date }] } }),
    );
    expect(wine.codes).toEqual(['1000']);
    expect(wine.messages.join()).toMatch(/nothing in this sale is insurable/);
    const empty = await refusal(ask({ sale: {} }));
    expect(empty.messages.join()).toMatch(/no items/);
    const far = addDays(date, 200);
    const closed = await refusal(
      ask({ sale: { products: [{ id: 'x', productId: I.museumAdult, accessDate: far }] } }),
    );
    expect(closed.codes).toEqual(['1101']);
    const unknown = await refusal(
      ask({ sale: { products: [{ id: 'x', productId: 'nosuchproduct', accessDate: date }] } }),
    );
    expect(unknown.codes).toEqual(['1002']);
  });
});
