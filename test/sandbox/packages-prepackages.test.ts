/** Sandbox /Activity/Prepackages through the project's client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import { prepackagesOperation, type PrepackagesRequest } from '#src/api/packages.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { packageDemoIds } from '#src/sandbox/packages/seed.js';
import { demoIds } from '#src/sandbox/seed/demo-ids.js';
import { addDays } from '#src/sandbox/seed/dates.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const PP = packageDemoIds.prepackages;
let t: TestSandbox;
let today: ReturnType<typeof addDays>;

beforeAll(async () => {
  t = await startTestSandbox();
  today = t.sandbox.context().data.today;
});
afterAll(() => t.close());

const prepackages = (request: PrepackagesRequest = {}) =>
  t.client.call(prepackagesOperation, request);

async function refusal(request: PrepackagesRequest): Promise<PartnerEnvelopeError> {
  const error = await prepackages(request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PartnerEnvelopeError);
  return error as PartnerEnvelopeError;
}

describe('prepackages', () => {
  it('lists the demo prepackages in order, with groupings and a suggested location', async () => {
    const answer = await prepackages();
    expect(answer.prePackages.map((p) => p.id)).toEqual([PP.granCanaria, PP.valencia, PP.ribera]);
    expect(answer.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const park = answer.prePackages[0]!;
    expect(park.order).toBe(1);
    expect(park.productPaxGroupings).toHaveLength(1);
    const grouping = park.productPaxGroupings[0]!;
    expect(grouping).toMatchObject({
      providerId: demoIds.providers.waterpark,
      productPaxGroupingId: packageDemoIds.groupings.gcPark,
      datePolicyKey: 1,
      validDays: 1,
      validDaysType: 0,
      providerLocation: { lat: 27.7871, lng: -15.6081 },
    });
    expect(grouping.ticketEnclosures.map((e) => e.id).sort()).toEqual(
      [demoIds.enclosures.slides, demoIds.enclosures.wavePool].sort(),
    );
    expect(grouping.ticketEnclosures.every((e) => e.name.length > 0)).toBe(true);
    // One provider: the centre between the enclosures is the provider's location.
    expect(park.suggestedLocation).toEqual({ lat: 27.7871, lng: -15.6081 });

    const valencia = answer.prePackages[1]!;
    expect(valencia.productPaxGroupings.map((g) => g.datePolicyKey)).toEqual([1, 1]);
  });

  it('takes the ages of children and babies, and leaves out adults-only prepackages', async () => {
    const answer = await prepackages({
      peopleDistributions: [
        { numberOfAdults: 2, numberOfChildren: 1, numberOfBabies: 1, childrenAges: [10, 1] },
        { numberOfSeniors: 1 },
      ],
    });
    expect(answer.prePackages.map((p) => p.id)).toEqual([PP.granCanaria, PP.valencia]);

    const adults = await prepackages({ peopleDistributions: [{ numberOfAdults: 2 }] });
    expect(adults.prePackages.map((p) => p.id)).toContain(PP.ribera);
  });

  it('refuses children without ages, babies included', async () => {
    const noAges = await refusal({
      peopleDistributions: [{ numberOfAdults: 2, numberOfChildren: 2, childrenAges: [10] }],
    });
    expect(noAges.codes).toEqual([SandboxCode.InvalidRequest]);
    expect(noAges.messages.join()).toMatch(/PeopleDistributions\[0\]\.ChildrenAges.*17/);

    const baby = await refusal({
      peopleDistributions: [{ numberOfAdults: 1 }, { numberOfAdults: 1, numberOfBabies: 1 }],
    });
    expect(baby.messages.join()).toMatch(/PeopleDistributions\[1\]\.ChildrenAges/);

    const tooOld = await refusal({
      peopleDistributions: [{ numberOfAdults: 1, numberOfChildren: 1, childrenAges: [18] }],
    });
    expect(tooOld.messages.join()).toMatch(/ChildrenAges\[0\]/);

    const alone = await refusal({
      peopleDistributions: [{ numberOfChildren: 1, childrenAges: [9] }],
    });
    expect(alone.messages.join()).toMatch(/adult/);
  });

  it('filters by provider, prepackage and dates', async () => {
    const winery = await prepackages({ providerIds: [demoIds.providers.winery] });
    expect(winery.prePackages.map((p) => p.id)).toEqual([PP.ribera]);

    const chosen = await prepackages({ prePackageIds: [PP.valencia, 'unknown000000'] });
    expect(chosen.prePackages.map((p) => p.id)).toEqual([PP.valencia]);

    // The Ribera prepackage is on sale from next week only.
    const thisWeek = await prepackages({ fromDate: today, toDate: addDays(today, 3) });
    expect(thisWeek.prePackages.map((p) => p.id)).toEqual([PP.granCanaria, PP.valencia]);

    // Nothing is on sale beyond the demo season.
    const later = await prepackages({ fromDate: addDays(today, 200), toDate: addDays(today, 210) });
    expect(later.prePackages).toEqual([]);

    // A past FromDate is read as today.
    const past = await prepackages({ fromDate: addDays(today, -30), toDate: addDays(today, 3) });
    expect(past.prePackages.map((p) => p.id)).toEqual([PP.granCanaria, PP.valencia]);

    const backwards = await refusal({ fromDate: addDays(today, 5), toDate: addDays(today, 4) });
    expect(backwards.messages.join()).toMatch(/ToDate/);
  });
});
