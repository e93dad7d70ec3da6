/**
 * The date step: dates typed in words or numbers (es, en), the skip when no date is
 * asked, the choice by button and by text, refusals with the nearest dates, and a date
 * per enclosure within one price set.
 */
import { describe, expect, it } from 'vitest';
import { nearestDates } from '#flows/booking/steps/date.js';
import { parseTypedDate } from '#flows/booking/choosing/dates.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import type { CartLine } from '#flows/booking/types.js';
import { context, draftOf, opened, start, TODAY } from './selection-harness.js';

const I = demoIds.products;
const E = demoIds.enclosures;

describe('reading a typed date (today: Wednesday 10 June 2026)', () => {
  it.each([
    ['mañana', 'es', '2026-06-11'],
    ['Pasado mañana', 'es', '2026-06-12'],
    ['hoy', 'es', '2026-06-10'],
    ['el sábado', 'es', '2026-06-13'],
    ['el próximo viernes', 'es', '2026-06-12'],
    ['12/8', 'es', '2026-08-12'],
    ['5 de diciembre', 'es', '2026-12-05'],
    ['el 15', 'es', '2026-06-15'],
    ['05/12/2026', 'es', '2026-12-05'],
    ['tomorrow', 'en', '2026-06-11'],
    ['the day after tomorrow', 'en', '2026-06-12'],
    ['next Saturday', 'en', '2026-06-13'],
    ['Wednesday', 'en', '2026-06-17'],
    ['12/8', 'en', '2026-08-12'],
    ['2026-12-05', 'en', '2026-12-05'],
    ['5 December', 'en', '2026-12-05'],
    ['the 3rd', 'en', '2026-07-03'],
    ['8/6', 'en', '2027-06-08'],
    ['tomorrow', 'es', '2026-06-11'],
    ['mañana', 'en', '2026-06-11'],
    // A weekday and a day of the month: the next day that is both (never just the
    // next Monday).
    ['lunes 30', 'es', '2026-11-30'],
    ['el martes 30', 'es', '2026-06-30'],
    ['Monday the 30th', 'en', '2026-11-30'],
  ] as const)('%s (%s) is %s', (text, lang, expected) => {
    expect(parseTypedDate(text, lang, TODAY)).toBe(expected);
  });

  it.each([['hola'], ['5pm'], ['31/2'], ['']])('%s is not a date', (text) => {
    expect(parseTypedDate(text, 'es', TODAY)).toBeUndefined();
  });

  it('finds the nearest dates to a wanted one', () => {
    const dates = ['2026-06-10', '2026-06-12', '2026-06-13', '2026-06-20', '2026-06-30'] as const;
    expect(nearestDates(dates, '2026-06-15')).toEqual(['2026-06-10', '2026-06-12', '2026-06-13']);
    expect(nearestDates(dates, '2026-06-19')).toEqual(['2026-06-12', '2026-06-13', '2026-06-20']);
  });
});

describe('entering the date step', () => {
  it('asks the date when the provider asks for one', () => {
    const chat = start('date', context({ draft: draftOf(opened(I.museumAdult)) }));
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('skips it with the purchase date when the provider does not ask, saying so', () => {
    const chat = start('date', context({ draft: draftOf(opened(I.wineShop)) }));
    expect(chat.state()).toEqual({ quantity: 'pricing' });
    expect(chat.snapshot().context.draft?.accessDate).toBe(TODAY);
    expect(chat.notices).toEqual([
      'This product is sold for the day of purchase: today, Wednesday, 10 June 2026.',
    ]);
  });

  it('skips it for an open date whose date is not asked, saying from which day it is valid', () => {
    const chat = start('date', context({ draft: draftOf(opened(I.museumGiftCard)) }));
    expect(chat.snapshot().context.draft?.accessDate).toBe(TODAY);
    expect(chat.notices[0]).toBe(
      'Open-date ticket: no need to choose a day; it is valid from Wednesday, 10 June 2026.',
    );
    // Its first sellable day, which need not be today (never "valid
    // from today, Tuesday 24" on Monday 23): the day is named, never called "today".
    const later = draftOf(opened(I.museumGiftCard));
    const tomorrow = start(
      'date',
      context({ draft: { ...later, product: { ...later.product, fixedDate: '2026-06-11' } } }),
    );
    expect(tomorrow.notices[0]).toBe(
      'Open-date ticket: no need to choose a day; it is valid from Thursday, 11 June 2026.',
    );
  });

  it('goes back to browse without a draft', () => {
    expect(start('date', context()).state()).toBe('browse');
  });
});

describe('choosing the date', () => {
  const pick = (productId: string, lang: 'es' | 'en' = 'en') =>
    start({ date: 'pick' }, context({ language: lang, draft: draftOf(opened(productId)) }));

  it('offers the first six dates as buttons and all of them to a calendar', () => {
    const chat = pick(I.museumAdult);
    const view = chat.view();
    expect(view.expects).toBe('date');
    expect(view.options.map((o) => o.id)).toEqual([
      'date:2026-06-10',
      'date:2026-06-11',
      'date:2026-06-12',
      'date:2026-06-13',
      'date:2026-06-14',
      'date:2026-06-16',
      'back',
      'home',
    ]);
    // The days do not all cost the same: each button says its day's price.
    expect(view.options.slice(0, 6).map((o) => o.label)).toEqual([
      'Wed 10 Jun · €12.00',
      'Thu 11 Jun · €12.00',
      'Fri 12 Jun · €12.00',
      'Sat 13 Jun · €15.00',
      'Sun 14 Jun · €15.00',
      'Tue 16 Jun · €12.00',
    ]);
    expect(view.calendar?.available).toEqual(opened(I.museumAdult).dates);
  });

  it('takes a date by button and moves on (no sessions: to the quantity)', () => {
    const chat = pick(I.museumAdult);
    chat.choose('date:2026-06-12');
    expect(chat.snapshot().context.draft?.accessDate).toBe('2026-06-12');
    // Its quantity step is the ticket-types step (adult, child, senior).
    expect(chat.state()).toEqual({ quantity: 'types' });
  });

  it('takes a date in words, in Spanish', () => {
    const chat = pick(I.museumAdult, 'es');
    expect(chat.say('mañana').sent).toEqual({ type: 'date.pick', date: '2026-06-11' });
    expect(chat.snapshot().context.draft?.accessDate).toBe('2026-06-11');
  });

  it('refuses a date that is not on sale, naming the nearest ones', () => {
    const chat = pick(I.museumAdult);
    expect(chat.say('15/6')).toEqual({
      refused:
        'Monday, 15 June 2026 is not available. The nearest available dates: Sat 13 Jun; Sun 14 Jun; Tue 16 Jun.',
    });
    expect(chat.say('1/1/2026')).toEqual({
      refused:
        'Thursday, 1 January 2026 has already passed. The nearest available dates: Wed 10 Jun; Thu 11 Jun; Fri 12 Jun.',
    });
    expect(chat.say('whenever')).toEqual({
      refused:
        'I could not read "whenever" as a date. Type for example "tomorrow", "Saturday" or "12/8", or choose a day.',
    });
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('reads a bare number as a day of the month, never as a button', () => {
    const chat = pick(I.museumAdult);
    // The 2nd of June has passed: the 2nd of July, not the second button (11 June).
    expect(chat.say('2').sent).toEqual({ type: 'date.pick', date: '2026-07-02' });
    const other = pick(I.museumAdult);
    expect(other.say('18').sent).toEqual({ type: 'date.pick', date: '2026-06-18' });
  });

  it('refuses a forged date event that is not sellable', () => {
    const chat = pick(I.museumAdult);
    expect(chat.snapshot().can({ type: 'date.pick', date: '2026-06-15' })).toBe(false);
  });

  it('says an open date is the first day of validity', () => {
    expect(pick(I.parkTwoDays).view().text).toContain(
      'This is an open-date ticket: the date you choose is the first day it is valid.',
    );
  });

  it('goes back to the product card', () => {
    const chat = pick(I.museumAdult);
    chat.choose('back');
    expect(chat.state()).toEqual({ product: 'card' });
  });
});

describe('a date per enclosure', () => {
  const park = () => start({ date: 'pick' }, context({ draft: draftOf(opened(I.parkAdult)) }));
  /** A conversation stored resting at the second enclosure's date (the step still answers it). */
  const atSecond = () =>
    start(
      { date: 'enclosure' },
      context({
        draft: draftOf(opened(I.parkAdult), {
          accessDate: '2026-06-11',
          enclosureDates: { [E.slides]: '2026-06-11' },
        }),
      }),
    );

  it('takes the day chosen for every enclosure: no second date asked', () => {
    const chat = park();
    expect(chat.view().text).toMatch(/to "Slides area"/);
    chat.choose('date:2026-06-11'); // a Thursday: the weekday price set
    expect(chat.state()).not.toEqual({ date: 'enclosure' });
    expect(chat.snapshot().context.draft?.enclosureDates).toEqual({
      [E.slides]: '2026-06-11',
      [E.wavePool]: '2026-06-11',
    });
  });

  it('a stored second enclosure offers the same day first, and only days of its price set', () => {
    const chat = atSecond();
    const view = chat.view();
    expect(view.text).toBe(
      'And for "Wave pool"? It can be the same day (Thu 11 Jun) or another day with the same price.',
    );
    expect(view.options[0]).toMatchObject({
      id: 'date:2026-06-11',
      label: 'Same day (Thu 11 Jun)',
    });
    // Only weekdays share the set of a Thursday.
    expect(view.calendar?.available).not.toContain('2026-06-13');
    expect(view.calendar?.available).toContain('2026-06-12');
  });

  it('refuses a date of another price set, and takes one of the same', () => {
    const chat = atSecond();
    expect(chat.say('13/6')).toEqual({
      refused:
        'Saturday, 13 June 2026 does not share the price of the date you chose: all dates of a purchase must have the same price. The nearest available dates: Thu 11 Jun; Fri 12 Jun; Mon 15 Jun.',
    });
    expect(chat.snapshot().can({ type: 'date.pick', date: '2026-06-13' })).toBe(false);
    chat.say('12/6');
    expect(chat.snapshot().context.draft?.enclosureDates).toEqual({
      [E.slides]: '2026-06-11',
      [E.wavePool]: '2026-06-12',
    });
    // The 11th is a limited day whose places were not read with the product.
    expect(chat.state()).toEqual({ quantity: 'capacity' });
  });

  it('goes back from the second enclosure to the first date', () => {
    const chat = atSecond();
    chat.choose('back');
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.snapshot().context.draft?.enclosureDates).toBeUndefined();
    expect(chat.snapshot().context.draft?.accessDate).toBeUndefined();
  });

  it('goes back one enclosure at a time with three enclosures', () => {
    const product = opened(I.parkAdult);
    product.rules!.dateEnclosures!.push({ enclosureId: 'third', name: 'Third' });
    const chat = start(
      { date: 'enclosure' },
      context({
        draft: draftOf(product, {
          accessDate: '2026-06-11',
          enclosureDates: { [E.slides]: '2026-06-11', [E.wavePool]: '2026-06-12' },
        }),
      }),
    );
    expect(chat.view().text).toMatch(/"Third"/);
    chat.choose('back');
    expect(chat.state()).toEqual({ date: 'enclosure' });
    expect(chat.snapshot().context.draft?.enclosureDates).toEqual({ [E.slides]: '2026-06-11' });
    expect(chat.view().text).toMatch(/"Wave pool"/);
  });
});

describe('full days and few places', () => {
  // The family pack counts 4 quota tickets: 8 places are 2 packs, 3 places none.
  const family = () =>
    opened(I.museumFamily, {
      capacity: [
        { productId: I.museumFamily, date: '2026-06-10', availableCapacity: 8 },
        { productId: I.museumFamily, date: '2026-06-11', availableCapacity: 3 },
        { productId: I.museumFamily, date: '2026-06-12', availableCapacity: 40 },
      ],
    });
  const label = (chat: ReturnType<typeof start>, date: string) =>
    chat.view().options.find((o) => o.id === `date:${date}`)?.label;

  it('keeps a full day among the dates shown, marked, and marks a day with few left', () => {
    const product = family();
    expect(product.dates).not.toContain('2026-06-11');
    expect(product.rules?.soldOut).toEqual(['2026-06-11']);
    const chat = start({ date: 'pick' }, context({ draft: draftOf(product) }));
    expect(label(chat, '2026-06-10')).toMatch(/^Wed 10 Jun( · .+)? · 2 left$/);
    expect(label(chat, '2026-06-11')).toMatch(/^Thu 11 Jun( · .+)? · sold out$/);
    expect(label(chat, '2026-06-12')).not.toMatch(/left|sold out/);
    // The calendar lets only days with room be tapped, and marks the full one.
    expect(chat.view().calendar?.available).not.toContain('2026-06-11');
    expect(chat.view().calendar?.available).toContain('2026-06-10');
    expect(chat.view().calendar?.full).toEqual(['2026-06-11']);
  });

  it('says so in Spanish', () => {
    const chat = start({ date: 'pick' }, context({ language: 'es', draft: draftOf(family()) }));
    expect(label(chat, '2026-06-10')).toMatch(/ · quedan 2$/);
    expect(label(chat, '2026-06-11')).toMatch(/ · agotado$/);
  });

  it('refuses a tap on a full day with the reason and the nearest days with room, one tap each', () => {
    const chat = start({ date: 'pick' }, context({ draft: draftOf(family()) }));
    chat.choose('date:2026-06-11');
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.snapshot().context.draft?.accessDate).toBeUndefined();
    expect(chat.notices).toEqual([
      'Thursday, 11 June 2026 is sold out. The nearest days with room: Wed 10 Jun; Fri 12 Jun; Sat 13 Jun.',
    ]);
    const buttons = chat.view().options.map((o) => o.id);
    for (const date of ['2026-06-10', '2026-06-12', '2026-06-13'])
      expect(buttons).toContain(`date:${date}`);
    chat.choose('date:2026-06-12');
    expect(chat.snapshot().context.draft).toMatchObject({ accessDate: '2026-06-12' });
    expect(chat.snapshot().context.draft?.nearDate).toBeUndefined();
  });

  it('refuses a typed full day the same way', () => {
    const chat = start({ date: 'pick' }, context({ draft: draftOf(family()) }));
    expect(chat.say('tomorrow').sent).toEqual({ type: 'date.pick', date: '2026-06-11' });
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.notices[0]).toMatch(/^Thursday, 11 June 2026 is sold out\. /);
  });

  it('shows the days around a full day asked for far ahead', () => {
    const product = family();
    product.rules!.soldOut = ['2026-08-12'];
    product.dates = product.dates.filter((date) => date !== '2026-08-12');
    const chat = start({ date: 'pick' }, context({ draft: draftOf(product) }));
    chat.say('12/8');
    const dates = chat
      .view()
      .options.filter((o) => o.id.startsWith('date:'))
      .map((o) => o.id.slice(5));
    expect(dates).toContain('2026-08-12');
    expect(dates.every((date) => date >= '2026-08-01' && date <= '2026-08-25')).toBe(true);
  });

  it('takes a full day tapped on the card to the date step with the reason', () => {
    const chat = start({ product: 'card' }, context({ draft: draftOf(family()) }));
    expect(label(chat, '2026-06-11')).toMatch(/sold out$/);
    chat.choose('date:2026-06-11');
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.notices[0]).toMatch(/^Thursday, 11 June 2026 is sold out\. The nearest days/);
    expect(chat.snapshot().context.draft?.nearDate).toBe('2026-06-11');
  });

  it('counts what the cart already holds of a day', () => {
    const held: CartLine = {
      cartItemId: 'item1',
      productId: I.museumFamily,
      providerId: demoIds.providers.museum,
      name: 'Family pack',
      accessDate: '2026-06-10',
      quantity: 2,
      sessions: [],
      unitPrice: { cents: 5000, currency: 'EUR' },
    };
    const chat = start(
      { date: 'pick' },
      context({
        draft: draftOf(family()),
        cart: { shoppingCartId: 'cart000000001', lines: [held] },
      }),
    );
    expect(label(chat, '2026-06-10')).toMatch(/sold out$/);
    expect(chat.snapshot().can({ type: 'date.pick', date: '2026-06-10' })).toBe(true);
    chat.choose('date:2026-06-10');
    expect(chat.notices[0]).toMatch(/^Wednesday, 10 June 2026 is sold out\./);
    expect(chat.snapshot().context.draft?.accessDate).toBeUndefined();
  });
});
