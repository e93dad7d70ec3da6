/**
 * The package and combined-product steps' fixtures (prepackages, offers, a search, a
 * quote, a package line) over the one machine harness (test/support/machine-harness.ts),
 * started in any nested state (`['packages', 'people', 'adults']`), in English.
 */
import { demoIds } from '#src/sandbox/seed/index.js';
import { startMachine, type BookingActors } from '#test/support/machine-harness.js';
import { newPackageFlow } from '#flows/booking/steps/packages/shared.js';
import type {
  AccommodationOffer,
  BookingContext,
  BookingEvent,
  CartLine,
  PackageFlow,
  PackageQuote,
  PackageSearch,
  PrepackageChoice,
} from '#flows/booking/types.js';
import { catalog, context as cartContext } from './cart-harness.js';

export { NOW, catalog, fake, failing, line, reservation } from './cart-harness.js';

export const PREPACKAGE: PrepackageChoice = {
  id: 'grancan3w9py7',
  name: 'Atlantic getaway',
  description: 'A day at the water park with a stay in the south of Gran Canaria.',
  groupings: [
    {
      id: 'gcparkpn5e1tw',
      name: 'Water park admission',
      providerId: demoIds.providers.waterpark,
      providerName: 'Atlantic Water Park',
      datePolicyKey: 1,
    },
  ],
  location: { lat: 27.7871, lng: -15.6081 },
};

export const OTHER_PREPACKAGE: PrepackageChoice = {
  ...PREPACKAGE,
  id: 'valenci9mavmf',
  name: 'Seaside Valencia',
};

export const offer = (packageId: string, over: Partial<AccommodationOffer> = {}) => ({
  packageId,
  name: `Hotel ${packageId}`,
  city: 'Maspalomas',
  stars: 4,
  type: 1,
  distance: 5148.94,
  priceFrom: { cents: 34700, currency: 'EUR' },
  ...over,
});

export const SEARCH: PackageSearch = {
  prepackage: PREPACKAGE,
  rooms: [{ adults: 2, minors: [{ kind: 'child', age: 8 }] }],
  checkIn: '2026-06-19',
  checkOut: '2026-06-21',
  activityDate: '2026-06-20',
};

/** A flow ready to search (prepackage, people with ages, dates). */
export const readyFlow = (over: Partial<PackageFlow> = {}): PackageFlow =>
  newPackageFlow({
    prepackages: [PREPACKAGE, OTHER_PREPACKAGE],
    prepackage: SEARCH.prepackage,
    rooms: SEARCH.rooms,
    checkIn: SEARCH.checkIn,
    checkOut: SEARCH.checkOut,
    activityDate: SEARCH.activityDate,
    ...over,
  });

export const results = (offers = [offer('dunas'), offer('faro')], totalPages = 1) => ({
  totalPages,
  offers,
  facets: {
    board: [
      { value: '20', count: 7 },
      { value: '30', count: 6 },
    ],
    city: [{ value: 'Maspalomas', count: 5 }],
  },
});

export const quote = (over: Partial<PackageQuote> = {}): PackageQuote => ({
  echoToken: 'token-priced',
  offer: offer('dunas'),
  price: { cents: 34700, currency: 'EUR' },
  ...over,
});

/** A package line of the cart (Hotel Faro Sur, say). */
export function packageLine(cartItemId: string, name = 'Hotel Faro Sur'): CartLine {
  return {
    cartItemId,
    productId: `package:${cartItemId}`,
    providerId: demoIds.providers.waterpark,
    name: `Atlantic getaway + ${name} (2 nights)`,
    accessDate: SEARCH.activityDate,
    quantity: 1,
    sessions: [],
    unitPrice: { cents: 31200, currency: 'EUR' },
    insurable: false,
    package: {
      search: SEARCH,
      accommodation: offer('faro', { name }),
      request: { echoToken: 'token-priced', packages: [{ id: 'faro' }] },
      localId: true,
    },
  };
}

export function context(over: Partial<BookingContext> = {}): BookingContext {
  return cartContext({ cart: { shoppingCartId: 'cart000000001', lines: [], adds: 0 }, ...over });
}

/** The machine entered at `path`; a choice, a text and an event wait until it settles. */
export function start(path: string[], ctx: BookingContext, actors: BookingActors = {}) {
  const h = startMachine({ at: path, context: ctx, actors, catalog });
  const settle = async <R>(result: R) => {
    await h.settled();
    return result;
  };
  return {
    ...h,
    choose: (id: string) => settle(h.input({ kind: 'choose', id })),
    say: (text: string) => settle(h.input({ kind: 'text', text })),
    send: (event: BookingEvent) => {
      h.send(event);
      return h.settled();
    },
  };
}
