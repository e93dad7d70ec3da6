/**
 * Ticket types in one step: which products are types of one another (the catalog's rule),
 * the step's view and its ➖/➕, typed counts, the limits over the whole choice with their
 * reasons, stale or forged taps, a message's counts, and the choice split into one draft
 * per type for the cart.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteTicketTypesInput } from '#flows/booking/actors/selection.js';
import { answersKey, typeDrafts } from '#flows/booking/choosing/types-split.js';
import type {
  CartLine,
  Draft,
  Money,
  TicketTypeOffer,
  TicketTypes,
  Wish,
} from '#flows/booking/types.js';
import { productPersonKind, ticketTypeSiblings } from '#src/domain/people.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { context, demo, draftOf, fake, opened, start } from './selection-harness.js';

const I = demoIds.products;
const P = demoIds.providers;
const EUR = (cents: number): Money => ({ cents, currency: 'EUR' });
const DAY = '2026-06-12';

const offer = (
  productId: string,
  kind: TicketTypeOffer['kind'],
  cents: number,
  over: Partial<TicketTypeOffer> = {},
): TicketTypeOffer => ({
  productId,
  name: `${kind} ticket`,
  kind,
  unitPrice: EUR(cents),
  minimum: 1,
  peoplePerUnit: 1,
  ...over,
});

const museumOffers = (over: Partial<Record<string, Partial<TicketTypeOffer>>> = {}) => [
  offer(I.museumAdult, 'adult', 1500, over.adult),
  offer(I.museumChild, 'child', 900, over.child),
  offer(I.museumSenior, 'senior', 1000, over.senior),
];

const typesOf = (productId: string) => {
  const entry = demo().product(productId)!;
  return ticketTypeSiblings(entry.base, entry.product).map((p) => productPersonKind(p));
};

/** The step entered for the museum's adult ticket on DAY, with the offers given. */
async function entered(
  offers: TicketTypeOffer[],
  over: {
    lang?: 'en' | 'es';
    cart?: CartLine[];
    wish?: Wish;
  } = {},
) {
  const quote = fake<TicketTypeOffer[], QuoteTicketTypesInput>(async () => offers);
  const cart = over.cart ?? [];
  const chat = start(
    'quantity',
    context({
      language: over.lang ?? 'en',
      cart: { shoppingCartId: 'cart000000001', lines: cart },
      draft: draftOf(opened(I.museumAdult, { cart }), { accessDate: DAY }),
      ...(over.wish ? { wish: over.wish } : {}),
    }),
    { actors: { quoteTicketTypes: quote.logic } },
  );
  await chat.settled();
  return { chat, quote };
}

const counts = (chat: Awaited<ReturnType<typeof entered>>['chat']) =>
  chat.snapshot().context.draft?.types?.counts;

/** Cart lines of the museum holding `people` adults (the group limit counts them). */
const museumLine = (people: number): CartLine => ({
  cartItemId: 'a1',
  productId: I.museumPlanetarium,
  providerId: P.museum,
  name: 'Museum + Planetarium',
  accessDate: DAY,
  quantity: people,
  sessions: [],
  unitPrice: EUR(1600),
});

describe('which products are ticket types of one another', () => {
  it('are the products of a base that differ only by whom the ticket is for', () => {
    expect(typesOf(I.museumAdult)).toEqual(['adult', 'child', 'senior']);
    expect(typesOf(I.museumChild)).toEqual(['adult', 'child', 'senior']);
    // The two-day pass is for adults too, but open-dated: not the day ticket's type.
    expect(typesOf(I.parkChild)).toEqual(['adult', 'child']);
    expect(typesOf(I.parkShowChild)).toEqual(['adult', 'child']);
  });

  it('are none for a pack, a generic ticket, or a product with other enclosures', () => {
    expect(typesOf(I.museumFamily)).toEqual([]);
    expect(typesOf(I.museumJellyfish)).toEqual([]);
    // Museum + Planetarium is for an adult, but its tickets are in other enclosures.
    expect(typesOf(I.museumPlanetarium)).toEqual([]);
    expect(opened(I.museumPlanetarium).types).toBeUndefined();
    expect(opened(I.museumAdult).types?.map((type) => type.productId)).toEqual([
      I.museumAdult,
      I.museumChild,
      I.museumSenior,
    ]);
  });
});

describe('the ticket-types step', () => {
  it('prices every type on the day and starts with one of the ticket chosen', async () => {
    const { chat, quote } = await entered(museumOffers());
    expect(quote.inputs).toEqual([
      {
        productIds: [I.museumAdult, I.museumChild, I.museumSenior],
        date: DAY,
        language: 'en',
        cart: [],
      },
    ]);
    expect(chat.state()).toEqual({ quantity: 'typesChoosing' });
    expect(counts(chat)).toEqual({ [I.museumAdult]: 1, [I.museumChild]: 0, [I.museumSenior]: 0 });
    const view = chat.view();
    expect(view.text).toContain('Valencia Sea Museum · Tickets, Friday, 12 June 2026.');
    expect(view.text).toContain('• Child (up to 12 years): €9.00');
    expect(view.text).toContain('So far: 1 adult · 0 children · 0 seniors — €15.00');
    // ➖ only for a type with tickets chosen.
    expect(view.options.map((option) => option.label)).toEqual([
      '➖ Adult',
      '➕ Adult',
      '➕ Child',
      '➕ Senior',
      '✅ Continue · €15.00',
      '⬅️ Back',
      '🏠 Home',
    ]);
  });

  it('takes a family in three taps, one pass of questions for all', async () => {
    const { chat } = await entered(museumOffers());
    chat.choose(`types:more:${I.museumAdult}`);
    chat.choose(`types:more:${I.museumChild}`);
    expect(chat.view().text).toContain('So far: 2 adults · 1 child · 0 seniors — €39.00');
    expect(chat.choose('types:go').sent).toEqual({ type: 'types.go' });
    expect(chat.notices).toEqual(['Total: 2 × €15.00 + 1 × €9.00 = €39.00.']);
    const draft = chat.snapshot().context.draft!;
    expect(draft.quantity).toBe(3);
    expect(Object.keys(chat.state() as object)).toEqual(['questions']);
  });

  it('takes ➖ down to none, and refuses to go on with no ticket', async () => {
    const { chat } = await entered(museumOffers());
    chat.choose(`types:less:${I.museumAdult}`);
    expect(counts(chat)?.[I.museumAdult]).toBe(0);
    // None left to take away: the ➖ is no longer offered.
    expect(chat.choose(`types:less:${I.museumAdult}`).refused).toBe('stale');
    chat.choose('types:go');
    expect(chat.notices).toEqual(['Choose at least one ticket.']);
    expect(chat.state()).toEqual({ quantity: 'typesChoosing' });
  });

  it('reads typed counts by type, or in the order shown', async () => {
    const first = (await entered(museumOffers())).chat;
    expect(first.say('2 adults and 1 child').sent).toEqual({
      type: 'types.set',
      counts: { [I.museumAdult]: 2, [I.museumChild]: 1, [I.museumSenior]: 0 },
    });
    expect(Object.keys(first.state() as object)).toEqual(['questions']);

    const second = (await entered(museumOffers(), { lang: 'es' })).chat;
    expect(second.say('2 y 1').sent).toEqual({
      type: 'types.set',
      counts: { [I.museumAdult]: 2, [I.museumChild]: 1, [I.museumSenior]: 0 },
    });
    expect(second.notices).toEqual(['Total: 2 × 15,00\u00a0€ + 1 × 9,00\u00a0€ = 39,00\u00a0€.']);

    const third = (await entered(museumOffers())).chat;
    expect(third.say('lots of people').refused).toBe(
      'Type how many of each type, for example "2 adults and 1 child", or use ➖ and ➕.',
    );
    expect(third.say('2 babies').refused).toMatch(/^Type how many of each type/);
  });

  it('refuses a ➕ over the group limit counted with the cart, with the reason', async () => {
    // 17 people of the museum in the cart: 2 more make its limit of 19.
    const { chat } = await entered(museumOffers(), { cart: [museumLine(17)] });
    chat.choose(`types:more:${I.museumChild}`);
    expect(counts(chat)?.[I.museumChild]).toBe(1);
    chat.choose(`types:more:${I.museumSenior}`);
    expect(chat.notices).toEqual([
      'Groups of more than 19 people are not accepted (you already have 17 from this provider in your cart): at most 2.',
    ]);
    expect(counts(chat)?.[I.museumSenior]).toBe(0);
    // Typed, the whole choice is checked the same way.
    expect(chat.say('2 adults and 1 child').sent?.type).toBe('types.set');
    expect(chat.notices.at(-1)).toMatch(/^Groups of more than 19 people/);
    expect(chat.state()).toEqual({ quantity: 'typesChoosing' });
  });

  it("refuses more of a type than its day's places, less what the cart holds", async () => {
    const held: CartLine = { ...museumLine(1), productId: I.museumChild, name: 'Child' };
    const { chat } = await entered(museumOffers({ child: { capacity: 2 } }), { cart: [held] });
    chat.choose(`types:more:${I.museumChild}`);
    chat.choose(`types:more:${I.museumChild}`);
    expect(chat.notices).toEqual(['Child: there are places left for 1 that day.']);
    expect(counts(chat)?.[I.museumChild]).toBe(1);
  });

  it('refuses a type under its minimum per purchase when going on', async () => {
    const { chat } = await entered(museumOffers({ senior: { minimum: 2 } }));
    chat.choose(`types:more:${I.museumSenior}`);
    chat.choose('types:go');
    expect(chat.notices).toEqual(['Senior: sold from 2 per purchase.']);
    expect(chat.state()).toEqual({ quantity: 'typesChoosing' });
  });

  it('changes nothing for a stale or forged tap', async () => {
    const { chat } = await entered(museumOffers());
    expect(chat.choose('qty:2').refused).toBe('stale');
    expect(chat.choose(`types:more:${I.museumPlanetarium}`).refused).toBe('stale');
    // An event the view never offered, sent as is, is ignored by the step too.
    chat.send({ type: 'types.more', productId: I.museumPlanetarium });
    expect(counts(chat)).toEqual({ [I.museumAdult]: 1, [I.museumChild]: 0, [I.museumSenior]: 0 });
    expect(chat.state()).toEqual({ quantity: 'typesChoosing' });
  });

  it('is the plain quantity step when fewer than two types are sold on the day', async () => {
    const { chat } = await entered([offer(I.museumAdult, 'adult', 1500)]);
    expect(chat.snapshot().context.draft?.types).toBeUndefined();
    expect(chat.state()).toEqual({ quantity: 'pricing' });
  });

  it("keeps a message's count of the one type sold on the day, saying why not the others", async () => {
    const { chat } = await entered([offer(I.museumAdult, 'adult', 1500)], {
      wish: { types: { adult: 2, child: 1 } },
    });
    expect(chat.notices).toEqual(['There are no child tickets that day.']);
    expect(chat.state()).toEqual({ quantity: 'pricing' });
    expect(chat.snapshot().context.wish).toEqual({ quantity: 2 });
  });

  it("takes a message's counts straight on, or shows them with the reason", async () => {
    const wished = await entered(museumOffers(), { wish: { types: { adult: 2, child: 1 } } });
    expect(Object.keys(wished.chat.state() as object)).toEqual(['questions']);
    expect(wished.chat.snapshot().context.draft?.quantity).toBe(3);
    expect(wished.chat.snapshot().context.wish).toBeUndefined();

    const over = await entered(museumOffers(), {
      wish: { types: { adult: 2, child: 1 } },
      cart: [museumLine(18)],
    });
    expect(over.chat.state()).toEqual({ quantity: 'typesChoosing' });
    expect(over.chat.notices[0]).toMatch(/^Groups of more than 19 people/);
    expect(counts(over.chat)).toEqual({
      [I.museumAdult]: 2,
      [I.museumChild]: 1,
      [I.museumSenior]: 0,
    });
  });
});

describe('a choice of ticket types in the cart', () => {
  it('is one draft per type, each with its own tickets and answers', () => {
    const types: TicketTypes = {
      offers: museumOffers(),
      counts: { [I.museumAdult]: 2, [I.museumChild]: 1, [I.museumSenior]: 0 },
    };
    const question = { id: 'q1', question: 'Name', required: true, dataType: 0 } as never;
    const draft: Draft = draftOf(opened(I.museumAdult), {
      accessDate: DAY,
      types,
      quantity: 3,
      unitPrice: EUR(1500),
      questionSets: [
        {
          ticketId: 't-a',
          attendee: 1,
          label: 'Adult',
          questions: [question],
          productId: I.museumAdult,
        },
        {
          ticketId: 't-a',
          attendee: 2,
          label: 'Adult',
          questions: [question],
          productId: I.museumAdult,
        },
        {
          ticketId: 't-c',
          attendee: 3,
          label: 'Child',
          questions: [question],
          productId: I.museumChild,
        },
      ],
      answers: {
        '0:q1': { questionId: 'q1', stringValue: 'Ana' },
        '1:q1': { questionId: 'q1', stringValue: 'Luis' },
        '2:q1': { questionId: 'q1', stringValue: 'Marta' },
      },
    });
    const [adults, child, ...none] = typeDrafts(draft);
    expect(none).toEqual([]);
    expect(adults).toMatchObject({
      product: { productId: I.museumAdult },
      quantity: 2,
      unitPrice: EUR(1500),
      answers: { '0:q1': { stringValue: 'Ana' }, '1:q1': { stringValue: 'Luis' } },
    });
    expect(adults!.questionSets.map((set) => set.attendee)).toEqual([1, 2]);
    expect(child).toMatchObject({
      product: { productId: I.museumChild, name: 'child ticket' },
      quantity: 1,
      unitPrice: EUR(900),
      answers: { '0:q1': { stringValue: 'Marta' } },
    });
    expect(child!.questionSets).toEqual([
      { ticketId: 't-c', attendee: 1, label: 'Child', questions: [question] },
    ]);
    expect(child!.types).toBeUndefined();
  });

  it('keeps "as last time" answers for the same choice only', () => {
    const plain = draftOf(opened(I.museumAdult));
    const family = (adults: number) =>
      draftOf(opened(I.museumAdult), {
        types: {
          offers: museumOffers(),
          counts: { [I.museumAdult]: adults, [I.museumChild]: 1 },
        },
      });
    expect(answersKey(plain)).toBe(I.museumAdult);
    expect(answersKey(family(2))).toBe(answersKey(family(2)));
    expect(answersKey(family(2))).not.toBe(answersKey(family(3)));
    expect(answersKey(family(2))).not.toBe(answersKey(plain));
  });
});
