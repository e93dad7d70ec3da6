/**
 * Combined products with fake actors: offered under their provider in browse, then the
 * card (what it includes, the price, the policies), the day, its combined price before how
 * many, and the Add; every guard of those states.
 */
import { describe, expect, it } from 'vitest';
import type { AddToCartOutput } from '#flows/booking/actors/cart.js';
import { Refusal } from '#flows/booking/problem.js';
import { combinedEntries } from '#flows/booking/steps/combined/offer.js';
import type { CombinedDraft } from '#flows/booking/types.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { NOW, catalog, context, fake, failing, line, start } from './packages-harness.js';

const MARITIME = demoIds.combinedProducts.maritimeValencia;
const P = demoIds.products;

const opened = (): NonNullable<CombinedDraft['product']> => ({
  name: 'Maritime Valencia: museum + boat',
  providerId: demoIds.providers.museum,
  parts: [
    { productId: P.comboMuseum, name: 'Museum' },
    { productId: P.comboBoat, name: 'Boat trip' },
  ],
  dates: ['2026-06-11', '2026-06-13'],
  minimumQuantity: 1,
  maximumQuantity: 5,
  insurable: true,
});

const at = (over: Partial<CombinedDraft> = {}) =>
  context({ combined: { combinedProductId: MARITIME, product: opened(), ...over } });

describe('combined products in browse', () => {
  it('are offered under their provider, never their products alone', async () => {
    const h = start(['browse'], context());
    await h.choose(`provider:${demoIds.providers.museum}`);
    expect(h.ids()).toContain(`combined:${MARITIME}`);
    expect(h.view().options.find((o) => o.id === `combined:${MARITIME}`)?.label).toBe(
      '🎫 Maritime Valencia: museum + boat',
    );
    expect(h.ids().some((id) => id.includes(P.comboMuseum))).toBe(false);
  });

  it('are under the provider of their first product only', () => {
    expect(combinedEntries(catalog, NOW, demoIds.providers.museum)).toHaveLength(1);
    expect(combinedEntries(catalog, NOW, demoIds.providers.waterpark)).toEqual([]);
  });

  it('opening one reads it, then shows its card with the first days', async () => {
    const open = fake(() => opened());
    const h = start(
      ['browse'],
      context({ browse: { providerId: demoIds.providers.museum, page: 0 } }),
      {
        openCombined: open.logic,
      },
    );
    await h.choose(`combined:${MARITIME}`);
    expect(open.inputs).toEqual([{ combinedProductId: MARITIME, language: 'en', cart: [] }]);
    expect(h.at()).toBe('combined.card');
    expect(h.ids()).toEqual(['date:2026-06-11', 'date:2026-06-13', 'next', 'back', 'home']);
    expect(h.view().text).toMatch(/^🎫 Maritime Valencia: museum \+ boat\n/);
    expect(h.view().text).toContain('Includes:\n• Museum');
    expect(h.view().text).toContain('\n• Boat trip');
    // No price read with the card: it comes with the day.
    expect(h.view().text).toContain('💶 Combined price: I will tell you once you choose the day.');
  });

  it('one that cannot be opened goes back to browse, explained', async () => {
    const h = start(
      ['browse'],
      context({ browse: { providerId: demoIds.providers.museum, page: 0 } }),
      {
        openCombined: failing(new Refusal('That combined ticket is no longer on sale.')),
      },
    );
    await h.choose(`combined:${MARITIME}`);
    expect(h.at()).toBe('browse');
    expect(h.notices).toEqual(['That combined ticket is no longer on sale.']);
  });

  it('without a combined product to open, browse', () => {
    const h = start(['combined'], context());
    expect(h.at()).toBe('browse');
  });
});

describe('day, quantity, price', () => {
  it('takes only a day when every product is on sale', async () => {
    const h = start(['combined', 'date'], at());
    expect(h.can({ type: 'date.pick', date: '2026-06-12' })).toBe(false);
    expect((await h.say('12/6')).refused).toMatch(/is not available\. The nearest dates/);
    await h.say('13/6');
    expect(h.at()).toBe('combined.pricing');
    expect(h.context().combined?.accessDate).toBe('2026-06-13');
  });

  it('prices the day before the quantity, then takes a quantity within the products’ bounds', async () => {
    const quote = fake(() => ({ cents: 2070, currency: 'EUR' }));
    const h = start(['combined', 'date'], at(), { quoteCombined: quote.logic });
    await h.choose('date:2026-06-13');
    expect(quote.inputs).toEqual([
      {
        combinedProductId: MARITIME,
        productIds: [P.comboMuseum, P.comboBoat],
        date: '2026-06-13',
        language: 'en',
      },
    ]);
    expect(h.at()).toBe('combined.quantity');
    expect(h.view().text).toBe(
      '🎫 Maritime Valencia: museum + boat, Saturday, 13 June 2026. Combined price: €20.70 each. How many would you like?',
    );
    expect(h.can({ type: 'quantity.pick', quantity: 6 })).toBe(false);
    expect(h.can({ type: 'quantity.pick', quantity: 0 })).toBe(false);
    expect((await h.say('seven')).refused).toBe('Type a number from 1 to 5.');
    await h.say('2');
    expect(quote.inputs).toHaveLength(1);
    expect(h.at()).toBe('combined.priced');
    expect(h.view().text).toContain('Combined price: 2 × €20.70 = €41.40.');
  });

  it('a price that fails goes back to the card, explained', async () => {
    const h = start(['combined', 'date'], at(), {
      quoteCombined: failing(new Refusal('The combined price could not be obtained: closed')),
    });
    await h.choose('date:2026-06-13');
    expect(h.at()).toBe('combined.card');
    expect(h.notices).toEqual(['The combined price could not be obtained: closed']);
  });

  it('back goes step by step to browse', async () => {
    const h = start(
      ['combined', 'priced'],
      at({ accessDate: '2026-06-13', quantity: 2, unitPrice: { cents: 2070, currency: 'EUR' } }),
    );
    await h.choose('back');
    expect(h.at()).toBe('combined.quantity');
    await h.choose('back');
    expect(h.at()).toBe('combined.card');
    await h.choose('next');
    expect(h.at()).toBe('combined.date');
    await h.choose('back');
    expect(h.at()).toBe('combined.card');
    await h.choose('back');
    expect(h.at()).toBe('browse');
  });
});

describe('the card', () => {
  const withPrices = () =>
    at({
      product: {
        ...opened(),
        prices: {
          '2026-06-11': { cents: 2070, currency: 'EUR' },
          '2026-06-13': { cents: 2300, currency: 'EUR' },
        },
      },
    });

  it('shows the combined price from the days read with it, each day’s on its button', () => {
    const h = start(['combined', 'card'], withPrices());
    expect(h.view().text).toContain('💶 Combined price from €20.70');
    expect(h.view().options.map((o) => o.label)).toEqual([
      'Thu 11 Jun · €20.70',
      'Sat 13 Jun · €23.00',
      '📅 Another date',
      '⬅️ Back',
      '🏠 Home',
    ]);
  });

  it('shows each product’s cancellation policy, never internal notes', () => {
    const h = start(['combined', 'card'], withPrices());
    expect(h.view().text).toMatch(/↩️ Cancellation/);
    expect(h.view().text).not.toMatch(/\[intern[oa]l?\]/i);
  });

  it('a day tapped on the card goes to how many at the price shown, without asking again', async () => {
    const quote = fake(() => ({ cents: 9999, currency: 'EUR' }));
    const h = start(['combined', 'card'], withPrices(), { quoteCombined: quote.logic });
    await h.choose('date:2026-06-13');
    expect(quote.inputs).toEqual([]);
    expect(h.at()).toBe('combined.quantity');
    expect(h.view().text).toContain('Combined price: €23.00 each.');
  });

  it('a day typed on the card is taken, another refused with the nearest', async () => {
    const h = start(['combined', 'card'], withPrices());
    expect((await h.say('12/6')).refused).toMatch(/is not available\. The nearest dates/);
    await h.say('11/6');
    expect(h.at()).toBe('combined.quantity');
  });
});

describe('adding', () => {
  const priced = at({
    accessDate: '2026-06-13',
    quantity: 2,
    unitPrice: { cents: 2070, currency: 'EUR' },
  });

  it('adds it only once priced', () => {
    const h = start(['combined', 'priced'], at({ accessDate: '2026-06-13', quantity: 2 }));
    expect(h.can({ type: 'combined.add' })).toBe(false);
  });

  it('adds the combined product as one line and goes to the cart', async () => {
    const combinedLine = line('c1', { name: 'Maritime Valencia: museum + boat' });
    const add = fake((): AddToCartOutput => ({
      cart: { shoppingCartId: 'cart000000001', lines: [combinedLine], adds: 1 },
      line: combinedLine,
      rebuilt: false,
      released: false,
    }));
    const h = start(['combined', 'priced'], priced, { addCombinedToCart: add.logic });
    await h.choose('combined:add');
    expect(add.inputs).toEqual([
      { cart: priced.cart, combined: priced.combined, language: 'en', reserved: false },
    ]);
    expect(h.at()).toBe('cart.idle');
    expect(h.context().combined).toBeUndefined();
    expect(h.notices).toEqual(['✅ Maritime Valencia: museum + boat is in your cart.']);
  });

  it('a refused Add stays on the price, explained', async () => {
    const h = start(['combined', 'priced'], priced, {
      addCombinedToCart: failing(new Refusal('The booking service did not accept that: full')),
    });
    await h.choose('combined:add');
    expect(h.at()).toBe('combined.priced');
    expect(h.notices).toEqual(['The booking service did not accept that: full']);
  });
});
