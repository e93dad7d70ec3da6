/**
 * POST /autoassignsessions in the sandbox, driven through the project's client; and the
 * per-ticket rule on its own for the outcome the demo catalog has no product for
 * (a ticket without an enclosure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import {
  ResultType,
  SessionStartTimeType,
  autoAssignSessionsOperation,
  type AutoAssignSessionsRequest,
} from '#src/api/sessions.js';
import { addDays, weekday } from '#src/domain/time.js';
import { assignSession } from '#src/sandbox/reads/auto-assign.js';
import { demoCatalog, demoIds, demoTicketId } from '#src/sandbox/seed/index.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;
const E = demoIds.enclosures;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const data = () => t.sandbox.context().data;
const ask = (request: AutoAssignSessionsRequest) =>
  t.client.call(autoAssignSessionsOperation, request);

async function refusal(promise: Promise<unknown>): Promise<PartnerEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

/** The first day from tomorrow on that `accept`s (the museum is closed on Mondays). */
function nextDay(accept: (date: IsoDate) => boolean): IsoDate {
  for (let i = 1; ; i += 1) {
    const date = addDays(data().today, i);
    if (accept(date)) return date;
  }
}
const openDay = () => nextDay((d) => weekday(d) !== 1);
const monday = () => nextDay((d) => weekday(d) === 1);

function sessionsOn(enclosureId: string, date: IsoDate) {
  return data()
    .capacity.sessions.filter(
      (s) => s.ticketEnclosureId === enclosureId && s.sessionTime.startsWith(date),
    )
    .sort((a, b) => a.sessionTime.localeCompare(b.sessionTime));
}

describe('autoassignsessions', () => {
  it('assigns the first session with room in an IfNotSet enclosure (ResultType 0)', async () => {
    const date = openDay();
    const answer = await ask({
      products: [{ productId: I.museumJellyfish, quantity: 2, accessDate: date }],
    });
    const first = sessionsOn(E.jellyfish, date)[0]!;
    expect(answer.products).toEqual([
      {
        productId: I.museumJellyfish,
        accessDate: date,
        hasTicketEnclosures: true,
        tickets: [
          {
            ticketId: demoTicketId('museumJellyfish', 'feeding'),
            accessDate: date,
            ticketEnclosureId: E.jellyfish,
            sessionId: first.sessionId,
            sessionTime: '10:30',
            sessionContentId: demoIds.sessionContents.jellyfishFeeding,
            sessionContentName: 'Alimentación de medusas',
            sessionStartTimeType: SessionStartTimeType.FromTime,
            resultType: ResultType.Ok,
          },
        ],
      },
    ]);
  });

  it('finds no session without room or on a day without sessions (ResultType 4)', async () => {
    const tooMany = await ask({
      products: [{ productId: I.museumJellyfish, quantity: 50, accessDate: openDay() }],
    });
    const closed = await ask({
      products: [{ productId: I.museumJellyfish, quantity: 1, accessDate: monday() }],
    });
    for (const answer of [tooMany, closed]) {
      const [ticket] = answer.products[0]!.tickets;
      expect(ticket).toMatchObject({
        ticketEnclosureId: E.jellyfish,
        resultType: ResultType.TicketEnclosureHasNoSessionsAvailable,
      });
      expect(ticket!.sessionId).toBeUndefined();
    }
  });

  it('always assigns in a ForceSet enclosure, where a session without a limit has room', async () => {
    const date = openDay();
    const answer = await ask({
      products: [{ productId: I.parkShowAdult, quantity: 50, accessDate: date }],
    });
    const [pool, show] = answer.products[0]!.tickets;
    expect(pool!.resultType).toBe(ResultType.TicketEnclosureSessionTypeIsNone);
    expect(show).toMatchObject({
      ticketEnclosureId: E.sealShow,
      sessionTime: '12:00',
      sessionContentName: 'Leones marinos: el gran show',
      sessionStartTimeType: SessionStartTimeType.AtTime,
      resultType: ResultType.Ok,
    });
  });

  it('reports enclosures without sessions (2) and those that do not auto-assign (3)', async () => {
    const date = openDay();
    const answer = await ask({
      products: [
        { productId: I.museumAdult, quantity: 1, accessDate: date },
        { productId: I.museumPlanetarium, quantity: 1, accessDate: date },
      ],
    });
    expect(answer.products.map((p) => p.tickets.map((x) => x.resultType))).toEqual([
      [ResultType.TicketEnclosureSessionTypeIsNone, ResultType.TicketEnclosureSessionTypeIsNone],
      [
        ResultType.TicketEnclosureSessionTypeIsNone,
        ResultType.TicketEnclosureDoesNotAcceptAutoAssign,
      ],
    ]);
  });

  it('answers only the tickets asked, with their own access date first', async () => {
    const date = openDay();
    const later = addDays(date, 7);
    const dome = demoTicketId('museumPlanetarium', 'dome');
    const answer = await ask({
      languageCode: 'en',
      products: [
        {
          productId: I.museumJellyfish,
          quantity: 1,
          accessDate: date,
          tickets: [{ ticketId: demoTicketId('museumJellyfish', 'feeding'), accessDate: later }],
        },
        {
          productId: I.museumPlanetarium,
          quantity: 1,
          accessDate: date,
          tickets: [{ ticketId: dome }],
        },
      ],
    });
    const [jellyfish, planetarium] = answer.products;
    expect(jellyfish!.accessDate).toBe(date);
    expect(jellyfish!.tickets[0]).toMatchObject({
      accessDate: later,
      sessionId: sessionsOn(E.jellyfish, later)[0]!.sessionId,
      sessionContentName: 'Jellyfish feeding',
    });
    expect(planetarium!.tickets.map((x) => x.ticketId)).toEqual([dome]);
  });

  it('refuses no products, unknown products and tickets of another product', async () => {
    const empty = await refusal(ask({ products: [] }));
    expect(empty.codes).toEqual(['1000']);
    const unknown = await refusal(
      ask({ products: [{ productId: 'nosuchproduct', quantity: 1, accessDate: openDay() }] }),
    );
    expect(unknown.codes).toEqual(['1002']);
    const ticket = await refusal(
      ask({
        products: [
          {
            productId: I.museumAdult,
            quantity: 1,
            accessDate: openDay(),
            tickets: [{ ticketId: demoTicketId('parkAdult', 'pool') }],
          },
        ],
      }),
    );
    expect(ticket.codes).toEqual(['1103']);
  });
});

describe('assignSession', () => {
  const catalog = demoCatalog({ today: '2025-03-14', language: 'es' });
  const museum = catalog.providers.find((p) => p.providerId === demoIds.providers.museum)!;
  const input = {
    provider: museum,
    date: '2025-03-18' as IsoDate,
    quantity: 1,
    sessions: [],
    remaining: () => undefined,
    now: '2025-03-14T10:00:00' as IsoDateTime,
    contentNames: {},
  };

  it('reports a ticket without an enclosure, or with one its provider lacks (ResultType 1)', () => {
    for (const ticketEnclosureId of [undefined, 'nosuchenclosu']) {
      const answer = assignSession({
        ...input,
        ticket: {
          ticketId: 'lonelyticket1',
          ticketName: '',
          isQuotaTicket: true,
          ticketEnclosureId,
        },
      });
      expect(answer).toEqual({
        ticketId: 'lonelyticket1',
        accessDate: '2025-03-18',
        sessionStartTimeType: SessionStartTimeType.AtTime,
        resultType: ResultType.HasNotTicketEnclosure,
      });
    }
  });

  it('skips sessions that have started and gives a ticket outside the quota any session', () => {
    const at = (time: string) => `2025-03-18T${time}:00` as IsoDateTime;
    const session = (id: string, time: string) => ({
      sessionId: id,
      providerId: museum.providerId,
      ticketEnclosureId: E.jellyfish,
      sessionTime: at(time),
      hasLimitedCapacity: true,
      capacity: 0,
    });
    const ticket = {
      ticketId: 'feedingticket',
      ticketName: '',
      isQuotaTicket: true,
      ticketEnclosureId: E.jellyfish,
    };
    const sessions = [
      session('late', '16:30'),
      session('early', '10:30'),
      session('noon', '12:30'),
    ];
    const remaining = (id: string) => (id === 'noon' ? 0 : 5);
    const base = { ...input, sessions, remaining, now: at('11:00') };
    expect(assignSession({ ...base, ticket }).sessionId).toBe('late');
    expect(assignSession({ ...base, ticket: { ...ticket, isQuotaTicket: false } }).sessionId).toBe(
      'noon',
    );
  });
});
