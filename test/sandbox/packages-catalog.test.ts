/** Sandbox /Package/BasicCatalog through the project's client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import { AccommodationBoard, AccommodationType } from '#src/domain/partner-codes.js';
import {
  packageBasicCatalogOperation,
  PersonType,
  SortCriteria,
  type BasicPackage,
  type PackageBasicCatalogRequest,
  type PackageFilter,
  type Person,
} from '#src/api/packages.js';
import type { IsoDate } from '#src/api/schema.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { packageDemoIds } from '#src/sandbox/packages/seed.js';
import { addDays, weekday } from '#src/sandbox/seed/dates.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const PP = packageDemoIds.prepackages;
const H = packageDemoIds.accommodations;
const PARK = { latitude: 27.7871, longitude: -15.6081 };
const MUSEUM = { latitude: 39.4587, longitude: -0.3306 };
const WINERY = { latitude: 41.5988, longitude: -4.1173 };

const family: Person[] = [
  { type: PersonType.Adult },
  { type: PersonType.Adult },
  { type: PersonType.Child, age: 8 },
];

let t: TestSandbox;
let checkIn: IsoDate;

beforeAll(async () => {
  t = await startTestSandbox();
  checkIn = addDays(t.sandbox.context().data.today, 14);
});
afterAll(() => t.close());

/** A Gran Canaria search for the family: one room, three nights, the park any day. */
function search(overrides: Partial<PackageBasicCatalogRequest> = {}): PackageBasicCatalogRequest {
  return {
    people: family,
    activity: {
      fromDate: checkIn,
      toDate: addDays(checkIn, 2),
      prePackageIds: [PP.granCanaria],
    },
    accommodation: {
      destination: PARK,
      checkIn,
      checkOut: addDays(checkIn, 3),
      roomDistribution: [[0, 1, 2]],
    },
    ...overrides,
  };
}

const catalog = (request: PackageBasicCatalogRequest) =>
  t.client.call(packageBasicCatalogOperation, request);

/** Every package of a search (one big page). */
async function all(request: PackageBasicCatalogRequest): Promise<BasicPackage[]> {
  const answer = await catalog({ ...request, paging: { number: 1, size: 50 } });
  expect(answer.totalPages).toBeLessThanOrEqual(1);
  return answer.packages;
}

const ids = (packages: readonly BasicPackage[]) => packages.map((p) => p.accommodation.id);

async function refusal(request: PackageBasicCatalogRequest): Promise<PartnerEnvelopeError> {
  const error = await catalog(request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

/** Euros for `nights` nights at `night` per adult: children half, Fri/Sat nights +20 %. */
function stay(night: number, shares: number, from: IsoDate, nights: number): number {
  let total = 0;
  for (let i = 0; i < nights; i += 1) {
    const day = weekday(addDays(from, i));
    total += Math.round(night * shares * (day === 5 || day === 6 ? 1.2 : 1) * 100) / 100;
  }
  return total;
}

describe('basic package catalog', () => {
  it('finds the accommodations around the activity, with an EchoToken', async () => {
    const answer = await catalog(search());
    expect(answer.echoToken).toMatch(/^[a-z0-9]{26}$/);
    const found = await all(search());
    // Twelve around the park; the hostel's rooms take two people, the family is three.
    expect(found).toHaveLength(11);
    expect(ids(found)).not.toContain(H.gcSurfHostel);
    expect(ids(found)).not.toContain(H.vlcArenas);
    const twoRooms = await all(
      search({
        accommodation: { ...search().accommodation, roomDistribution: [[0, 2], [1]] },
      }),
    );
    expect(ids(twoRooms)).toContain(H.gcSurfHostel);

    const oasis = found.find((p) => p.accommodation.id === H.gcOasis)!;
    expect(oasis.accommodation).toMatchObject({
      name: 'Oasis Maspalomas Resort',
      city: 'Maspalomas',
      type: AccommodationType.Hotel,
      category: 5,
    });
    // About 3.9 km from the park (equirectangular estimate).
    const dy = (27.759 - 27.7871) * 111_195;
    const dx = (-15.585 + 15.6081) * 111_195 * Math.cos((27.77 * Math.PI) / 180);
    expect(oasis.accommodation.distanceToActivity).toBeCloseTo(Math.hypot(dx, dy), -1);
  });

  it('prices from the cheapest combination of rate and activity dates for the people', async () => {
    const found = await all(search());
    // Camping: room only at 18 a night for 2 adults and a child (2.5 shares); park 24 each.
    const camping = found.find((p) => p.accommodation.id === H.gcCampingTejeda)!;
    expect(camping.priceFrom).toBeCloseTo(stay(18, 2.5, checkIn, 3) + 3 * 24, 2);
    // Oasis: half board at 110 is its cheapest rate.
    const oasis = found.find((p) => p.accommodation.id === H.gcOasis)!;
    expect(oasis.priceFrom).toBeCloseTo(stay(110, 2.5, checkIn, 3) + 72, 2);
    // With all inclusive chosen, the cheapest all-inclusive rate (140).
    const allInclusive = await all(
      search({ filter: { accommodationBoards: [AccommodationBoard.AllInclusive] } }),
    );
    const oasisAi = allInclusive.find((p) => p.accommodation.id === H.gcOasis)!;
    expect(oasisAi.priceFrom).toBeCloseTo(stay(140, 2.5, checkIn, 3) + 72, 2);
  });

  it('filters: AND across kinds, OR within one', async () => {
    const luxury = await all(
      search({
        filter: {
          accommodationCategories: [4, 5],
          accommodationBoards: [AccommodationBoard.AllInclusive],
        },
      }),
    );
    expect(ids(luxury).sort()).toEqual([H.gcDunas, H.gcOasis, H.gcTaurito].sort());

    const mogan = await all(
      search({ filter: { cities: ['mogán'], accommodationTypes: [AccommodationType.Hotel] } }),
    );
    expect(ids(mogan).sort()).toEqual([H.gcMogan, H.gcTaurito].sort());

    const refundable = await all(search({ filter: { accommodationRateClasses: [2] } }));
    expect(ids(refundable)).not.toContain(H.gcCampingTejeda);
    expect(ids(refundable)).toContain(H.gcOasis);

    const near = await all(search({ filter: { distanceRanges: [{ max: 5000 }] } }));
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((p) => p.accommodation.distanceToActivity! <= 5000)).toBe(true);
    const nearOrFar = await all(
      search({ filter: { distanceRanges: [{ max: 4000 }, { min: 40_000 }] } }),
    );
    expect(ids(nearOrFar).sort()).toEqual([H.gcAlmendros, H.gcOasis, H.gcCanteras].sort());

    const everything = await all(search());
    const cheapOrDear = (price: number) => price <= 400 || price >= 900;
    const priced = await all(search({ filter: { priceRange: [{ max: 400 }, { min: 900 }] } }));
    expect(priced.every((p) => cheapOrDear(p.priceFrom))).toBe(true);
    expect(priced).toHaveLength(everything.filter((p) => cheapOrDear(p.priceFrom)).length);
    expect(priced.length).toBeGreaterThan(0);
  });

  it('answers success with no packages when a filter leaves nothing', async () => {
    const answer = await catalog(search({ filter: { cities: ['Nowhere'] } }));
    expect(answer.packages).toEqual([]);
    expect(answer.totalPages).toBe(0);
    const none = await catalog(
      search({ filter: { accommodationTypes: [AccommodationType.Hostel] } }),
    );
    expect(none.packages).toEqual([]);
  });

  it('sorts cheapest, most expensive and closest first', async () => {
    const prices = (packages: BasicPackage[]) => packages.map((p) => p.priceFrom);
    const cheapest = await all(search({ sort: { criteria: SortCriteria.Cheapest } }));
    expect(prices(cheapest)).toEqual([...prices(cheapest)].sort((a, b) => a - b));
    const dearest = await all(search({ sort: { criteria: SortCriteria.MostExpensive } }));
    expect(prices(dearest)).toEqual([...prices(cheapest)].sort((a, b) => b - a));
    const closest = await all(search({ sort: { criteria: SortCriteria.Closest } }));
    const distances = closest.map((p) => p.accommodation.distanceToActivity!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(ids(closest)).not.toEqual(ids(cheapest));
  });

  it('pages, with TotalPages over every page', async () => {
    const request = search({ sort: { criteria: SortCriteria.Closest } });
    const pages = await Promise.all(
      [1, 2, 3, 4].map((number) => catalog({ ...request, paging: { number, size: 4 } })),
    );
    expect(pages.map((page) => page.totalPages)).toEqual([3, 3, 3, 3]);
    expect(pages.map((page) => page.packages.length)).toEqual([4, 4, 3, 0]);
    expect(pages.flatMap((page) => ids(page.packages))).toEqual(ids(await all(request)));
    const defaults = await catalog(request);
    expect(defaults.packages).toHaveLength(10);
    expect(defaults.totalPages).toBe(2);
  });

  it('counts AvailableFilters over every page, faceted (each kind ignores its own filter)', async () => {
    const everything = await all(search());
    const unfiltered = await catalog(search({ paging: { number: 1, size: 2 } }));
    const countBy = (values: number[]) =>
      [...new Set(values)]
        .sort((a, b) => a - b)
        .map((value) => ({ value, count: values.filter((v) => v === value).length }));
    expect(unfiltered.availableFilters.accommodationCategories).toEqual(
      countBy(everything.map((p) => p.accommodation.category!)),
    );
    expect(unfiltered.availableFilters.accommodationTypes).toEqual(
      countBy(everything.map((p) => p.accommodation.type!)),
    );
    const cities = unfiltered.availableFilters.accommodationCities;
    expect(cities.find((c) => c.value === 'Maspalomas')?.count).toBe(4);
    expect(cities.reduce((sum, c) => sum + c.count, 0)).toBe(everything.length);
    // Several boards per hotel: counted once per board it offers.
    expect(unfiltered.availableFilters.accommodationBoards).toContainEqual({
      value: AccommodationBoard.AllInclusive,
      count: 3,
    });

    const filter: PackageFilter = { accommodationCategories: [4] };
    const four = await catalog(search({ filter }));
    expect(ids(four.packages).sort()).toEqual([H.gcDunas, H.gcMogan, H.gcTaurito].sort());
    // Its own kind keeps the counts of the other values; the other kinds narrow.
    expect(four.availableFilters.accommodationCategories).toEqual(
      unfiltered.availableFilters.accommodationCategories,
    );
    expect(four.availableFilters.accommodationTypes).toEqual([
      { value: AccommodationType.Hotel, count: 3 },
    ]);
    expect(four.availableFilters.accommodationBoards).toEqual([
      { value: AccommodationBoard.BedAndBreakfast, count: 2 },
      { value: AccommodationBoard.HalfBoard, count: 2 },
      { value: AccommodationBoard.AllInclusive, count: 2 },
    ]);
  });

  it('leaves out accommodations the prepackage restricts', async () => {
    const monday = nextMonday(checkIn);
    const valencia = await all(
      search({
        activity: { fromDate: monday, toDate: addDays(monday, 2), prePackageIds: [PP.valencia] },
        accommodation: {
          destination: MUSEUM,
          checkIn: monday,
          checkOut: addDays(monday, 3),
          roomDistribution: [[0, 1, 2]],
        },
      }),
    );
    // Sagunto is within the search radius but beyond the prepackage's 15 km.
    expect(ids(valencia).sort()).toEqual([H.vlcArenas, H.vlcCabanyal, H.vlcCentro].sort());

    const adults = [{ type: PersonType.Adult }, { type: PersonType.Senior }] as Person[];
    const ribera = await all(
      search({
        people: adults,
        activity: { fromDate: checkIn, toDate: checkIn, prePackageIds: [PP.ribera] },
        accommodation: {
          destination: WINERY,
          checkIn,
          checkOut: addDays(checkIn, 1),
          roomDistribution: [[0, 1]],
        },
      }),
    );
    // Only two specific accommodations: the hostal in Peñafiel is never offered.
    expect(ids(ribera).sort()).toEqual([H.rbConvento, H.rbQuintanilla].sort());
  });

  it('keeps one EchoToken per search, whatever the view', async () => {
    const base = await catalog(search());
    const sorted = await catalog(
      search({ sort: { criteria: SortCriteria.Closest }, paging: { number: 2, size: 3 } }),
    );
    const cities = await catalog(search({ filter: { cities: ['Mogán'] } }));
    expect(sorted.echoToken).toBe(base.echoToken);
    expect(cities.echoToken).toBe(base.echoToken);
    const boards = await catalog(search({ filter: { accommodationBoards: [20] } }));
    expect(boards.echoToken).not.toBe(base.echoToken);
    const others = await catalog(
      search({
        people: [family[0]!],
        accommodation: { ...search().accommodation, roomDistribution: [[0]] },
      }),
    );
    expect(others.echoToken).not.toBe(base.echoToken);
  });

  it('refuses people without ages and rooms that do not match People', async () => {
    const noAge = await refusal(
      search({ people: [{ type: PersonType.Adult }, { type: PersonType.Baby }] as Person[] }),
    );
    expect(noAge.codes).toEqual([SandboxCode.InvalidRequest]);
    expect(noAge.messages.join()).toMatch(/People\[1\]\.Age/);

    const rooms = (roomDistribution: number[][]) =>
      refusal(search({ accommodation: { ...search().accommodation, roomDistribution } }));
    expect((await rooms([[0, 1, 3]])).messages.join()).toMatch(/not the index of a person/);
    expect((await rooms([[0, 1]])).messages.join()).toMatch(/person 2 .*in no room/);
    expect((await rooms([[0, 1], [2]])).messages.join()).toMatch(/needs an adult/);
    expect((await rooms([[0, 1, 2], [1]])).messages.join()).toMatch(/already in a room/);
  });

  it('refuses dates, prepackages and people the packages cannot take', async () => {
    const stayDates = search().accommodation;
    const backwards = await refusal(
      search({ accommodation: { ...stayDates, checkOut: stayDates.checkIn } }),
    );
    expect(backwards.messages.join()).toMatch(/CheckOut/);

    const outside = await refusal(
      search({
        activity: {
          fromDate: checkIn,
          toDate: addDays(checkIn, 5),
          prePackageIds: [PP.granCanaria],
        },
      }),
    );
    expect(outside.messages.join()).toMatch(/within the stay/);

    const unknown = await refusal(
      search({ activity: { ...search().activity, prePackageIds: ['nosuchpackage'] } }),
    );
    expect(unknown.codes).toEqual([SandboxCode.NotFound]);
    expect(unknown.entities).toEqual([{ id: 'nosuchpackage', name: 'PrePackage' }]);

    const withChild = await refusal(
      search({
        activity: { fromDate: checkIn, toDate: checkIn, prePackageIds: [PP.ribera] },
        accommodation: { ...stayDates, destination: WINERY },
      }),
    );
    expect(withChild.messages.join()).toMatch(/adults only/);

    // The museum is closed on Mondays: a Monday-only activity window has nothing to sell.
    const monday = nextMonday(checkIn);
    const closed = await refusal(
      search({
        activity: { fromDate: monday, toDate: monday, prePackageIds: [PP.valencia] },
        accommodation: {
          ...stayDates,
          destination: MUSEUM,
          checkIn: monday,
          checkOut: addDays(monday, 1),
        },
      }),
    );
    expect(closed.codes).toEqual([SandboxCode.DateNotSellable]);
  });
});

function nextMonday(from: IsoDate): IsoDate {
  let date = from;
  while (weekday(date) !== 1) date = addDays(date, 1);
  return date;
}
