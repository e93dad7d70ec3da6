/**
 * What adding a package to a cart books: its accommodation (rate, stay, price,
 * conditions) and one activity ticket per person and pax grouping. Used by the cart's
 * Add (Packages) and Confirm (Accommodations of the reservation).
 *
 * The EchoToken may be the one Prices answered (the priced selection: its access dates
 * and price) or the basic catalog's (the search: the dates and price of the package's
 * last Prices under it, or, never priced, its cheapest dates and PriceFrom). A package
 * the token does not name gives undefined.
 */
import type { CancellationPolicy } from '#src/api/common.js';
import type { IsoDate, PriceMode } from '#src/api/schema.js';
import type { SandboxContext } from '../context.js';
import { groupingsOf, ticketsOf } from './activities.js';
import { headcount } from './people.js';

export interface PackageBooking {
  echoToken: string;
  packageId: string;
  /** The whole package: accommodation and activities. */
  price: number;
  priceMode: PriceMode;
  accommodation: {
    rateId: string;
    name: string;
    checkIn: IsoDate;
    checkOut: IsoDate;
    /** The accommodation's share of `price`. */
    price: number;
    conditions: string;
    cancellationPolicy: CancellationPolicy;
    failsAtReserve: boolean;
    /** Adults, seniors and generic people. */
    numberOfAdults: number;
    /** Children and babies, with their ages. */
    numberOfChildren: number;
    childrenAges: number[];
  };
  /** One entry per ticket: a person's product in a pax grouping, on its access date. */
  activities: { productId: string; accessDate: IsoDate }[];
}

export function packageForAdd(
  context: SandboxContext,
  echoToken: string,
  packageId: string,
): PackageBooking | undefined {
  const state = context.state.packages;
  const quote = state.quote(echoToken);
  const search = state.search(quote?.searchToken ?? echoToken);
  const chosen = search?.packages.get(packageId);
  if (!search || !chosen) return undefined;
  const priced = quote ? quote.packages.get(packageId) : chosen.priced;
  if (quote && !priced) return undefined;

  const seed = state.seed(search.language);
  const accommodation = seed.accommodations.find((a) => a.id === chosen.accommodationId);
  const rate = accommodation?.rates.find((r) => r.id === chosen.rateId);
  const { groupings, missing } = groupingsOf(
    context.data.index(search.language),
    seed.prepackages,
    search.prepackageIds,
  );
  if (!accommodation || !rate || missing.length > 0) return undefined;

  const dates = priced?.dates ?? chosen.cheapestDates;
  const activities = groupings.flatMap((grouping) => {
    const accessDate = dates[grouping.seed.id];
    return accessDate === undefined
      ? []
      : ticketsOf(grouping, search.people).map((entry) => ({
          productId: entry.product.productId,
          accessDate,
        }));
  });
  return {
    echoToken,
    packageId,
    price: (priced?.cents ?? chosen.priceFromCents) / 100,
    priceMode: search.priceMode,
    accommodation: {
      rateId: rate.id,
      name: accommodation.name,
      checkIn: search.checkIn,
      checkOut: search.checkOut,
      price: chosen.accommodationCents / 100,
      conditions: rate.conditions,
      cancellationPolicy: rate.cancellationPolicy,
      failsAtReserve: accommodation.failsAtReserve,
      ...headcount(search.people),
    },
    activities,
  };
}
