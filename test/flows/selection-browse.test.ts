/**
 * Browse on the real booking machine over the demo catalog: what is listed (only what can
 * be offered alone now), the levels and their back, paging, search by typed text, and
 * opening a product.
 */
import { describe, expect, it } from 'vitest';
import { makeProduct } from '#src/sandbox/seed/build.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { offerable, searchProducts } from '#flows/booking/choosing/offerable.js';
import { pageOf } from '#flows/booking/choosing/paging.js';
import { context, demo, editedCatalog, fake, NOW, start } from './selection-harness.js';

const P = demoIds.providers;
const B = demoIds.productBases;
const I = demoIds.products;

const ids = (view: { options: { id: string }[] }) => view.options.map((option) => option.id);

describe('what browse lists', () => {
  it('lists the providers with something to offer, a search and home', () => {
    const chat = start('browse', context());
    expect(ids(chat.view())).toEqual([
      `provider:${P.museum}`,
      `provider:${P.waterpark}`,
      `provider:${P.mountain}`,
      `provider:${P.winery}`,
      'search',
      'home',
    ]);
  });

  it('never lists combined-only, packaging-only or not-yet-on-sale products, nor their bases', () => {
    const offer = offerable(demo(), NOW);
    const listed = offer.products.map((entry) => entry.product.productId);
    for (const hidden of [I.comboMuseum, I.comboBoat, I.parkHotel, I.museumShipwrecks])
      expect(listed).not.toContain(hidden);
    const chat = start('browse', context({ browse: { providerId: P.museum, page: 0 } }));
    expect(ids(chat.view())).toEqual([
      `base:${B.museumTickets}`,
      `base:${B.museumGuided}`,
      `base:${B.museumGifts}`,
      // The combined product is offered whole (steps/combined), never its products alone.
      `combined:${demoIds.combinedProducts.maritimeValencia}`,
      'back',
      'home',
    ]);
  });

  it('lists gift card products that are otherwise sellable like any product', () => {
    const chat = start(
      'browse',
      context({ browse: { providerId: P.museum, productBaseId: B.museumGifts, page: 0 } }),
    );
    expect(ids(chat.view())).toEqual([`product:${I.museumGiftCard}`, 'back', 'home']);
  });

  it('leaves out a provider whose products are all outside their sale window', () => {
    const catalog = editedCatalog((copy) => {
      for (const base of copy.providers.find((p) => p.providerId === P.winery)!.productBases)
        for (const product of base.products) product.endIsActiveDate = '2026-06-01T00:00:00';
    });
    const chat = start('browse', context(), { catalog });
    expect(ids(chat.view())).not.toContain(`provider:${P.winery}`);
    expect(ids(chat.view())).toContain(`provider:${P.mountain}`);
  });

  it('shows the products of a provider with a single category directly', () => {
    const chat = start('browse', context({ browse: { providerId: P.winery, page: 0 } }));
    expect(ids(chat.view())).toEqual([
      `product:${I.wineTasting}`,
      `product:${I.wineShop}`,
      `product:${I.wineGiftCard}`,
      'back',
      'home',
    ]);
    expect(chat.view().text).toMatch(/Ribera Alta Winery/);
  });

  it('says so when nothing is on sale', () => {
    const chat = start('browse', context(), { catalog: editedCatalog((c) => (c.providers = [])) });
    expect(chat.view().text).toMatch(/Nothing is on sale/);
    expect(ids(chat.view())).toEqual(['home']);
  });
});

describe('moving through the levels', () => {
  it('goes provider → category → product list, and back up one level at a time', () => {
    const chat = start('browse', context());
    chat.choose(`provider:${P.museum}`);
    expect(chat.snapshot().context.browse).toEqual({ providerId: P.museum, page: 0 });
    chat.choose(`base:${B.museumTickets}`);
    expect(chat.snapshot().context.browse).toEqual({
      providerId: P.museum,
      productBaseId: B.museumTickets,
      page: 0,
    });
    expect(ids(chat.view())).toContain(`product:${I.museumPlanetarium}`);
    chat.choose('back');
    expect(chat.snapshot().context.browse).toEqual({ providerId: P.museum, page: 0 });
    chat.choose('back');
    expect(chat.snapshot().context.browse).toEqual({ page: 0 });
    expect(chat.state()).toBe('browse');
    chat.send({ type: 'nav.back' });
    expect(chat.state()).toBe('home');
  });

  it('picks an option by its number', () => {
    const chat = start('browse', context());
    expect(chat.say('2').sent).toEqual({ type: 'browse.provider', providerId: P.waterpark });
  });

  it('opens a product: the openProduct actor gets the product, language and cart', async () => {
    const open = fake(async () => {
      throw new Error('down');
    });
    const lines = [
      {
        cartItemId: 'item1',
        productId: I.museumAdult,
        providerId: P.museum,
        name: 'x',
        accessDate: '2026-06-12' as const,
        quantity: 2,
        sessions: [],
        unitPrice: { cents: 1200, currency: 'EUR' },
      },
    ];
    const chat = start(
      'browse',
      context({
        browse: { providerId: P.winery, page: 0 },
        cart: { shoppingCartId: 'c', lines },
      }),
      { actors: { openProduct: open.logic } },
    );
    chat.choose(`product:${I.wineShop}`);
    expect(chat.snapshot().hasTag('busy')).toBe(true);
    await chat.settled();
    expect(open.inputs).toEqual([{ productId: I.wineShop, language: 'en', cart: lines }]);
    // The failure is explained and browse shows again where it was.
    expect(chat.state()).toBe('browse');
    expect(chat.notices).toEqual([
      'The booking service is not answering right now. Nothing was lost: please try again in a moment.',
    ]);
  });
});

describe('paging', () => {
  const many = editedCatalog((copy) => {
    const base = copy.providers[0]!.productBases[0]!;
    for (let n = 0; n < 10; n += 1)
      base.products.push(
        makeProduct({
          ...structuredClone(base.products[0]!),
          productId: `extra${String(n).padStart(8, '0')}`,
          productName: `Extra ${n}`,
        }),
      );
  });
  const where = { providerId: P.museum, productBaseId: B.museumTickets };

  it('shows 8 products a page with more and previous', () => {
    expect(pageOf([1, 2, 3], 5, 2)).toEqual({
      items: [3],
      page: 1,
      hasPrevious: true,
      hasMore: false,
    });
    const chat = start('browse', context({ browse: { ...where, page: 0 } }), { catalog: many });
    const first = chat.view();
    expect(first.options.filter((o) => o.id.startsWith('product:'))).toHaveLength(8);
    expect(ids(first).slice(8)).toEqual(['more', 'back', 'home']);
    expect(first.text).toMatch(/page 1 of 2/);
    chat.choose('more');
    const second = chat.view();
    expect(second.options.filter((o) => o.id.startsWith('product:'))).toHaveLength(8);
    expect(ids(second).slice(8)).toEqual(['previous', 'back', 'home']);
    chat.choose('previous');
    expect(chat.snapshot().context.browse.page).toBe(0);
  });
});

describe('search', () => {
  it('finds offerable products by name, description and tag, ignoring accents and case', () => {
    const es = offerable(demo('es'), NOW);
    const found = (query: string) => searchProducts(es, query).map((e) => e.product.productId);
    expect(found('MEDUSAS')).toEqual([I.museumJellyfish]);
    expect(found('planetário')).toEqual([I.museumPlanetarium]);
    // Best match first: the three tagged products, in whatever order their scores give.
    expect(new Set(found('giftcard'))).toEqual(
      new Set([I.museumGiftCard, I.parkTwoDays, I.wineGiftCard]),
    );
    expect(found('barco')).toEqual([]); // only the combined ticket's boat: never alone
    expect(found('quiero entradas para el planetario')).toEqual([I.museumPlanetarium]);
  });

  it('lists the matches of typed text, and goes back to where it was', () => {
    const chat = start('browse', context({ browse: { providerId: P.winery, page: 0 } }));
    expect(chat.say('jellyfish')).toEqual({ sent: { type: 'browse.query', query: 'jellyfish' } });
    expect(chat.view().text).toBe('I found 1 product for "jellyfish":');
    expect(ids(chat.view())).toEqual([`product:${I.museumJellyfish}`, 'back', 'home']);
    chat.choose('back');
    expect(chat.snapshot().context.browse).toEqual({ providerId: P.winery, page: 0 });
  });

  it('answers a search without matches, or without words, and stays', () => {
    const chat = start('browse', context());
    expect(chat.say('submarine')).toEqual({
      refused: 'I found nothing on sale for "submarine". Try another word or choose from the list.',
    });
    const hint =
      'Tell me what you are looking for (a place, an activity, a word such as "family") or choose from the list.';
    expect(chat.say('?!')).toEqual({ refused: hint });
    expect(chat.say('how much is it?')).toEqual({ refused: hint });
    expect(chat.snapshot().context.browse).toEqual({ page: 0 });
  });

  it('gives a hint for the search button', () => {
    const chat = start('browse', context());
    chat.choose('search');
    expect(chat.notices).toEqual([
      'Type what you are looking for: a place, an activity or a word such as "family".',
    ]);
  });
});
