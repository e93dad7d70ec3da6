/**
 * The accommodation side of the basic package catalog: which accommodations a search
 * finds, what their stay costs, and the view (Filter, Sort, Paging, AvailableFilters).
 *
 * Choices where the spec is silent:
 * - A search finds the accommodations within 50 km of Destination that every listed
 *   prepackage allows (its specific accommodations, its maximum distance from its
 *   SuggestedLocation), that AccommodationIds names (when given) and whose rooms take the
 *   room sizes asked for. DistanceToActivity is measured to the nearest provider of the
 *   prepackages' groupings (where the activity starts).
 * - Stay price: per night, each adult, senior or generic person pays the rate's night
 *   price, a child half, a baby nothing; Friday and Saturday nights cost 20 % more.
 * - A package is an accommodation at its cheapest rate among those the board and
 *   rate-class filters allow; PriceFrom adds the activities at their cheapest access
 *   dates in the activity window. PriceRange bounds PriceFrom, in whole euros, inclusive.
 * - Filters combine as AND across kinds and OR within a kind (PriceRange and
 *   DistanceRanges are lists of {Min, Max}; an absent bound is open).
 * - AvailableFilters are faceted: the count of a value is how many packages the search
 *   would give if that value alone were chosen in its kind, every other kind's filter
 *   kept. So a kind's counts do not shrink when a value of that same kind is chosen, and
 *   counts are over all pages. Values with no package are left out.
 * - Sort defaults to cheapest first; ties go to the closest, then by name. Paging
 *   defaults to page 1 of 10 (at most 50 per page); TotalPages is 0 when nothing is found.
 */
import type { AvailableFilters, BasicPackage, PackageFilter, Person } from '#src/api/packages.js';
import { SortCriteria } from '#src/api/packages.js';
import type { IsoDate } from '#src/api/schema.js';
import type { Cents } from '#src/domain/pricing.js';
import { toCents } from '#src/domain/pricing.js';
import { SandboxCode, refuse } from '../codes.js';
import { addDays, weekday } from '../seed/dates.js';
import { groupingLocation, type Grouping } from './activities.js';
import { distanceMeters, type LatLng } from './geo.js';
import { nightShare } from './people.js';
import type { SeedAccommodation, SeedRate } from './seed.js';

export const SEARCH_RADIUS_METERS = 50_000;
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;
const WEEKEND_SUPPLEMENT = 1.2;

export interface RatePrice {
  rate: SeedRate;
  cents: Cents;
}

/** An accommodation a search found, with its distance and the stay price per rate. */
export interface Offer {
  accommodation: SeedAccommodation;
  distance: number;
  rates: RatePrice[];
}

export function stayCents(
  rate: SeedRate,
  people: readonly Person[],
  checkIn: IsoDate,
  checkOut: IsoDate,
): Cents {
  const shares = people.reduce((sum, person) => sum + nightShare(person), 0);
  let total = 0;
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
    const weekend = weekday(night) === 5 || weekday(night) === 6;
    total += toCents(rate.night * shares * (weekend ? WEEKEND_SUPPLEMENT : 1));
  }
  return total;
}

export interface OfferQuery {
  destination: LatLng;
  accommodationIds?: readonly string[];
  rooms: readonly (readonly number[])[];
  people: readonly Person[];
  checkIn: IsoDate;
  checkOut: IsoDate;
}

export function findOffers(
  accommodations: readonly SeedAccommodation[],
  groupings: readonly Grouping[],
  suggested: ReadonlyMap<string, LatLng | undefined>,
  query: OfferQuery,
): Offer[] {
  const largestRoom = Math.max(...query.rooms.map((room) => room.length));
  const starts = groupings
    .map(groupingLocation)
    .filter((location): location is LatLng => location !== undefined);
  const prepackages = [...new Map(groupings.map((g) => [g.prepackage.id, g.prepackage])).values()];
  return accommodations
    .filter((accommodation) => {
      if (distanceMeters(query.destination, accommodation) > SEARCH_RADIUS_METERS) return false;
      if (query.accommodationIds && !query.accommodationIds.includes(accommodation.id))
        return false;
      if (accommodation.maxPerRoom < largestRoom) return false;
      return prepackages.every((prepackage) => {
        if (prepackage.accommodationIds && !prepackage.accommodationIds.includes(accommodation.id))
          return false;
        const centre = suggested.get(prepackage.id);
        return (
          prepackage.maxDistanceMeters === undefined ||
          centre === undefined ||
          distanceMeters(centre, accommodation) <= prepackage.maxDistanceMeters
        );
      });
    })
    .map((accommodation) => ({
      accommodation,
      distance:
        Math.round(
          Math.min(
            ...(starts.length ? starts : [query.destination]).map((start) =>
              distanceMeters(start, accommodation),
            ),
          ) * 100,
        ) / 100,
      rates: accommodation.rates.map((rate) => ({
        rate,
        cents: stayCents(rate, query.people, query.checkIn, query.checkOut),
      })),
    }));
}

/** The filter with every kind as a list (empty: no constraint). */
export interface ViewFilter {
  boards: number[];
  categories: number[];
  rateClasses: number[];
  types: number[];
  cities: string[];
  priceRanges: { min?: number; max?: number }[];
  distanceRanges: { min?: number; max?: number }[];
}

export function viewFilter(filter: PackageFilter | undefined): ViewFilter {
  return {
    boards: filter?.accommodationBoards ?? [],
    categories: filter?.accommodationCategories ?? [],
    rateClasses: filter?.accommodationRateClasses ?? [],
    types: filter?.accommodationTypes ?? [],
    cities: (filter?.cities ?? []).map((city) => city.trim().toLowerCase()),
    priceRanges: filter?.priceRange ?? [],
    distanceRanges: filter?.distanceRanges ?? [],
  };
}

const inRange = (value: number, range: { min?: number; max?: number }) =>
  (range.min === undefined || value >= range.min) &&
  (range.max === undefined || value <= range.max);

const allows = <T>(chosen: readonly T[], value: T) => chosen.length === 0 || chosen.includes(value);

/** The offer's cheapest rate the board and rate-class filters allow. */
export function bestRate(
  offer: Offer,
  filter: Pick<ViewFilter, 'boards' | 'rateClasses'>,
): RatePrice | undefined {
  let best: RatePrice | undefined;
  for (const candidate of offer.rates) {
    if (!allows(filter.boards, candidate.rate.board)) continue;
    if (!allows(filter.rateClasses, candidate.rate.rateClass)) continue;
    if (!best || candidate.cents < best.cents) best = candidate;
  }
  return best;
}

/** PriceFrom of the offer under the filter, or undefined when the filter leaves it out. */
function priceUnder(offer: Offer, filter: ViewFilter, activityCents: Cents): Cents | undefined {
  const { accommodation } = offer;
  if (!allows(filter.categories, accommodation.category)) return undefined;
  if (!allows(filter.types, accommodation.type)) return undefined;
  if (!allows(filter.cities, accommodation.city.toLowerCase())) return undefined;
  if (
    filter.distanceRanges.length > 0 &&
    !filter.distanceRanges.some((range) => inRange(offer.distance, range))
  )
    return undefined;
  const rate = bestRate(offer, filter);
  if (!rate) return undefined;
  const priceFrom = rate.cents + activityCents;
  if (
    filter.priceRanges.length > 0 &&
    !filter.priceRanges.some((range) => inRange(priceFrom / 100, range))
  )
    return undefined;
  return priceFrom;
}

function facet<T extends number | string>(
  offers: readonly Offer[],
  filter: ViewFilter,
  activityCents: Cents,
  values: (offer: Offer) => T[],
  choose: (value: T) => Partial<ViewFilter>,
): { value: T; count: number }[] {
  const distinct = [...new Set(offers.flatMap(values))].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
  return distinct
    .map((value) => ({
      value,
      count: offers.filter(
        (offer) => priceUnder(offer, { ...filter, ...choose(value) }, activityCents) !== undefined,
      ).length,
    }))
    .filter((entry) => entry.count > 0);
}

export function availableFilters(
  offers: readonly Offer[],
  filter: ViewFilter,
  activityCents: Cents,
): AvailableFilters {
  const of = <T extends number | string>(
    values: (offer: Offer) => T[],
    choose: (value: T) => Partial<ViewFilter>,
  ) => facet(offers, filter, activityCents, values, choose);
  return {
    accommodationBoards: of(
      (offer) => offer.rates.map((r) => r.rate.board),
      (board) => ({ boards: [board] }),
    ),
    accommodationCategories: of(
      (offer) => [offer.accommodation.category],
      (category) => ({ categories: [category] }),
    ),
    accommodationCities: of(
      (offer) => [offer.accommodation.city],
      (city) => ({ cities: [city.toLowerCase()] }),
    ),
    accommodationRateClasses: of(
      (offer) => offer.rates.map((r) => r.rate.rateClass),
      (rateClass) => ({ rateClasses: [rateClass] }),
    ),
    accommodationTypes: of(
      (offer) => [offer.accommodation.type],
      (type) => ({ types: [type] }),
    ),
  };
}

export interface View {
  totalPages: number;
  packages: BasicPackage[];
  availableFilters: AvailableFilters;
}

export function viewOf(
  offers: readonly Offer[],
  request: {
    filter?: PackageFilter;
    sort?: { criteria: number };
    paging?: { number?: number; size?: number };
  },
  activityCents: Cents,
): View {
  const filter = viewFilter(request.filter);
  const number = request.paging?.number ?? 1;
  const size = Math.min(request.paging?.size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  if (number < 1) refuse(SandboxCode.InvalidRequest, 'Paging.Number: pages start at 1');
  if (size < 1) refuse(SandboxCode.InvalidRequest, 'Paging.Size: at least 1');

  const found = offers.flatMap((offer) => {
    const priceFrom = priceUnder(offer, filter, activityCents);
    return priceFrom === undefined ? [] : [{ offer, priceFrom }];
  });
  const criteria = request.sort?.criteria ?? SortCriteria.Cheapest;
  found.sort((a, b) => {
    const byPrice =
      criteria === SortCriteria.MostExpensive
        ? b.priceFrom - a.priceFrom
        : a.priceFrom - b.priceFrom;
    const byDistance = a.offer.distance - b.offer.distance;
    const primary =
      criteria === SortCriteria.Closest ? byDistance || byPrice : byPrice || byDistance;
    return primary || a.offer.accommodation.name.localeCompare(b.offer.accommodation.name);
  });
  const page = found.slice((number - 1) * size, number * size);
  return {
    totalPages: Math.ceil(found.length / size),
    packages: page.map(({ offer, priceFrom }) => {
      const { accommodation } = offer;
      return {
        accommodation: {
          id: accommodation.id,
          mainImageUrl: accommodation.mainImageUrl,
          name: accommodation.name,
          description: accommodation.description,
          address: accommodation.address,
          city: accommodation.city,
          postalCode: accommodation.postalCode,
          country: accommodation.country,
          type: accommodation.type,
          category: accommodation.category,
          distanceToActivity: offer.distance,
        },
        priceFrom: priceFrom / 100,
      };
    }),
    availableFilters: availableFilters(offers, filter, activityCents),
  };
}
