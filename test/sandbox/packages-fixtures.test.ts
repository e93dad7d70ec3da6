/**
 * The vendor's request examples of the package operations, POSTed raw to the sandbox:
 * each gets an envelope, never a 5xx. Also the structure's spelling "Accomodation".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '#src/api/operations.js';
import { packageDemoIds } from '#src/sandbox/packages/seed.js';
import { addDays } from '#src/sandbox/seed/dates.js';
import { fixtures } from '#test/support/fixtures.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${t.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'ApiKey sandbox-key' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const names = ['prepackages', 'package-basiccatalog', 'package-prices'] as const;

describe('vendor request examples of packages', () => {
  const requests = names.flatMap((name) =>
    fixtures(name)
      .filter((f) => f.kind === 'request')
      .map((f) => ({ ...f, path: operations[name].path })),
  );

  it('covers every operation', () => {
    expect(new Set(requests.map((r) => r.operation))).toEqual(new Set(names));
  });

  for (const request of requests) {
    it(`${request.file} gets an envelope`, async () => {
      const answer = await post(request.path, request.body);
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.body.Success).toBe('boolean');
      if (answer.body.Success === false) expect(answer.body.Errors).not.toEqual([]);
    });
  }

  it('answers the prepackage examples with lists (their ids and dates match nothing here)', async () => {
    for (const request of requests.filter((r) => r.operation === 'prepackages')) {
      const answer = await post(request.path, request.body);
      expect(answer.body).toMatchObject({ Success: true });
      expect(Array.isArray(answer.body.PrePackages)).toBe(true);
    }
  });
});

describe('basic catalog spelled as the structure spells it', () => {
  it('reads Accomodation like Accommodation', async () => {
    const today = t.sandbox.context().data.today;
    const checkIn = addDays(today, 20);
    const answer = await post('/Package/BasicCatalog', {
      People: [{ Type: 2 }, { Type: '1', Age: '6' }],
      Activity: {
        FromDate: checkIn,
        ToDate: checkIn,
        PrePackageIds: packageDemoIds.prepackages.granCanaria,
      },
      Accomodation: {
        Destination: { Latitude: '27.7871', Longitude: -15.6081 },
        CheckIn: `${checkIn}T00:00:00`,
        CheckOut: addDays(checkIn, 2),
        RoomDistribution: [0, 1],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ Success: true, TotalPages: 2 });
    expect(answer.body.EchoToken).toMatch(/^[a-z0-9]{26}$/);
    expect((answer.body.Packages as unknown[]).length).toBe(10);
  });
});
