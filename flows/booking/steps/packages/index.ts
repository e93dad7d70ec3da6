/**
 * Packages (activity + accommodation), a sub-flow of the booking: a prepackage, who
 * travels (rooms, ages), when (stay and activity day), an accommodation found with
 * filters, sort and paging, its price, and into the cart. Paying is the usual checkout
 * (cart → insurance → questions → client → review → reserved → done). Back works at
 * every step; home and /cancel as everywhere.
 */
import { booking } from '#flows/booking/setup.js';
import {
  accommodationsState,
  filtersState,
  readyState,
  searchingState,
  sortState,
} from './accommodations.js';
import { choosingState, loadingPrepackagesState } from './choose.js';
import { datesState } from './dates.js';
import { addingPackageState, offerState, pricingState } from './offer.js';
import { peopleState } from './people.js';
import { removingPackageState, replacingState, stayFailedState } from './replace.js';

export const packagesState = booking.createStateConfig({
  initial: 'loading',
  states: {
    loading: loadingPrepackagesState,
    choosing: choosingState,
    people: peopleState,
    dates: datesState,
    ready: readyState,
    searching: searchingState,
    accommodations: accommodationsState,
    filters: filtersState,
    sort: sortState,
    pricing: pricingState,
    offer: offerState,
    adding: addingPackageState,
    stayFailed: stayFailedState,
    replacing: replacingState,
    removing: removingPackageState,
  },
});
