import { describe, expect, it } from 'vitest';
import type { Catalog, Product, ProductBase, Provider, Ticket } from '#src/api/catalog.js';
import { catalog as catalogSchema } from '#src/api/catalog.js';
import { questionsProfile } from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { IsoDate } from '#src/api/schema.js';
import { fromWire, toWire } from '#src/api/wire.js';
import {
  DEMO_DAYS,
  GIFT_CARD_TAG,
  catalogToWire,
  demoCatalog,
  demoIds,
  describeDemoCatalog,
  dynamicQuestions,
  generatedCatalog,
  questionProfiles,
  sessionCapacity,
} from '#src/sandbox/seed/index.js';

const today = '2025-03-14' as IsoDate; // a Friday
const es = demoCatalog({ today, language: 'es' });
const en = demoCatalog({ today, language: 'en' });

interface Entry {
  provider: Provider;
  base: ProductBase;
  product: Product;
}

function entries(catalog: Catalog): Entry[] {
  return catalog.providers.flatMap((provider) =>
    provider.productBases.flatMap((base) =>
      base.products.map((product) => ({ provider, base, product })),
    ),
  );
}

const all = entries(es);
const products = all.map((entry) => entry.product);
const tickets: Ticket[] = products.flatMap((product) => product.tickets);
const enclosures = es.providers.flatMap((provider) => provider.ticketEnclosures);
const profiles = questionProfiles('es');
const profileById = new Map(profiles.map((profile) => [profile.id, profile]));

function addDays(date: IsoDate, days: number): IsoDate {
  const probe = new Date(`${date}T00:00:00Z`);
  probe.setUTCDate(probe.getUTCDate() + days);
  return probe.toISOString().slice(0, 10) as IsoDate;
}
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** Every string value under a key ending in Id or Ids, anywhere in a value. */
function idValues(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => idValues(item, out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (/Ids?$/.test(key) || key === 'id') {
        if (typeof item === 'string') out.push(item);
        if (Array.isArray(item))
          out.push(...item.filter((x): x is string => typeof x === 'string'));
      } else idValues(item, out);
    }
  return out;
}

describe('demo catalog: wire round trip', () => {
  it('reads back through the catalog schema from the service-style wire form', () => {
    const wire = catalogToWire(es);
    expect(catalogSchema.parse(fromWire(wire))).toEqual(es);
  });

  it('writes the service spellings: comma-separated dates, "Ticket enclosures", hours', () => {
    const wire = catalogToWire(es) as {
      Providers: {
        'Ticket enclosures': unknown[];
        ProductBases: {
          Products: {
            ProductId: string;
            PricesAndDates: { Dates: unknown }[];
            DaysWithLimitedCapacity: unknown;
            MaxHoursInAdvanceOfPurchase?: unknown;
          }[];
        }[];
      }[];
    };
    const provider = wire.Providers[0]!;
    expect(provider['Ticket enclosures'].length).toBeGreaterThan(0);
    const wireProducts = wire.Providers.flatMap((p) => p.ProductBases.flatMap((b) => b.Products));
    expect(typeof wireProducts[0]!.PricesAndDates[0]!.Dates).toBe('string');
    expect(typeof wireProducts[0]!.DaysWithLimitedCapacity).toBe('string');
    const park = wireProducts.find((p) => p.ProductId === demoIds.products.parkAdult)!;
    expect(park.MaxHoursInAdvanceOfPurchase).toBe(720);
  });

  it('reads back through a plain toWire too when no earliest-sale value is set', () => {
    const plain: Catalog = {
      ...es,
      providers: es.providers.map((provider) => ({
        ...provider,
        productBases: provider.productBases.map((base) => ({
          ...base,
          products: base.products.map((product) => ({
            ...product,
            maxHoursInAdvanceOfPurchase: undefined,
          })),
        })),
      })),
    };
    expect(catalogSchema.parse(fromWire(toWire(plain)))).toEqual(plain);
  });

  it('gives question profiles that read back through the questionsProfile schema', () => {
    for (const profile of profiles)
      expect(questionsProfile.parse(fromWire(toWire(profile)))).toEqual(profile);
  });
});

describe('demo catalog: features', () => {
  const features: [string, () => boolean][] = [
    ['at least 3 providers', () => es.providers.length >= 3],
    ['12 or more products', () => products.length >= 12],
    [
      'a Canary Islands provider with TaxType 1 (IGIC) and a 7 % breakdown',
      () =>
        all.some(
          ({ provider, product }) =>
            provider.taxType === 1 &&
            provider.location?.region === 'Canarias' &&
            product.pricesAndDates.every((set) => set.taxBreakdown[0]?.taxPercentage === 7),
        ),
    ],
    [
      'a groups-only provider (IsForGroups, LimitOfNumberOfPeopleToBeGroup 19)',
      () => es.providers.some((p) => p.isForGroups && p.limitOfNumberOfPeopleToBeGroup === 19),
    ],
    ['a closed-date product', () => products.some((p) => p.accessDateCriteria === 0)],
    [
      'an open-date product',
      () =>
        products.some(
          (p) =>
            p.accessDateCriteria === 1 && p.accessDateCriteriaOpenDateSalesDocument !== undefined,
        ),
    ],
    [
      'an enclosure with per-session contents',
      () => enclosures.some((e) => (e.sessions?.sessionSessionContents.length ?? 0) > 0),
    ],
    [
      'an enclosure with a session group',
      () => enclosures.some((e) => e.sessions?.sessionsGroupSessionContents !== undefined),
    ],
    [
      'limited and unlimited sessions',
      () => {
        const sessions = enclosures.flatMap((e) => e.sessions?.sessionSessionContents ?? []);
        return (
          sessions.some((s) => s.hasLimitedCapacity) && sessions.some((s) => !s.hasLimitedCapacity)
        );
      },
    ],
    [
      'auto-assign No, IfNotSet and ForceSet',
      () =>
        [0, 1, 2].every((type) =>
          enclosures.some((e) => e.sessions?.ticketEnclosureAutoAssignSessionType === type),
        ),
    ],
    ['an enclosure with seating', () => enclosures.some((e) => e.sessions?.hasSeating === true)],
    [
      'seating assigned by the system and by the provider',
      () => [1, 3].every((type) => tickets.some((t) => t.seatingAssignType === type)),
    ],
    [
      'DaysWithLimitedCapacity within the dates on sale',
      () => {
        const limited = products.filter((p) => p.daysWithLimitedCapacity.length > 0);
        return (
          limited.length > 0 &&
          limited.every((p) => {
            const onSale = new Set(p.pricesAndDates.flatMap((set) => set.dates));
            return p.daysWithLimitedCapacity.every((date) => onSale.has(date));
          })
        );
      },
    ],
    [
      'quota and non-quota tickets',
      () => tickets.some((t) => t.isQuotaTicket) && tickets.some((t) => !t.isQuotaTicket),
    ],
    [
      'adult, child and senior products in one category, with age thresholds on the enclosure',
      () =>
        all.some(({ provider, base }) => {
          const counts = base.products.map((p) => [
            p.numberOfAdults,
            p.numberOfChildren,
            p.numberOfSenior,
          ]);
          const byAge = base.products
            .flatMap((p) => p.tickets)
            .map((t) =>
              provider.ticketEnclosures.find((e) => e.ticketEnclosureId === t.ticketEnclosureId),
            )
            .some(
              (e) =>
                e?.typeOfPersonDefinitionTypeChild === 1 &&
                e.typeOfPersonDefinitionTypeSenior === 1 &&
                e.typeOfPersonDefinitionValueChild !== undefined &&
                e.typeOfPersonDefinitionValueSenior !== undefined,
            );
          return (
            byAge &&
            counts.some(([a, c, s]) => a === 1 && c === 0 && s === 0) &&
            counts.some(([a, c, s]) => a === 0 && c === 1 && s === 0) &&
            counts.some(([a, c, s]) => a === 0 && c === 0 && s === 1)
          );
        }),
    ],
    [
      'a height threshold used by a child product',
      () =>
        all.some(
          ({ provider, product }) =>
            product.numberOfChildren > 0 &&
            product.tickets.some((t) =>
              provider.ticketEnclosures.some(
                (e) =>
                  e.ticketEnclosureId === t.ticketEnclosureId &&
                  e.typeOfPersonDefinitionTypeChild === 2 &&
                  e.typeOfPersonDefinitionValueChild === 120,
              ),
            ),
        ),
    ],
    [
      'several ticket types in one product (adult and child tickets, people counted)',
      () =>
        products.some(
          (p) =>
            new Set(p.tickets.map((t) => t.ticketName)).size >= 2 &&
            p.numberOfAdults > 0 &&
            p.numberOfChildren > 0 &&
            p.numberOfPeople === p.numberOfAdults + p.numberOfChildren,
        ),
    ],
    [
      'MinimumNumberByTransaction above 1',
      () => products.some((p) => p.minimumNumberByTransaction > 1),
    ],
    [
      'a product base group limit stricter than its provider',
      () =>
        all.some(
          ({ provider, base }) =>
            base.limitOfNumberOfPeopleToBeGroup !== undefined &&
            base.limitOfNumberOfPeopleToBeGroup <
              (provider.limitOfNumberOfPeopleToBeGroup ?? Infinity),
        ),
    ],
    ['HoursInAdvanceOfPurchase', () => products.some((p) => (p.hoursInAdvanceOfPurchase ?? 0) > 0)],
    [
      'MaxHoursInAdvanceOfPurchase in hours',
      () => products.some((p) => p.maxHoursInAdvanceOfPurchase?.kind === 'hours'),
    ],
    ['RequiresRealTimePrice', () => products.some((p) => p.requiresRealTimePrice)],
    [
      'net PriceMode 2 without commission',
      () => products.some((p) => p.priceMode === 2 && p.commission.length === 0),
    ],
    [
      'retail PriceMode 1 with percentage and absolute commissions',
      () =>
        [1, 2].every((type) =>
          products.some((p) => p.priceMode === 1 && p.commission.some((c) => c.type === type)),
        ),
    ],
    ['IsInsurable on a provider', () => es.providers.some((p) => p.isInsurable)],
    [
      'IsInsurable on a product base of a non-insurable provider',
      () => all.some(({ provider, base }) => base.isInsurable && !provider.isInsurable),
    ],
    [
      'IsInsurable on a product only',
      () =>
        all.some(
          ({ provider, base, product }) =>
            product.isInsurable && !base.isInsurable && !provider.isInsurable,
        ),
    ],
    [
      'partner settings enable insurance',
      () => es.partnerSettings?.isInsurancePolicyEnabled === true,
    ],
    [
      'a ticket with a dynamic questions profile',
      () =>
        tickets.some(
          (t) =>
            t.ticketsQuestionsProfileId !== undefined &&
            profileById.get(t.ticketsQuestionsProfileId)?.areDynamicQuestions === true,
        ),
    ],
    [
      'file questions on tickets (DataType 12 and 13)',
      () => {
        const types = new Set(
          tickets.flatMap(
            (t) =>
              profileById
                .get(t.ticketsQuestionsProfileId ?? '')
                ?.questions.map((q) => q.dataType) ?? [],
          ),
        );
        return types.has(DataType.File) && types.has(DataType.FileList);
      },
    ],
    [
      'provider question profiles',
      () => es.providers.some((p) => p.providerQuestionsProfileIds.length > 0),
    ],
    [
      'sale and client question profiles',
      () => es.saleQuestionProfileIds.length > 0 && es.clientQuestionProfileIds.length > 0,
    ],
    [
      'refundable and non-refundable provider defaults',
      () =>
        es.providers.some((p) => p.cancellationPolicy?.isRefundable === true) &&
        es.providers.some((p) => p.cancellationPolicy?.isRefundable === false),
    ],
    [
      'product policies overriding the provider default both ways',
      () =>
        [true, false].every((refundable) =>
          all.some(
            ({ provider, product }) =>
              product.cancellationPolicy?.isRefundable === refundable &&
              provider.cancellationPolicy?.isRefundable === !refundable,
          ),
        ),
    ],
    [
      'penalty rules with hours and percentage',
      () =>
        products.some((p) =>
          (p.cancellationPolicy?.rules ?? []).some(
            (r) => r.hoursInAdvanceOfAccess !== undefined && r.percentage !== undefined,
          ),
        ),
    ],
    [
      'a combined product made of products sold only as its part',
      () =>
        es.combinedProducts.length > 0 &&
        es.combinedProducts.every(
          (c) =>
            c.productIds.length >= 2 &&
            c.productIds.every(
              (id) =>
                products.find((p) => p.productId === id)?.canOnlyBeSoldAsPartOfCombinedProduct ===
                true,
            ),
        ),
    ],
    ['an IsForPackaging product', () => products.some((p) => p.isForPackaging)],
    ['a provider with DemandAccessDate false', () => es.providers.some((p) => !p.demandAccessDate)],
    [
      'a provider with DatePerTicketEnclosure',
      () => es.providers.some((p) => p.advancedDateSelectorMethodName === 'DatePerTicketEnclosure'),
    ],
    [
      'gift card products (tag giftcard), open-dated',
      () => {
        const cards = products.filter((p) => p.tags.includes(GIFT_CARD_TAG));
        return cards.length >= 2 && cards.every((p) => p.accessDateCriteria === 1);
      },
    ],
    [
      'ProductInternalConsiderations on several products, marked internal',
      () => {
        const notes = products.flatMap((p) => p.productInternalConsiderations ?? []);
        return notes.length >= 3 && notes.every((note) => note.startsWith('[interno]'));
      },
    ],
    [
      'a product whose sale window has not started',
      () =>
        products.some(
          (p) => p.startIsActiveDate !== undefined && p.startIsActiveDate > `${today}T23:59:59`,
        ),
    ],
  ];

  it.each(features)('%s', (_name, present) => {
    expect(present()).toBe(true);
  });

  it('has several price sets per product, higher on weekends', () => {
    const split = products.filter((p) => {
      const weekendPrices = p.pricesAndDates.filter((set) => set.dates.every(isWeekend));
      const weekdayPrices = p.pricesAndDates.filter((set) => set.dates.every((d) => !isWeekend(d)));
      return (
        weekendPrices.length > 0 &&
        weekdayPrices.length > 0 &&
        weekendPrices.every((w) => weekdayPrices.every((d) => w.price > d.price))
      );
    });
    expect(split.length).toBeGreaterThanOrEqual(6);
    expect(
      products.some((p) => p.pricesAndDates.some((set) => set.originalPrice !== undefined)),
    ).toBe(true);
  });

  it('puts every date on sale in the next DEMO_DAYS days, in one price set each', () => {
    const last = addDays(today, DEMO_DAYS - 1);
    for (const product of products) {
      const dates = product.pricesAndDates.flatMap((set) => set.dates);
      expect(dates.length, product.productName).toBeGreaterThan(0);
      expect(new Set(dates).size, product.productName).toBe(dates.length);
      for (const date of dates) expect(date >= today && date <= last, date).toBe(true);
    }
    const sessions = enclosures.flatMap((e) => e.sessions?.sessionSessionContents ?? []);
    for (const session of sessions)
      expect(session.sessionTime >= today && session.sessionTime <= `${last}T23:59:59`).toBe(true);
  });

  it('moves its dates with today', () => {
    const later = demoCatalog({ today: addDays(today, 10), language: 'es' });
    const first = (catalog: Catalog) =>
      entries(catalog)
        .find((e) => e.product.productId === demoIds.products.parkAdult)!
        .product.pricesAndDates.flatMap((s) => s.dates)
        .sort()[0];
    expect(first(es)).toBe(today);
    expect(first(later)).toBe(addDays(today, 10));
    expect(entries(later).map((e) => e.product.productId)).toEqual(
      all.map((e) => e.product.productId),
    );
  });

  it('sells on the purchase date for the DemandAccessDate false provider (today is on sale)', () => {
    const winery = es.providers.find((p) => !p.demandAccessDate)!;
    for (const base of winery.productBases)
      for (const product of base.products)
        expect(product.pricesAndDates.some((set) => set.dates.includes(today))).toBe(true);
  });

  it('refuses a date that is not a real date', () => {
    expect(() => demoCatalog({ today: '2025-02-30' as IsoDate, language: 'es' })).toThrow(
      /yyyy-MM-dd/,
    );
  });
});

describe('demo catalog: ids and determinism', () => {
  it('uses 13-character lowercase alphanumeric ids everywhere', () => {
    const ids = [...idValues(es), ...idValues(profiles)];
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{13}$/);
  });

  it('keeps ids unique per kind', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(es.providers.map((p) => p.providerId))).toBe(true);
    expect(
      unique(all.map((e) => e.base.productBaseId).filter((id, i, a) => a.indexOf(id) === i)),
    ).toBe(true);
    expect(unique(products.map((p) => p.productId))).toBe(true);
    expect(unique(tickets.map((t) => t.ticketId))).toBe(true);
    expect(unique(enclosures.map((e) => e.ticketEnclosureId))).toBe(true);
    expect(unique(sessionCapacity(es).sessions.map((s) => s.sessionId))).toBe(true);
    expect(unique(profiles.flatMap((p) => p.questions.map((q) => q.id)))).toBe(true);
  });

  it('names every demo id in demoIds', () => {
    const named = new Set(Object.values(demoIds).flatMap((group) => Object.values(group)));
    for (const product of products) expect(named.has(product.productId)).toBe(true);
    for (const provider of es.providers) expect(named.has(provider.providerId)).toBe(true);
  });

  it('gives the same output for the same inputs', () => {
    expect(demoCatalog({ today, language: 'es' })).toEqual(es);
    expect(questionProfiles('en')).toEqual(questionProfiles('en'));
    expect(sessionCapacity(demoCatalog({ today, language: 'en' }))).toEqual(sessionCapacity(en));
    expect(describeDemoCatalog()).toEqual(describeDemoCatalog());
  });

  it('differs between es and en only in texts', () => {
    const textKeys = new Set([
      'providerName',
      'providerDescription',
      'providerCommercialConditions',
      'providerAccessConditions',
      'exchangeVoucherPoint',
      'address',
      'region',
      'ticketEnclosureName',
      'ticketEnclosureConditions',
      'productBaseName',
      'productBaseDescription',
      'productName',
      'suggestedSalesProductName',
      'productDescription',
      'productInternalConsiderations',
      'productCancellationConditions',
      'ticketName',
      'ticketConditions',
      'combinedProductName',
      'name',
      'commercialName',
      'question',
      'shortQuestion',
      'regexValidationErrorMessage',
      'text',
    ]);
    let differences = 0;
    const compare = (a: unknown, b: unknown, path: string, key = ''): void => {
      if (typeof a === 'string' && textKeys.has(key)) {
        expect(typeof b, path).toBe('string');
        if (a !== b) differences += 1;
        return;
      }
      if (Array.isArray(a)) {
        expect(Array.isArray(b) && b.length === a.length, path).toBe(true);
        a.forEach((item, i) => compare(item, (b as unknown[])[i], `${path}[${i}]`, key));
        return;
      }
      if (a !== null && typeof a === 'object') {
        expect(Object.keys(b as object).sort(), path).toEqual(Object.keys(a).sort());
        for (const [k, item] of Object.entries(a))
          compare(item, (b as Record<string, unknown>)[k], `${path}.${k}`, k);
        return;
      }
      expect(b, path).toBe(a);
    };
    compare(es, en, 'catalog');
    compare(questionProfiles('es'), questionProfiles('en'), 'profiles');
    expect(differences).toBeGreaterThan(100);
    expect(en.providers[0]!.providerName).not.toBe(es.providers[0]!.providerName);
  });
});

describe('question profiles', () => {
  const referenced = [
    ...tickets.flatMap((t) => t.ticketsQuestionsProfileId ?? []),
    ...es.providers.flatMap((p) => p.providerQuestionsProfileIds),
    ...es.saleQuestionProfileIds,
    ...es.clientQuestionProfileIds,
  ];

  it('resolves every profile id the catalog refers to, and lists no other', () => {
    for (const id of referenced) expect(profileById.has(id), id).toBe(true);
    expect(new Set(referenced)).toEqual(new Set(profiles.map((p) => p.id)));
  });

  it('covers every DataType 0–13 with ticket-level questions', () => {
    const ticketProfiles = new Set(tickets.flatMap((t) => t.ticketsQuestionsProfileId ?? []));
    const types = new Set(
      [...ticketProfiles].flatMap((id) => profileById.get(id)!.questions.map((q) => q.dataType)),
    );
    expect([...types].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
  });

  it('gives Values only to DataType 10 and 11, and MaxNumberOfValues only to 11', () => {
    const questions = profiles.flatMap((p) => p.questions);
    for (const question of questions) {
      const select = question.dataType === 10 || question.dataType === 11;
      expect(question.values.length > 0, question.question).toBe(select);
      expect(question.maxNumberOfValues !== undefined, question.question).toBe(
        question.dataType === 11,
      );
    }
    expect(questions.some((q) => q.dataType === 10)).toBe(true);
    expect(
      questions.some((q) => q.dataType === 11 && (q.maxNumberOfValues ?? 0) < q.values.length),
    ).toBe(true);
  });

  it('has regex validation with an error message on some questions, and the patterns work', () => {
    const validated = profiles
      .flatMap((p) => p.questions)
      .filter((q) => q.regexValidationPattern !== undefined);
    expect(validated.length).toBeGreaterThanOrEqual(3);
    const samples: Record<string, [string, string]> = {
      email: ['ana@example.com', 'ana@'],
      phone: ['+34 600 123 456', '12ab'],
      name: ['María José Núñez', 'x'],
      document: ['12345678Z', '12-34'],
    };
    for (const question of validated) {
      expect(question.regexValidationErrorMessage).toBeTruthy();
      const pattern = new RegExp(question.regexValidationPattern!);
      const matches = Object.values(samples).filter(([good]) => pattern.test(good));
      expect(matches.length, question.regexValidationPattern).toBeGreaterThan(0);
      for (const [good, bad] of matches) {
        expect(pattern.test(good)).toBe(true);
        expect(pattern.test(bad)).toBe(false);
      }
    }
  });

  describe('dynamic questions', () => {
    const dynamic = demoIds.profiles.ticketShowDynamic;
    const adult = demoIds.products.parkShowAdult;
    const child = demoIds.products.parkShowChild;
    const weekday = '2025-03-18' as IsoDate; // Tuesday
    const saturday = '2025-03-22' as IsoDate;
    const ids = (questions: { id: string }[] | undefined) => questions?.map((q) => q.id) ?? [];

    it('lists the base questions as the static profile', () => {
      expect(profileById.get(dynamic)!.areDynamicQuestions).toBe(true);
      expect(ids(dynamicQuestions(dynamic, adult, weekday))).toEqual(
        ids(profileById.get(dynamic)!.questions),
      );
    });

    it('adds a question only when a session is given', () => {
      const without = dynamicQuestions(dynamic, adult, weekday)!;
      const withSession = dynamicQuestions(dynamic, adult, weekday, 'sessionabc123')!;
      expect(withSession.length).toBe(without.length + 1);
      expect(withSession.at(-1)!.dataType).toBe(DataType.SelectOne);
    });

    it('depends on the date and on the product', () => {
      expect(dynamicQuestions(dynamic, adult, saturday)!.length).toBeGreaterThan(
        dynamicQuestions(dynamic, adult, weekday)!.length,
      );
      expect(
        dynamicQuestions(dynamic, child, weekday)!.some((q) => q.dataType === DataType.Integer),
      ).toBe(true);
      expect(
        dynamicQuestions(dynamic, adult, weekday)!.some((q) => q.dataType === DataType.Integer),
      ).toBe(false);
    });

    it('answers in the language asked, and is undefined for a static profile', () => {
      const inEnglish = dynamicQuestions(dynamic, adult, weekday, undefined, 'en')!;
      expect(inEnglish[0]!.question).not.toBe(
        dynamicQuestions(dynamic, adult, weekday)![0]!.question,
      );
      expect(dynamicQuestions(demoIds.profiles.ticketVisitor, adult, weekday)).toBeUndefined();
    });
  });
});

describe('session and capacity seed', () => {
  const seed = sessionCapacity(es);

  it('gives every limited product day a small capacity', () => {
    const limited = products.flatMap((p) =>
      p.daysWithLimitedCapacity.map((date) => `${p.productId}|${date}`),
    );
    expect(seed.products.map((c) => `${c.productId}|${c.date}`)).toEqual(limited);
    for (const entry of seed.products)
      expect(entry.capacity >= 6 && entry.capacity <= 20).toBe(true);
  });

  it('gives every limited session a small capacity and unlimited ones none', () => {
    const catalogSessions = enclosures.flatMap((e) => e.sessions?.sessionSessionContents ?? []);
    for (const session of catalogSessions) {
      const entry = seed.sessions.find((s) => s.sessionId === session.sessionId)!;
      expect(entry.sessionTime).toBe(session.sessionTime);
      if (session.hasLimitedCapacity)
        expect(entry.capacity! >= 6 && entry.capacity! <= 20).toBe(true);
      else expect(entry.capacity).toBeUndefined();
    }
  });

  it('creates the sessions of a session group on every date its products are on sale', () => {
    const jellyfish = seed.sessions.filter(
      (s) => s.ticketEnclosureId === demoIds.enclosures.jellyfish,
    );
    const product = products.find((p) => p.productId === demoIds.products.museumJellyfish)!;
    const dates = product.pricesAndDates.flatMap((set) => set.dates);
    expect(jellyfish.length).toBe(dates.length * 3);
    for (const session of jellyfish) {
      expect(session.sessionsGroupId).toBe(demoIds.sessionGroups.jellyfishFeeding);
      expect(dates).toContain(session.sessionTime.slice(0, 10));
      expect(session.capacity! >= 6 && session.capacity! <= 20).toBe(true);
    }
  });
});

describe('generated catalog', () => {
  const small = generatedCatalog({ today, products: 50, seed: 1 });

  it('has exactly the products asked for, and reads back through the schema', () => {
    expect(entries(small)).toHaveLength(50);
    expect(catalogSchema.parse(fromWire(catalogToWire(small)))).toEqual(small);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    expect(generatedCatalog({ today, products: 50, seed: 1 })).toEqual(small);
    const other = generatedCatalog({ today, products: 50, seed: 2 });
    expect(entries(other).map((e) => e.product.productId)).not.toEqual(
      entries(small).map((e) => e.product.productId),
    );
  });

  it('builds 50 000 products with unique 13-character ids', () => {
    const large = generatedCatalog({ today, products: 50_000, seed: 42 });
    const ids = entries(large).map((e) => e.product.productId);
    expect(ids).toHaveLength(50_000);
    expect(new Set(ids).size).toBe(50_000);
    for (const id of ids.slice(0, 100).concat(ids.slice(-100)))
      expect(id).toMatch(/^[a-z0-9]{13}$/);
    const ticketIds = entries(large).flatMap((e) => e.product.tickets.map((t) => t.ticketId));
    expect(new Set(ticketIds).size).toBe(ticketIds.length);
  });
});

describe('describeDemoCatalog', () => {
  it('lists every provider and product with its id and English name', () => {
    const text = describeDemoCatalog(today).join('\n');
    for (const { provider, product } of entries(en)) {
      expect(text).toContain(provider.providerId);
      expect(text).toContain(product.productId);
      expect(text).toContain(product.productName);
    }
    for (const id of es.combinedProducts.map((c) => c.combinedProductId))
      expect(text).toContain(id);
  });
});
