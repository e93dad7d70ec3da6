/**
 * Packages (activity + accommodation, steps/packages): the search, its results and the
 * priced package, the package line in the cart, and the events of their steps.
 */
import type { CartPackageGrouping } from '#src/domain/partner-shapes.js';
import type { IsoDate } from '#src/domain/time.js';
import type { Money } from './money.js';

export interface PackageFlow {
  prepackages?: PrepackageChoice[];
  prepackage?: PrepackageChoice;
  /** The rooms; the last one is being filled in. */
  rooms: PackageRoom[];
  checkIn?: IsoDate;
  checkOut?: IsoDate;
  activityDate?: IsoDate;
  filters: Partial<Record<PackageFilterKind, string>>;
  /** The filter whose values are being shown. */
  filterKind?: PackageFilterKind;
  sort: PackageSort;
  /** 1-based, as the service counts pages. */
  page: number;
  results?: PackageResults;
  /** The EchoToken of the search the results came from. */
  echoToken?: string;
  /** The accommodation being priced or offered. */
  chosen?: AccommodationOffer;
  quote?: PackageQuote;
  /** A package line whose accommodation could not be reserved, and why. */
  replace?: { cartItemId: string; reason?: string };
  /** Accommodations (package ids) that could not be reserved: left out of the list. */
  unavailable?: string[];
}

export interface PackageRoom {
  adults: number;
  minors: PackageMinor[];
}

/** A person under 18 in a package room: a child (2 to 17) or a baby (under 2). */
export interface PackageMinor {
  kind: 'child' | 'baby';
  /** Asked for each minor; a search is never sent without it. */
  age?: number;
}

/** A prepackage as offered (POST /Activity/Prepackages). */
export interface PrepackageChoice {
  id: string;
  name: string;
  description?: string;
  groupings: PrepackageGrouping[];
  /** SuggestedLocation: where accommodation is searched around. */
  location?: { lat: number; lng: number };
}

export interface PrepackageGrouping {
  id: string;
  name: string;
  providerId: string;
  providerName: string;
  datePolicyKey?: number;
}

/** What a package search asks (BasicCatalog); kept with the line to search again. */
export interface PackageSearch {
  prepackage: PrepackageChoice;
  rooms: PackageRoom[];
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** The activity day, within the stay (every pax grouping on that day). */
  activityDate: IsoDate;
}

export type PackageFilterKind =
  'board' | 'category' | 'rateClass' | 'type' | 'city' | 'price' | 'distance';

/** SortCriteria: 1 cheapest, 2 most expensive, 3 closest. */
export type PackageSort = 1 | 2 | 3;

/** An accommodation of the basic package catalog, as listed. */
export interface AccommodationOffer {
  /** The package id (Prices and Add name the package by it). */
  packageId: string;
  name: string;
  city?: string;
  /** 1 to 5 stars; absent or 0 when unknown. */
  stars?: number;
  /** AccommodationType. */
  type?: number;
  /** Metres from the start of the activity. */
  distance?: number;
  priceFrom: Money;
}

export interface PackageResults {
  totalPages: number;
  offers: AccommodationOffer[];
  /** AvailableFilters: each value with how many packages it gives. */
  facets: Partial<Record<PackageFilterKind, { value: string; count: number }[]>>;
}

/** The priced package (PricesAndCancellationConditions), ready to add. */
export interface PackageQuote {
  echoToken: string;
  offer: AccommodationOffer;
  price: Money;
}

/** A package in the cart: what was searched, priced and added. */
export interface PackageLine {
  search: PackageSearch;
  accommodation: AccommodationOffer;
  /** The Add's Packages item as sent: a rebuilt cart adds it again unchanged. */
  request: CartPackageGrouping;
  /** The cart item id is ours: the service answered the Add without one. */
  localId?: boolean;
}

export type PackageEvent =
  /** Packages (activity + accommodation): from home, then each choice of the flow. */
  | { type: 'package.open' }
  | { type: 'package.pick'; prepackageId: string }
  /** How many adults, children or babies (the step asking says which). */
  | { type: 'package.count'; count: number }
  | { type: 'package.age'; age: number }
  /** After a room: another one, or on to the dates. */
  | { type: 'package.room'; more: boolean }
  | { type: 'package.menu'; menu: 'filters' | 'sort' }
  | { type: 'package.filter-kind'; kind: PackageFilterKind }
  /** A filter value; `value` undefined removes the filter of that kind. */
  | { type: 'package.filter'; kind: PackageFilterKind; value?: string }
  | { type: 'package.filters-clear' }
  | { type: 'package.sort'; criteria: PackageSort }
  | { type: 'package.page'; page: number }
  | { type: 'package.stay'; packageId: string }
  | { type: 'package.add' }
  /** Another accommodation for a package line whose accommodation failed at reserve. */
  | { type: 'package.restay'; cartItemId: string }
  | { type: 'package.remove' };
