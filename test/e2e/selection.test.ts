/**
 * Choosing what to buy, end to end: a customer talks to the real bot (real actors) over
 * the sandbox — browse, the product card, the date by button and in words, sessions
 * (chosen, assigned, previewed, sold out), the quantity with its total and its limits.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutputLine } from '#src/channels/console/lines.js';
import { addDays } from '#src/domain/time.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const P = demoIds.providers;
const B = demoIds.productBases;
const I = demoIds.products;

let sandbox: TestSandbox;
const chats: Chat[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.extra('reset', {});
});
afterEach(async () => {
  for (const chat of chats.splice(0)) await chat.close();
});

async function chatIn(language: 'en' | 'es' = 'en'): Promise<Chat> {
  const chat = await startChat({ sandbox, env: { PARTNER_LANGUAGE: language } });
  chats.push(chat);
  await chat.start();
  return chat;
}

const ids = (line: OutputLine) => line.options.map((option) => option.id);
const texts = (lines: OutputLine[]) => lines.map((line) => line.text);
const today = () => sandbox.sandbox.context().data.today;

/** The date buttons of the current view. */
const dateButtons = (chat: Chat) =>
  ids(chat.last())
    .filter((id) => id.startsWith('date:'))
    .map((id) => id.slice('date:'.length));

/** Opens a product from the top of browse. */
async function openProduct(chat: Chat, providerId: string, productId: string, baseId?: string) {
  await chat.choose('book');
  await chat.choose(`provider:${providerId}`);
  if (baseId) await chat.choose(`base:${baseId}`);
  return chat.choose(`product:${productId}`);
}

describe('choosing what to buy', () => {
  it('goes browse → card → date → session → quantity with the total, never showing internal notes', async () => {
    const chat = await chatIn('en');
    const card = await openProduct(chat, P.museum, I.museumPlanetarium, B.museumTickets);
    expect(card.at(-1)!.text).toMatch(/^🎟️ Museum \+ Planetarium\nValencia Sea Museum/);
    expect(card.at(-1)!.text).toMatch(/💶 From €\d+\.\d\d/);
    expect(card.at(-1)!.text).toContain('↩️ Cancellation: Free cancellation at any time.');
    // The first sellable days on the card itself; "Another date" for the date step.
    const onCard = ids(chat.last());
    expect(onCard.slice(-3)).toEqual(['next', 'back', 'home']);
    expect(onCard.slice(0, -3).every((id) => /^date:\d{4}-\d\d-\d\d$/.test(id))).toBe(true);
    expect(onCard.length - 3).toBeGreaterThan(0);

    await chat.choose('next');
    expect(chat.last().expects).toBe('date');
    expect(chat.last().calendar?.available.length).toBeGreaterThan(30);
    // A day after tomorrow, so that every session of it is still ahead.
    const day = dateButtons(chat).find((date) => date >= addDays(today(), 2))!;
    await chat.choose(`date:${day}`);
    expect(chat.last().text).toMatch(/^Choose the session of "Planetarium" on /);
    const sessions = chat.last().options.filter((o) => o.id.startsWith('session:'));
    expect(sessions.length).toBeGreaterThan(1);
    expect(sessions[0]!.label).toMatch(/^\d\d:\d\d · \d+ places? left$/);

    await chat.choose(sessions[0]!.id);
    expect(chat.last().expects).toBe('number');
    const unit = /Price each: €(\d+\.\d\d)\./.exec(chat.last().text);
    expect(unit).not.toBeNull();
    const lines = await chat.choose('qty:2');
    const total = (2 * Number(unit![1])).toFixed(2);
    expect(texts(lines)).toContain(`Total: 2 × €${unit![1]} = €${total}.`);

    for (const line of chat.transcript) expect(line.text).not.toMatch(/\[internal\]/i);
  });

  it('takes a date said in words in Spanish, the same day for every enclosure and a real-time price', async () => {
    const chat = await chatIn('es');
    await openProduct(chat, P.waterpark, I.parkChild);
    expect(chat.last().text).toContain('Precio a consultar');
    await chat.choose('next');
    await chat.say('mañana');
    // The wave pool the ticket includes is the same day: no second date asked.
    expect(chat.transcript.map((line) => line.text).join('\n')).not.toMatch(/¿Y para «/);
    // Its ticket types (adult, child) in one step, each with its real-time price.
    expect(chat.last().text).toMatch(/• Niño \(menos de 120 cm\): \d+,\d\d\s€/);
    const lines = await chat.say('3');
    expect(texts(lines).some((text) => /^Total: 3 × \d+,\d\d\s€ = \d+,\d\d\s€\.$/.test(text))).toBe(
      true,
    );
  });

  it('explains a refused real-time price and tries again on request', async () => {
    const chat = await chatIn('en');
    await openProduct(chat, P.waterpark, I.parkChild);
    await chat.choose('next');
    const day = addDays(today(), 2);
    await sandbox.extra('faults', {
      faults: [
        {
          operation: 'realtimeprices',
          failure: { code: '2001', message: 'No price today' },
          times: 1,
        },
      ],
    });
    const lines = await chat.choose(`date:${day}`);
    expect(lines[0]!.text).toBe('There is no price for that day.');
    expect(ids(chat.last())).toEqual(['retry', 'back', 'home']);
    await chat.choose('retry');
    expect(chat.last().text).toMatch(/• Child \(under 120 cm\): €\d+\.\d\d/);
  });

  it('answers a wrong date politely, with the nearest dates, and stays', async () => {
    const chat = await chatIn('es');
    await openProduct(chat, P.museum, I.museumAdult, B.museumTickets);
    await chat.choose('next');
    const lines = await chat.say('1/1/2020');
    expect(lines[0]!.text).toMatch(
      /^El miércoles, 1 de enero de 2020 ya ha pasado\. Las fechas disponibles más cercanas: .+\.$/,
    );
    expect(lines[1]!.expects).toBe('date');
    const garbled = await chat.say('cuando sea');
    expect(garbled[0]!.text).toMatch(/^No he entendido «cuando sea» como fecha/);
  });

  it('uses the purchase date when the provider does not ask for one', async () => {
    const chat = await chatIn('en');
    await openProduct(chat, P.winery, I.wineShop);
    expect(ids(chat.last())).toEqual(['next', 'back', 'home']);
    const lines = await chat.choose('next');
    expect(lines[0]!.text).toMatch(/^This product is sold for the day of purchase: today, /);
    expect(chat.last().expects).toBe('number');
    expect(chat.last().text).toMatch(/^"Express tasting at the shop", /);
  });

  it('refuses more people than the group limit', async () => {
    const chat = await chatIn('en');
    await openProduct(chat, P.museum, I.museumAdult, B.museumTickets);
    await chat.choose('next');
    await chat.choose(`date:${dateButtons(chat).at(-1)!}`);
    const lines = await chat.say('25');
    expect(lines[0]!.text).toBe('Groups of more than 19 people are not accepted: at most 19.');
    expect(chat.last().text).toMatch(/How many tickets of each type\?/);
  });

  it('finds a product by typed text', async () => {
    const chat = await chatIn('en');
    await chat.choose('book');
    const lines = await chat.say('jellyfish');
    expect(lines.at(-1)!.text).toBe('I found 1 product for "jellyfish":');
    await chat.choose(`product:${I.museumJellyfish}`);
    expect(chat.last().text).toMatch(/^🎟️ Jellyfish aquarium: feeding time/);
  });
});

describe('after /cancel', () => {
  const PLACES = /^What would you like to book\? Choose a place/;

  it('starts every way back to a list afresh: the cart’s “add another product”, a card’s Back', async () => {
    const chat = await chatIn();
    // A combined product found by a search, into the cart; then another search.
    await chat.choose('book');
    await chat.say('museum');
    await chat.choose(`combined:${demoIds.combinedProducts.maritimeValencia}`);
    await chat.choose(ids(chat.last())[0]!);
    await chat.choose('qty:2');
    await chat.choose('combined:add');
    await chat.choose('cart:add-more');
    await chat.say('aquarium');
    expect(chat.last().text).toMatch(/^I found 1 product for "aquarium"/);

    // "cancelar" typed: the search is forgotten, the cart kept.
    await chat.say('cancelar');
    await chat.choose('cart');
    expect(chat.last().text).toContain('Maritime Valencia');
    const more = await chat.choose('cart:add-more');
    expect(more.at(-1)!.text).toMatch(PLACES);
    expect(texts(more).join('\n')).not.toContain('aquarium');

    // A provider's list, then /cancel at a card reached in one message: its Back goes to
    // the places, not to that list.
    await chat.choose(`provider:${P.museum}`);
    await chat.say('/cancel');
    await chat.say('jellyfish aquarium');
    expect(chat.last().text).toMatch(/^🎟️ Jellyfish aquarium/);
    await chat.choose('back');
    expect(chat.last().text).toMatch(PLACES);
  });
});

describe('days with few places left, and sold out', () => {
  it('marks them on the card and the date step, refuses a full one and offers the nearest', async () => {
    const chat = await chatIn('en');
    const calls = async () =>
      ((await sandbox.extra('stats')) as { calls: Record<string, number> }).calls
        .availablecapacity ?? 0;
    await openProduct(chat, P.museum, I.museumFamily, B.museumTickets);
    // One capacity call for every limited day of the product, when it is opened.
    expect(await calls()).toBe(1);
    // The first days on sale are limited (6 to 20 places; a pack takes 4): few left.
    const few = chat.last().options.filter((o) => / · [1-5] left$/.test(o.label));
    expect(few.length).toBeGreaterThan(0);
    await chat.choose('next');
    expect(chat.last().options.filter((o) => / · [1-5] left$/.test(o.label))).toEqual(few);
    expect(await calls()).toBe(1); // the date step's marks need no call of their own

    // Someone else reserves every place of the first of them.
    const day = few[0]!.id.slice('date:'.length);
    const capacity = sandbox.sandbox.context().state.cart.capacity;
    capacity.hold(
      'someone-else',
      {
        days: new Map([
          [`${I.museumFamily}|${day}`, capacity.remainingForDay(I.museumFamily, day)!],
        ]),
        sessions: new Map(),
      },
      sandbox.sandbox.clock.now().getTime() + 3_600_000,
    );
    await chat.choose('home');
    await openProduct(chat, P.museum, I.museumFamily, B.museumTickets);
    const full = chat.last().options.find((o) => o.id === `date:${day}`)!;
    expect(full.label).toMatch(/ · sold out$/);
    expect(chat.last().calendar).toBeUndefined();

    const lines = await chat.choose(full.id);
    expect(lines[0]!.text).toMatch(/ is sold out\. The nearest days with room: .+\.$/);
    expect(chat.last().expects).toBe('date');
    expect(chat.last().calendar?.available).not.toContain(day);
    // The nearest days are buttons: one tap each.
    const offered = dateButtons(chat).filter((date) => date !== day);
    expect(offered.length).toBeGreaterThan(0);
    await chat.choose(`date:${offered[0]!}`);
    expect(chat.last().expects).toBe('number');
  });
});

describe('sessions and capacity at the service', () => {
  it('marks a session with few places left, then sold out, and offers the nearest with room', async () => {
    const chat = await chatIn('en');
    await openProduct(chat, P.museum, I.museumPlanetarium, B.museumTickets);
    await chat.choose('next');
    const day = dateButtons(chat).find((date) => date >= addDays(today(), 2))!;
    await chat.choose(`date:${day}`);
    const sessions = () => chat.last().options.filter((o) => o.id.startsWith('session:'));
    expect(sessions().length).toBeGreaterThan(1);
    const first = sessions()[0]!;
    const sessionId = first.id.slice('session:'.length);
    const time = first.label.slice(0, 5);
    const places = Number(/(\d+) places? left/.exec(first.label)![1]);
    const capacity = sandbox.sandbox.context().state.cart.capacity;
    // An hour ahead by the sandbox's clock (holds lapse by it, not by the machine's).
    const anHour = () => sandbox.sandbox.clock.now().getTime() + 3_600_000;

    // Someone else reserves all but 3 of its places: few left.
    capacity.hold(
      'someone-else',
      { days: new Map(), sessions: new Map([[sessionId, places - 3]]) },
      anHour(),
    );
    await chat.choose('back');
    await chat.choose(`date:${day}`);
    expect(sessions()[0]).toEqual({ id: first.id, label: `${time} · only 3 places left` });

    // …and then the last 3: sold out, still shown, and refused with the nearest.
    capacity.hold(
      'another-one',
      { days: new Map(), sessions: new Map([[sessionId, 3]]) },
      anHour(),
    );
    await chat.choose('back');
    await chat.choose(`date:${day}`);
    expect(sessions()[0]).toEqual({ id: first.id, label: `${time} · sold out` });
    const lines = await chat.choose(first.id);
    expect(lines[0]!.text).toMatch(
      new RegExp(`^The ${time} session is full\\. The nearest with room: \\d\\d:\\d\\d`),
    );
    const nearest = /with room: (\d\d:\d\d)/.exec(lines[0]!.text)![1]!;
    expect(chat.last().expects).toBe('choice');
    await chat.choose(sessions().find((o) => o.label.startsWith(nearest))!.id);
    expect(chat.last().expects).toBe('number');
  });

  it('finds the sessions of a session group and offers to assign one', async () => {
    const chat = await chatIn('en');
    await openProduct(chat, P.museum, I.museumJellyfish, B.museumTickets);
    await chat.choose('next');
    await chat.choose(`date:${dateButtons(chat).find((date) => date >= addDays(today(), 2))!}`);
    const labels = chat.last().options.map((o) => o.label);
    expect(labels.slice(0, 3).map((label) => label.slice(0, 5))).toEqual([
      '10:30',
      '12:30',
      '16:30',
    ]);
    expect(ids(chat.last())).toContain('auto');
    await chat.choose('auto');
    expect(chat.last().expects).toBe('number');
  });

  it('previews a session the service always assigns', async () => {
    const chat = await chatIn('en');
    await openProduct(chat, P.waterpark, I.parkShowAdult);
    await chat.choose('next');
    const day = dateButtons(chat).find((date) => date >= addDays(today(), 2))!;
    // The day is the second enclosure's too (no second date asked).
    const lines = await chat.choose(`date:${day}`);
    expect(lines[0]!.text).toMatch(
      /^Session of ".+": assigned by the provider\. Right now it would be at \d\d:\d\d.*; it may change when the booking is confirmed\.$/,
    );
    expect(chat.last().expects).toBe('number');
  });

  it('shows the card when capacity cannot be read, and checks the day at the quantity', async () => {
    await sandbox.extra('faults', { faults: [{ operation: 'availablecapacity', status: 503 }] });
    const chat = await chatIn('en');
    const card = await openProduct(chat, P.museum, I.museumFamily, B.museumTickets);
    expect(card.at(-1)!.text).toMatch(/^🎟️ Family pack/);
    await sandbox.extra('faults', { faults: [] });
    await chat.choose('next');
    // The first days on sale are limited; how many places the seed gives one varies by
    // date, so someone else takes all but two packs (4 places each) of the day: then the
    // day's capacity, not the group limit, is what bounds the quantity, whatever the date.
    const day = dateButtons(chat).find((date) => date > today())!;
    const state = sandbox.sandbox.context().state.cart;
    const remaining = state.capacity.remainingForDay(I.museumFamily, day)!;
    expect(remaining).toBeGreaterThanOrEqual(8);
    state.capacity.hold(
      'someone-else',
      { days: new Map([[`${I.museumFamily}|${day}`, remaining - 8]]), sessions: new Map() },
      sandbox.sandbox.clock.now().getTime() + 3_600_000,
    );
    await chat.choose(`date:${day}`);
    expect(chat.last().expects).toBe('number');
    expect(chat.last().text).toMatch(/There are places left for 2 that day\./);
  });
});
