/**
 * The packages' guards (steps/packages/*): who travels, the dates, the accommodations
 * found, the offer and a refused stay replaced. The rules they read are the flow's own
 * (steps/packages/shared.ts).
 */
import { isIsoDate } from '#src/domain/time.js';
import {
  flowOf,
  MAX_ROOMS,
  missingAge,
  peopleComplete,
  searchOf,
} from '../steps/packages/shared.js';
import type { BookingContext } from '../types.js';
import { eventOf, outputOf, type GuardArgs } from './guard.js';

/** The package line whose stay is being replaced (steps/packages/replace.ts). */
export const packageLine = (context: BookingContext) =>
  context.cart.lines.find((line) => line.cartItemId === context.packages?.replace?.cartItemId);

export const packageGuards = {
  prepackageListed: ({ context, event }: GuardArgs) =>
    (context.packages?.prepackages ?? []).some(
      (p) => p.id === eventOf(event, 'package.pick')?.prepackageId,
    ),
  noPrepackage: ({ context }: GuardArgs) => context.packages?.prepackage === undefined,
  severalRooms: ({ context }: GuardArgs) => flowOf(context).rooms.length > 1,
  anAgeMissing: ({ context }: GuardArgs) => missingAge(flowOf(context).rooms) !== undefined,
  peopleIncomplete: ({ context }: GuardArgs) => !peopleComplete(flowOf(context).rooms),
  /** Another room asked for, and there is room for one more. */
  anotherRoom: ({ context, event }: GuardArgs) =>
    eventOf(event, 'package.room')?.more === true && flowOf(context).rooms.length < MAX_ROOMS,
  noMoreRooms: ({ event }: GuardArgs) => eventOf(event, 'package.room')?.more === false,
  noSearch: ({ context }: GuardArgs) => searchOf(context.packages) === undefined,
  /** The offer's quote or its search is gone (a saved conversation): ready again. */
  noQuoteOrSearch: ({ context }: GuardArgs) =>
    context.packages?.quote === undefined || searchOf(context.packages) === undefined,
  checkInIsDate: ({ event }: GuardArgs) => {
    const date = eventOf(event, 'date.pick')?.date;
    return date !== undefined && isIsoDate(date);
  },
  hasResults: ({ context }: GuardArgs) => context.packages?.results !== undefined,
  /** An accommodation of the results, not one found unavailable. */
  stayOffered: ({ context, event }: GuardArgs) => {
    const packageId = eventOf(event, 'package.stay')?.packageId;
    return (
      (context.packages?.results?.offers ?? []).some((o) => o.packageId === packageId) &&
      !(context.packages?.unavailable ?? []).includes(packageId ?? '')
    );
  },
  filtersMenu: ({ event }: GuardArgs) => eventOf(event, 'package.menu')?.menu === 'filters',
  pageInResults: ({ context, event }: GuardArgs) => {
    const page = eventOf(event, 'package.page')?.page;
    return page !== undefined && page >= 1 && page <= (context.packages?.results?.totalPages ?? 1);
  },
  choosingFilter: ({ context }: GuardArgs) => context.packages?.filterKind !== undefined,
  noPackageLine: ({ context }: GuardArgs) => packageLine(context) === undefined,
  /** The line removed was a package's: its stay is searched again. */
  removedPackage: ({ event }: GuardArgs) =>
    outputOf('removeFromCart', event).removed.package !== undefined,
};
