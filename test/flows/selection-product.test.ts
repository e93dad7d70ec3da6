/**
 * Opening a product (the pure rules behind the openProduct actor) and the product card on
 * the real booking machine: dates, capacity, date rules, group limits, the card's texts
 * (never the internal considerations), and the card's guards.
 */
import { describe, expect, it } from 'vitest';
import { Refusal } from '#flows/booking/problem.js';
import { productCard } from '#flows/booking/steps/product.js';
import { fromPrice, fromPriceSince, priceByDay, unitOf } from '#flows/booking/choosing/prices.js';
import { openProductDraft } from '#flows/booking/choosing/product-rules.js';
import type { CartLine, DraftProduct } from '#flows/booking/types.js';
import type { IsoDate } from '#src/api/schema.js';
import type { Lang } from '#src/domain/lang.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import {
  context,
  demo,
  draftOf,
  editedCatalog,
  fake,
  NOW,
  opened,
  start,
  TODAY,
} from './selection-harness.js';

const P = demoIds.providers;
const I = demoIds.products;

const line = (productId: string, providerId: string, quantity: number): CartLine => ({
  cartItemId: `item-${productId}`,
  productId,
  providerId,
  name: 'x',
  accessDate: '2026-06-12',
  quantity,
  sessions: [],
  unitPrice: { cents: 1000, currency: 'EUR' },
});

describe('opening a product', () => {
  it('offers only sellable dates: no Mondays at the museum, none after the sale window', () => {
    const product = opened(I.museumAdult);
    expect(product.dates[0]).toBe(TODAY);
    expect(product.dates).not.toContain('2026-06-15'); // a Monday
    expect(product.dates.every((date) => date <= '2026-09-07')).toBe(true);
    expect(product).toMatchObject({ openDate: false, minimumQuantity: 1, maximumQuantity: 19 });
    expect(product.fixedDate).toBeUndefined();
  });

  it('refuses what cannot be offered alone', () => {
    const catalog = demo();
    for (const id of [I.comboMuseum, I.parkHotel, I.museumShipwrecks]) {
      const opening = openProductDraft({
        entry: catalog.product(id)!,
        catalog,
        instant: NOW,
        cart: [],
      });
      expect(opening).toEqual({ ok: false, reason: 'not-offered' });
    }
  });

  it('drops limited days without room for the minimum, keeps the others with their products', () => {
    const product = opened(I.museumFamily, {
      capacity: [
        { productId: I.museumFamily, date: '2026-06-11', availableCapacity: 3 }, // < 4 quota tickets
        { productId: I.museumFamily, date: '2026-06-12', availableCapacity: 9 },
      ],
    });
    expect(product.dates).not.toContain('2026-06-11');
    expect(product.rules?.capacityByDate).toEqual({ '2026-06-11': 0, '2026-06-12': 2 });
    expect(product.rules?.limitedDates).toContain('2026-06-13'); // not answered: checked later
  });

  it('keeps every day when capacity could not be read (checked again at the quantity)', () => {
    const product = opened(I.museumFamily);
    expect(product.dates).toContain('2026-06-11');
    expect(product.rules?.capacityByDate).toEqual({});
    expect(product.rules?.limitedDates.slice(0, 3)).toEqual([
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
    ]);
  });

  it('uses the purchase date when the provider does not ask for one', () => {
    expect(opened(I.wineShop)).toMatchObject({ fixedDate: TODAY, openDate: false });
    // Open date, date not asked on open dates (the museum): valid from today.
    expect(opened(I.museumGiftCard)).toMatchObject({ fixedDate: TODAY, openDate: true });
    // Open date where the provider asks for it (the park): the date is asked.
    expect(opened(I.parkTwoDays)).toMatchObject({ openDate: true });
    expect(opened(I.parkTwoDays).fixedDate).toBeUndefined();
  });

  it('refuses a purchase-date product that is not on sale today', () => {
    const catalog = editedCatalog((copy) => {
      const winery = copy.providers.find((p) => p.providerId === P.winery)!;
      for (const set of winery.productBases[0]!.products[1]!.pricesAndDates)
        set.dates = set.dates.filter((date) => date !== TODAY);
    });
    const opening = openProductDraft({
      entry: catalog.product(I.wineShop)!,
      catalog,
      instant: NOW,
      cart: [],
    });
    expect(opening).toEqual({ ok: false, reason: 'not-today' });
  });

  it('asks a date per enclosure with DatePerTicketEnclosure, within price sets', () => {
    const product = opened(I.parkAdult);
    expect(product.rules?.dateEnclosures?.map((e) => e.name)).toEqual(['Slides area', 'Wave pool']);
    const sets = product.rules!.priceSets!;
    expect(sets.flat().sort()).toEqual(product.dates);
    expect(opened(I.museumAdult).rules?.dateEnclosures).toBeUndefined();
  });

  it('names the enclosures with sessions and how they are assigned', () => {
    expect(opened(I.museumPlanetarium).rules?.sessionEnclosures).toEqual([
      { enclosureId: demoIds.enclosures.planetarium, name: 'Planetarium', autoAssign: 0 },
    ]);
    expect(opened(I.museumJellyfish).rules?.sessionEnclosures[0]?.autoAssign).toBe(1);
    expect(opened(I.parkShowAdult).rules?.sessionEnclosures[0]?.autoAssign).toBe(2);
    expect(opened(I.museumAdult).rules?.sessionEnclosures).toEqual([]);
  });

  it('offers only days with a session ahead when a listed session must be chosen', () => {
    const catalog = editedCatalog((copy) => {
      const museum = copy.providers.find((p) => p.providerId === P.museum)!;
      const dome = museum.ticketEnclosures.find(
        (e) => e.ticketEnclosureId === demoIds.enclosures.planetarium,
      )!.sessions!;
      dome.sessionSessionContents = dome.sessionSessionContents.filter((s) =>
        s.sessionTime.startsWith('2026-06-1'),
      );
    });
    // 10:00 on the 10th: the sessions of the 10th before now are gone, later ones count.
    const product = opened(I.museumPlanetarium, { catalog });
    expect(product.dates.every((date) => date.startsWith('2026-06-1'))).toBe(true);
    expect(product.dates.length).toBeGreaterThan(3);
  });

  it('bounds the quantity by the group rules, counting the cart of the same provider', () => {
    expect(opened(I.museumGuided)).toMatchObject({ minimumQuantity: 2, maximumQuantity: 9 });
    expect(opened(I.museumFamily)).toMatchObject({ maximumQuantity: 4 }); // 4 people each
    const withCart = opened(I.museumAdult, {
      cart: [line(I.museumFamily, P.museum, 2), line(I.parkAdult, P.waterpark, 5)],
    });
    expect(withCart).toMatchObject({ maximumQuantity: 11 }); // 19 − 8 people
    expect(withCart.rules?.group).toEqual({
      limit: 19,
      groupsOnly: false,
      peoplePerUnit: 1,
      peopleInCart: 8,
    });
    // The guided tour's base limit (9) is the stricter one once it is in the cart too.
    expect(opened(I.museumAdult, { cart: [line(I.museumGuided, P.museum, 3)] })).toMatchObject({
      maximumQuantity: 6,
    });
    // The minimum per transaction counts units of the same product in the cart.
    expect(opened(I.museumGuided, { cart: [line(I.museumGuided, P.museum, 2)] })).toMatchObject({
      minimumQuantity: 1,
    });
  });

  it('asks a groups-only provider for more people than its threshold', () => {
    expect(opened(I.mountainHike)).toMatchObject({ minimumQuantity: 20 });
    expect(opened(I.mountainHike).maximumQuantity).toBeUndefined();
    expect(opened(I.mountainPack)).toMatchObject({ minimumQuantity: 2 }); // 10 people each
    expect(opened(I.mountainHike, { cart: [line(I.mountainPack, P.mountain, 2)] })).toMatchObject({
      minimumQuantity: 1,
    });
  });
});

const INTERNAL = /\[intern[oa]l?\]/i;

describe('the product card', () => {
  const card = (productId: string, lang: Lang = 'en', product?: DraftProduct) => {
    const catalog = demo(lang);
    return productCard(catalog.product(productId), product ?? opened(productId, { catalog }), lang);
  };

  it('never shows ProductInternalConsiderations, in either language', () => {
    const withNotes = [...demo('en').products()].filter(
      (e) => e.product.productInternalConsiderations,
    );
    expect(withNotes.length).toBeGreaterThan(2);
    for (const lang of ['en', 'es'] as const) {
      for (const { product } of [...demo(lang).products()]) {
        let draft: DraftProduct;
        try {
          draft = opened(product.productId, { catalog: demo(lang) });
        } catch {
          continue; // not offered: no card
        }
        const text = card(product.productId, lang, draft);
        expect(text).not.toMatch(INTERNAL);
        if (product.productInternalConsiderations)
          expect(text).not.toContain(product.productInternalConsiderations);
      }
    }
  });

  it('shows name, provider, description, access, tickets, conditions and a from price', () => {
    const text = card(I.museumPlanetarium);
    expect(text).toContain('🎟️ Museum + Planetarium\nValencia Sea Museum');
    expect(text).toContain('Museum admission and a planetarium show of your choice.');
    expect(text).toContain(
      '🚪 Access: Show your ticket on your phone or printed. Closed on Mondays.',
    );
    expect(text).toContain('• Planetarium show');
    expect(text).toContain('• Planetarium: Numbered seat. No entry once the show has started.');
    expect(text).toMatch(/💶 From €\d+\.\d\d/);
  });

  it('gives the lowest price of the sets with sellable dates', () => {
    const entry = demo().product(I.museumAdult)!;
    const all = opened(I.museumAdult);
    expect(fromPrice(entry, all.dates)).toEqual({ cents: 1000, currency: 'EUR' }); // discounted set
    expect(fromPrice(entry, ['2026-06-13'])).toEqual({ cents: 1500, currency: 'EUR' }); // weekend
    // The card's "from" is the first days' (its buttons); the discount later is dated.
    expect(card(I.museumAdult)).toMatch(
      /💶 From €12\.00 \(from €10\.00 from \w+day, \d+ \w+ 2026 on\)/,
    );
  });

  it("gives a list's from price over the sets with a date from today on, as fromPrice of those dates", () => {
    const entry = demo().product(I.museumAdult)!;
    const sets = entry.product.pricesAndDates;
    const days = [...new Set(sets.flatMap((set) => set.dates))].sort();
    for (const today of [
      days[0]!,
      days[Math.floor(days.length / 2)]!,
      days.at(-1)!,
      '2999-01-01',
    ]) {
      const since = days.filter((day) => day >= today);
      expect([today, fromPriceSince(entry, today as IsoDate)]).toEqual([
        today,
        fromPrice(entry, since),
      ]);
    }
    // The cheaper set's dates all past: the list shows the other set's price.
    const cheap = sets.find((set) => unitOf(entry, set).cents === 1000)!;
    const past = { ...cheap, dates: ['2020-01-01' as IsoDate] };
    const later = {
      ...entry,
      product: { ...entry.product, pricesAndDates: [past, ...sets.filter((set) => set !== cheap)] },
    };
    expect(fromPriceSince(later, '2026-01-01' as IsoDate)?.cents).toBeGreaterThan(1000);
    expect(fromPriceSince(later, '2019-01-01' as IsoDate)).toEqual({
      cents: 1000,
      currency: 'EUR',
    });
  });

  it('prices each day by the first price set that holds it, none for a day of none', () => {
    const entry = demo().product(I.museumAdult)!;
    const sets = entry.product.pricesAndDates;
    const days = [...new Set(sets.flatMap((set) => set.dates))];
    expect(sets.length).toBeGreaterThan(1);
    const price = priceByDay(entry);
    for (const day of days) {
      const first = sets.find((set) => set.dates.includes(day))!;
      expect(price(day)).toEqual(unitOf(entry, first));
    }
    expect(price('2026-06-13')).toEqual({ cents: 1500, currency: 'EUR' }); // weekend
    expect(price('1999-01-01')).toBeUndefined();
    // A day held by two sets: the first one's price, as the card and the cart take it.
    const day = sets[0]!.dates[0]!;
    const other = sets.find((set) => unitOf(entry, set).cents !== unitOf(entry, sets[0]!).cents)!;
    const first = { ...other, dates: [...other.dates, day] };
    const twice = { ...entry, product: { ...entry.product, pricesAndDates: [first, ...sets] } };
    expect(priceByDay(twice)(day)).toEqual(unitOf(entry, other));
  });

  it("keeps the latest products' day prices, shared and unchangeable, and lets the oldest go", () => {
    const entry = demo().product(I.museumAdult)!;
    const price = priceByDay(entry);
    expect(priceByDay(entry)).toBe(price);
    const day = entry.product.pricesAndDates[0]!.dates[0]!;
    expect(Object.isFrozen(price(day))).toBe(true);
    // Another catalog's entry of the same product (a refresh) is priced from its own sets.
    const sets = entry.product.pricesAndDates;
    const other = sets.find((set) => unitOf(entry, set).cents !== price(day)!.cents)!;
    const refreshed = {
      ...entry,
      product: { ...entry.product, pricesAndDates: [{ ...other, dates: [day] }, ...sets] },
    };
    expect(priceByDay(refreshed)(day)).toEqual(unitOf(entry, other));
    expect(price(day)).toEqual(unitOf(entry, sets[0]!));
    // Many other products priced since: the first is priced again, to the same prices.
    for (let i = 0; i < 100; i += 1) priceByDay({ ...entry });
    const again = priceByDay(entry);
    expect(again).not.toBe(price);
    expect(again(day)).toEqual(price(day));
  });

  it('says the price is on request for real-time prices', () => {
    expect(card(I.parkAdult)).toContain('Price on request');
    expect(card(I.parkAdult, 'es')).toContain('Precio a consultar');
  });

  it('puts the product policy over the provider one, in plain words', () => {
    expect(card(I.museumGuided)).toContain(
      '↩️ Cancellation: Free cancellation until 48 h before access. From 48 h before access: 50% penalty. From 24 h before access: 100% penalty.',
    );
    expect(card(I.museumAdult)).toContain('↩️ Cancellation: Free cancellation at any time.');
    expect(card(I.parkChild)).toContain('↩️ Cancellation: Non-refundable.'); // the provider's
  });

  it('falls back to ProductCancellationConditions when no policy is known', () => {
    const catalog = editedCatalog((copy) => {
      const museum = copy.providers.find((p) => p.providerId === P.museum)!;
      museum.cancellationPolicy = undefined;
      const adult = museum.productBases[0]!.products[0]!;
      adult.cancellationPolicy = undefined;
      adult.productCancellationConditions = 'Ask at the desk.';
    });
    const text = productCard(
      catalog.product(I.museumAdult),
      opened(I.museumAdult, { catalog }),
      'en',
    );
    expect(text).toContain('↩️ Cancellation: Ask at the desk.');
  });

  it('says when the date is the day of purchase, or open', () => {
    expect(card(I.wineShop)).toContain('📅 For the day of purchase: Wednesday, 10 June 2026.');
    expect(card(I.parkTwoDays)).toContain('📅 Open date: valid any day of the season.');
  });
});

/** The step a state value is in. */
const stepOf = (state: unknown) =>
  typeof state === 'string' ? state : Object.keys(state as Record<string, unknown>)[0];

describe('the product step', () => {
  it('opens the product and shows its card, with its first dates, another date, back and home', async () => {
    const open = fake(async () => opened(I.museumAdult));
    const chat = start('browse', context(), { actors: { openProduct: open.logic } });
    chat.send({ type: 'browse.product', productId: I.museumAdult });
    await chat.settled();
    expect(chat.state()).toEqual({ product: 'card' });
    expect(chat.snapshot().context.draft).toEqual(draftOf(opened(I.museumAdult)));
    const ids = chat.view().options.map((o) => o.id);
    expect(ids.slice(-3)).toEqual(['next', 'back', 'home']);
    const dates = ids.slice(0, -3);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((id) => /^date:\d{4}-\d\d-\d\d$/.test(id))).toBe(true);
    expect(chat.view().text).not.toMatch(INTERNAL);
  });

  it('takes a date tapped on the card as the date step would', () => {
    const chat = start({ product: 'card' }, context({ draft: draftOf(opened(I.museumAdult)) }));
    const first = chat.view().options[0]!;
    const day = first.id.slice('date:'.length);
    chat.choose(first.id);
    expect(chat.snapshot().context.draft?.accessDate).toBe(day);
    expect(chat.snapshot().context.wish).toBeUndefined();
    expect(stepOf(chat.state())).not.toBe('product');
    expect(stepOf(chat.state())).not.toBe('date');
  });

  it('explains a refusal and goes back to browse', async () => {
    const open = fake(async () => {
      throw new Refusal('That product is no longer on sale. Please choose another.');
    });
    const chat = start('browse', context(), { actors: { openProduct: open.logic } });
    chat.send({ type: 'browse.product', productId: 'gone000000000' });
    await chat.settled();
    expect(chat.state()).toBe('browse');
    expect(chat.notices).toEqual(['That product is no longer on sale. Please choose another.']);
    expect(chat.snapshot().context.draft).toBeUndefined();
  });

  it('goes on to the date, or back to browse without the draft', () => {
    const chat = start({ product: 'card' }, context({ draft: draftOf(opened(I.museumAdult)) }));
    expect(chat.choose('next').sent).toEqual({ type: 'product.next' });
    expect(chat.state()).toEqual({ date: 'pick' });
    const back = start({ product: 'card' }, context({ draft: draftOf(opened(I.museumAdult)) }));
    back.choose('back');
    expect(back.state()).toBe('browse');
    expect(back.snapshot().context.draft).toBeUndefined();
  });

  it('stops at the card when the group limit leaves nothing to buy', () => {
    const full = opened(I.museumAdult, { cart: [line(I.museumAdult, P.museum, 19)] });
    expect(full.maximumQuantity).toBe(0);
    const chat = start({ product: 'card' }, context({ draft: draftOf(full) }));
    chat.choose('next');
    expect(chat.state()).toEqual({ product: 'card' });
    expect(chat.notices).toEqual([
      'Nothing more can be added from this provider: it would go over its group limit of 19 people (you already have 19 from this provider in your cart).',
    ]);
  });

  it('goes back to browse when the card has no draft (a resumed, emptied conversation)', () => {
    const chat = start({ product: 'card' }, context());
    chat.send({ type: 'product.next' });
    expect(chat.state()).toBe('browse');
  });

  it('answers free text on the card with a hint', () => {
    const chat = start({ product: 'card' }, context({ draft: draftOf(opened(I.museumAdult)) }));
    expect(chat.say('is it nice?')).toEqual({
      refused: 'Use the buttons: choose a date to go on, or go back to see other products.',
    });
    // A number picks that button: the second day offered on the card.
    expect(chat.say('2').sent).toEqual({
      type: 'date.pick',
      date: chat.snapshot().context.draft?.accessDate,
    });
  });
});
