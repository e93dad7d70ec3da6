/**
 * A package through the cart: searched and priced (the package operations), added with
 * its EchoToken, reserved (its stay among the Accommodations of Confirm), sold with the
 * Client a stay requires. A hotel that fails at reservation fails its package only.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartAddOperation, cartConfirmOperation, cartSaleOperation } from '#src/api/cart.js';
import {
  packageBasicCatalogOperation,
  packagePricesOperation,
  PersonType,
} from '#src/api/packages.js';
import { salesOperation } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import { addDays } from '#src/domain/index.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { packageDemoIds } from '#src/sandbox/packages/seed.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { client, museumAdult, P, profileAnswers, refusal, saleDate } from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', {});
});

const H = packageDemoIds.accommodations;

/** A priced Gran Canaria package for two adults: its EchoToken and price. */
async function pricedPackage(accommodationId: string) {
  const checkIn: IsoDate = addDays(t.sandbox.context().data.today, 14);
  const found = await t.client.call(packageBasicCatalogOperation, {
    people: [{ type: PersonType.Adult }, { type: PersonType.Adult }],
    activity: {
      fromDate: checkIn,
      toDate: checkIn,
      prePackageIds: [packageDemoIds.prepackages.granCanaria],
    },
    accommodation: {
      destination: { latitude: 27.7871, longitude: -15.6081 },
      checkIn,
      checkOut: addDays(checkIn, 2),
      roomDistribution: [[0, 1]],
    },
    paging: { number: 1, size: 50 },
  });
  expect(found.packages.map((p) => p.accommodation.id)).toContain(accommodationId);
  const quote = await t.client.call(packagePricesOperation, {
    echoToken: found.echoToken!,
    packages: [
      {
        id: accommodationId,
        paxGroupings: [{ id: packageDemoIds.groupings.gcPark, accessDate: checkIn }],
      },
    ],
  });
  return { echoToken: quote.echoToken!, price: quote.packages[0]!.price, checkIn };
}

describe('packages in the cart', () => {
  it('reserves the stay and the activities, and needs Client to sell them', async () => {
    const chosen = await pricedPackage(H.gcOasis);
    const added = await t.client.call(cartAddOperation, {
      shoppingCartId: 'pkg',
      packages: [{ echoToken: chosen.echoToken, packages: [{ id: H.gcOasis }] }],
    });
    expect(added.activities).toEqual([]);
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'pkg',
      questionsProfiles: profileAnswers([]),
    });
    expect(confirmed.accommodations).toHaveLength(1);
    const stay = confirmed.accommodations[0]!;
    expect(stay).toMatchObject({ success: true, numberOfAdults: 2 });
    expect(stay.accessDateTime).toBe(`${chosen.checkIn}T00:00:00`);
    const products = confirmed.activities.products;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.productId === P.parkHotel && p.success)).toBe(true);
    const total = products.reduce((sum, p) => sum + (p.price ?? 0), stay.price ?? 0);
    expect(total).toBeCloseTo(chosen.price, 2);

    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'pkg', partnerSaleId: 'PS-pkg' }),
      SandboxCode.ClientRequired,
    );
    await t.client.call(cartSaleOperation, {
      shoppingCartId: 'pkg',
      partnerSaleId: 'PS-pkg',
      client,
    });
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-pkg' })).sales[0]!;
    expect(sale.accommodations).toHaveLength(1);
    expect(sale.accommodations[0]!.accessEndDateTime).toBe(addDays(chosen.checkIn, 2));
    expect(sale.totalPrice).toBeCloseTo(chosen.price, 2);
    // AccessDateCriteria 3: valid during the stay.
    expect(sale.activities[0]!.tickets[0]!.accessEndDateTime).toBe(addDays(chosen.checkIn, 2));
  });

  it('fails the package whose hotel cannot be reserved, and keeps the rest of the cart', async () => {
    const failing = await pricedPackage(H.gcFaroSur);
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'faro',
      activities: [museumAdult(saleDate(t.sandbox.context(), 'museumAdult'))],
      packages: [{ echoToken: failing.echoToken, packages: [{ id: H.gcFaroSur }] }],
    });
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'faro',
      questionsProfiles: profileAnswers(),
    });
    expect(confirmed.accommodations[0]).toMatchObject({ success: false });
    expect(confirmed.accommodations[0]!.errorMessage).toMatch(/could not be reserved/);
    const byProduct = (id: string) =>
      confirmed.activities.products.filter((p) => p.productId === id);
    expect(byProduct(P.museumAdult).map((p) => p.success)).toEqual([true]);
    expect(byProduct(P.parkHotel).every((p) => !p.success)).toBe(true);
    // Nothing left with a stay: Client is not required.
    await t.client.call(cartSaleOperation, { shoppingCartId: 'faro', partnerSaleId: 'PS-faro' });
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-faro' })).sales[0]!;
    expect(sale.accommodations).toEqual([]);
    expect(sale.activities.map((a) => a.productId)).toEqual([P.museumAdult]);
  });

  it('refuses a package its EchoToken does not name', async () => {
    await refusal(
      t.client.call(cartAddOperation, {
        shoppingCartId: 'pkg-unknown',
        packages: [{ echoToken: 'x3cig4i6oq1dyqskapaeu8i8h6', packages: [{ id: H.gcOasis }] }],
      }),
      SandboxCode.NotFound,
    );
  });
});
