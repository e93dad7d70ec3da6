import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { envelopeFailure } from '#src/api/envelope.js';
import { AccommodationBoard } from '#src/domain/partner-codes.js';
import {
  packageBasicCatalogOperation,
  packageBasicCatalogRequest,
  packageBasicCatalogResponse,
  packagePricesOperation,
  packagePricesRequest,
  packagePricesResponse,
  PersonType,
  prepackagesOperation,
  prepackagesRequest,
  prepackagesResponse,
} from '#src/api/packages.js';
import { fromWire, toWire } from '#src/api/wire.js';
import { fixtures } from '#test/support/fixtures.js';

const operations = [prepackagesOperation, packageBasicCatalogOperation, packagePricesOperation];

function fixture(file: string): unknown {
  const found = fixtures().find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return fromWire(found.body);
}

function issuePaths(result: z.ZodSafeParseResult<unknown>): PropertyKey[][] {
  return result.success ? [] : result.error.issues.map((issue) => [...issue.path]);
}

describe('package operations', () => {
  it('are reads in envelope A with a 15 s limit', () => {
    expect(
      operations.map(({ name, method, path, envelope, effect, timeoutMs }) => [
        name,
        method,
        path,
        envelope,
        effect,
        timeoutMs,
      ]),
    ).toEqual([
      ['prepackages', 'POST', '/Activity/Prepackages', 'A', 'read', 15_000],
      ['package-basiccatalog', 'POST', '/Package/BasicCatalog', 'A', 'read', 15_000],
      ['package-prices', 'POST', '/Package/PricesAndCancellationConditions', 'A', 'read', 15_000],
    ]);
  });
});

describe('vendor fixtures of packages', () => {
  for (const operation of operations) {
    const files = fixtures(operation.name);

    it(`${operation.name} has request and response fixtures`, () => {
      expect(new Set(files.map((f) => f.kind))).toEqual(new Set(['request', 'response']));
    });

    for (const f of files) {
      it(`${f.file} parses`, () => {
        const body = fromWire(f.body);
        if (f.kind === 'request') {
          expect(issuePaths(operation.request.safeParse(body))).toEqual([]);
        } else {
          expect(envelopeFailure(body)).toBeUndefined();
          expect(issuePaths(operation.response.safeParse(body))).toEqual([]);
        }
      });
    }
  }
});

describe('prepackages', () => {
  it('reads PeopleDistributions sent as one object as a one-room list', () => {
    const request = prepackagesRequest.parse(fixture('prepackages.request.5.json'));
    expect(request).toEqual({
      providerIds: ['djifgbvirefnw', '39rh3brfn33gb'],
      fromDate: '2022-06-01',
      toDate: '2022-08-01',
      peopleDistributions: [{ numberOfAdults: 2, numberOfChildren: 2, childrenAges: [10, 12] }],
    });
    expect(toWire(request)).toStrictEqual({
      ProviderIds: ['djifgbvirefnw', '39rh3brfn33gb'],
      FromDate: '2022-06-01',
      ToDate: '2022-08-01',
      PeopleDistributions: [{ NumberOfAdults: 2, NumberOfChildren: 2, ChildrenAges: [10, 12] }],
    });
  });

  it('reads the prepackages, their groupings and locations', () => {
    const response = prepackagesResponse.parse(fixture('prepackages.response.1.json'));
    expect(response.timestamp).toBe('2022-03-10T13:52:32');
    expect(response.prePackages.map((p) => p.id)).toEqual(['bvqer8bv3b98s', 'bf34578gbrb29']);
    const [first] = response.prePackages;
    expect(first?.suggestedLocation).toEqual({ lat: 35.878036, lng: -10.3826333 });
    expect(first?.productPaxGroupings[0]).toMatchObject({
      providerId: 'djifgbvirefnw',
      providerLocation: { lat: 40, lng: -5.1234567 },
      validDays: 1,
      validDaysType: 0,
      productPaxGroupingId: 'ehrbmjhxhzo9n',
    });
    expect(first?.productPaxGroupings[0]?.ticketEnclosures.map((e) => e.name)).toEqual([
      'Recinto Parque',
      'Recinto visita',
    ]);
  });

  it('reads numbers and dates sent as strings', () => {
    const response = prepackagesResponse.parse(
      fromWire({
        Success: true,
        PrePackages: {
          Id: 'pp1',
          Order: '3',
          ProductPaxGroupings: [
            {
              ProviderId: 'prov1',
              ProviderLocation: { Lat: '40.5', Lng: '-3.7' },
              DatePolicyKey: '1',
              ProductPaxGroupingId: 'g1',
            },
          ],
        },
      }),
    );
    expect(response.prePackages[0]).toMatchObject({
      order: 3,
      name: '',
      productPaxGroupings: [
        { providerLocation: { lat: 40.5, lng: -3.7 }, datePolicyKey: 1, ticketEnclosures: [] },
      ],
    });
  });

  it('rejects an impossible date and a count that is no number', () => {
    const result = prepackagesRequest.safeParse(
      fromWire({ FromDate: '2022-13-01', PeopleDistributions: [{ NumberOfAdults: 'two' }] }),
    );
    expect(issuePaths(result)).toEqual([
      ['fromDate'],
      ['peopleDistributions', 0, 'numberOfAdults'],
    ]);
  });

  it('rejects a prepackage without an id', () => {
    const result = prepackagesResponse.safeParse(fromWire({ PrePackages: [{ Name: 'x' }] }));
    expect(issuePaths(result)).toEqual([['prePackages', 0, 'id']]);
  });
});

describe('package-basiccatalog', () => {
  it('reads people, rooms, sort and paging of the example', () => {
    const request = packageBasicCatalogRequest.parse(
      fixture('package-basiccatalog.request.1.json'),
    );
    expect(request.people).toEqual([
      { type: PersonType.Adult },
      { type: PersonType.Adult },
      { type: PersonType.Child, age: 5 },
      { type: PersonType.Adult },
    ]);
    expect(request.accommodation).toEqual({
      destination: { latitude: 42.3446912, longitude: 1.9566978 },
      checkIn: '2023-01-25',
      checkOut: '2023-01-28',
      roomDistribution: [[0, 1, 2], [3]],
    });
    expect(request.sort).toEqual({ criteria: 1 });
    expect(request.paging).toEqual({ number: 1, size: 10 });
  });

  it('reads Accomodation as Accommodation, numbers as strings, and one room as a flat list', () => {
    const request = packageBasicCatalogRequest.parse(
      fromWire({
        People: [{ Type: '2' }, { Type: '0', Age: '1' }],
        Activity: { FromDate: '2023-01-25T00:00:00', ToDate: '2023-01-26', PrePackageIds: 'pp1' },
        Accomodation: {
          Destination: { Latitude: '42.3446912', Longitude: '1.9566978' },
          CheckIn: '2023-01-25',
          CheckOut: '2023-01-28',
          RoomDistribution: [0, 1],
        },
        Filter: {
          AccommodationBoards: AccommodationBoard.HalfBoard,
          PriceRange: { Min: 0, Max: 900 },
        },
      }),
    );
    expect(request).toEqual({
      people: [{ type: 2 }, { type: 0, age: 1 }],
      activity: { fromDate: '2023-01-25', toDate: '2023-01-26', prePackageIds: ['pp1'] },
      accommodation: {
        destination: { latitude: 42.3446912, longitude: 1.9566978 },
        checkIn: '2023-01-25',
        checkOut: '2023-01-28',
        roomDistribution: [[0, 1]],
      },
      filter: { accommodationBoards: [30], priceRange: [{ min: 0, max: 900 }] },
    });
    // Sent under the examples' spelling.
    expect(Object.keys(toWire(request) as object)).toEqual([
      'People',
      'Activity',
      'Accommodation',
      'Filter',
    ]);
  });

  it('rejects a person type outside 0..4 and a missing accommodation', () => {
    const result = packageBasicCatalogRequest.safeParse(
      fromWire({
        People: [{ Type: 7 }],
        Activity: { FromDate: '2023-01-25', ToDate: '2023-01-26', PrePackageIds: ['pp1'] },
      }),
    );
    expect(issuePaths(result)).toEqual([['people', 0, 'type'], ['accommodation']]);
  });

  it('reads packages, pages and available filters of the example', () => {
    const response = packageBasicCatalogResponse.parse(
      fixture('package-basiccatalog.response.1.json'),
    );
    expect(response.totalPages).toBe(1);
    expect(response.packages).toHaveLength(26);
    expect(response.packages[0]).toMatchObject({
      priceFrom: 904.82,
      accommodation: {
        id: '291641/weqn6yqht5bfw',
        city: 'Les Angles',
        postalCode: '66210',
        type: 0,
        category: 0,
        distanceToActivity: 26601.1617431278,
      },
    });
    expect(response.availableFilters.accommodationBoards.map((f) => f.value)).toEqual([
      AccommodationBoard.RoomOnly,
      AccommodationBoard.BedAndBreakfast,
      AccommodationBoard.HalfBoard,
    ]);
    expect(response.availableFilters.accommodationCities).toContainEqual({
      value: 'Canillo',
      count: 3,
    });
    expect(response.availableFilters.accommodationRateClasses).toEqual([
      { value: 1, count: 7 },
      { value: 2, count: 25 },
    ]);
  });

  it('reads a response without filters or pages as one page with no filters', () => {
    const response = packageBasicCatalogResponse.parse(
      fromWire({
        Success: true,
        Packages: [{ Accomodation: { Id: 'h1', Name: 'Hotel' }, PriceFrom: '99.90' }],
      }),
    );
    expect(response).toEqual({
      totalPages: 1,
      packages: [{ accommodation: { id: 'h1', name: 'Hotel' }, priceFrom: 99.9 }],
      availableFilters: {
        accommodationBoards: [],
        accommodationCategories: [],
        accommodationCities: [],
        accommodationRateClasses: [],
        accommodationTypes: [],
      },
    });
  });

  it('rejects a price that is no number', () => {
    const result = packageBasicCatalogResponse.safeParse(
      fromWire({ Packages: [{ Accommodation: { Id: 'h1' }, PriceFrom: 'cheap' }] }),
    );
    expect(issuePaths(result)).toEqual([['packages', 0, 'priceFrom']]);
  });
});

describe('package-prices', () => {
  it('reads the example request and response', () => {
    expect(packagePricesRequest.parse(fixture('package-prices.request.1.json'))).toEqual({
      echoToken: 'x3cig4i6oq1dyqskapaeu8i8h6',
      packages: [
        { id: '9eiaaee8qfake', paxGroupings: [{ id: '4gazafx5sjcph', accessDate: '2023-01-25' }] },
      ],
    });
    expect(packagePricesResponse.parse(fixture('package-prices.response.1.json'))).toEqual({
      echoToken: 'h81ikwmfshzmg5bqg3tj6ehn1o',
      packages: [
        { id: '9eiaaee8qfake', price: 717.398, priceMode: 1, commission: { type: 2, value: 0 } },
      ],
    });
  });

  it('reads prices and modes sent as strings', () => {
    const response = packagePricesResponse.parse(
      fromWire({
        Packages: [
          { Id: 'p1', Price: '717.40', PriceMode: '2', Commission: { Type: '1', Value: '10' } },
        ],
      }),
    );
    expect(response.packages).toEqual([
      { id: 'p1', price: 717.4, priceMode: 2, commission: { type: 1, value: 10 } },
    ]);
  });

  it('rejects a grouping without access date', () => {
    const result = packagePricesRequest.safeParse(
      fromWire({ EchoToken: 'e', Packages: [{ Id: 'p1', PaxGroupings: [{ Id: 'g1' }] }] }),
    );
    expect(issuePaths(result)).toEqual([['packages', 0, 'paxGroupings', 0, 'accessDate']]);
  });

  it('rejects a commission type other than 1 or 2', () => {
    const result = packagePricesResponse.safeParse(
      fromWire({ Packages: [{ Id: 'p1', Price: 1, Commission: { Type: 3, Value: 0 } }] }),
    );
    expect(issuePaths(result)).toEqual([['packages', 0, 'commission', 'type']]);
  });
});
