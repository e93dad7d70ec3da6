/**
 * Every vendor request example of the read operations, POSTed raw over HTTP, gets a JSON
 * envelope (Success true or false) and never a 5xx. The examples name ids the demo does
 * not have and dates long past, so most are refusals: the point is that they are
 * answered in the operation's envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '#src/api/operations.js';
import type { IsoDate } from '#src/api/schema.js';
import { addDays } from '#src/domain/time.js';
import { demoIds, demoTicketId } from '#src/sandbox/seed/index.js';
import { fixtures } from '#test/support/fixtures.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const readOperations = [
  'catalog',
  'availablecapacity',
  'realtimeprices',
  'autoassignsessions',
  'checkticketsquestions',
  'insurancepolicycheck',
] as const;

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

describe('vendor request examples of the read operations', () => {
  for (const name of readOperations) {
    const operation = operations[name];
    const examples = fixtures(name).filter((fixture) => fixture.kind === 'request');

    it(`${name} has request examples`, () => {
      expect(examples.length).toBeGreaterThan(0);
    });

    for (const example of examples)
      it(`${example.file} gets an envelope`, async () => {
        const response = await fetch(`${t.sandbox.url}${operation.path}`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: 'ApiKey sandbox-key',
          },
          body: JSON.stringify(example.body),
        });
        expect(response.status).toBeLessThan(500);
        const body = (await response.json()) as Record<string, unknown>;
        expect(typeof body.Success).toBe('boolean');
        if (body.Success === false) {
          const message =
            operation.envelope === 'A'
              ? (body.Errors as { ErrorMessage?: string }[])[0]?.ErrorMessage
              : body.ErrorMessage;
          expect(message).toEqual(expect.any(String));
          // A handler that threw is answered too; that would be a bug, not a refusal.
          expect(message).not.toMatch(/could not process/);
        }
      });
  }
});

/**
 * An example with the demo's ids and dates in place of the vendor's: ids by the key they
 * sit under, every date moved to a day from tomorrow on (keeping any time part).
 */
function localize(body: unknown, today: IsoDate, sessionId: string): unknown {
  const dates = new Map<string, IsoDate>();
  const idFor: Record<string, string> = {
    providerIds: demoIds.providers.waterpark,
    productBaseIds: demoIds.productBases.parkTickets,
    productIds: demoIds.products.parkAdult,
    productId: demoIds.products.parkAdult,
    sessionIds: sessionId,
    ticketId: demoTicketId('parkAdult', 'slides'),
    ticketsQuestionsProfileIds: demoIds.profiles.sale,
    combinedProductId: demoIds.combinedProducts.maritimeValencia,
  };
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, walk(v, k.charAt(0).toLowerCase() + k.slice(1))]),
      );
    if (typeof value !== 'string') return value;
    const id = idFor[key];
    if (id !== undefined) return id;
    const date = /^(\d{4}-\d{2}-\d{2})(.*)$/.exec(value);
    if (!date) return value;
    if (!dates.has(date[1]!)) dates.set(date[1]!, addDays(today, dates.size + 1));
    return `${dates.get(date[1]!)}${date[2]}`;
  };
  return walk(body, '');
}

describe('vendor request examples with the demo ids and dates', () => {
  for (const name of readOperations)
    for (const example of fixtures(name).filter((fixture) => fixture.kind === 'request')) {
      // The third example asks for nothing (only a LanguageCode [null]): refused by rule.
      const refused = example.file === 'checkticketsquestions.request.3.json';
      it(`${example.file} ${refused ? 'is refused' : 'succeeds'}`, async () => {
        const data = t.sandbox.context().data;
        const session = data.capacity.sessions.find(
          (s) => s.hasLimitedCapacity && s.sessionTime > `${addDays(data.today, 1)}`,
        )!;
        const response = await fetch(`${t.sandbox.url}${operations[name].path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'ApiKey sandbox-key' },
          body: JSON.stringify(localize(example.body, data.today, session.sessionId)),
        });
        const body = (await response.json()) as Record<string, unknown>;
        expect(response.status).toBe(200);
        expect(body.Success, JSON.stringify(body)).toBe(!refused);
      });
    }
});
