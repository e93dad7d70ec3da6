/**
 * A booking in one message on the real booking machine (fake actors, the demo catalog,
 * Wednesday 10 June 2026): what home, browse and the product card send for typed
 * messages, and how the date and quantity steps take what the message said.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { BookingContext, SessionOffer, TicketTypeOffer } from '#flows/booking/types.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { demoProfile } from './questions-harness.js';
import { context, demo, draftOf, fake, opened, start, withoutTypes } from './selection-harness.js';

const I = demoIds.products;
const P = demoIds.providers;

describe('a booking message at home', () => {
  it('opens the product it names, keeping the date, time and quantity', () => {
    const chat = start('home', context());
    expect(chat.say('2 tickets for the aquarium tomorrow at 12:30')).toEqual({
      sent: {
        type: 'wish',
        productId: I.museumJellyfish,
        wish: { date: { kind: 'date', date: '2026-06-11' }, time: '12:30', quantity: 2 },
      },
    });
    expect(chat.snapshot().context.wish).toEqual({
      date: { kind: 'date', date: '2026-06-11' },
      time: '12:30',
      quantity: 2,
    });
  });

  it('goes to the place it names, and to what else it asks for', () => {
    const chat = start('home', context({ language: 'es' }));
    expect(chat.say('quiero 2 entradas para el museo el sábado').sent).toEqual({
      type: 'browse.provider',
      providerId: P.museum,
      wish: { date: { kind: 'date', date: '2026-06-13' }, quantity: 2 },
    });
    expect(chat.snapshot().context.browse).toEqual({ providerId: P.museum, page: 0 });
    expect(start('home', context()).say('gift card').sent).toEqual({ type: 'giftcard.menu' });
    expect(start('home', context()).say('hotel packages').sent).toEqual({ type: 'package.open' });
  });

  it('asks what to price when the price is asked of nothing', () => {
    const chat = start('home', context());
    expect(chat.say('how much is it?').refused).toMatch(
      /^Tell me what you would like the price of/,
    );
  });

  it('says what can be typed when nothing is understood', () => {
    const chat = start('home', context());
    expect(chat.say('qwerty zxcv').refused).toMatch(
      /^Sorry, I didn't get that\. Choose a button or type one of these \(or its number\): «Book tickets», «My cart \(0\)»/,
    );
  });
});

describe('a booking message at the search prompt', () => {
  it('opens the product with what the message said instead of searching the sentence', () => {
    const chat = start('browse', context({ language: 'es' }));
    expect(chat.say('3 entradas para el planetario el viernes').sent).toEqual({
      type: 'wish',
      productId: I.museumPlanetarium,
      wish: { date: { kind: 'date', date: '2026-06-12' }, quantity: 3 },
    });
  });

  it('still searches a bare word', () => {
    const chat = start('browse', context());
    expect(chat.say('jellyfish').sent).toEqual({ type: 'browse.query', query: 'jellyfish' });
  });
});

describe('the product card', () => {
  const atCard = () =>
    start({ product: 'card' }, context({ draft: draftOf(opened(I.museumPlanetarium)) }));

  it('takes "saturday, 3 people" for the later steps and goes on to the date', () => {
    const chat = atCard();
    expect(chat.say('saturday, 3 people').sent).toEqual({
      type: 'wish',
      wish: { date: { kind: 'date', date: '2026-06-13' }, quantity: 3 },
    });
    // The date step took the date: the draft has it, and the wish keeps only the rest.
    expect(chat.snapshot().context.draft?.accessDate).toBe('2026-06-13');
    expect(chat.snapshot().context.wish).toEqual({ quantity: 3 });
  });

  it('answers "how much is it?" with the price', () => {
    expect(atCard().say('how much is it?').refused).toMatch(
      /^💶 From €\d+\.\d\d( \(from €\d+\.\d\d from [^)]+ on\))?$/,
    );
  });

  it('says why a date it cannot sell is refused, and asks', () => {
    const chat = atCard();
    // Mondays the museum is closed.
    chat.say('monday');
    expect(chat.notices).toEqual([
      'Monday, 15 June 2026 is not on sale: the place is closed or has no sessions that day. The nearest available dates: Sat 13 Jun; Sun 14 Jun; Tue 16 Jun.',
    ]);
    expect(chat.state()).toEqual({ date: 'pick' });
  });
});

describe('the quantity step', () => {
  it('takes the quantity said, or says why not and asks', async () => {
    const quote = fromPromise(async () => ({ cents: 1000, currency: 'EUR' }));
    const chat = start(
      'quantity',
      context({
        wish: { quantity: 40 },
        draft: draftOf(withoutTypes(opened(I.museumAdult)), { accessDate: '2026-06-11' }),
      }),
      { actors: { quotePrice: quote } },
    );
    await chat.settled();
    expect(chat.state()).toEqual({ quantity: 'choosing' });
    expect(chat.notices[0]).toBe('Groups of more than 19 people are not accepted: at most 19.');
    expect(chat.snapshot().context.wish).toBeUndefined();
  });
});

describe('answers in words at the date, session and quantity steps', () => {
  const atDate = () =>
    start({ date: 'pick' }, context({ draft: draftOf(opened(I.museumPlanetarium)) }));

  it.each([
    ['el finde', '2026-06-13'],
    ['this weekend', '2026-06-13'],
    ['sabdo', '2026-06-13'],
    ['mñana', '2026-06-11'],
    ['tomorow', '2026-06-11'],
  ])('reads %j as a date', (text, date) => {
    expect(atDate().say(text).sent).toEqual({ type: 'date.pick', date });
  });

  it('says why a colloquial date cannot be had, with the nearest ones', () => {
    // Christmas is beyond the demo's 90 days on sale.
    expect(atDate().say('navidad').refused).toMatch(
      /^Friday, 25 December 2026 is not available\. The nearest available dates: /,
    );
  });

  it.each([
    ['a couple', 2],
    ['un par', 2],
    ['2 adultos y 1 niño', 3],
    ['para 3 personas', 3],
    ['twelve tickets', 12],
  ])('reads %j as a quantity', (text, quantity) => {
    const draft = draftOf(opened(I.museumAdult), {
      accessDate: '2026-06-12',
      unitPrice: { cents: 1200, currency: 'EUR' },
    });
    const chat = start({ quantity: 'choosing' }, context({ draft }));
    expect(chat.say(text).sent).toEqual({ type: 'quantity.pick', quantity });
  });

  it('reads "a las 5 de la tarde" as the 17:00 session', () => {
    const day = '2026-06-12' as IsoDate;
    const draft = draftOf(opened(I.museumPlanetarium), { accessDate: day });
    const offer: SessionOffer = {
      enclosureId: demoIds.enclosures.planetarium,
      name: 'Planetarium',
      date: day,
      mode: 'choose',
      options: [
        { sessionId: 's1100', time: `${day}T11:00:00` as IsoDateTime },
        { sessionId: 's1700', time: `${day}T17:00:00` as IsoDateTime },
      ],
      available: true,
    };
    const chat = start(
      { session: 'choosing' },
      context({ draft: { ...draft, sessionStep: { offers: [offer], cursor: 0 } } }),
    );
    expect(chat.say('a las 5 de la tarde').sent).toMatchObject({
      type: 'session.pick',
      sessionId: 's1700',
    });
  });
});

describe('what a message says when it names no single product', () => {
  const openMuseum = () => fake(() => opened(I.museumAdult));

  it.each([
    [
      'quiero ir al musem el finde',
      { date: { kind: 'range', from: '2026-06-13', to: '2026-06-14' } },
    ],
    ['entradas para el museo en navidad', { date: { kind: 'date', date: '2026-12-25' } }],
    ['museo el sábado para 2', { date: { kind: 'date', date: '2026-06-13' }, quantity: 2 }],
  ])('keeps the wish of %j through the lists of its place', (text, wish) => {
    const chat = start('home', context({ language: 'es' }));
    expect(chat.say(text).sent).toMatchObject({ type: 'browse.provider', providerId: P.museum });
    expect(chat.snapshot().context.wish).toEqual(wish);
    expect(chat.notices).toEqual([expect.stringMatching(/^Vale: .+\. Elige qué reservar\.$/)]);
  });

  it('applies it to the product picked from the list: the date taken, the rest kept', async () => {
    const open = openMuseum();
    const chat = start('home', context({ language: 'es' }), {
      actors: { openProduct: open.logic },
    });
    chat.say('museo el sábado para 2');
    chat.send({ type: 'browse.base', productBaseId: opened(I.museumAdult).productBaseId });
    chat.send({ type: 'browse.product', productId: I.museumAdult });
    await chat.settled();
    expect(open.inputs).toHaveLength(1);
    expect(chat.snapshot().context.draft?.accessDate).toBe('2026-06-13');
    expect(chat.snapshot().context.wish).toEqual({ quantity: 2 });
  });

  it('keeps it at the search prompt when the place is named with it', () => {
    const chat = start('browse', context());
    expect(chat.say('two tickets for the musem tomorow at 11').sent).toEqual({
      type: 'browse.provider',
      providerId: P.museum,
      wish: { date: { kind: 'date', date: '2026-06-11' }, time: '11:00', quantity: 2 },
    });
  });

  it('keeps it through a combined product: the day and how many taken once it is opened', async () => {
    const combined = fake(() => ({
      name: 'Maritime Valencia: museum + boat',
      providerId: P.museum,
      parts: [
        { productId: I.comboMuseum, name: 'Museum' },
        { productId: I.comboBoat, name: 'Boat trip' },
      ],
      dates: ['2026-06-11', '2026-06-13'] as IsoDate[],
      minimumQuantity: 1,
      maximumQuantity: 5,
      insurable: true,
    }));
    const chat = start('home', context({ language: 'es' }), {
      actors: { openCombined: combined.logic },
    });
    expect(chat.say('museo y barco el sábado para 2').sent).toMatchObject({
      type: 'combined.pick',
      wish: { date: { kind: 'date', date: '2026-06-13' }, quantity: 2 },
    });
    await chat.settled();
    expect(chat.snapshot().context.combined).toMatchObject({
      accessDate: '2026-06-13',
      quantity: 2,
    });
    expect(chat.state()).toEqual({ combined: 'pricing' });
    expect(chat.snapshot().context.wish).toBeUndefined();
    // Priced for the two the message asked, never asked how many again.
    const priced = start('home', context({ language: 'es' }), {
      actors: { openCombined: combined.logic, quoteCombined: fake(() => 20.7).logic },
    });
    priced.say('museo y barco el sábado para 2');
    await priced.settled();
    expect(priced.state()).toEqual({ combined: 'priced' });
    expect(priced.snapshot().context.combined).toMatchObject({ quantity: 2, unitPrice: 20.7 });
  });

  it('says why a combined product cannot have the day asked, and asks it', async () => {
    const combined = fake(() => ({
      name: 'Valencia marítima: museo + barco',
      providerId: P.museum,
      parts: [{ productId: I.comboMuseum, name: 'Museo' }],
      dates: ['2026-06-11', '2026-06-13', '2026-06-20'] as IsoDate[],
      minimumQuantity: 1,
      insurable: true,
    }));
    const chat = start('home', context({ language: 'es' }), {
      actors: { openCombined: combined.logic },
    });
    chat.say('museo y barco el domingo para 2');
    await chat.settled();
    expect(chat.state()).toEqual({ combined: 'date' });
    expect(chat.notices[0]).toMatch(/^El domingo, 14 de junio de 2026 no está a la venta: /);
    expect(chat.snapshot().context.wish).toEqual({ quantity: 2 });
  });
});

describe('slots typed at a list', () => {
  const atList = () =>
    start(
      'browse',
      context({
        language: 'es',
        browse: { providerId: P.museum, page: 0, query: 'Museo del Mar adulto' },
      }),
    );

  it.each([
    ['el sábado', { date: { kind: 'date', date: '2026-06-13' } }],
    ['para 3 personas', { quantity: 3 }],
    [
      'mañana a las 11 para 2',
      { date: { kind: 'date', date: '2026-06-11' }, time: '11:00', quantity: 2 },
    ],
  ])('keeps %j as the wish and says so, instead of searching it', (text, wish) => {
    const chat = atList();
    expect(chat.say(text).sent).toEqual({ type: 'wish', wish });
    expect(chat.snapshot().context.wish).toEqual(wish);
    expect(chat.snapshot().context.browse.query).toBe('Museo del Mar adulto');
    expect(chat.notices).toHaveLength(1);
    expect(chat.notices[0]).toMatch(/^Vale: .*\. Elige qué reservar\.$/);
  });

  it('adds to a wish already kept', () => {
    const chat = atList();
    chat.say('el sábado');
    chat.say('para 3 personas');
    expect(chat.snapshot().context.wish).toEqual({
      date: { kind: 'date', date: '2026-06-13' },
      quantity: 3,
    });
    expect(chat.notices[1]).toBe(
      'Vale: el sábado, 13 de junio de 2026, 3 entradas. Elige qué reservar.',
    );
  });
});

it('at home, slots alone are kept and the places are shown', () => {
  const chat = start('home', context({ language: 'es' }));
  expect(chat.say('el sábado para 2').sent).toEqual({
    type: 'wish',
    wish: { date: { kind: 'date', date: '2026-06-13' }, quantity: 2 },
  });
  expect(chat.state()).toBe('browse');
  expect(chat.notices).toEqual([
    'Vale: el sábado, 13 de junio de 2026, 2 entradas. Elige qué reservar.',
  ]);
});

describe('a day the product is not sold for, with the reason', () => {
  const atCard = () =>
    start({ product: 'card' }, context({ draft: draftOf(opened(I.museumPlanetarium)) }));

  it('says a day beyond the sale window is not on sale yet, and until when it is', () => {
    const chat = atCard();
    chat.say('christmas');
    expect(chat.notices[0]).toMatch(
      /^Friday, 25 December 2026 is not on sale yet: for now it is sold until [A-Z][a-z]+day, \d+ [A-Z][a-z]+ 2026\.$/,
    );
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('says a day that has passed has passed, and keeps the card', () => {
    const chat = atCard();
    expect(chat.say('yesterday').refused).toBe('Tuesday, 9 June 2026 has already passed.');
    expect(chat.state()).toEqual({ product: 'card' });
  });

  it('asks before selling a purchase-day product for today when another day was asked', async () => {
    const open = fake(() => opened(I.wineShop));
    const chat = start('home', context({ language: 'es' }), {
      actors: { openProduct: open.logic },
    });
    chat.send({
      type: 'wish',
      productId: I.wineShop,
      wish: { date: { kind: 'date', date: '2026-06-13' }, quantity: 2 },
    });
    await chat.settled();
    expect(chat.state()).toEqual({ date: 'fixed' });
    expect(chat.view().text).toBe(
      'Este producto solo se vende para el día de la compra: hoy, miércoles, 10 de junio de 2026 (no para el sábado, 13 de junio de 2026). ¿Lo quieres para hoy?',
    );
    expect(chat.view().options.map((o) => o.id)).toEqual(['today', 'back', 'home']);
    expect(chat.snapshot().context.draft?.accessDate).toBeUndefined();
    chat.choose('today');
    expect(chat.snapshot().context.draft?.accessDate).toBe('2026-06-10');
    expect(chat.snapshot().context.wish).toEqual({ quantity: 2 });
  });
});

describe('a package asked for in a message', () => {
  it.each(['paquete con hotel en gran canaria', 'a package with hotel in valencia'])(
    'opens the packages for %j, at home and at a list',
    (text) => {
      expect(start('home', context()).say(text).sent).toEqual({ type: 'package.open' });
      expect(start('browse', context()).say(text).sent).toEqual({ type: 'package.open' });
    },
  );
});

describe('a word for whom, typed at home', () => {
  it.each(['kids', 'niños', 'children', 'family', 'familia'])(
    'searches %j rather than opening one product',
    (text) => {
      const chat = start('home', context());
      expect(chat.say(text).sent).toEqual({ type: 'browse.query', query: text });
      expect(chat.state()).toBe('browse');
      expect(chat.view().options.map((o) => o.id)).toContain(`product:${I.museumChild}`);
    },
  );
});

describe('a greeting', () => {
  it.each(['hola', 'hi'])('%j at home is answered by the welcome alone', (text) => {
    const chat = start('home', context());
    expect(chat.say(text).sent).toEqual({ type: 'command.greeting' });
    expect(chat.notices).toEqual([]);
    expect(chat.state()).toBe('home');
  });

  it('at a later step says the conversation goes on where it was', () => {
    const chat = start('browse', context());
    chat.say('hi');
    expect(chat.notices).toEqual(['Hi! We carry on where we left off.']);
    expect(chat.state()).toBe('browse');
  });
});

describe('small ones', () => {
  it.each([
    ['home', 'what time does it open'],
    ['browse', 'what time does it open?'],
  ])('at %s, %j is answered with where the sessions are, never a card', (step, text) => {
    const chat = start(step, context());
    expect(chat.say(text).refused).toMatch(/^The days and sessions of each place are on/);
  });
});

it('offers the sessions of the part of the day the message said', () => {
  const day = '2026-06-12' as IsoDate;
  const draft = draftOf(opened(I.museumPlanetarium), { accessDate: day });
  const offer: SessionOffer = {
    enclosureId: demoIds.enclosures.planetarium,
    name: 'Planetarium',
    date: day,
    mode: 'choose',
    options: [
      { sessionId: 's1100', time: `${day}T11:00:00` as IsoDateTime },
      { sessionId: 's1700', time: `${day}T17:00:00` as IsoDateTime },
    ],
    available: true,
  };
  const at = (wish: BookingContext['wish']) =>
    start(
      { session: 'choosing' },
      context({ wish, draft: { ...draft, sessionStep: { offers: [offer], cursor: 0 } } }),
    )
      .view()
      .options.map((option) => option.id)
      .filter((id) => id.startsWith('session:'));
  expect(at({ daypart: 'afternoon' })).toEqual(['session:s1700']);
  expect(at({ daypart: 'morning' })).toEqual(['session:s1100']);
  // None that evening: every session, rather than none.
  expect(at({ daypart: 'evening' })).toEqual(['session:s1100', 'session:s1700']);
  expect(at(undefined)).toEqual(['session:s1100', 'session:s1700']);
});

describe('the summary of what a message asked for', () => {
  const EUR = (cents: number) => ({ cents, currency: 'EUR' });
  const museumOffers = (): TicketTypeOffer[] =>
    (
      [
        [I.museumAdult, 'adult', 1500],
        [I.museumChild, 'child', 900],
        [I.museumSenior, 'senior', 1000],
      ] as const
    ).map(([productId, kind, cents]) => ({
      productId,
      name: `${kind} ticket`,
      kind,
      unitPrice: EUR(cents),
      minimum: 1,
      peoplePerUnit: 1,
    }));

  it('says which day "el sábado" became, the place, how many and the total, in one notice', async () => {
    const open = fake(() => opened(I.museumAdult, { catalog: demo('es') }));
    const quote = fake(async () => museumOffers());
    const visitor = demoProfile(demoIds.profiles.ticketVisitor);
    const load = fake(async () => [
      { ticketId: 't1', attendee: 1, label: 'Entrada adulto', questions: visitor.questions },
    ]);
    const chat = start('home', context({ language: 'es' }), {
      actors: {
        openProduct: open.logic,
        quoteTicketTypes: quote.logic,
        loadTicketQuestions: load.logic,
      },
    });
    chat.say('2 entradas de adulto para el Museo del Mar el sábado');
    await chat.settled();
    // No view of its own: the flow is at the ticket questions, and the summary is the
    // one notice, where the total alone was.
    expect(chat.state()).toEqual({ questions: 'asking' });
    expect(chat.notices).toEqual([
      [
        '📝 Tu elección:',
        'Museo del Mar de Valencia · Entradas',
        'sábado, 13 de junio de 2026',
        '2 adultos',
        // Money as Intl writes it: a no-break space before the euro sign.
        'Total: 2 × 15,00\u00a0€ = 30,00\u00a0€.',
      ].join('\n'),
    ]);
    // The view after it keeps Back: to the ticket types, with the counts taken.
    expect(chat.choose('back').sent).toEqual({ type: 'nav.back' });
    await chat.settled();
    expect(chat.state()).toEqual({ quantity: 'typesChoosing' });
    expect(chat.snapshot().context.draft?.types?.counts).toEqual({
      [I.museumAdult]: 2,
      [I.museumChild]: 0,
      [I.museumSenior]: 0,
    });
  });

  it('lists each ticket type said and the session, in English too', async () => {
    const quote = fake(async () => museumOffers());
    const chat = start(
      'quantity',
      context({
        wish: { types: { adult: 2, child: 1 } },
        draft: draftOf(opened(I.museumAdult), {
          accessDate: '2026-06-12',
          sessions: [{ enclosureId: 'e1', sessionId: 's1700', label: '17:00' }],
        }),
      }),
      { actors: { quoteTicketTypes: quote.logic } },
    );
    await chat.settled();
    expect(chat.notices).toEqual([
      [
        '📝 Your choice:',
        'Valencia Sea Museum · Tickets',
        'Friday, 12 June 2026 · 17:00',
        '2 adults · 1 child',
        'Total: 2 × €15.00 + 1 × €9.00 = €39.00.',
      ].join('\n'),
    ]);
  });

  it('is the total alone when the customer chose at the steps themselves', async () => {
    const quote = fake(async () => museumOffers());
    const chat = start(
      'quantity',
      context({ draft: draftOf(opened(I.museumAdult), { accessDate: '2026-06-12' }) }),
      { actors: { quoteTicketTypes: quote.logic } },
    );
    await chat.settled();
    chat.say('2 adults and 1 child');
    expect(chat.notices).toEqual(['Total: 2 × €15.00 + 1 × €9.00 = €39.00.']);
  });

  it('says how many of a product without ticket types, with its total', async () => {
    const quote = fromPromise(async () => EUR(1200));
    const chat = start(
      'quantity',
      context({
        language: 'es',
        wish: { quantity: 3 },
        draft: draftOf(withoutTypes(opened(I.museumPlanetarium, { catalog: demo('es') })), {
          accessDate: '2026-06-12',
        }),
      }),
      { actors: { quotePrice: quote } },
    );
    await chat.settled();
    expect(chat.notices).toEqual([
      expect.stringMatching(
        /^📝 Tu elección:\nMuseo del Mar de Valencia · Museo \+ Planetario\nviernes, 12 de junio de 2026\n3 entradas\nTotal: 3 × 12,00\s€ = 36,00\s€\.$/,
      ),
    ]);
  });
});
