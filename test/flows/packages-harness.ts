/**
 * The booking machine for the package and combined-product steps' tests: started in any
 * nested state (`['packages', 'people', 'adults']`: each level's initial state set along
 * the path, so its `always` transitions and actors run as on entry), with fake actors
 * (those not given never settle), the demo catalog, the cart harness's fixed clock
 * (Wednesday 10 June 2026), and input read through the current view.
 */
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { viewOf } from '#src/conversation/engine.js';
import { interpret, type Input } from '#src/conversation/interpret.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { bookingMachine } from '#flows/booking/machine.js';
import { booking } from '#flows/booking/setup.js';
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
import type { BookingView } from '#flows/booking/view.js';
import { NOW, catalog, context as cartContext } from './cart-harness.js';

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

const idle = Object.fromEntries(
  Object.keys(bookingMachine.implementations.actors).map((name) => [
    name,
    fromPromise(() => new Promise<never>(() => undefined)),
  ]),
);

type StateNode = { initial?: unknown; states?: Record<string, StateNode> };

/** The states config with `initial` set along `path` (the first level is the machine's). */
function startingAt(states: Record<string, StateNode>, path: string[]): Record<string, StateNode> {
  const [head, next, ...rest] = path;
  if (head === undefined || next === undefined) return states;
  const node = states[head]!;
  return {
    ...states,
    [head]: { ...node, initial: next, states: startingAt(node.states ?? {}, [next, ...rest]) },
  };
}

export function start(
  path: string[],
  ctx: BookingContext,
  actors: Record<string, AnyActorLogic> = {},
) {
  const machine = booking
    .createMachine({
      ...bookingMachine.config,
      initial: path[0],
      states: startingAt(bookingMachine.config.states as Record<string, StateNode>, path),
      context: () => ctx,
    } as never)
    .provide({ actors: { ...idle, ...actors } } as never);
  const notices: string[] = [];
  const actor = createActor(machine, {
    input: { language: ctx.language, userKey: ctx.userKey, shoppingCartId: 'unused' },
  });
  actor.on('notice', (event) => notices.push(event.text));
  actor.start();
  const settled = async () => {
    for (let i = 0; i < 100 && actor.getSnapshot().hasTag('busy'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return actor.getSnapshot();
  };
  const view = (now = NOW): BookingView => viewOf(actor.getSnapshot() as never, { catalog, now });
  const input = async (value: Input): Promise<{ sent?: BookingEvent; refused?: string }> => {
    const reading = interpret(value, view());
    let result: { sent?: BookingEvent; refused?: string };
    if ('event' in reading) {
      if (!actor.getSnapshot().can(reading.event)) result = { refused: 'cannot' };
      else {
        actor.send(reading.event);
        result = { sent: reading.event };
      }
    } else if ('error' in reading) result = { refused: reading.error };
    else result = { refused: 'stale' in reading ? 'stale' : 'not understood' };
    await settled();
    return result;
  };
  const send = async (event: BookingEvent) => {
    actor.send(event);
    return settled();
  };
  /** The active state as a dotted path: "packages.people.adults". */
  const at = () => {
    const parts: string[] = [];
    let value: unknown = actor.getSnapshot().value;
    while (value !== undefined) {
      if (typeof value === 'string') {
        parts.push(value);
        break;
      }
      const [key] = Object.keys(value as object);
      parts.push(key!);
      value = (value as Record<string, unknown>)[key!];
    }
    return parts.join('.');
  };
  return {
    actor,
    notices,
    settled,
    view,
    choose: (id: string) => input({ kind: 'choose', id }),
    say: (text: string) => input({ kind: 'text', text }),
    send,
    at,
    can: (event: BookingEvent) => actor.getSnapshot().can(event),
    context: () => actor.getSnapshot().context,
    ids: () => view().options.map((option) => option.id),
  };
}
