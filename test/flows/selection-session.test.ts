/**
 * The session step with a fake loadSessions: skipped without sessions, chosen (auto-assign
 * No), chosen or assigned (IfNotSet), previewed only (ForceSet), none left that day,
 * failures with a retry, typed times, and back.
 */
import { describe, expect, it } from 'vitest';
import type { LoadSessionsInput } from '#flows/booking/actors/selection.js';
import type { BookingContext, CartLine, SessionOffer } from '#flows/booking/types.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { context, draftOf, fake, opened, start } from './selection-harness.js';

const I = demoIds.products;
const E = demoIds.enclosures;
const DAY = '2026-06-12' as const;

const dome = (over: Partial<SessionOffer> = {}): SessionOffer => ({
  enclosureId: E.planetarium,
  name: 'Planetarium',
  date: DAY,
  mode: 'choose',
  options: [
    { sessionId: 's1100', time: `${DAY}T11:00:00`, remaining: 1, maxQuantity: 1 },
    { sessionId: 's1700', time: `${DAY}T17:00:00`, remaining: 12, maxQuantity: 12 },
  ],
  available: true,
  ...over,
});

const jelly = (over: Partial<SessionOffer> = {}): SessionOffer => ({
  enclosureId: E.jellyfish,
  name: 'Jellyfish aquarium',
  date: DAY,
  mode: 'optional',
  options: [{ sessionId: 'j1030', time: `${DAY}T10:30:00` }],
  available: true,
  ...over,
});

const show = (over: Partial<SessionOffer> = {}): SessionOffer => ({
  enclosureId: E.sealShow,
  name: 'Sea lion amphitheatre',
  date: DAY,
  mode: 'forced',
  options: [],
  available: true,
  preview: { time: '12:00', name: 'Sea lions: the big show' },
  ...over,
});

function withDate(productId: string, over: Partial<BookingContext> = {}) {
  return context({ draft: draftOf(opened(productId), { accessDate: DAY }), ...over });
}

async function entered(productId: string, offers: SessionOffer[] | Error) {
  const load = fake<SessionOffer[], LoadSessionsInput>(async () => {
    if (offers instanceof Error) throw offers;
    return offers;
  });
  const chat = start('session', withDate(productId), { actors: { loadSessions: load.logic } });
  await chat.settled();
  return { chat, load };
}

describe('entering the session step', () => {
  it('skips it when no enclosure of the product has sessions', () => {
    const chat = start('session', withDate(I.museumAdult));
    // The museum's adult ticket has types: its quantity step is the ticket-types step.
    expect(chat.state()).toEqual({ quantity: 'types' });
  });

  it('asks the loader with the product, dates and minimum', async () => {
    const { load } = await entered(I.museumPlanetarium, [dome()]);
    expect(load.inputs).toEqual([
      {
        productId: I.museumPlanetarium,
        language: 'en',
        date: DAY,
        enclosureDates: {},
        minimumQuantity: 1,
      },
    ]);
  });

  it('goes back to the date when no session is left that day, saying so', async () => {
    const { chat } = await entered(I.museumPlanetarium, [dome({ options: [], available: false })]);
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.notices).toEqual([
      'There are no sessions left of «Planetarium» on Friday, 12 June 2026. Please choose another date.',
    ]);
  });

  it('asks the date first when there is none', () => {
    const chat = start('session', context({ draft: draftOf(opened(I.museumPlanetarium)) }));
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('goes back to the card when no session is left on a date that is not asked', async () => {
    const draft = draftOf(opened(I.museumPlanetarium), { accessDate: DAY });
    draft.product.fixedDate = DAY;
    const load = fake<SessionOffer[], LoadSessionsInput>(async () => [
      dome({ options: [], available: false }),
    ]);
    const chat = start('session', context({ draft }), { actors: { loadSessions: load.logic } });
    await chat.settled();
    expect(chat.state()).toEqual({ product: 'card' });
    expect(chat.notices).toHaveLength(1);
  });

  it('goes back to the date from a failed look-up', async () => {
    const { chat } = await entered(I.museumPlanetarium, new Error('down'));
    chat.choose('back');
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('offers a retry when the sessions cannot be read', async () => {
    const { chat } = await entered(I.museumPlanetarium, new Error('down'));
    expect(chat.state()).toEqual({ session: 'failed' });
    expect(chat.notices).toHaveLength(1);
    expect(chat.view().options.map((o) => o.id)).toEqual(['retry', 'back', 'home']);
    chat.choose('retry');
    expect(chat.state()).toEqual({ session: 'loading' });
  });
});

describe('choosing a session', () => {
  it('lists the sessions with the places left, and takes one', async () => {
    const { chat } = await entered(I.museumPlanetarium, [dome()]);
    expect(chat.state()).toEqual({ session: 'choosing' });
    const view = chat.view();
    expect(view.text).toBe('Choose the session of "Planetarium" on Friday, 12 June 2026:');
    expect(view.options.map((o) => [o.id, o.label])).toEqual([
      // Few left (choosing/room.ts, FEW_LEFT): said so on the button.
      ['session:s1100', '11:00 · only 1 place left'],
      ['session:s1700', '17:00 · 12 places left'],
      ['back', '⬅️ Back'],
      ['home', '🏠 Home'],
    ]);
    chat.choose('session:s1700');
    expect(chat.snapshot().context.draft?.sessions).toEqual([
      { enclosureId: E.planetarium, sessionId: 's1700', label: '17:00' },
    ]);
    expect(chat.state()).toEqual({ quantity: 'pricing' });
  });

  it('reads a typed time, and refuses other text with a hint', async () => {
    const { chat } = await entered(I.museumPlanetarium, [dome()]);
    expect(chat.say('that one')).toEqual({
      refused: 'Choose one of the sessions listed (or type its time, e.g. "17:00").',
    });
    expect(chat.say('5pm').sent).toMatchObject({ sessionId: 's1700' });
  });

  it('refuses a session that is not offered', async () => {
    const { chat } = await entered(I.museumPlanetarium, [dome()]);
    const forged = {
      type: 'session.pick',
      enclosureId: E.planetarium,
      sessionId: 'gone',
      label: 'x',
    } as const;
    expect(chat.snapshot().can(forged)).toBe(false);
    expect(chat.snapshot().can({ type: 'session.auto' })).toBe(false); // auto-assign No
  });

  it('offers "assign one for me" when the service assigns if none is chosen', async () => {
    const { chat } = await entered(I.museumJellyfish, [jelly()]);
    const view = chat.view();
    expect(view.text).toContain('Or let one be assigned to you.');
    expect(view.options.map((o) => o.id)).toEqual(['session:j1030', 'auto', 'back', 'home']);
    chat.choose('auto');
    expect(chat.snapshot().context.draft?.sessions).toEqual([]);
    expect(chat.state()).toEqual({ quantity: 'pricing' });
  });

  it('asks nothing for sessions the service always assigns, and previews them', async () => {
    const { chat } = await entered(I.parkShowAdult, [show()]);
    expect(chat.state()).toEqual({ quantity: 'types' });
    expect(chat.notices).toEqual([
      'Session of "Sea lion amphitheatre": assigned by the provider. Right now it would be at 12:00 (Sea lions: the big show); it may change when the booking is confirmed.',
    ]);
    const unknown = await entered(I.parkShowAdult, [show({ preview: undefined })]);
    expect(unknown.chat.notices).toEqual([
      'Session of "Sea lion amphitheatre": assigned by the provider when the booking is confirmed.',
    ]);
  });

  it('asks each enclosure in turn, and back returns to the previous one', async () => {
    const { chat } = await entered(I.museumPlanetarium, [dome(), show(), jelly()]);
    chat.choose('session:s1100');
    expect(chat.view().text).toContain('"Jellyfish aquarium"');
    chat.choose('back');
    expect(chat.snapshot().context.draft?.sessions).toEqual([]);
    expect(chat.view().text).toContain('"Planetarium"');
    chat.choose('back');
    expect(chat.state()).toEqual({ date: 'pick' });
  });

  it('goes back to the product card when the date was not asked', async () => {
    const draft = draftOf(opened(I.museumPlanetarium), { accessDate: DAY });
    draft.product.fixedDate = DAY;
    const chat = start(
      { session: 'choosing' },
      context({ draft: { ...draft, sessionStep: { offers: [dome()], cursor: 0 } } }),
    );
    chat.choose('back');
    expect(chat.state()).toEqual({ product: 'card' });
  });
});

describe('full sessions and few places', () => {
  const day = (over: Partial<SessionOffer> = {}) =>
    dome({
      options: [
        { sessionId: 's1000', time: `${DAY}T10:00:00`, remaining: 9, maxQuantity: 9 },
        { sessionId: 's1100', time: `${DAY}T11:00:00`, remaining: 0, maxQuantity: 0 },
        { sessionId: 's1200', time: `${DAY}T12:00:00`, remaining: 4, maxQuantity: 4 },
        { sessionId: 's1700', time: `${DAY}T17:00:00`, remaining: 12, maxQuantity: 12 },
        { sessionId: 's1800', time: `${DAY}T18:00:00`, remaining: 7, maxQuantity: 7 },
      ],
      ...over,
    });

  it('shows a full session marked and a session with few places left marked', async () => {
    const { chat } = await entered(I.museumPlanetarium, [day()]);
    expect(chat.view().options.map((o) => o.label)).toEqual([
      '10:00 · 9 places left',
      '11:00 · sold out',
      '12:00 · only 4 places left',
      '17:00 · 12 places left',
      '18:00 · 7 places left',
      '⬅️ Back',
      '🏠 Home',
    ]);
  });

  it('refuses a tap on a full session, naming the nearest with room that day', async () => {
    const { chat } = await entered(I.museumPlanetarium, [day()]);
    chat.choose('session:s1100');
    expect(chat.state()).toEqual({ session: 'choosing' });
    expect(chat.snapshot().context.draft?.sessions).toEqual([]);
    expect(chat.notices).toEqual([
      'The 11:00 session is full. The nearest with room: 10:00, 12:00, 17:00.',
    ]);
    // Each of them is one tap away.
    chat.choose('session:s1200');
    expect(chat.snapshot().context.draft?.sessions).toMatchObject([{ sessionId: 's1200' }]);
  });

  it('refuses the typed time of a full session the same way', async () => {
    const { chat } = await entered(I.museumPlanetarium, [day()]);
    expect(chat.say('11:00').sent).toMatchObject({ sessionId: 's1100' });
    expect(chat.state()).toEqual({ session: 'choosing' });
    expect(chat.notices[0]).toMatch(/^The 11:00 session is full\./);
  });

  it('refuses a full session said in the booking message, and asks', async () => {
    const load = fake<SessionOffer[], LoadSessionsInput>(async () => [day()]);
    const chat = start('session', withDate(I.museumPlanetarium, { wish: { time: '11:00' } }), {
      actors: { loadSessions: load.logic },
    });
    await chat.settled();
    expect(chat.state()).toEqual({ session: 'choosing' });
    expect(chat.notices).toEqual([
      'The 11:00 session is full. The nearest with room: 10:00, 12:00, 17:00.',
    ]);
  });

  it('counts what the cart already takes of a session', async () => {
    const line: CartLine = {
      cartItemId: 'item1',
      productId: I.museumPlanetarium,
      providerId: 'museum7e4yfyu',
      name: 'Museum + Planetarium',
      accessDate: DAY,
      quantity: 4,
      sessions: [{ enclosureId: E.planetarium, sessionId: 's1200', label: '12:00' }],
      unitPrice: { cents: 1000, currency: 'EUR' },
    };
    const load = fake<SessionOffer[], LoadSessionsInput>(async () => [day()]);
    const ctx = withDate(I.museumPlanetarium);
    const chat = start(
      'session',
      { ...ctx, cart: { ...ctx.cart, lines: [line] } },
      { actors: { loadSessions: load.logic } },
    );
    await chat.settled();
    expect(chat.view().options[2]!.label).toBe('12:00 · sold out');
  });

  it('says so when the session chosen before is full now (an Add refused it), with the nearest', async () => {
    const load = fake<SessionOffer[], LoadSessionsInput>(async () => [day()]);
    const draft = draftOf(opened(I.museumPlanetarium), {
      accessDate: DAY,
      sessions: [{ enclosureId: E.planetarium, sessionId: 's1100', label: '11:00' }],
    });
    const chat = start('session', context({ draft }), { actors: { loadSessions: load.logic } });
    await chat.settled();
    expect(chat.state()).toEqual({ session: 'choosing' });
    expect(chat.snapshot().context.draft?.sessions).toEqual([]);
    expect(chat.notices).toEqual([
      'The 11:00 session is full. The nearest with room: 10:00, 12:00, 17:00.',
    ]);
  });

  it('goes back to the date with the days around it when every session is full', async () => {
    const full = day({
      options: [{ sessionId: 's1100', time: `${DAY}T11:00:00`, remaining: 0, maxQuantity: 0 }],
      available: false,
    });
    const { chat } = await entered(I.museumPlanetarium, [full]);
    expect(chat.state()).toEqual({ date: 'pick' });
    expect(chat.snapshot().context.draft?.nearDate).toBe(DAY);
    const dates = chat
      .view()
      .options.filter((o) => o.id.startsWith('date:'))
      .map((o) => o.id.slice(5));
    // The days nearest the full one, before and after it.
    expect(dates[0]! < DAY && dates.at(-1)! > DAY).toBe(true);
  });
});
