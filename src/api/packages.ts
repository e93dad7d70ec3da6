/**
 * Packages: prepackages (activities meant to be sold with accommodation), the basic
 * package catalog (accommodation around a prepackage's activities, with filters) and
 * the prices and cancellation conditions of chosen packages. Which answer hands out the
 * EchoToken that Prices and Add take is not shown by the spec (the basic catalog response
 * declares none); Prices echoes one back, read here when present.
 */
import { z } from 'zod';
import { commission } from './common.js';
import { defineOperation } from './operation.js';
import {
  aliased,
  decimal,
  integer,
  isoDate,
  isoDateTime,
  list,
  optional,
  objectOrList,
  present,
  priceMode,
  prose,
  text,
  withDefault,
} from './schema.js';

const latLng = z.object({ lat: decimal, lng: decimal });

// ---------------------------------------------------------------------------------------
// Prepackages
// ---------------------------------------------------------------------------------------

/**
 * One room. Ages must be given for everybody aged 17 or younger (the sandbox enforces
 * it); absent counts mean none.
 */
export const peopleDistribution = z.object({
  numberOfAdults: optional(integer),
  numberOfChildren: optional(integer),
  numberOfSeniors: optional(integer),
  numberOfBabies: optional(integer),
  childrenAges: optional(list(integer)),
});
export type PeopleDistribution = z.output<typeof peopleDistribution>;

/** All optional; FromDate defaults to today and ToDate to a year ahead at the service. */
export const prepackagesRequest = z.object({
  providerIds: optional(list(text)),
  prePackageIds: optional(list(text)),
  fromDate: optional(isoDate),
  toDate: optional(isoDate),
  /** One entry per room; an example sends a single object, read as a one-room list. */
  peopleDistributions: optional(list(peopleDistribution)),
});
export type PrepackagesRequest = z.output<typeof prepackagesRequest>;

export const productPaxGrouping = z.object({
  providerId: text,
  providerName: withDefault(prose, ''),
  providerLocation: optional(objectOrList(latLng)),
  /** Products with the same key share the access date. */
  datePolicyKey: optional(integer),
  ticketEnclosures: list(
    z.object({ id: text, name: withDefault(prose, ''), logo: optional(text) }),
  ),
  validDays: optional(integer),
  /** 0 consecutive, 1 not consecutive. */
  validDaysType: optional(integer),
  productPaxGroupingId: text,
  productPaxGroupingName: withDefault(prose, ''),
});
export type ProductPaxGrouping = z.output<typeof productPaxGrouping>;

export const prepackage = z.object({
  id: text,
  order: withDefault(integer, 0),
  image: optional(text),
  description: optional(prose),
  name: withDefault(prose, ''),
  commercialName: optional(prose),
  productPaxGroupings: list(productPaxGrouping),
  /** Usually a centre between the enclosures: the search location for accommodation. */
  suggestedLocation: optional(objectOrList(latLng)),
});
export type Prepackage = z.output<typeof prepackage>;

/** Envelope A plus Timestamp. */
export const prepackagesResponse = z.object({
  timestamp: optional(isoDateTime),
  prePackages: list(prepackage),
});
export type PrepackagesResponse = z.output<typeof prepackagesResponse>;

export const prepackagesOperation = defineOperation({
  name: 'prepackages',
  method: 'POST',
  path: '/Activity/Prepackages',
  request: prepackagesRequest,
  response: prepackagesResponse,
  envelope: 'A',
  effect: 'read',
  timeoutMs: 15_000,
});

// ---------------------------------------------------------------------------------------
// Basic package catalog
// ---------------------------------------------------------------------------------------

/** Type of a person in People; babies and children also need an Age. */
export const PersonType = { Baby: 0, Child: 1, Adult: 2, Senior: 3, Generic: 4 } as const;
export type PersonType = (typeof PersonType)[keyof typeof PersonType];

const personType = integer.pipe(
  z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
);

// The accommodations' board, rate class and type codes: src/domain/partner-codes.ts.
export const SortCriteria = { Cheapest: 1, MostExpensive: 2, Closest: 3 } as const;

/** Age is required for babies and children (the sandbox enforces it). */
export const person = z.object({ type: personType, age: optional(integer) });
export type Person = z.output<typeof person>;

/**
 * Rooms, each a list of indexes into People (their order defines the index). A single
 * room sent as a flat list of indexes is read as one room.
 */
const roomDistribution = z.preprocess(
  (value) =>
    Array.isArray(value) && value.length > 0 && value.every((item) => !Array.isArray(item))
      ? [value]
      : value,
  list(list(integer)),
);

export const packageAccommodationQuery = z.object({
  accommodationIds: optional(list(text)),
  /** See SuggestedLocation of prepackages. */
  destination: z.object({ latitude: decimal, longitude: decimal }),
  checkIn: isoDate,
  checkOut: isoDate,
  roomDistribution,
});
export type PackageAccommodationQuery = z.output<typeof packageAccommodationQuery>;

const range = z.object({ min: optional(integer), max: optional(integer) });

/** Filters combine as AND; several values inside one filter as OR. */
export const packageFilter = z.object({
  accommodationBoards: optional(list(integer)),
  accommodationCategories: optional(list(integer)),
  accommodationRateClasses: optional(list(integer)),
  accommodationTypes: optional(list(integer)),
  cities: optional(list(text)),
  /** Several ranges may be given (the spec: "several values combine as OR"): sent as a list. */
  priceRange: optional(list(range)),
  /** Meters from the activity. */
  distanceRanges: optional(list(range)),
});
export type PackageFilter = z.output<typeof packageFilter>;

/** The structure spells the name Accomodation, the examples Accommodation: read both. */
export const packageBasicCatalogRequest = aliased(
  {
    people: list(person),
    activity: z.object({ fromDate: isoDate, toDate: isoDate, prePackageIds: list(text) }),
    accommodation: packageAccommodationQuery,
    filter: optional(packageFilter),
    sort: optional(
      z.object({ criteria: integer.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])) }),
    ),
    paging: optional(z.object({ number: optional(integer), size: optional(integer) })),
  },
  { accommodation: ['accomodation'] },
);
export type PackageBasicCatalogRequest = z.output<typeof packageBasicCatalogRequest>;

export const packageAccommodation = z.object({
  id: text,
  mainImageUrl: optional(text),
  name: withDefault(prose, ''),
  description: optional(prose),
  address: optional(text),
  city: optional(text),
  postalCode: optional(text),
  country: optional(text),
  /** AccommodationType. */
  type: optional(integer),
  /** 0 unknown, 1 to 5 stars. */
  category: optional(integer),
  /** Meters from the start of the activity. */
  distanceToActivity: optional(decimal),
});
export type PackageAccommodation = z.output<typeof packageAccommodation>;

export const basicPackage = aliased(
  {
    accommodation: present(objectOrList(packageAccommodation), 'Accommodation'),
    /** The lowest price among the package's combinations. */
    priceFrom: decimal,
  },
  { accommodation: ['accomodation'] },
);
export type BasicPackage = z.output<typeof basicPackage>;

const noFilters = {
  accommodationBoards: [],
  accommodationCategories: [],
  accommodationCities: [],
  accommodationRateClasses: [],
  accommodationTypes: [],
};

const filterCount = <T extends z.ZodType>(value: T) =>
  z.object({ value, count: withDefault(integer, 0) });

/** What the Filter could narrow to, with how many packages each value has. */
export const availableFilters = z.object({
  accommodationBoards: list(filterCount(integer)),
  accommodationCategories: list(filterCount(integer)),
  accommodationCities: list(filterCount(text)),
  accommodationRateClasses: list(filterCount(integer)),
  accommodationTypes: list(filterCount(integer)),
});
export type AvailableFilters = z.output<typeof availableFilters>;

/**
 * Accommodation may be missing from Packages because of restrictions configured on the
 * activities (a specific accommodation only, a maximum distance).
 */
export const packageBasicCatalogResponse = z.object({
  /** Not in the spec: the sandbox's search token for Prices and Add (see the module doc). */
  echoToken: optional(text),
  /** Absent is read as a single page. */
  totalPages: withDefault(integer, 1),
  packages: list(basicPackage),
  availableFilters: withDefault(availableFilters, noFilters),
});
export type PackageBasicCatalogResponse = z.output<typeof packageBasicCatalogResponse>;

export const packageBasicCatalogOperation = defineOperation({
  name: 'package-basiccatalog',
  method: 'POST',
  path: '/Package/BasicCatalog',
  request: packageBasicCatalogRequest,
  response: packageBasicCatalogResponse,
  envelope: 'A',
  effect: 'read',
  timeoutMs: 15_000,
});

// ---------------------------------------------------------------------------------------
// Prices and cancellation conditions
// ---------------------------------------------------------------------------------------

export const packagePricesRequest = z.object({
  echoToken: text,
  packages: list(
    z.object({
      id: text,
      /** AccessDate is when the activity starts. */
      paxGroupings: list(z.object({ id: text, accessDate: isoDate })),
    }),
  ),
});
export type PackagePricesRequest = z.output<typeof packagePricesRequest>;

export const packagePrice = z.object({
  id: text,
  price: decimal,
  priceMode: withDefault(priceMode, 1),
  commission: optional(objectOrList(commission)),
});
export type PackagePrice = z.output<typeof packagePrice>;

export const packagePricesResponse = z.object({
  echoToken: optional(text),
  packages: list(packagePrice),
});
export type PackagePricesResponse = z.output<typeof packagePricesResponse>;

export const packagePricesOperation = defineOperation({
  name: 'package-prices',
  method: 'POST',
  path: '/Package/PricesAndCancellationConditions',
  request: packagePricesRequest,
  response: packagePricesResponse,
  envelope: 'A',
  effect: 'read',
  timeoutMs: 15_000,
});
