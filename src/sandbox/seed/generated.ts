/**
 * A large, deterministic catalog for benchmarks (50 or 50 000 products): the same
 * options always give the same catalog. Built for speed: ids come from counters, numbers
 * from a seeded generator, and products share their date lists (read-only by convention).
 */
import type {
  Catalog,
  PricesAndDates,
  Product,
  Provider,
  TicketEnclosure,
} from '#src/api/catalog.js';
import type { IsoDate } from '#src/api/schema.js';
import {
  makeBase,
  makeEnclosure,
  makeProduct,
  makeProvider,
  makeSessions,
  makeTicket,
  priceSet,
} from './build.js';
import { addDays, assertIsoDate, at, dateRange, isWeekend } from './dates.js';
import { GIFT_CARD_TAG } from './demo.js';
import { translator, type SeedLanguage } from './language.js';

export interface GeneratedOptions {
  today: IsoDate;
  /** How many products in all. */
  products: number;
  seed: number;
  language?: SeedLanguage;
}

const PRODUCTS_PER_BASE = 10;
const BASES_PER_PROVIDER = 5;
const DAYS = 90;

/** mulberry32: a small, fast, seedable generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function generatedCatalog(options: GeneratedOptions): Catalog {
  const today = assertIsoDate(options.today);
  const count = Math.max(0, Math.floor(options.products));
  const tr = translator(options.language ?? 'es');
  const random = generator(options.seed);
  const pick = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  // Ids: a kind letter, a base-36 counter, and 5 characters of the seed: 13 in all, unique.
  const tag = (options.seed >>> 0).toString(36).padStart(5, '0').slice(-5);
  const counters: Record<string, number> = {};
  const id = (kind: string) => {
    const next = counters[kind] ?? 0;
    counters[kind] = next + 1;
    return `${kind}${next.toString(36).padStart(7, '0')}${tag}`;
  };

  const days = dateRange(today, DAYS);
  const weekdays = days.filter((date) => !isWeekend(date));
  const weekends = days.filter(isWeekend);
  const limited = days.slice(0, 3);
  const noDays: IsoDate[] = [];

  const providers: Provider[] = [];
  let made = 0;
  while (made < count) {
    const p = providers.length;
    const canary = p % 7 === 3;
    const tax = canary ? 7 : 21;
    const withSessions = p % 10 === 0;
    const plain = makeEnclosure({
      ticketEnclosureId: id('e'),
      ticketEnclosureName: tr('Recinto', 'Venue'),
    });
    const enclosures: TicketEnclosure[] = [plain];
    if (withSessions)
      enclosures.push(
        makeEnclosure({
          ticketEnclosureId: id('e'),
          ticketEnclosureName: tr('Sala con sesiones', 'Hall with sessions'),
          sessions: makeSessions({
            ticketEnclosureAutoAssignSessionType: 1,
            sessionSessionContents: days.flatMap((date) =>
              ['11:00', '17:00'].map((time) => ({
                sessionId: id('s'),
                sessionTime: at(date, time),
                hasLimitedCapacity: time === '17:00',
              })),
            ),
          }),
        }),
      );
    const bases = [];
    for (let b = 0; b < BASES_PER_PROVIDER && made < count; b += 1) {
      const products: Product[] = [];
      for (let n = 0; n < PRODUCTS_PER_BASE && made < count; n += 1, made += 1) {
        const price = pick(5, 80);
        const net = random() < 0.3;
        const open = random() < 0.1;
        const prices: PricesAndDates[] = open
          ? [priceSet(price, days, tax)]
          : [priceSet(price, weekdays, tax), priceSet(price + pick(1, 6), weekends, tax)];
        const ticketCount = pick(1, 3);
        const enclosure = enclosures[ticketCount > 1 && withSessions ? 1 : 0]!;
        products.push(
          makeProduct({
            productId: id('p'),
            productName: `${tr('Actividad', 'Activity')} ${made + 1}`,
            productDescription: tr(
              'Actividad generada para pruebas de rendimiento.',
              'Activity generated for benchmarks.',
            ),
            tags: random() < 0.05 ? [GIFT_CARD_TAG] : [],
            daysWithLimitedCapacity: random() < 0.1 ? limited : noDays,
            hoursInAdvanceOfPurchase: pick(0, 24),
            minimumNumberByTransaction: random() < 0.05 ? 2 : 1,
            numberOfAdults: 1,
            requiresRealTimePrice: random() < 0.05,
            isInsurable: random() < 0.2,
            priceMode: net ? 2 : 1,
            commission: net ? [] : [{ type: 1, value: pick(5, 20) }],
            accessDateCriteria: open ? 1 : 0,
            accessDateCriteriaOpenDateSalesDocument: open ? 2 : undefined,
            pricesAndDates: prices,
            tickets: Array.from({ length: ticketCount }, (_, t) =>
              makeTicket({
                ticketId: id('t'),
                ticketName: `${tr('Entrada', 'Ticket')} ${t + 1}`,
                ticketEnclosureId: (t === 0 ? plain : enclosure).ticketEnclosureId,
                isQuotaTicket: t === 0 || random() < 0.5,
              }),
            ),
          }),
        );
      }
      bases.push(
        makeBase({
          productBaseId: id('b'),
          productBaseName: `${tr('Categoría', 'Category')} ${p + 1}.${b + 1}`,
          products,
        }),
      );
    }
    providers.push(
      makeProvider({
        providerId: id('v'),
        providerName: `${tr('Proveedor', 'Provider')} ${p + 1}`,
        providerDescription: tr('Proveedor generado.', 'Generated provider.'),
        taxType: canary ? 1 : 0,
        isInsurable: p % 5 === 0,
        limitOfNumberOfPeopleToBeGroup: 19,
        cancellationPolicy: { isRefundable: p % 2 === 0, rules: [] },
        location: { countryCode: 'ES', city: canary ? 'Las Palmas' : 'Madrid' },
        ticketEnclosures: enclosures,
        productBases: bases,
      }),
    );
  }
  return {
    lastUpdatedDateTime: at(addDays(today, -1), '06:00'),
    providers,
    partnerSettings: { isInsurancePolicyEnabled: true },
    saleQuestionProfileIds: [],
    clientQuestionProfileIds: [],
    combinedProducts: [],
  };
}
