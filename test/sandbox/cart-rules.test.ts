/**
 * The rules ShoppingCart/Add (and Confirm) enforce on products, dates, tickets, sessions,
 * quantities, groups, price sets, combined products and packaging.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartAddOperation,
  cartConfirmOperation,
  cartSaleOperation,
  type CartActivity,
} from '#src/api/cart.js';
import { realTimePricesOperation } from '#src/api/prices.js';
import { salesOperation } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import { addDays, toInstant, weekday } from '#src/domain/index.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import {
  museumAdult,
  P,
  profileAnswers,
  question,
  refusal,
  saleDate,
  saleDates,
  ticket,
  visitorAnswers,
} from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', { options: { requireClient: false, debitPartner: false } });
});

const ctx = () => t.sandbox.context();
const today = () => ctx().data.today;
let carts = 0;
const add = (activities: CartActivity[]) =>
  t.client.call(cartAddOperation, { shoppingCartId: `rules-${(carts += 1)}`, activities });

const futureDays = (count = 60): IsoDate[] =>
  Array.from({ length: count }, (_, i) => addDays(today(), i + 1));

describe('products and dates', () => {
  it('refuses an unknown product', async () => {
    await refusal(
      add([
        { productId: 'unknown000000', accessDateTime: saleDate(ctx(), 'museumAdult'), quantity: 1 },
      ]),
      SandboxCode.NotFound,
    );
  });

  it('refuses a date without a price (the museum closes on Mondays)', async () => {
    const monday = futureDays().find((date) => weekday(date) === 1)!;
    await refusal(add([museumAdult(monday)]), SandboxCode.DateNotSellable);
  });

  it('closes sale HoursInAdvanceOfPurchase hours before the end of the visit day', async () => {
    const visit = saleDate(ctx(), 'museumAdult');
    await t.extra('clock', { set: toInstant(`${visit}T17:30:00`, 'Europe/Madrid').toISOString() });
    await add([museumAdult(visit)]);
    await t.extra('clock', { set: toInstant(`${visit}T18:00:00`, 'Europe/Madrid').toISOString() });
    const closed = await refusal(add([museumAdult(visit)]), SandboxCode.DateNotSellable);
    expect(closed.messages.join()).toMatch(/closed at/);
  });

  it('opens sale MaxHoursInAdvanceOfPurchase hours before the visit', async () => {
    const far = addDays(today(), 40);
    const refused = await refusal(
      add([{ productId: P.parkAdult, accessDateTime: far, quantity: 1 }]),
      SandboxCode.DateNotSellable,
    );
    expect(refused.messages.join()).toMatch(/opens at/);
  });

  it('refuses a product outside its sale window', async () => {
    const product = ctx().data.index().product(P.museumShipwrecks)!.product;
    const date = product.pricesAndDates.flatMap((set) => set.dates).sort()[0]!;
    await refusal(
      add([{ productId: P.museumShipwrecks, accessDateTime: date, quantity: 1 }]),
      SandboxCode.NotOnSale,
    );
  });

  it('takes only the purchase date when the provider does not demand access dates', async () => {
    const tomorrow = addDays(today(), 1);
    await refusal(
      add([{ productId: P.wineShop, accessDateTime: tomorrow, quantity: 1 }]),
      SandboxCode.DateNotSellable,
    );
    const added = await add([{ productId: P.wineShop, accessDateTime: today(), quantity: 1 }]);
    expect(added.activities[0]!.activity.accessDateTime).toBe(`${today()}T00:00:00`);
  });

  it('refuses products sold only in packages, and accommodations on their own', async () => {
    await refusal(
      add([{ productId: P.parkHotel, accessDateTime: saleDate(ctx(), 'parkAdult'), quantity: 1 }]),
      SandboxCode.NotOnSale,
    );
    await refusal(
      t.client.call(cartAddOperation, {
        shoppingCartId: 'stay',
        accommodations: [{ echoToken: 'token', rates: ['rate'] }],
      }),
      SandboxCode.NotFound,
    );
  });

  it('charges the real-time price of a product that requires it', async () => {
    const date = saleDate(ctx(), 'parkAdult');
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'rt',
      activities: [{ productId: P.parkAdult, accessDateTime: date, quantity: 2 }],
    });
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'rt',
      questionsProfiles: profileAnswers([]),
    });
    const quote = await t.client.call(realTimePricesOperation, {
      productIds: [P.parkAdult],
      accessDates: [date],
    });
    const price = quote.productsRealTimePrices[0]!.price!;
    const catalog = ctx()
      .data.index()
      .product(P.parkAdult)!
      .product.pricesAndDates.find((set) => set.dates.includes(date))!.price;
    expect(price).not.toBe(catalog);
    expect(confirmed.activities.products[0]!.price).toBeCloseTo(price * 2, 2);
  });
});

describe('tickets and sessions', () => {
  it('refuses a ticket of another product, or more of a ticket than the quantity', async () => {
    const date = saleDate(ctx(), 'museumAdult');
    await refusal(
      add([
        {
          productId: P.museumAdult,
          accessDateTime: date,
          quantity: 1,
          tickets: [{ ticketId: ticket('museumChild', 'entry') }],
        },
      ]),
      SandboxCode.InvalidTicket,
    );
    const twice = museumAdult(date, 2);
    await refusal(add([{ ...twice, quantity: 1 }]), SandboxCode.InvalidTicket);
  });

  it('requires a session where the enclosure does not assign one, from that enclosure and date', async () => {
    const date = saleDate(ctx(), 'museumPlanetarium');
    const dome = ticket('museumPlanetarium', 'dome');
    const planetariumAnswers = [
      { questionId: question('planetarium.language'), stringValue: 'es' },
    ];
    const withSession = (sessionId?: string) => [
      {
        productId: P.museumPlanetarium,
        accessDateTime: date,
        quantity: 1,
        tickets: [{ ticketId: dome, sessionId, questions: planetariumAnswers }],
      },
    ];
    await refusal(add(withSession()), SandboxCode.InvalidSession);
    const sessions = ctx().data.capacity.sessions;
    const seal = sessions.find((s) => s.ticketEnclosureId === demoIds.enclosures.sealShow)!;
    await refusal(add(withSession(seal.sessionId)), SandboxCode.InvalidSession);
    const planetarium = sessions.filter(
      (s) => s.ticketEnclosureId === demoIds.enclosures.planetarium,
    );
    const otherDay = planetarium.find((s) => !s.sessionTime.startsWith(date))!;
    await refusal(add(withSession(otherDay.sessionId)), SandboxCode.InvalidSession);
    const good = planetarium.find((s) => s.sessionTime.startsWith(date))!;
    const added = await add(withSession(good.sessionId));
    expect(added.activities[0]!.activity.tickets[0]!.sessionId).toBe(good.sessionId);
  });

  it('ignores a chosen session under ForceSet and assigns one at Confirm; assigns IfNotSet', async () => {
    const date = saleDate(ctx(), 'parkShowAdult');
    const show = ticket('parkShowAdult', 'show');
    const sessions = ctx().data.capacity.sessions.filter(
      (s) => s.ticketEnclosureId === demoIds.enclosures.sealShow && s.sessionTime.startsWith(date),
    );
    const added = await t.client.call(cartAddOperation, {
      shoppingCartId: 'force',
      activities: [
        {
          productId: P.parkShowAdult,
          accessDateTime: date,
          quantity: 1,
          tickets: [
            {
              ticketId: show,
              sessionId: sessions.at(-1)!.sessionId,
              questions: [{ questionId: question('show.holder'), stringValue: 'Ana García' }],
            },
          ],
        },
        {
          productId: P.museumJellyfish,
          accessDateTime: saleDate(ctx(), 'museumJellyfish'),
          quantity: 1,
        },
      ],
    });
    expect(added.activities[0]!.activity.tickets[0]!.sessionId).toBeUndefined();
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'force',
      questionsProfiles: profileAnswers(['museum']),
    });
    const [park, jellyfish] = confirmed.activities.products;
    const assigned = park!.tickets.find((x) => x.ticketId === show)!.sessionId;
    expect(sessions.map((s) => s.sessionId)).toContain(assigned);
    const feeding = jellyfish!.tickets[0]!.sessionId!;
    expect(ctx().data.session(feeding)?.sessionsGroupId).toBe(
      demoIds.sessionGroups.jellyfishFeeding,
    );
  });

  it('honours ticket dates only for DatePerTicketEnclosure, within one price set', async () => {
    const museumDates = saleDates(ctx(), 'museumAdult');
    const added = await add([
      {
        productId: P.museumAdult,
        accessDateTime: museumDates[0]!,
        quantity: 1,
        questions: visitorAnswers(),
        tickets: [
          {
            ticketId: ticket('museumAdult', 'audio'),
            accessDateTime: museumDates[1]!,
          },
        ],
      },
    ]);
    expect(added.activities[0]!.activity.tickets[0]!.accessDateTime).toBeUndefined();

    const parkDates = saleDates(ctx(), 'parkAdult');
    const weekdays = parkDates.filter((d) => weekday(d) <= 5);
    const weekend = parkDates.find((d) => weekday(d) >= 6)!;
    const slides = ticket('parkAdult', 'slides');
    const own = await add([
      {
        productId: P.parkAdult,
        accessDateTime: weekdays[0]!,
        quantity: 1,
        tickets: [{ ticketId: slides, accessDateTime: weekdays[1]! }],
      },
    ]);
    expect(own.activities[0]!.activity.tickets[0]!.accessDateTime).toBe(`${weekdays[1]}T00:00:00`);
    await refusal(
      add([
        {
          productId: P.parkAdult,
          accessDateTime: weekdays[0]!,
          quantity: 1,
          tickets: [{ ticketId: slides, accessDateTime: weekend }],
        },
      ]),
      SandboxCode.MixedPriceSets,
    );
  });
});

describe('quantities, groups and price sets', () => {
  it('refuses fewer than MinimumNumberByTransaction', async () => {
    const date = saleDate(ctx(), 'museumGuided');
    await refusal(
      add([{ productId: P.museumGuided, accessDateTime: date, quantity: 1 }]),
      SandboxCode.InvalidQuantity,
    );
    await refusal(
      add([{ ...museumAdult(date), quantity: 0, tickets: [] }]),
      SandboxCode.InvalidQuantity,
    );
  });

  it('applies group limits over the whole cart of a provider', async () => {
    const date = saleDate(ctx(), 'museumAdult');
    await refusal(add([museumAdult(date, 20)]), SandboxCode.GroupLimit);
    const guided = saleDate(ctx(), 'museumGuided');
    await refusal(
      add([{ productId: P.museumGuided, accessDateTime: guided, quantity: 10 }]),
      SandboxCode.GroupLimit,
    );
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'group',
      activities: [museumAdult(date, 15)],
    });
    await refusal(
      t.client.call(cartAddOperation, {
        shoppingCartId: 'group',
        activities: [museumAdult(date, 5)],
      }),
      SandboxCode.GroupLimit,
    );
    const route = saleDate(ctx(), 'mountainPack');
    await refusal(
      add([
        {
          productId: P.mountainHike,
          accessDateTime: route,
          quantity: 5,
          questions: [
            {
              questionId: question('adventure.medical'),
              binaryValue: 'JVBERi0xLjQK',
              binaryMimeType: 'application/pdf',
            },
          ],
        },
      ]),
      SandboxCode.GroupLimit,
    );
    const pack = await add([{ productId: P.mountainPack, accessDateTime: route, quantity: 2 }]);
    expect(pack.activities).toHaveLength(1);
  });

  it('keeps the access dates of a product in one PricesAndDates set', async () => {
    const dates = saleDates(ctx(), 'museumAdult');
    const weekdayDate = dates.find((d) => weekday(d) >= 2 && weekday(d) <= 5)!;
    const weekendDate = dates.find((d) => weekday(d) >= 6)!;
    await refusal(
      add([museumAdult(weekdayDate), museumAdult(weekendDate)]),
      SandboxCode.MixedPriceSets,
    );
    const sameSet = dates.filter((d) => weekday(d) >= 2 && weekday(d) <= 5).slice(0, 2);
    const both = await add(sameSet.map((d) => museumAdult(d)));
    expect(both.activities).toHaveLength(2);
  });
});

describe('combined products', () => {
  const combined = demoIds.combinedProducts.maritimeValencia;

  it('sells a part only within its combined product, and the combined product whole', async () => {
    const date = saleDate(ctx(), 'comboMuseum');
    await refusal(
      add([{ productId: P.comboMuseum, accessDateTime: date, quantity: 1 }]),
      SandboxCode.NotOnSale,
    );
    await refusal(
      add([
        {
          productId: P.museumAdult,
          accessDateTime: date,
          quantity: 1,
          combinedProductId: combined,
        },
      ]),
      SandboxCode.NotOnSale,
    );
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'combo',
      activities: [
        {
          productId: P.comboMuseum,
          accessDateTime: date,
          quantity: 1,
          combinedProductId: combined,
        },
      ],
    });
    await refusal(
      t.client.call(cartConfirmOperation, {
        shoppingCartId: 'combo',
        questionsProfiles: profileAnswers(),
      }),
      SandboxCode.InvalidRequest,
    );
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'combo',
      activities: [
        { productId: P.comboBoat, accessDateTime: date, quantity: 1, combinedProductId: combined },
      ],
    });
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'combo',
      questionsProfiles: profileAnswers(),
    });
    const index = ctx().data.index();
    const full = [P.comboMuseum, P.comboBoat].reduce(
      (sum, id) =>
        sum + index.product(id)!.product.pricesAndDates.find((s) => s.dates.includes(date))!.price,
      0,
    );
    const charged = confirmed.activities.products.reduce((sum, p) => sum + (p.price ?? 0), 0);
    expect(charged).toBeLessThan(full);
    await t.client.call(cartSaleOperation, { shoppingCartId: 'combo', partnerSaleId: 'PS-combo' });
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-combo' })).sales[0]!;
    expect(sale.combinedProducts).toHaveLength(1);
    expect(sale.combinedProducts[0]!.price).toBeCloseTo(charged, 2);
    expect(sale.activities.every((a) => a.combinedProductDiscriminator === 0)).toBe(true);
  });
});
