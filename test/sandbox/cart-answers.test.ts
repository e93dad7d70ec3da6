/**
 * Ticket answers of every DataType (0–13), accepted and refused, on the demo products
 * whose tickets carry each profile; dynamic questions; and the profile answers of
 * Confirm. Answers given at activity level count for every ticket of the item.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartAddOperation,
  cartConfirmOperation,
  type CartActivity,
  type CartAnswer,
} from '#src/api/cart.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import {
  museumAdult,
  P,
  profileAnswers,
  question,
  refusal,
  saleDate,
  ticket,
  visitorAnswers,
} from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', {});
});

const ctx = () => t.sandbox.context();
const PDF = 'JVBERi0xLjQKJcOkw7zDtsOfCg==';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==';
const dt = (date: string) => `${date}T00:00:00` as IsoDateTime;

type Kind = 'visitor' | 'planetarium' | 'height' | 'adventure';

/**
 * An item whose first ticket asks the profile of `kind` and answers `own` itself; the
 * other required answers (all but `omit`) are given at activity level, for every ticket.
 */
function item(kind: Kind, own: CartAnswer[], omit?: string): CartActivity {
  const defaults = (base: CartAnswer[]) => base.filter((a) => a.questionId !== omit);
  switch (kind) {
    case 'visitor':
      return {
        productId: P.museumAdult,
        accessDateTime: saleDate(ctx(), 'museumAdult'),
        quantity: 1,
        questions: defaults(visitorAnswers()),
        tickets: [{ ticketId: ticket('museumAdult', 'entry'), questions: own }],
      };
    case 'planetarium': {
      const date = saleDate(ctx(), 'museumPlanetarium');
      const session = ctx().data.capacity.sessions.find(
        (s) =>
          s.ticketEnclosureId === demoIds.enclosures.planetarium && s.sessionTime.startsWith(date),
      )!;
      return {
        productId: P.museumPlanetarium,
        accessDateTime: date,
        quantity: 1,
        questions: defaults([{ questionId: question('planetarium.language'), stringValue: 'es' }]),
        tickets: [
          {
            ticketId: ticket('museumPlanetarium', 'dome'),
            sessionId: session.sessionId,
            questions: own,
          },
        ],
      };
    }
    case 'height':
      return {
        productId: P.parkChild,
        accessDateTime: saleDate(ctx(), 'parkChild'),
        quantity: 1,
        questions: defaults([{ questionId: question('height.metres'), decimalValue: 1.12 }]),
        tickets: [{ ticketId: ticket('parkChild', 'slides'), questions: own }],
      };
    case 'adventure':
      // A groups-only provider: 20 participants, each answering.
      return {
        productId: P.mountainHike,
        accessDateTime: saleDate(ctx(), 'mountainHike'),
        quantity: 20,
        questions: defaults([
          {
            questionId: question('adventure.medical'),
            binaryValue: PDF,
            binaryMimeType: 'application/pdf',
          },
        ]),
        tickets: [{ ticketId: ticket('mountainHike', 'walker'), questions: own }],
      };
  }
}

let carts = 0;
const add = (activity: CartActivity) =>
  t.client.call(cartAddOperation, { shoppingCartId: `q-${(carts += 1)}`, activities: [activity] });

const accepted: [string, Kind, CartAnswer, Record<string, unknown>][] = [
  [
    '0 text',
    'visitor',
    { questionId: question('visitor.name'), stringValue: 'Ana García' },
    { stringValue: 'Ana García' },
  ],
  [
    '1 list of texts',
    'adventure',
    { questionId: question('adventure.allergies'), stringCollectionValue: ['gluten', 'nueces'] },
    { stringCollectionValue: ['gluten', 'nueces'] },
  ],
  [
    '2 boolean',
    'visitor',
    { questionId: question('visitor.accessibility'), booleanValue: true },
    { booleanValue: true },
  ],
  [
    '3 list of booleans',
    'adventure',
    { questionId: question('adventure.consents'), booleanCollectionValue: [true, false] },
    { booleanCollectionValue: [true, false] },
  ],
  [
    '4 date',
    'visitor',
    { questionId: question('visitor.birthDate'), dateTimeValue: dt('1988-02-29') },
    { dateTimeValue: dt('1988-02-29') },
  ],
  [
    '5 list of dates',
    'adventure',
    {
      questionId: question('adventure.altDates'),
      dateTimeCollectionValue: [dt('2030-01-01'), dt('2030-01-08')],
    },
    { dateTimeCollectionValue: [dt('2030-01-01'), dt('2030-01-08')] },
  ],
  [
    '6 integer',
    'visitor',
    { questionId: question('visitor.age'), integerValue: 34 },
    { integerValue: 34 },
  ],
  [
    '7 list of integers',
    'planetarium',
    { questionId: question('planetarium.childAges'), integerCollectionValue: [7, 10] },
    { integerCollectionValue: [7, 10] },
  ],
  [
    '8 decimal',
    'height',
    { questionId: question('height.metres'), decimalValue: 1.15 },
    { decimalValue: 1.15 },
  ],
  [
    '9 list of decimals',
    'adventure',
    { questionId: question('adventure.weights'), decimalCollectionValue: [70.5, 8] },
    { decimalCollectionValue: [70.5, 8] },
  ],
  [
    '10 select one',
    'planetarium',
    { questionId: question('planetarium.language'), stringValue: 'va' },
    { stringValue: 'va' },
  ],
  [
    '11 select several',
    'adventure',
    { questionId: question('adventure.extras'), stringCollectionValue: ['picnic', 'photos'] },
    { stringCollectionValue: ['picnic', 'photos'] },
  ],
  [
    '12 file',
    'adventure',
    { questionId: question('adventure.medical'), binaryValue: PNG, binaryExtension: 'png' },
    { binaryValue: PNG, binaryMimeType: 'image/png' },
  ],
  [
    '13 list of files',
    'adventure',
    {
      questionId: question('adventure.authorisations'),
      binaryCollectionValue: [PDF, PDF],
      binaryMimeType: 'application/pdf',
    },
    { binaryCollectionValue: [PDF, PDF], binaryMimeType: 'application/pdf' },
  ],
];

const refused: [string, Kind, CartAnswer | { omit: string }, string][] = [
  [
    '0 text not matching the pattern',
    'visitor',
    { questionId: question('visitor.name'), stringValue: 'A1' },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '0 text in another property',
    'visitor',
    { questionId: question('visitor.name'), integerValue: 7 },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '1 list of texts as one text',
    'adventure',
    { questionId: question('adventure.allergies'), stringValue: 'gluten' },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '2 boolean as text',
    'visitor',
    { questionId: question('visitor.accessibility'), stringValue: 'yes' },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '3 list of booleans as one',
    'adventure',
    { questionId: question('adventure.consents'), booleanValue: true },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '4 required date missing',
    'visitor',
    { omit: question('visitor.birthDate') },
    SandboxCode.QuestionAnswerMissing,
  ],
  [
    '4 date as text',
    'visitor',
    { questionId: question('visitor.birthDate'), stringValue: '1990-01-01' },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '5 list of dates as one',
    'adventure',
    { questionId: question('adventure.altDates'), dateTimeValue: dt('2030-01-01') },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '6 integer as decimal',
    'visitor',
    { questionId: question('visitor.age'), decimalValue: 34.5 },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '7 list of integers as one',
    'planetarium',
    { questionId: question('planetarium.childAges'), integerValue: 7 },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '8 required decimal missing',
    'height',
    { omit: question('height.metres') },
    SandboxCode.QuestionAnswerMissing,
  ],
  [
    '8 decimal as integer list',
    'height',
    { questionId: question('height.metres'), integerCollectionValue: [1] },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '9 list of decimals as one',
    'adventure',
    { questionId: question('adventure.weights'), decimalValue: 70 },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '10 select one by its text',
    'planetarium',
    { questionId: question('planetarium.language'), stringValue: 'English' },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '10 select one not offered',
    'planetarium',
    { questionId: question('planetarium.language'), stringValue: 'fr' },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '11 select more than MaxNumberOfValues',
    'adventure',
    {
      questionId: question('adventure.extras'),
      stringCollectionValue: ['picnic', 'poles', 'photos'],
    },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '11 select a value not offered',
    'adventure',
    { questionId: question('adventure.extras'), stringCollectionValue: ['boat'] },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '12 required file missing',
    'adventure',
    { omit: question('adventure.medical') },
    SandboxCode.QuestionAnswerMissing,
  ],
  [
    '12 file of a type not accepted',
    'adventure',
    {
      questionId: question('adventure.medical'),
      binaryValue: PDF,
      binaryMimeType: 'application/zip',
    },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '12 file without a type',
    'adventure',
    { questionId: question('adventure.medical'), binaryValue: PDF },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '12 file not in base64',
    'adventure',
    {
      questionId: question('adventure.medical'),
      binaryValue: '###',
      binaryMimeType: 'application/pdf',
    },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    '13 list of files as one',
    'adventure',
    {
      questionId: question('adventure.authorisations'),
      binaryValue: PDF,
      binaryMimeType: 'application/pdf',
    },
    SandboxCode.QuestionAnswerInvalid,
  ],
  [
    'a question of no ticket of the product',
    'visitor',
    { questionId: question('height.metres'), decimalValue: 1 },
    SandboxCode.QuestionAnswerInvalid,
  ],
];

describe('ticket answers of every DataType', () => {
  it.each(accepted)('accepts %s', async (_label, kind, answer, echoed) => {
    const added = await add(item(kind, [answer]));
    const echo = added.activities[0]!.activity.tickets[0]!.questions;
    expect(echo.find((q) => q.ticketQuestionId === answer.questionId)).toMatchObject(echoed);
  });

  it.each(refused)('refuses %s', async (_label, kind, change, code) => {
    const activity = 'omit' in change ? item(kind, [], change.omit) : item(kind, [change]);
    const error = await refusal(add(activity), code);
    expect(error.messages.join()).toMatch(/question/i);
  });

  it('takes a ticket own answers over the activity-level ones, and echoes them', async () => {
    const date = saleDate(ctx(), 'museumAdult');
    const added = await add({
      productId: P.museumAdult,
      accessDateTime: date,
      quantity: 2,
      questions: visitorAnswers('Nombre Común'),
      tickets: [
        { ticketId: ticket('museumAdult', 'entry'), questions: visitorAnswers('Nombre Propio') },
      ],
    });
    const echoed = added.activities[0]!.activity.tickets[0]!.questions;
    expect(echoed.find((q) => q.ticketQuestionId === question('visitor.name'))?.stringValue).toBe(
      'Nombre Propio',
    );
  });
});

describe('dynamic ticket questions', () => {
  it("asks the child's age for the child show product only", async () => {
    const date = saleDate(ctx(), 'parkShowChild');
    const show = (
      product: 'parkShowAdult' | 'parkShowChild',
      answers: CartAnswer[],
    ): CartActivity => ({
      productId: P[product],
      accessDateTime: date,
      quantity: 1,
      tickets: [{ ticketId: ticket(product, 'show'), questions: answers }],
    });
    const holder = { questionId: question('show.holder'), stringValue: 'Ana García' };
    await add(show('parkShowAdult', [holder]));
    await refusal(add(show('parkShowChild', [holder])), SandboxCode.QuestionAnswerMissing);
    await add(
      show('parkShowChild', [holder, { questionId: question('show.childAge'), integerValue: 8 }]),
    );
    await refusal(add(show('parkShowAdult', [])), SandboxCode.QuestionAnswerMissing);
  });
});

describe('profile answers at Confirm', () => {
  const date = (): IsoDate => saleDate(ctx(), 'museumAdult');

  it('validates client and sale profile answers by their questions', async () => {
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'pa',
      activities: [museumAdult(date())],
    });
    const [clientProfile, ...rest] = profileAnswers();
    const badEmail = {
      ...clientProfile!,
      questions: [
        clientProfile!.questions[0]!,
        { questionId: question('client.email'), stringValue: 'not-an-email' },
      ],
    };
    await refusal(
      t.client.call(cartConfirmOperation, {
        shoppingCartId: 'pa',
        questionsProfiles: [badEmail, ...rest],
      }),
      SandboxCode.QuestionAnswerInvalid,
    );
    const tooMany = {
      questionsProfileId: demoIds.profiles.sale,
      questions: [
        {
          questionId: question('sale.source'),
          stringCollectionValue: ['search', 'social', 'hotel'],
        },
      ],
    };
    await refusal(
      t.client.call(cartConfirmOperation, {
        shoppingCartId: 'pa',
        questionsProfiles: [...profileAnswers(), tooMany],
      }),
      SandboxCode.QuestionAnswerInvalid,
    );
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'pa',
      questionsProfiles: [
        ...profileAnswers(),
        {
          ...tooMany,
          questions: [{ questionId: question('sale.source'), stringCollectionValue: ['hotel'] }],
        },
      ],
    });
    expect(confirmed.activities.products[0]!.success).toBe(true);
  });
});
