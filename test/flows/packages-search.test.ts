/**
 * The accommodations of a package with fake actors: the search and its failures, the
 * list with filters, sort and paging, the price, and the Add; every guard of those
 * states and what the actors are given.
 */
import { describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { AddToCartOutput } from '#flows/booking/actors/cart.js';
import type {
  AddPackageInput,
  SearchPackagesInput,
  SearchPackagesOutput,
} from '#flows/booking/actors/packages.js';
import { Refusal } from '#flows/booking/problem.js';
import type { PackageFlow } from '#flows/booking/types.js';
import {
  SEARCH,
  context,
  fake,
  failing,
  offer,
  packageLine,
  quote,
  readyFlow,
  reservation,
  results,
  start,
} from './packages-harness.js';

const refusal = (message: string) =>
  new PartnerEnvelopeError(
    { operation: 'x', requestId: 'r' },
    { codes: [], messages: [message], entities: [], status: 200 },
  );

const listed = (over: Partial<PackageFlow> = {}) =>
  context({ packages: readyFlow({ results: results(), echoToken: 'token-search', ...over }) });

describe('searching', () => {
  it('searches with the flow: people, stay, filters, sort and page', async () => {
    const search = fake<SearchPackagesOutput, SearchPackagesInput>(() => ({
      echoToken: 'token-search',
      ...results(),
    }));
    const h = start(
      ['packages', 'searching'],
      context({ packages: readyFlow({ filters: { board: '30' }, sort: 3, page: 2 }) }),
      { searchPackages: search.logic },
    );
    await h.settled();
    expect(search.inputs).toEqual([
      { search: SEARCH, filters: { board: '30' }, sort: 3, page: 2, language: 'en' },
    ]);
    expect(h.at()).toBe('packages.accommodations');
    expect(h.context().packages?.echoToken).toBe('token-search');
  });

  it('a first search refused goes back to the activity day, explained', async () => {
    const h = start(['packages', 'searching'], context({ packages: readyFlow() }), {
      searchPackages: failing(refusal('the activities are not on sale')),
    });
    await h.settled();
    expect(h.at()).toBe('packages.dates.activity');
    expect(h.notices).toEqual(['That date can no longer be booked.']);
  });

  it('a new filter that fails keeps the list it had', async () => {
    const h = start(['packages', 'searching'], listed(), {
      searchPackages: failing(refusal('try later')),
    });
    await h.settled();
    expect(h.at()).toBe('packages.accommodations');
  });
});

describe('accommodations', () => {
  it('lists stars, type, town, distance and price-from, with filters, sort and back', () => {
    const h = start(['packages', 'accommodations'], listed());
    expect(h.view().text).toContain(
      '1. Hotel dunas ★★★★ — Hotel · Maspalomas · 5.1 km away — from €347.00',
    );
    expect(h.ids()).toEqual(['stay:dunas', 'stay:faro', 'filters', 'sort', 'back', 'home']);
  });

  it('shows the board when a board filter chooses it, and offers to clear filters', () => {
    const h = start(['packages', 'accommodations'], listed({ filters: { board: '30' } }));
    expect(h.view().text).toContain('Filters: Board: Half board.');
    expect(h.view().text).toContain('· Half board — from');
    expect(h.ids()).toContain('clear');
  });

  it('a filter that leaves nothing says so and offers to clear the filters', async () => {
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(
      ['packages', 'accommodations'],
      listed({ filters: { distance: '0-1000' }, results: results([]) }),
      { searchPackages: search.logic },
    );
    expect(h.view().text).toContain('No accommodation matches those filters.');
    expect(h.ids()).toEqual(['clear', 'filters', 'dates', 'home']);
    await h.choose('clear');
    expect(search.inputs[0]?.filters).toEqual({});
    expect(h.at()).toBe('packages.accommodations');
  });

  it('nothing found without filters: other dates', async () => {
    const h = start(['packages', 'accommodations'], listed({ results: results([]) }));
    expect(h.view().text).toContain('I found no accommodation for those dates and people.');
    await h.choose('dates');
    expect(h.at()).toBe('packages.dates.activity');
  });

  it('takes an accommodation of the list (by button or number), not another one', async () => {
    const price = fake(() => quote({ offer: offer('faro') }));
    const h = start(['packages', 'accommodations'], listed(), { pricePackage: price.logic });
    expect(h.can({ type: 'package.stay', packageId: 'elsewhere' })).toBe(false);
    expect((await h.say('9')).refused).toMatch(/Choose an accommodation/);
    await h.say('2');
    expect(price.inputs).toEqual([
      { echoToken: 'token-search', search: SEARCH, offer: offer('faro'), language: 'en' },
    ]);
    expect(h.at()).toBe('packages.offer');
  });

  it('leaves out an accommodation that could not be reserved', () => {
    const h = start(['packages', 'accommodations'], listed({ unavailable: ['faro'] }));
    expect(h.ids()).not.toContain('stay:faro');
    expect(h.view().text).toContain('(Without Hotel faro: it could not be reserved.)');
    expect(h.can({ type: 'package.stay', packageId: 'faro' })).toBe(false);
  });

  it('pages within the pages there are', async () => {
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(['packages', 'accommodations'], listed({ results: results(undefined, 2) }), {
      searchPackages: search.logic,
    });
    expect(h.can({ type: 'package.page', page: 3 })).toBe(false);
    expect(h.can({ type: 'package.page', page: 0 })).toBe(false);
    await h.choose('more');
    expect(search.inputs[0]?.page).toBe(2);
  });

  it('sorts (cheapest, most expensive, closest) from the first page', async () => {
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(['packages', 'accommodations'], listed({ page: 2 }), {
      searchPackages: search.logic,
    });
    await h.choose('sort');
    expect(h.at()).toBe('packages.sort');
    expect(h.ids()).toEqual(['sort:1', 'sort:2', 'sort:3', 'back', 'home']);
    await h.choose('sort:3');
    expect(search.inputs[0]).toMatchObject({ sort: 3, page: 1 });
  });
});

describe('filters', () => {
  it('offers the kinds with values, then the values with their counts', async () => {
    const h = start(['packages', 'accommodations'], listed());
    await h.choose('filters');
    expect(h.ids()).toEqual([
      'kind:board',
      'kind:city',
      'kind:price',
      'kind:distance',
      'back',
      'home',
    ]);
    await h.choose('kind:board');
    expect(
      h
        .view()
        .options.map((o) => o.label)
        .slice(0, 2),
    ).toEqual(['Bed and breakfast (7)', 'Half board (6)']);
  });

  it('takes a value offered (replacing the kind’s value), not another', async () => {
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(
      ['packages', 'filters'],
      listed({ filterKind: 'board', filters: { board: '20', city: 'Maspalomas' }, page: 3 }),
      { searchPackages: search.logic },
    );
    expect(h.can({ type: 'package.filter', kind: 'board', value: '50' })).toBe(false);
    expect(h.can({ type: 'package.filter', kind: 'price', value: '0-150' })).toBe(true);
    await h.choose('filter:board:30');
    expect(search.inputs[0]).toMatchObject({
      filters: { board: '30', city: 'Maspalomas' },
      page: 1,
    });
  });

  it('"any" removes the kind’s filter', async () => {
    const search = fake<ReturnType<typeof results>, SearchPackagesInput>(() => results());
    const h = start(
      ['packages', 'filters'],
      listed({ filterKind: 'city', filters: { board: '20', city: 'Maspalomas' } }),
      { searchPackages: search.logic },
    );
    await h.choose('filter:city:any');
    expect(search.inputs[0]?.filters).toEqual({ board: '20' });
  });

  it('back goes from the values to the kinds, then to the list', async () => {
    const h = start(['packages', 'filters'], listed({ filterKind: 'board' }));
    await h.choose('back');
    expect(h.at()).toBe('packages.filters');
    expect(h.context().packages?.filterKind).toBeUndefined();
    await h.choose('back');
    expect(h.at()).toBe('packages.accommodations');
  });
});

describe('price and cart', () => {
  it('a price that fails goes back to the list, explained', async () => {
    const h = start(['packages', 'accommodations'], listed(), {
      pricePackage: failing(
        new Refusal('That accommodation has no price for those dates any more.'),
      ),
    });
    await h.choose('stay:dunas');
    expect(h.at()).toBe('packages.accommodations');
    expect(h.notices).toEqual(['That accommodation has no price for those dates any more.']);
  });

  it('shows the whole package with its price, then adds it to the cart', async () => {
    const line = packageLine('package-1', 'Hotel dunas');
    const add = fake((): AddToCartOutput => ({
      cart: { shoppingCartId: 'cart000000001', lines: [line], adds: 1 },
      line,
      rebuilt: false,
      released: false,
    }));
    const h = start(['packages', 'offer'], listed({ quote: quote(), chosen: offer('dunas') }), {
      addPackageToCart: add.logic,
    });
    expect(h.view().text).toContain('💶 Price of the whole package: €347.00');
    expect(h.view().text).toContain('👥 2 adults, 1 child (aged 8)');
    expect(h.view().text).not.toContain('from €');
    await h.choose('package:add');
    expect(add.inputs).toEqual([
      {
        cart: { shoppingCartId: 'cart000000001', lines: [], adds: 0 },
        search: SEARCH,
        quote: quote(),
        language: 'en',
        reserved: false,
      },
    ]);
    expect(h.at()).toBe('cart.idle');
    expect(h.context().cart.lines).toEqual([line]);
    expect(h.notices).toEqual(['✅ Atlantic getaway + Hotel dunas (2 nights) is in your cart.']);
  });

  it('adding to a reserved cart says so to the actor; a refusal stays on the offer', async () => {
    const add = fake<never, AddPackageInput>(() => {
      throw new Refusal('The booking service did not accept that: sold out');
    });
    const h = start(
      ['packages', 'offer'],
      { ...listed({ quote: quote() }), reservation: reservation() },
      { addPackageToCart: add.logic },
    );
    await h.choose('package:add');
    expect(add.inputs[0]?.reserved).toBe(true);
    expect(h.at()).toBe('packages.offer');
    expect(h.notices).toEqual(['The booking service did not accept that: sold out']);
  });

  it('without a quote the offer goes back to the search', () => {
    const h = start(['packages', 'offer'], listed());
    expect(h.at()).toBe('packages.searching');
  });

  it('back from the offer is the list', async () => {
    const h = start(['packages', 'offer'], listed({ quote: quote() }));
    await h.choose('back');
    expect(h.at()).toBe('packages.accommodations');
  });
});
