/**
 * The question actors over the partner client: against the sandbox (sets per ticket and
 * attendee, dynamic questions by product and date, checkout profiles named after their
 * provider), and with a scripted client for what the sandbox never does (a profile left
 * out of the answer, asked again by id).
 */
import { createReturnUrls } from '#src/payments/return-token.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import type { PartnerClient } from '#src/api/client.js';
import type { CheckTicketsQuestionsResponse } from '#src/api/questions.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { createQuestionActors } from '#src/conversation/actors/questions.js';
import { silentLogger } from '#src/log.js';
import { demoIds, demoTicketId } from '#src/sandbox/seed/index.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function actorsOver(client: PartnerClient, catalogClient: PartnerClient = client) {
  return createQuestionActors({
    client,
    catalog: createCatalogService(catalogClient),
    store: createMemoryStore(),
    // The bot's clock is the sandbox's (pinned by the test support).
    now: () => sandbox.sandbox.clock.now(),
    returnUrls: createReturnUrls('http://127.0.0.1', 'a-test-secret-of-at-least-32-characters'),
    logger: silentLogger,
  });
}

const run = <T>(logic: AnyActorLogic, input: unknown) =>
  toPromise(createActor(logic, { input }).start()) as Promise<T>;

type Sets = { ticketId: string; attendee: number; label: string; questions: { id: string }[] }[];

const questionsCalls = async () => {
  const stats = (await sandbox.extra('stats')) as { calls: Record<string, number> };
  return stats.calls['checkticketsquestions'] ?? 0;
};

describe('loadTicketQuestions', () => {
  it('gives one set per attendee and ticket with a profile, attendee by attendee', async () => {
    const { loadTicketQuestions } = actorsOver(sandbox.client);
    const sets = await run<Sets>(loadTicketQuestions, {
      productId: demoIds.products.museumFamily,
      date: '2026-08-14',
      quantity: 2,
      sessions: [],
      language: 'en',
    });
    const adult1 = demoTicketId('museumFamily', 'adult1');
    const child2 = demoTicketId('museumFamily', 'child2');
    expect(sets.map((set) => [set.attendee, set.label])).toEqual([
      [1, 'Adult'],
      [1, 'Adult'],
      [1, 'Child'],
      [1, 'Child'],
      [2, 'Adult'],
      [2, 'Adult'],
      [2, 'Child'],
      [2, 'Child'],
    ]);
    expect(sets[0]?.ticketId).toBe(adult1);
    expect(sets[7]?.ticketId).toBe(child2);
    expect(sets[0]?.questions).toHaveLength(4);
  });

  it('asks dynamic profiles with the product and date: more questions on weekends and for children', async () => {
    const { loadTicketQuestions } = actorsOver(sandbox.client);
    const ask = (productId: string, date: string) =>
      run<Sets>(loadTicketQuestions, {
        productId,
        date,
        quantity: 1,
        sessions: [],
        language: 'en',
      });
    const monday = await ask(demoIds.products.parkShowAdult, '2026-08-17');
    const saturday = await ask(demoIds.products.parkShowAdult, '2026-08-15');
    const child = await ask(demoIds.products.parkShowChild, '2026-08-17');
    expect(monday.map((set) => set.questions.length)).toEqual([1]);
    expect(saturday.map((set) => set.questions.length)).toEqual([2]);
    expect(child.map((set) => set.questions.length)).toEqual([2]);
  });

  it('makes no call for a product without ticket profiles', async () => {
    const { loadTicketQuestions } = actorsOver(sandbox.client);
    const before = await questionsCalls();
    const sets = await run<Sets>(loadTicketQuestions, {
      productId: demoIds.products.wineShop,
      date: '2026-08-14',
      quantity: 3,
      sessions: [],
      language: 'en',
    });
    expect(sets).toEqual([]);
    expect(await questionsCalls()).toBe(before);
  });

  it('asks again by id for a profile the answer left out', async () => {
    const requests: unknown[] = [];
    const profile = {
      id: demoIds.profiles.ticketHeight,
      name: 'Height',
      areDynamicQuestions: false,
      questions: [{ id: 'h', question: 'Height?', required: true, dataType: 8, values: [] }],
    };
    const empty: CheckTicketsQuestionsResponse = {
      products: [],
      providers: [],
      ticketQuestionsProfiles: [],
      providerQuestionsProfiles: [],
      saleQuestionsProfiles: [],
      clientQuestionsProfiles: [],
    };
    const scripted = {
      call: async (_operation: unknown, request: unknown) => {
        requests.push(request);
        return requests.length === 1 ? empty : { ...empty, ticketQuestionsProfiles: [profile] };
      },
    } as unknown as PartnerClient;
    const { loadTicketQuestions } = actorsOver(scripted, sandbox.client);
    const sets = await run<Sets>(loadTicketQuestions, {
      productId: demoIds.products.parkChild,
      date: '2026-08-14',
      quantity: 1,
      sessions: [],
      language: 'en',
    });
    expect(requests[1]).toEqual({ questionsProfileIds: [profile.id], languageCode: 'en' });
    expect(sets.map((set) => set.questions.map((q) => q.id))).toEqual([['h']]);
  });
});

describe('loadCheckoutQuestions', () => {
  it('gives the providers’ profiles named after them, then the sale and client profiles', async () => {
    const { loadCheckoutQuestions } = actorsOver(sandbox.client);
    const line = (productId: string, providerId: string) => ({
      productId,
      providerId,
      accessDate: '2026-08-14',
      sessions: [],
    });
    const sets = await run<{ profileId: string; level: string; label: string }[]>(
      loadCheckoutQuestions,
      {
        lines: [
          line(demoIds.products.museumAdult, demoIds.providers.museum),
          line(demoIds.products.mountainHike, demoIds.providers.mountain),
          line(demoIds.products.museumChild, demoIds.providers.museum),
        ],
        language: 'en',
      },
    );
    expect(sets.map(({ profileId, level, label }) => [profileId, level, label])).toEqual([
      [demoIds.profiles.providerMuseum, 'provider', 'Valencia Sea Museum — Visit contact'],
      [demoIds.profiles.providerMountain, 'provider', 'Sierra Nevada Groups — Group details'],
      [demoIds.profiles.sale, 'sale', 'Purchase survey'],
      [demoIds.profiles.client, 'client', 'Customer details'],
    ]);
  });
});
