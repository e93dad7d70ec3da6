/** POST /availablecapacity in the sandbox, driven through the project's client. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availableCapacityOperation,
  type AvailableCapacityRequest,
} from '#src/api/availability.js';
import { cartAddOperation, cartConfirmOperation } from '#src/api/cart.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import type { IsoDate } from '#src/api/schema.js';
import { addDays } from '#src/domain/time.js';
import { demoIds, demoTicketId } from '#src/sandbox/seed/index.js';
import { profileAnswers } from './cart-support.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const I = demoIds.products;
const E = demoIds.enclosures;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', {});
});

const data = () => t.sandbox.context().data;
const today = (): IsoDate => data().today;
const ask = (request: AvailableCapacityRequest) =>
  t.client.call(availableCapacityOperation, request);

async function refusal(promise: Promise<unknown>): Promise<PartnerEnvelopeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

/** Seed sessions of an enclosure from tomorrow on (none of them has started). */
function seedSessions(enclosureId: string, to: IsoDate) {
  const from = addDays(today(), 1);
  return data()
    .capacity.sessions.filter(
      (s) =>
        s.ticketEnclosureId === enclosureId &&
        s.sessionTime.slice(0, 10) >= from &&
        s.sessionTime.slice(0, 10) <= to,
    )
    .sort((a, b) => a.sessionTime.localeCompare(b.sessionTime));
}

describe('availablecapacity', () => {
  it('refuses a query without ProductIds or SessionIds, and a FromDate in the past', async () => {
    const none = await refusal(ask({ dates: [today()] }));
    expect(none.codes).toEqual(['1000']);
    expect(none.messages.join()).toMatch(/ProductIds or SessionIds/);
    const past = await refusal(
      ask({ productIds: [I.museumFamily], fromDate: addDays(today(), -2) }),
    );
    expect(past.messages.join()).toMatch(/FromDate/);
  });

  it('refuses unknown products and sessions, naming them', async () => {
    const error = await refusal(ask({ productIds: [I.museumFamily, 'nosuchproduct'] }));
    expect(error.codes).toEqual(['1002']);
    expect(error.entities.map((e) => e.id)).toEqual(['nosuchproduct']);
  });

  it('gives one entry per limited day of a product, with its places', async () => {
    const from = addDays(today(), 1);
    const answer = await ask({ productIds: [I.museumFamily], fromDate: from });
    const expected = data()
      .capacity.products.filter((d) => d.productId === I.museumFamily && d.date >= from)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => ({ productId: d.productId, date: d.date, availableCapacity: d.capacity }));
    expect(expected.length).toBeGreaterThan(3);
    expect(answer.products).toEqual(expected);
    expect(answer.sessions).toEqual([]);
  });

  it('narrows to Dates and to FromDate..ToDate', async () => {
    const limited = data()
      .capacity.products.filter((d) => d.productId === I.museumFamily && d.date > today())
      .map((d) => d.date)
      .sort();
    const answer = await ask({ productIds: [I.museumFamily], dates: [limited[1]!] });
    expect(answer.products.map((p) => p.date)).toEqual([limited[1]]);
    const ranged = await ask({
      productIds: [I.museumFamily],
      fromDate: limited[0]!,
      toDate: limited[1]!,
    });
    expect(ranged.products.map((p) => p.date)).toEqual([limited[0], limited[1]]);
  });

  it("lists the sessions of a product's enclosures, session-group sessions included", async () => {
    const from = addDays(today(), 1);
    const to = addDays(today(), 7);
    const answer = await ask({ productIds: [I.museumJellyfish], fromDate: from, toDate: to });
    const expected = seedSessions(E.jellyfish, to);
    expect(expected.length).toBeGreaterThan(0);
    expect(
      expected.every((s) => s.sessionsGroupId === demoIds.sessionGroups.jellyfishFeeding),
    ).toBe(true);
    expect(answer.sessions).toEqual(
      expected.map((s) => ({
        sessionId: s.sessionId,
        date: s.sessionTime,
        availableCapacity: s.capacity,
      })),
    );
    expect(answer.products).toEqual([]); // no limited days
  });

  it('lists unlimited sessions without a number, limited ones with their places', async () => {
    const to = addDays(today(), 3);
    const answer = await ask({
      productIds: [I.parkShowAdult],
      fromDate: addDays(today(), 1),
      toDate: to,
    });
    const all = seedSessions(E.sealShow, to);
    const limited = all.filter((s) => s.hasLimitedCapacity);
    expect(limited.length).toBe(3);
    expect(all.length).toBeGreaterThan(limited.length);
    const listed = answer.sessions.filter((s) =>
      all.some((seed) => seed.sessionId === s.sessionId),
    );
    expect(listed.map((s) => s.sessionId).sort()).toEqual(all.map((s) => s.sessionId).sort());
    for (const session of listed) {
      const seed = all.find((candidate) => candidate.sessionId === session.sessionId)!;
      if (seed.hasLimitedCapacity) expect(session.availableCapacity).toBe(seed.capacity);
      else expect(session.availableCapacity).toBeUndefined();
    }
  });

  it('answers SessionIds on their own, combined with products as OR', async () => {
    const [planetarium] = seedSessions(E.planetarium, addDays(today(), 14));
    const only = await ask({ sessionIds: [planetarium!.sessionId] });
    expect(only).toMatchObject({
      products: [],
      sessions: [
        {
          sessionId: planetarium!.sessionId,
          date: planetarium!.sessionTime,
          availableCapacity: planetarium!.capacity,
        },
      ],
    });
    const both = await ask({
      productIds: [I.museumFamily],
      sessionIds: [planetarium!.sessionId],
      fromDate: addDays(today(), 1),
    });
    expect(both.products.length).toBeGreaterThan(0);
    expect(both.sessions.map((s) => s.sessionId)).toEqual([planetarium!.sessionId]);
  });

  it('counts places held by a reservation until it expires', async () => {
    const day = data()
      .capacity.products.filter((d) => d.productId === I.parkAdult && d.date > today())
      .sort((a, b) => a.date.localeCompare(b.date))[0]!;
    const feeding = seedSessions(E.jellyfish, addDays(today(), 14))[0]!;
    const jellyfishDate = feeding.sessionTime.slice(0, 10) as IsoDate;
    const places = async () => {
      const answer = await ask({
        productIds: [I.parkAdult],
        sessionIds: [feeding.sessionId],
        dates: [day.date, jellyfishDate],
      });
      return [
        answer.products.find((p) => p.date === day.date)!.availableCapacity,
        answer.sessions[0]!.availableCapacity,
      ];
    };
    expect(await places()).toEqual([day.capacity, feeding.capacity]);

    await t.client.call(cartAddOperation, {
      shoppingCartId: 'reads-capacity-1',
      activities: [
        {
          productId: I.parkAdult,
          accessDateTime: day.date,
          quantity: 1,
          tickets: [
            { ticketId: demoTicketId('parkAdult', 'slides'), accessDateTime: day.date },
            { ticketId: demoTicketId('parkAdult', 'pool'), accessDateTime: day.date },
          ],
        },
        {
          productId: I.museumJellyfish,
          accessDateTime: jellyfishDate,
          quantity: 2,
          tickets: [0, 1].map(() => ({
            ticketId: demoTicketId('museumJellyfish', 'feeding'),
            sessionId: feeding.sessionId,
          })),
        },
      ],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'reads-capacity-1',
      questionsProfiles: profileAnswers(['museum']),
    });
    // Two quota tickets (slides and pool) of one park entry; two feeding places.
    expect(await places()).toEqual([day.capacity - 2, feeding.capacity! - 2]);

    await t.extra('clock', { advanceMinutes: 16 });
    expect(await places()).toEqual([day.capacity, feeding.capacity]);
  });
});
