/**
 * The provider, sale and client questions on the way to pay, on the real booking machine
 * with a fake loader: entered (loaded, skipped, failed), answered into
 * `checkout.profileAnswers` by profile, and every guard of asking on profile questions.
 */
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CheckoutQuestionsInput } from '#flows/booking/actors/questions.js';
import type { BookingContext, CartLine, ProfileQuestionSet } from '#flows/booking/types.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { context, demoProfile, startBooking } from './questions-harness.js';

const contact = demoProfile(demoIds.profiles.providerMuseum); // Text (phone pattern), Boolean
const survey = demoProfile(demoIds.profiles.sale); // SelectMany (max 2), Text
const customer = demoProfile(demoIds.profiles.client); // Text, Text, Text, Text, Date, SelectOne

const sets: ProfileQuestionSet[] = [
  {
    profileId: contact.id,
    level: 'provider',
    label: 'Valencia Sea Museum — Visit contact',
    questions: contact.questions,
  },
  { profileId: survey.id, level: 'sale', label: 'Purchase survey', questions: survey.questions },
];

const line: CartLine = {
  cartItemId: 'item-1',
  productId: demoIds.products.museumPlanetarium,
  providerId: demoIds.providers.museum,
  name: 'Museum + Planetarium',
  accessDate: '2026-08-14',
  quantity: 2,
  sessions: [{ enclosureId: 'dome', sessionId: 'session-1', label: '12:00' }],
  unitPrice: { cents: 1800, currency: 'EUR' },
  activity: {
    productId: demoIds.products.museumPlanetarium,
    accessDateTime: '2026-08-14',
    quantity: 2,
    tickets: [
      { ticketId: 'museum', accessDateTime: '2026-08-14' },
      { ticketId: 'dome', sessionId: 'session-1', accessDateTime: '2026-08-14' },
    ],
  },
};

const withCart = (over: Partial<BookingContext> = {}) =>
  context({
    draft: undefined,
    cart: { shoppingCartId: 'cart000000001', lines: [line] },
    ...over,
  });

type Loader = (input: CheckoutQuestionsInput) => Promise<ProfileQuestionSet[]>;

function start(at: string | Record<string, string>, ctx: BookingContext, load: Loader) {
  const inputs: CheckoutQuestionsInput[] = [];
  const chat = startBooking(at, ctx, {
    loadCheckoutQuestions: fromPromise<ProfileQuestionSet[], CheckoutQuestionsInput>(
      async ({ input }) => {
        inputs.push(input);
        return load(input);
      },
    ),
  });
  return { ...chat, inputs };
}

const loaded = async (ctx = withCart(), load: Loader = async () => sets) => {
  const chat = start('checkoutQuestions', ctx, load);
  await chat.settled();
  return chat;
};

describe('entering the checkout questions', () => {
  it('asks the loader with the cart lines, their tickets and the language', async () => {
    const chat = await loaded();
    expect(chat.inputs).toEqual([
      {
        lines: [
          {
            productId: demoIds.products.museumPlanetarium,
            providerId: demoIds.providers.museum,
            accessDate: '2026-08-14',
            sessions: line.sessions,
            tickets: [
              { ticketId: 'museum', accessDate: '2026-08-14' },
              { ticketId: 'dome', sessionId: 'session-1', accessDate: '2026-08-14' },
            ],
          },
        ],
        language: 'en',
      },
    ]);
    expect(chat.snapshot().value).toEqual({ checkoutQuestions: 'asking' });
    expect(chat.view().text).toBe(
      'Valencia Sea Museum — Visit contact (1/1): Contact phone\nType your answer.',
    );
  });

  it('goes on to the review when there is nothing to ask, forgetting old answers', async () => {
    const chat = await loaded(
      withCart({
        checkout: {
          insuranceDeclined: false,
          profileAnswers: { old: [{ questionId: 'q', stringValue: 'x' }] },
        },
      }),
      async () => [],
    );
    expect(chat.snapshot().matches('review')).toBe(true);
    expect(chat.snapshot().context.checkout.profileAnswers).toEqual({});
    expect(chat.snapshot().context.checkout.questions).toBeUndefined();
  });

  it('with an empty cart goes to the cart without loading', async () => {
    const chat = await loaded(withCart({ cart: { shoppingCartId: 'c', lines: [] } }));
    expect(chat.inputs).toEqual([]);
    expect(chat.snapshot().matches('cart')).toBe(true);
  });

  it('explains a failed load and goes back to the cart', async () => {
    const chat = await loaded(withCart(), async () => {
      throw new Error('down');
    });
    expect(chat.snapshot().matches('cart')).toBe(true);
    expect(chat.notices[0]).toBe(
      'The booking service is not answering right now. Nothing was lost: please try again in a moment.',
    );
  });

  it('keeps answers to questions still asked, and does not ask them again', async () => {
    const phone = contact.questions[0]!.id;
    const chat = await loaded(
      withCart({
        checkout: {
          insuranceDeclined: false,
          profileAnswers: {
            [contact.id]: [
              { questionId: phone, stringValue: '+34 600 000 000' },
              { questionId: 'gone', stringValue: 'x' },
            ],
          },
        },
      }),
    );
    expect(chat.snapshot().context.checkout.profileAnswers).toEqual({
      [contact.id]: [{ questionId: phone, stringValue: '+34 600 000 000' }],
    });
    // The only required question is answered; the optional ones wait for the review.
    expect(chat.snapshot().matches('review')).toBe(true);
  });

  it("answers what asks for the buyer's details from them, when the question accepts them", async () => {
    const clientSet: ProfileQuestionSet = {
      profileId: customer.id,
      level: 'client',
      label: 'Customer details',
      questions: customer.questions,
    };
    const client = {
      fullName: 'Ana',
      surname: 'Gómez Ruiz',
      documentIdentifier: '12345678Z',
      phoneNumber: '+34612345678',
      email: 'ana@example.com',
    };
    const chat = await loaded(
      withCart({ checkout: { insuranceDeclined: false, profileAnswers: {}, client } }),
      async () => [...sets, clientSet],
    );
    // Nothing required is left to ask: the contact phone, name and e-mail came from the details.
    expect(chat.snapshot().matches('review')).toBe(true);
    const answers = chat.snapshot().context.checkout.profileAnswers;
    expect(answers[contact.id]?.map((a) => a.stringValue)).toEqual(['+34612345678']);
    expect(answers[customer.id]?.map((a) => a.stringValue)).toEqual([
      'Ana Gómez Ruiz',
      'ana@example.com',
      '+34612345678',
      '12345678Z',
    ]);
    // A detail the question's own pattern refuses is asked, not sent.
    const abroad = await loaded(
      withCart({
        checkout: {
          insuranceDeclined: false,
          profileAnswers: {},
          client: { ...client, phoneNumber: '12345' },
        },
      }),
    );
    expect(abroad.view().text).toMatch(
      /^Valencia Sea Museum — Visit contact \(1\/1\): Contact phone/,
    );
  });
});

describe('answering profile questions', () => {
  it('refuses with the profile’s own message, then stores answers by profile and goes on', async () => {
    const chat = await loaded();
    const [phone, newsletter] = contact.questions.map((q) => q.id);
    chat.say({ kind: 'text', text: 'call me' });
    expect(chat.notices).toEqual(['Enter a phone number of 9 to 15 digits.']);
    const required = chat.say({ kind: 'text', text: '+34 612 345 678' });
    // The required question answered: the review, where the optional ones can be chosen.
    expect(required.matches('review')).toBe(true);
    chat.send({ type: 'checkout.optional' });
    chat.say({ kind: 'choose', id: 'yes' });
    expect(chat.view().text.split('\n')[0]).toBe(
      'Purchase survey (1/2): How did you hear about us? (optional)',
    );
    chat.say({ kind: 'choose', id: 'toggle:social' });
    chat.say({ kind: 'choose', id: 'toggle:search' });
    chat.say({ kind: 'choose', id: 'toggle:friends' });
    expect(chat.notices.at(-1)).toBe('You can tick at most 2; untick one first.');
    chat.say({ kind: 'choose', id: 'done' });
    const done = chat.say({ kind: 'text', text: 'Lovely place' });
    expect(done.matches('review')).toBe(true);
    expect(done.context.checkout.profileAnswers).toEqual({
      [contact.id]: [
        { questionId: phone, question: 'Contact phone', stringValue: '+34 612 345 678' },
        {
          questionId: newsletter,
          question: "Would you like to receive the museum's agenda?",
          booleanValue: true,
        },
      ],
      [survey.id]: [
        {
          questionId: survey.questions[0]!.id,
          question: 'How did you hear about us?',
          stringCollectionValue: ['social', 'search'],
        },
        {
          questionId: survey.questions[1]!.id,
          question: 'Comments for the provider',
          stringValue: 'Lovely place',
        },
      ],
    });
  });

  it('answers of a profile stay in question order when given out of order', async () => {
    const chat = start(
      { checkoutQuestions: 'asking' },
      withCart({
        checkout: {
          insuranceDeclined: false,
          profileAnswers: {},
          questions: { sets, cursor: 1 },
        },
      }),
      async () => sets,
    );
    chat.say({ kind: 'choose', id: 'no' });
    chat.say({ kind: 'choose', id: 'back' });
    chat.say({ kind: 'choose', id: 'back' });
    chat.say({ kind: 'text', text: '612345678' });
    expect(
      chat.snapshot().context.checkout.profileAnswers[contact.id]?.map((a) => a.questionId),
    ).toEqual(contact.questions.map((q) => q.id));
  });

  it('a profile whose questions are all skipped has no entry', async () => {
    const chat = start(
      { checkoutQuestions: 'asking' },
      withCart({
        checkout: { insuranceDeclined: false, profileAnswers: {}, questions: { sets, cursor: 2 } },
      }),
      async () => sets,
    );
    chat.say({ kind: 'choose', id: 'skip' });
    const done = chat.say({ kind: 'choose', id: 'skip' });
    expect(done.matches('review')).toBe(true);
    expect(done.context.checkout.profileAnswers).toEqual({});
  });

  it("back from the first question goes to the buyer's details; later, to the previous question", async () => {
    const chat = await loaded();
    chat.say({ kind: 'text', text: '612345678' });
    chat.send({ type: 'checkout.optional' });
    chat.say({ kind: 'choose', id: 'yes' });
    chat.say({ kind: 'choose', id: 'back' });
    expect(chat.snapshot().context.checkout.questions?.cursor).toBe(0);
    const back = chat.say({ kind: 'choose', id: 'back' });
    expect(back.value).toEqual({ client: 'summary' });
  });

  it('client-level profiles: a date and a select one among texts', async () => {
    const clientSet: ProfileQuestionSet = {
      profileId: customer.id,
      level: 'client',
      label: 'Customer details',
      questions: customer.questions,
    };
    const chat = await loaded(withCart(), async () => [clientSet]);
    chat.say({ kind: 'text', text: 'Ana Gomez' });
    chat.say({ kind: 'text', text: 'ana@example' });
    expect(chat.notices).toEqual(['Enter a valid e-mail, such as name@example.com.']);
    chat.say({ kind: 'text', text: 'ana@example.com' });
    chat.send({ type: 'checkout.optional' });
    chat.say({ kind: 'choose', id: 'skip' });
    chat.say({ kind: 'choose', id: 'skip' });
    chat.say({ kind: 'text', text: '1990-02-30' });
    expect(chat.notices.at(-1)).toContain('"1990-02-30" is not a date I understand');
    chat.say({ kind: 'text', text: '28 February 1990' });
    expect(chat.view().options.map((o) => o.id)).toEqual([
      'choice:ES',
      'choice:FR',
      'choice:GB',
      'choice:DE',
      'choice:OT',
      'skip',
      'back',
      'home',
    ]);
    const done = chat.say({ kind: 'text', text: 'united kingdom' });
    expect(done.matches('review')).toBe(true);
    expect(
      done.context.checkout.profileAnswers[customer.id]?.map(
        (a) => a.stringValue ?? a.dateTimeValue,
      ),
    ).toEqual(['Ana Gomez', 'ana@example.com', '1990-02-28T00:00:00', 'GB']);
  });
});
