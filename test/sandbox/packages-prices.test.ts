/**
 * Sandbox /Package/PricesAndCancellationConditions through the project's client, and
 * what a priced package books (packageForAdd, used by the cart's Add and Confirm).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import {
  packageBasicCatalogOperation,
  packagePricesOperation,
  PersonType,
  type PackageBasicCatalogRequest,
  type PackagePricesRequest,
  type Person,
} from '#src/api/packages.js';
import type { IsoDate } from '#src/api/schema.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { packageForAdd } from '#src/sandbox/packages/booking.js';
import { packageDemoIds } from '#src/sandbox/packages/seed.js';
import { demoIds } from '#src/sandbox/seed/demo-ids.js';
import { addDays, weekday } from '#src/sandbox/seed/dates.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const PP = packageDemoIds.prepackages;
const G = packageDemoIds.groupings;
const H = packageDemoIds.accommodations;
const P = demoIds.products;

// Two adults, a child of 8 and a baby of 1, in two rooms.
const people: Person[] = [
  { type: PersonType.Adult },
  { type: PersonType.Adult },
  { type: PersonType.Child, age: 8 },
  { type: PersonType.Baby, age: 1 },
];

let t: TestSandbox;
/** A Monday two weeks or more ahead: the museum is closed that day. */
let monday: IsoDate;

beforeAll(async () => {
  t = await startTestSandbox();
  monday = addDays(t.sandbox.context().data.today, 14);
  while (weekday(monday) !== 1) monday = addDays(monday, 1);
});
afterAll(() => t.close());

/** Valencia, Monday to Saturday (five nights), the museum any day of the stay. */
function valencia(): PackageBasicCatalogRequest {
  return {
    people,
    activity: { fromDate: monday, toDate: addDays(monday, 5), prePackageIds: [PP.valencia] },
    accommodation: {
      destination: { latitude: 39.4587, longitude: -0.3306 },
      checkIn: monday,
      checkOut: addDays(monday, 5),
      roomDistribution: [
        [0, 2],
        [1, 3],
      ],
    },
  };
}

function granCanaria(): PackageBasicCatalogRequest {
  return {
    people: people.slice(0, 2),
    activity: { fromDate: monday, toDate: monday, prePackageIds: [PP.granCanaria] },
    accommodation: {
      destination: { latitude: 27.7871, longitude: -15.6081 },
      checkIn: monday,
      checkOut: addDays(monday, 2),
      roomDistribution: [[0, 1]],
    },
  };
}

const catalog = (request: PackageBasicCatalogRequest) =>
  t.client.call(packageBasicCatalogOperation, request);
const prices = (request: PackagePricesRequest) => t.client.call(packagePricesOperation, request);

/** Both Valencia groupings (DatePolicyKey 1) on one date. */
const museumDay = (date: IsoDate) => [
  { id: G.vlcMuseum, accessDate: date },
  { id: G.vlcJellyfish, accessDate: date },
];

async function refusal(request: PackagePricesRequest): Promise<PartnerEnvelopeError> {
  const error = await prices(request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

// Hotel Las Arenas, bed and breakfast at 120 a night per adult: 2.5 shares (the child
// pays half, the baby nothing); Friday night +20 %. Four weekday nights and a Friday.
const ARENAS_STAY = 4 * 300 + 360;
// Museum: adults 12 (15 at weekends), the child 7 (9); jellyfish 6 for each of three.
const TUESDAY_ACTIVITIES = 2 * 12 + 7 + 3 * 6;
const SATURDAY_ACTIVITIES = 2 * 15 + 9 + 3 * 6;

describe('package prices', () => {
  it('prices a package: its stay plus the activities on the dates given', async () => {
    const found = await catalog(valencia());
    const arenas = found.packages.find((p) => p.accommodation.id === H.vlcArenas)!;
    // PriceFrom: the cheapest day for the activities is the Tuesday.
    expect(arenas.priceFrom).toBe(ARENAS_STAY + TUESDAY_ACTIVITIES);

    const tuesday = await prices({
      echoToken: found.echoToken!,
      packages: [{ id: H.vlcArenas, paxGroupings: museumDay(addDays(monday, 1)) }],
    });
    expect(tuesday.packages).toEqual([
      {
        id: H.vlcArenas,
        price: arenas.priceFrom,
        priceMode: 1,
        commission: { type: 1, value: 10 },
      },
    ]);
    expect(tuesday.echoToken).toMatch(/^[a-z0-9]{26}$/);
    expect(tuesday.echoToken).not.toBe(found.echoToken);

    const saturday = await prices({
      echoToken: found.echoToken!,
      packages: [
        { id: H.vlcArenas, paxGroupings: museumDay(addDays(monday, 5)) },
        { id: H.vlcCabanyal, paxGroupings: museumDay(addDays(monday, 5)) },
      ],
    });
    expect(saturday.packages.map((p) => p.id)).toEqual([H.vlcArenas, H.vlcCabanyal]);
    expect(saturday.packages[0]!.price).toBe(ARENAS_STAY + SATURDAY_ACTIVITIES);
  });

  it('gives net packages their PriceMode and commission', async () => {
    const found = await catalog(granCanaria());
    const first = found.packages[0]!;
    const answer = await prices({
      echoToken: found.echoToken!,
      packages: [
        { id: first.accommodation.id, paxGroupings: [{ id: G.gcPark, accessDate: monday }] },
      ],
    });
    expect(answer.packages[0]).toEqual({
      id: first.accommodation.id,
      price: first.priceFrom,
      priceMode: 2,
      commission: { type: 2, value: 0 },
    });
  });

  it('refuses unknown tokens, packages and groupings', async () => {
    const found = await catalog(valencia());
    const unknownToken = await refusal({
      echoToken: 'x3cig4i6oq1dyqskapaeu8i8h6',
      packages: [{ id: H.vlcArenas, paxGroupings: museumDay(addDays(monday, 1)) }],
    });
    expect(unknownToken.codes).toEqual([SandboxCode.NotFound]);

    const otherPackage = await refusal({
      echoToken: found.echoToken!,
      packages: [{ id: H.gcOasis, paxGroupings: museumDay(addDays(monday, 1)) }],
    });
    expect(otherPackage.codes).toEqual([SandboxCode.NotFound]);
    expect(otherPackage.entities).toEqual([{ id: H.gcOasis, name: 'Package' }]);

    const otherGrouping = await refusal({
      echoToken: found.echoToken!,
      packages: [{ id: H.vlcArenas, paxGroupings: [{ id: G.gcPark, accessDate: monday }] }],
    });
    expect(otherGrouping.codes).toEqual([SandboxCode.NotFound]);
  });

  it('refuses access dates that break the rules', async () => {
    const { echoToken } = await catalog(valencia());
    const price = (paxGroupings: { id: string; accessDate: IsoDate }[]) =>
      refusal({ echoToken: echoToken!, packages: [{ id: H.vlcArenas, paxGroupings }] });

    const split = await price([
      { id: G.vlcMuseum, accessDate: addDays(monday, 1) },
      { id: G.vlcJellyfish, accessDate: addDays(monday, 2) },
    ]);
    expect(split.messages.join()).toMatch(/DatePolicyKey 1/);
    expect(split.entities.map((e) => e.id)).toEqual([G.vlcMuseum, G.vlcJellyfish]);

    const missing = await price([{ id: G.vlcMuseum, accessDate: addDays(monday, 1) }]);
    expect(missing.messages.join()).toMatch(new RegExp(`${G.vlcJellyfish}.*needs an AccessDate`));

    const closed = await price(museumDay(monday));
    expect(closed.codes).toEqual([SandboxCode.DateNotSellable]);

    const outside = await price(museumDay(addDays(monday, 8)));
    expect(outside.codes).toEqual([SandboxCode.DateNotSellable]);
    expect(outside.messages.join()).toMatch(/outside the activity dates/);
  });
});

describe('packageForAdd', () => {
  it('books a priced package: accommodation, one ticket per person, the priced dates', async () => {
    const found = await catalog(valencia());
    const saturday = addDays(monday, 5);
    const quote = await prices({
      echoToken: found.echoToken!,
      packages: [{ id: H.vlcArenas, paxGroupings: museumDay(saturday) }],
    });
    const context = t.sandbox.context();
    const booking = packageForAdd(context, quote.echoToken!, H.vlcArenas)!;
    const rate = context.state.packages
      .seed('es')
      .accommodations.find((a) => a.id === H.vlcArenas)!
      .rates.find((r) => r.board === 20)!;
    expect(booking).toEqual({
      echoToken: quote.echoToken,
      packageId: H.vlcArenas,
      price: ARENAS_STAY + SATURDAY_ACTIVITIES,
      priceMode: 1,
      accommodation: {
        rateId: rate.id,
        name: 'Hotel Las Arenas Playa',
        checkIn: monday,
        checkOut: saturday,
        price: ARENAS_STAY,
        conditions: expect.stringMatching(/48 horas/),
        cancellationPolicy: {
          isRefundable: false,
          rules: [{ hoursInAdvanceOfAccess: 48, percentage: 100 }],
        },
        failsAtReserve: false,
        numberOfAdults: 2,
        numberOfChildren: 2,
        childrenAges: [8, 1],
      },
      activities: [
        { productId: P.museumAdult, accessDate: saturday },
        { productId: P.museumAdult, accessDate: saturday },
        { productId: P.museumChild, accessDate: saturday },
        { productId: P.museumJellyfish, accessDate: saturday },
        { productId: P.museumJellyfish, accessDate: saturday },
        { productId: P.museumJellyfish, accessDate: saturday },
      ],
    });

    // The search's token books the package as last priced under it.
    const bySearch = packageForAdd(context, found.echoToken!, H.vlcArenas)!;
    expect(bySearch.price).toBe(booking.price);
    expect(bySearch.activities).toEqual(booking.activities);
    // Never priced: its cheapest dates and PriceFrom.
    const centro = found.packages.find((p) => p.accommodation.id === H.vlcCentro)!;
    const unpriced = packageForAdd(context, found.echoToken!, H.vlcCentro)!;
    expect(unpriced.price).toBe(centro.priceFrom);
    expect(new Set(unpriced.activities.map((a) => a.accessDate))).toEqual(
      new Set([addDays(monday, 1)]),
    );

    // The quote names only what it priced; unknown tokens name nothing.
    expect(packageForAdd(context, quote.echoToken!, H.vlcCentro)).toBeUndefined();
    expect(packageForAdd(context, 'nosuchtoken', H.vlcArenas)).toBeUndefined();
    expect(packageForAdd(context, found.echoToken!, H.gcOasis)).toBeUndefined();
  });

  it('marks the demo hotel that fails at reserve', async () => {
    const found = await catalog(granCanaria());
    const faro = found.packages.find((p) => p.accommodation.id === H.gcFaroSur)!;
    expect(faro.accommodation.name).toBe('Hotel Faro Sur');
    const quote = await prices({
      echoToken: found.echoToken!,
      packages: [{ id: H.gcFaroSur, paxGroupings: [{ id: G.gcPark, accessDate: monday }] }],
    });
    const booking = packageForAdd(t.sandbox.context(), quote.echoToken!, H.gcFaroSur)!;
    expect(booking.accommodation.failsAtReserve).toBe(true);
    expect(booking.accommodation.conditions).toMatch(/desayuno/);
    expect(booking.activities).toEqual([
      { productId: P.parkHotel, accessDate: monday },
      { productId: P.parkHotel, accessDate: monday },
    ]);
    expect(booking.priceMode).toBe(2);
  });
});
