/** POST /activity/checkticketsquestions in the sandbox, driven through the project's client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOperation, type Catalog } from '#src/api/catalog.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import {
  checkTicketsQuestionsOperation,
  type CheckTicketsQuestionsRequest,
} from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { IsoDate } from '#src/api/schema.js';
import { weekday } from '#src/domain/time.js';
import { demoIds, demoTicketId } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;
const Q = demoIds.profiles;

let t: TestSandbox;
let catalog: Catalog;
beforeAll(async () => {
  t = await startTestSandbox();
  catalog = await t.client.call(catalogOperation, {});
});
afterAll(() => t.close());

const ask = (request: CheckTicketsQuestionsRequest) =>
  t.client.call(checkTicketsQuestionsOperation, request);

async function refusal(promise: Promise<unknown>): Promise<PartnerEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

function datesOf(productId: string): IsoDate[] {
  const product = catalog.providers
    .flatMap((p) => p.productBases.flatMap((b) => b.products))
    .find((x) => x.productId === productId)!;
  return product.pricesAndDates.flatMap((set) => set.dates).sort();
}

/** A later weekday (Tuesday to Friday) and a later weekend day on sale for the show. */
function showDates(): { weekdayDate: IsoDate; weekendDate: IsoDate } {
  const dates = datesOf(I.parkShowAdult).slice(1);
  return {
    weekdayDate: dates.find((d) => weekday(d) >= 2 && weekday(d) <= 5)!,
    weekendDate: dates.find((d) => weekday(d) >= 6)!,
  };
}

function showSession(date: IsoDate): string {
  const enclosure = catalog.providers
    .flatMap((p) => p.ticketEnclosures)
    .find((e) => e.ticketEnclosureId === demoIds.enclosures.sealShow)!;
  return enclosure.sessions!.sessionSessionContents.find((s) => s.sessionTime.startsWith(date))!
    .sessionId;
}

const dataTypes = (questions: { dataType: number }[]) => questions.map((q) => q.dataType);

describe('checkticketsquestions', () => {
  it('refuses a query with neither QuestionsProfileIds nor Products', async () => {
    const error = await refusal(ask({ languageCode: 'es' }));
    expect(error.codes).toEqual(['1000']);
    expect(error.messages.join()).toMatch(/QuestionsProfileIds or Products/);
  });

  it('answers profiles by id, each in the list of its level', async () => {
    const answer = await ask({
      questionsProfileIds: [Q.sale, Q.client, Q.providerMuseum, Q.ticketVisitor],
    });
    expect(answer.products).toEqual([]);
    expect(answer.ticketQuestionsProfiles.map((p) => p.id)).toEqual([Q.ticketVisitor]);
    expect(answer.providerQuestionsProfiles.map((p) => p.id)).toEqual([Q.providerMuseum]);
    expect(answer.saleQuestionsProfiles.map((p) => p.id)).toEqual([Q.sale]);
    expect(answer.clientQuestionsProfiles.map((p) => p.id)).toEqual([Q.client]);
    expect(answer.ticketQuestionsProfiles[0]!.questions.length).toBeGreaterThan(0);
  });

  it('refuses unknown profiles and a dynamic profile asked without products', async () => {
    const unknown = await refusal(ask({ questionsProfileIds: ['nosuchprofile'] }));
    expect(unknown.codes).toEqual(['1002']);
    expect(unknown.entities.map((e) => e.id)).toEqual(['nosuchprofile']);
    const dynamic = await refusal(ask({ questionsProfileIds: [Q.ticketShowDynamic] }));
    expect(dynamic.messages.join()).toMatch(/dynamic/);
    const bare = await refusal(ask({ productIds: [I.parkShowAdult] }));
    expect(bare.messages.join()).toMatch(/dynamic/);
  });

  it("maps products to their tickets' profiles, with provider, sale and client profiles", async () => {
    const date = datesOf(I.museumAdult)[1]!;
    const answer = await ask({ products: [{ productId: I.museumAdult, accessDate: date }] });
    expect(answer.products).toEqual([
      {
        productId: I.museumAdult,
        accessDate: `${date}T00:00:00`,
        providerId: demoIds.providers.museum,
        tickets: [
          {
            ticketId: demoTicketId('museumAdult', 'entry'),
            ticketQuestionsProfileId: Q.ticketVisitor,
          },
          { ticketId: demoTicketId('museumAdult', 'audio') },
        ],
      },
    ]);
    expect(answer.providers).toEqual([
      { providerId: demoIds.providers.museum, providerQuestionsProfileIds: [Q.providerMuseum] },
    ]);
    expect(answer.ticketQuestionsProfiles.map((p) => p.id)).toEqual([Q.ticketVisitor]);
    expect(answer.providerQuestionsProfiles.map((p) => p.id)).toEqual([Q.providerMuseum]);
    expect(answer.saleQuestionsProfiles.map((p) => p.id)).toEqual([Q.sale]);
    expect(answer.clientQuestionsProfiles.map((p) => p.id)).toEqual([Q.client]);
  });

  it("reads the vendor's bare ProductIds as the static questions of those products", async () => {
    const answer = await ask({ productIds: [I.museumPlanetarium] });
    expect(answer.products[0]!.accessDate).toBeUndefined();
    expect(answer.ticketQuestionsProfiles.map((p) => p.id)).toEqual([Q.ticketPlanetarium]);
  });

  it('generates dynamic questions from product, date and session', async () => {
    const { weekdayDate, weekendDate } = showDates();
    const show = demoTicketId('parkShowAdult', 'show');
    const dynamicOf = async (request: CheckTicketsQuestionsRequest) => {
      const answer = await ask(request);
      const profile = answer.ticketQuestionsProfiles.find((p) => p.id === Q.ticketShowDynamic)!;
      expect(profile.areDynamicQuestions).toBe(true);
      return profile.questions;
    };

    const plain = await dynamicOf({
      products: [{ productId: I.parkShowAdult, accessDate: weekdayDate }],
    });
    expect(dataTypes(plain)).toEqual([DataType.Text]);
    expect(plain[0]!.required).toBe(true);

    const sessionId = showSession(weekdayDate);
    const withSession = await dynamicOf({
      products: [
        {
          productId: I.parkShowAdult,
          accessDate: weekdayDate,
          tickets: [{ ticketId: show, sessionId }],
        },
      ],
    });
    expect(dataTypes(withSession)).toEqual([DataType.Text, DataType.SelectOne]);
    expect(withSession[1]!.values.length).toBeGreaterThan(0);

    const weekend = await dynamicOf({
      products: [{ productId: I.parkShowAdult, accessDate: weekendDate }],
    });
    expect(dataTypes(weekend)).toEqual([DataType.Text, DataType.Boolean]);

    const ticketDate = await dynamicOf({
      products: [
        {
          productId: I.parkShowAdult,
          accessDate: weekdayDate,
          tickets: [{ ticketId: show, accessDate: weekendDate }],
        },
      ],
    });
    expect(dataTypes(ticketDate)).toEqual([DataType.Text, DataType.Boolean]);

    const child = await dynamicOf({
      products: [{ productId: I.parkShowChild, accessDate: weekdayDate }],
    });
    expect(dataTypes(child)).toEqual([DataType.Text, DataType.Integer]);

    const both = await dynamicOf({
      products: [
        { productId: I.parkShowAdult, accessDate: weekendDate },
        { productId: I.parkShowChild, accessDate: weekdayDate },
      ],
    });
    expect(dataTypes(both)).toEqual([DataType.Text, DataType.Boolean, DataType.Integer]);
  });

  it('refuses a ticket of another product, a session of another enclosure, an unknown product', async () => {
    const date = datesOf(I.parkShowAdult)[1]!;
    const ticket = await refusal(
      ask({
        products: [
          {
            productId: I.parkShowAdult,
            accessDate: date,
            tickets: [{ ticketId: demoTicketId('museumAdult', 'entry') }],
          },
        ],
      }),
    );
    expect(ticket.codes).toEqual(['1103']);
    const session = await refusal(
      ask({
        products: [
          {
            productId: I.parkShowAdult,
            accessDate: date,
            tickets: [
              { ticketId: demoTicketId('parkShowAdult', 'pool'), sessionId: showSession(date) },
            ],
          },
        ],
      }),
    );
    expect(session.codes).toEqual(['1104']);
    const product = await refusal(
      ask({ products: [{ productId: 'nosuchproduct', accessDate: date }] }),
    );
    expect(product.codes).toEqual(['1002']);
  });

  it('answers in the LanguageCode asked', async () => {
    const es = await ask({ questionsProfileIds: [Q.sale], languageCode: 'es' });
    const en = await ask({ questionsProfileIds: [Q.sale], languageCode: 'en' });
    expect(es.saleQuestionsProfiles[0]!.name).toBe('Encuesta de la compra');
    expect(en.saleQuestionsProfiles[0]!.name).toBe('Purchase survey');
    expect(en.saleQuestionsProfiles[0]!.questions.map((q) => q.id)).toEqual(
      es.saleQuestionsProfiles[0]!.questions.map((q) => q.id),
    );
  });
});
