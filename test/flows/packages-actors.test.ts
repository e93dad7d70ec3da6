/**
 * The package and combined-product actors against the sandbox (and the cart actors with
 * such lines): what they send, what the cart lines hold, and how removing, rebuilding,
 * quoting insurance and reserving treat a package or a combined product.
 */
import { createReturnUrls } from '#src/payments/return-token.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { cartAddOperation, type CartActivity, type ReservedAccommodation } from '#src/api/cart.js';
import { PersonType } from '#src/api/packages.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { createCartActors } from '#src/conversation/actors/cart.js';
import { insuranceSaleOf } from '#src/conversation/actors/cart-requests.js';
import type { ActorDeps } from '#src/conversation/actors/index.js';
import {
  insuredItems,
  relinked,
  removableIds,
  stayOutcomes,
} from '#src/conversation/actors/package-lines.js';
import { createPackageActors, filterOf, peopleOf } from '#src/conversation/actors/packages.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { toCents } from '#src/domain/pricing.js';
import { addDays } from '#src/domain/time.js';
import { silentLogger } from '#src/log.js';
import { DATE_BUTTONS } from '#flows/booking/steps/date.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { seedId } from '#src/sandbox/seed/ids.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { AddToCartOutput, ReserveOutput } from '#flows/booking/actors/cart.js';
import type { SearchPackagesOutput } from '#flows/booking/actors/packages.js';
import type {
  Cart,
  CartLine,
  CombinedDraft,
  Money,
  PackageQuote,
  PackageSearch,
  PrepackageChoice,
} from '#flows/booking/types.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { packageLine } from './packages-harness.js';

let sandbox: TestSandbox;
let actors: Record<string, AnyActorLogic>;
let carts = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const deps: ActorDeps = {
    client: sandbox.client,
    catalog: createCatalogService(sandbox.client),
    store: createMemoryStore(),
    // The bot's clock is the sandbox's (pinned by the test support).
    now: () => sandbox.sandbox.clock.now(),
    returnUrls: createReturnUrls('https://bot.example/', 'a-test-secret-of-at-least-32-characters'),
    logger: silentLogger,
  };
  const options = { newCartId: () => `pkgcart${String((carts += 1)).padStart(6, '0')}` };
  actors = { ...createCartActors(deps, options), ...createPackageActors(deps, options) };
});
afterAll(() => sandbox.close());

const run = <T>(name: string, input: unknown): Promise<T> =>
  toPromise(createActor(actors[name]!, { input }).start()) as Promise<T>;

/** The client answers (and the museum's contact) the demo's Confirm requires. */
const answer = (key: string, stringValue: string) => ({
  questionId: seedId(`question:${key}`),
  stringValue,
});
const CLIENT = {
  questionsProfileId: demoIds.profiles.client,
  questions: [answer('client.name', 'Ana García'), answer('client.email', 'ana@example.com')],
};
const PROFILES = [
  CLIENT,
  {
    questionsProfileId: demoIds.profiles.providerMuseum,
    questions: [answer('museum.phone', '+34600000000')],
  },
];

// The sandbox's today (its clock's date in Madrid), not the machine's UTC date.
const today = () => sandbox.sandbox.context().data.today;
const emptyCart = (): Cart => ({ shoppingCartId: `pkgcart${(carts += 1)}x`, lines: [], adds: 0 });

async function granCanaria(): Promise<PrepackageChoice> {
  const prepackages = await run<PrepackageChoice[]>('loadPrepackages', { language: 'en' });
  return prepackages.find((p) => p.groupings[0]?.providerId === demoIds.providers.waterpark)!;
}

async function searchOf(): Promise<PackageSearch> {
  const checkIn = addDays(today(), 10);
  return {
    prepackage: await granCanaria(),
    rooms: [{ adults: 2, minors: [{ kind: 'child', age: 8 }] }],
    checkIn,
    checkOut: addDays(checkIn, 2),
    activityDate: addDays(checkIn, 1),
  };
}

describe('requests', () => {
  it('people: adults, then each minor with its age; rooms as indexes', () => {
    expect(
      peopleOf([
        { adults: 2, minors: [{ kind: 'child', age: 8 }] },
        { adults: 1, minors: [{ kind: 'baby', age: 1 }] },
      ]),
    ).toEqual({
      people: [
        { type: PersonType.Adult },
        { type: PersonType.Adult },
        { type: PersonType.Child, age: 8 },
        { type: PersonType.Adult },
        { type: PersonType.Baby, age: 1 },
      ],
      roomDistribution: [
        [0, 1, 2],
        [3, 4],
      ],
    });
  });

  it('never sends a child without an age', () => {
    expect(() => peopleOf([{ adults: 1, minors: [{ kind: 'child' }] }])).toThrow(/without an age/);
  });

  it('filters: one value per kind, bands as ranges', () => {
    expect(filterOf({ board: '30', city: 'Mogán', price: '150-300', distance: '0-5000' })).toEqual({
      accommodationBoards: [30],
      cities: ['Mogán'],
      priceRange: [{ min: 150, max: 300 }],
      distanceRanges: [{ max: 5000 }],
    });
    expect(filterOf({})).toEqual({});
  });
});

describe('the package actors on the sandbox', () => {
  it('lists the prepackages with their groupings and search location', async () => {
    const prepackage = await granCanaria();
    expect(prepackage.groupings).toHaveLength(1);
    expect(prepackage.location).toBeDefined();
  });

  it('searches, filters, prices and adds a package; the line remembers how to add it again', async () => {
    const search = await searchOf();
    const found = await run<SearchPackagesOutput>('searchPackages', {
      search,
      filters: { board: '30' },
      sort: 3,
      page: 1,
      language: 'en',
    });
    expect(found.echoToken).toBeDefined();
    expect(found.offers.length).toBeGreaterThan(0);
    const distances = found.offers.map((offer) => offer.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(found.facets.board?.map((f) => f.value)).toContain('30');

    const none = await run<SearchPackagesOutput>('searchPackages', {
      search,
      filters: { distance: '0-1000' },
      sort: 1,
      page: 1,
      language: 'en',
    });
    expect(none.offers).toEqual([]);

    const dunas = found.offers.find((offer) => offer.name === 'Hotel Dunas del Faro')!;
    const quote = await run<PackageQuote>('pricePackage', {
      echoToken: found.echoToken,
      search,
      offer: dunas,
      language: 'en',
    });
    expect(quote.echoToken).not.toBe(found.echoToken);
    expect(quote.price.currency).toBe('EUR');

    const added = await run<AddToCartOutput>('addPackageToCart', {
      cart: emptyCart(),
      search,
      quote,
      language: 'en',
      reserved: false,
    });
    expect(added.line).toMatchObject({
      cartItemId: 'package-1',
      productId: `package:${dunas.packageId}`,
      providerId: demoIds.providers.waterpark,
      name: `${search.prepackage.name} + Hotel Dunas del Faro (2 nights)`,
      quantity: 1,
      unitPrice: quote.price,
      insurable: false,
      package: {
        search,
        localId: true,
        request: { echoToken: quote.echoToken, packages: [{ id: dunas.packageId }] },
      },
    });
    expect(added.cart.adds).toBe(1);
  });

  it('reserves a package: the stay with its conditions, the total with it', async () => {
    const search = await searchOf();
    const found = await run<SearchPackagesOutput>('searchPackages', {
      search,
      filters: {},
      sort: 1,
      page: 1,
      language: 'en',
    });
    const dunas = found.offers.find((offer) => offer.name === 'Hotel Dunas del Faro')!;
    const quote = await run<PackageQuote>('pricePackage', {
      echoToken: found.echoToken,
      search,
      offer: dunas,
      language: 'en',
    });
    const added = await run<AddToCartOutput>('addPackageToCart', {
      cart: emptyCart(),
      search,
      quote,
      language: 'en',
      reserved: false,
    });
    const reserved = await run<ReserveOutput>('reserve', {
      cart: added.cart,
      language: 'en',
      questionsProfiles: [CLIENT],
      renew: false,
    });
    const { reservation } = reserved;
    expect(reservation.failedProductIds).toEqual([]);
    expect(reservation.total).toEqual(quote.price);
    expect(reservation.stays).toEqual([
      expect.objectContaining({
        cartItemId: 'package-1',
        checkIn: search.checkIn,
        checkOut: search.checkOut,
        success: true,
        conditions: expect.stringMatching(/./),
      }),
    ]);
  });

  it('removing a package (an id of ours) rebuilds the cart without it', async () => {
    const search = await searchOf();
    const found = await run<SearchPackagesOutput>('searchPackages', {
      search,
      filters: {},
      sort: 1,
      page: 1,
      language: 'en',
    });
    const quote = await run<PackageQuote>('pricePackage', {
      echoToken: found.echoToken,
      search,
      offer: found.offers[0],
      language: 'en',
    });
    const first = await run<AddToCartOutput>('addPackageToCart', {
      cart: emptyCart(),
      search,
      quote,
      language: 'en',
      reserved: false,
    });
    const second = await run<AddToCartOutput>('addPackageToCart', {
      cart: first.cart,
      search,
      quote,
      language: 'en',
      reserved: false,
    });
    expect(second.line.cartItemId).toBe('package-2');
    const removed = await run<{ cart: Cart; rebuilt: boolean }>('removeFromCart', {
      cart: second.cart,
      cartItemId: 'package-1',
      language: 'en',
      reserved: false,
    });
    expect(removed.rebuilt).toBe(true);
    expect(removed.cart.shoppingCartId).not.toBe(second.cart.shoppingCartId);
    // The package kept was added again as its Packages item.
    expect(removed.cart.lines).toEqual([
      {
        ...second.line,
        cartItemId: 'package-1',
        package: { ...second.line.package, localId: true },
      },
    ]);
  });
});

describe('the combined product actors on the sandbox', () => {
  const MARITIME = demoIds.combinedProducts.maritimeValencia;
  const P = demoIds.products;

  async function priced(quantity: number): Promise<CombinedDraft> {
    const product = await run<NonNullable<CombinedDraft['product']>>('openCombined', {
      combinedProductId: MARITIME,
      language: 'en',
      cart: [],
    });
    const accessDate = product.dates[3]!;
    const unitPrice = await run<Money>('quoteCombined', {
      combinedProductId: MARITIME,
      productIds: product.parts.map((part) => part.productId),
      date: accessDate,
      language: 'en',
    });
    return { combinedProductId: MARITIME, product, accessDate, quantity, unitPrice };
  }

  it('opens it: both products, their common days, bounds; refuses an unknown one', async () => {
    const product = await run<NonNullable<CombinedDraft['product']>>('openCombined', {
      combinedProductId: MARITIME,
      language: 'en',
      cart: [],
    });
    expect(product.parts.map((part) => part.productId)).toEqual([P.comboMuseum, P.comboBoat]);
    expect(product.providerId).toBe(demoIds.providers.museum);
    expect(product.dates.length).toBeGreaterThan(10);
    // The museum's parts are insurable but free to cancel: no insurance is worth offering.
    expect(product.insurable).toBe(false);
    await expect(
      run('openCombined', { combinedProductId: 'nope', language: 'en', cart: [] }),
    ).rejects.toThrow(/no longer on sale/);
  });

  it('reads the combined price of the days its card shows in one call, as a quote of one day', async () => {
    await sandbox.extra('reset', {});
    const product = await run<NonNullable<CombinedDraft['product']>>('openCombined', {
      combinedProductId: MARITIME,
      language: 'en',
      cart: [],
    });
    const stats = (await sandbox.extra('stats')) as { calls: Record<string, number> };
    expect(Object.entries(stats.calls).filter(([op]) => /realtimeprices/i.test(op))).toEqual([
      [expect.stringMatching(/realtimeprices/i), 1],
    ]);
    expect(Object.keys(product.prices ?? {})).toEqual(product.dates.slice(0, DATE_BUTTONS));
    const day = product.dates[1]!;
    const quoted = await run<Money>('quoteCombined', {
      combinedProductId: MARITIME,
      productIds: product.parts.map((part) => part.productId),
      date: day,
      language: 'en',
    });
    expect(product.prices?.[day]).toEqual(quoted);
  });

  it('prices it as one (less than its products alone) and adds it as one line', async () => {
    const draft = await priced(2);
    // The sandbox's combined price: the sum of its products' prices that day, less 10 %.
    const index = await createCatalogService(sandbox.client).get('en');
    const sum = [P.comboMuseum, P.comboBoat]
      .map((id) => toCents(priceSetOf(index.product(id)!.product, draft.accessDate!)!.price))
      .reduce((total, cents) => total + cents, 0);
    expect(draft.unitPrice).toEqual({ cents: sum - sum / 10, currency: 'EUR' });
    const added = await run<AddToCartOutput>('addCombinedToCart', {
      cart: emptyCart(),
      combined: draft,
      language: 'en',
      reserved: false,
    });
    const { line } = added;
    expect(line.parts?.map((part) => part.productId)).toEqual([P.comboMuseum, P.comboBoat]);
    expect(line.parts?.map((part) => part.activity.combinedProductId)).toEqual([
      MARITIME,
      MARITIME,
    ]);
    expect(line.parts?.map((part) => part.activity.quantity)).toEqual([2, 2]);
    expect(line).toMatchObject({ quantity: 2, unitPrice: draft.unitPrice, insurable: false });
    expect(line.cartItemId).toBe(line.parts![0]!.cartItemId);

    const reserved = await run<ReserveOutput>('reserve', {
      cart: added.cart,
      language: 'en',
      questionsProfiles: PROFILES,
      renew: false,
    });
    expect(reserved.reservation.total.cents).toBe(draft.unitPrice!.cents * 2);
  });

  it('the sandbox takes a combined product’s products in one Add', async () => {
    const { product } = await priced(1);
    const response = await sandbox.client.call(cartAddOperation, {
      shoppingCartId: emptyCart().shoppingCartId,
      activities: [P.comboMuseum, P.comboBoat].map((productId) => ({
        productId,
        combinedProductId: MARITIME,
        accessDateTime: product!.dates[2]!,
        quantity: 1,
      })),
    });
    expect(response.activities).toHaveLength(2);
  });

  it('removing it removes every product of it', async () => {
    const draft = await priced(1);
    const added = await run<AddToCartOutput>('addCombinedToCart', {
      cart: emptyCart(),
      combined: draft,
      language: 'en',
      reserved: false,
    });
    const removed = await run<{ cart: Cart; rebuilt: boolean }>('removeFromCart', {
      cart: added.cart,
      cartItemId: added.line.cartItemId,
      language: 'en',
      reserved: false,
    });
    expect(removed).toMatchObject({ rebuilt: false, cart: { lines: [] } });
  });
});

describe('package-lines', () => {
  const combinedLine = (): CartLine => {
    const activity = (productId: string): CartActivity => ({
      productId,
      combinedProductId: 'maritime',
      accessDateTime: '2026-06-13',
      quantity: 2,
    });
    return {
      cartItemId: 'a1',
      productId: 'museum',
      providerId: 'p',
      name: 'Maritime',
      accessDate: '2026-06-13',
      quantity: 2,
      sessions: [],
      unitPrice: { cents: 2070, currency: 'EUR' },
      activity: activity('museum'),
      parts: [
        { cartItemId: 'a1', productId: 'museum', activity: activity('museum') },
        { cartItemId: 'a2', productId: 'boat', activity: activity('boat') },
      ],
    };
  };

  it('a combined product is removed by every item, re-linked part by part', () => {
    const line = combinedLine();
    expect(removableIds(line)).toEqual(['a1', 'a2']);
    const again = relinked(line, ['b1', 'b2']);
    expect(again.cartItemId).toBe('b1');
    expect(again.parts?.map((part) => part.cartItemId)).toEqual(['b1', 'b2']);
  });

  it('the insurance quote: a combined product per unit, a package by its token', () => {
    expect(insuredItems(combinedLine())?.combinedProducts).toEqual([
      {
        id: 'a1/1',
        combinedProductId: 'maritime',
        products: [
          { id: 'a1/1', productId: 'museum', accessDate: '2026-06-13' },
          { id: 'a2/1', productId: 'boat', accessDate: '2026-06-13' },
        ],
      },
      {
        id: 'a1/2',
        combinedProductId: 'maritime',
        products: [
          { id: 'a1/2', productId: 'museum', accessDate: '2026-06-13' },
          { id: 'a2/2', productId: 'boat', accessDate: '2026-06-13' },
        ],
      },
    ]);
    const sale = insuranceSaleOf({
      shoppingCartId: 'c',
      lines: [combinedLine(), packageLine('package-1')],
    });
    expect(sale.packages).toEqual([
      { echoToken: 'token-priced', packageId: 'faro', activities: [] },
    ]);
    expect(sale.products).toBeUndefined();
    expect(sale.combinedProducts).toHaveLength(2);
  });

  it('stays are matched to the package lines in order; a failed one fails its line', () => {
    const cart: Cart = {
      shoppingCartId: 'c',
      lines: [packageLine('package-1'), packageLine('package-2', 'Hotel Dunas del Faro')],
    };
    const stay: ReservedAccommodation = {
      productId: 'rate',
      accessDateTime: '2026-06-19T00:00:00',
      accessEndDateTime: '2026-06-21T00:00:00',
      price: 100,
      success: true,
      childrenAges: [],
      numberOfAdults: 2,
      numberOfChildren: 0,
      numberOfSenior: 0,
      numberOfBabies: 0,
      numberOfGeneric: 0,
    };
    const outcome = stayOutcomes(
      [
        { ...stay, success: false, errorMessage: 'no rooms left' },
        { ...stay, productConditions: 'Half board.' },
      ],
      cart,
      'EUR',
    );
    expect(outcome.cents).toBe(10000);
    expect(outcome.failedProductIds).toEqual(['package:package-1']);
    expect(outcome.stays).toEqual([
      {
        cartItemId: 'package-1',
        rateId: 'rate',
        checkIn: '2026-06-19',
        checkOut: '2026-06-21',
        price: { cents: 10000, currency: 'EUR' },
        success: false,
        errorMessage: 'no rooms left',
      },
      {
        cartItemId: 'package-2',
        rateId: 'rate',
        checkIn: '2026-06-19',
        checkOut: '2026-06-21',
        conditions: 'Half board.',
        price: { cents: 10000, currency: 'EUR' },
        success: true,
      },
    ]);
  });

  it('a package Add that answers an accommodation id keeps it (not ours)', () => {
    const line = relinked(packageLine('package-1'), ['acc-9']);
    expect(line.cartItemId).toBe('acc-9');
    expect(line.package?.localId).toBe(false);
  });
});
