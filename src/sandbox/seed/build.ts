/**
 * Small constructors that fill the catalog's defaults, so the demo and the generated
 * catalogs state only what matters for each entry. Every output here is exactly what the
 * `catalog` schema would produce for it (the sandbox serves it, the client reads it back).
 */
import type {
  EnclosureSessions,
  Product,
  ProductBase,
  PricesAndDates,
  Provider,
  Ticket,
  TicketEnclosure,
} from '#src/api/catalog.js';
import type { CancellationPolicy } from '#src/api/common.js';
import type { IsoDate } from '#src/api/schema.js';
import { isWeekend } from './dates.js';

export type ProductFields = Partial<Product> & Pick<Product, 'productId' | 'productName'>;

export function makeProduct(fields: ProductFields): Product {
  return {
    tags: [],
    daysWithLimitedCapacity: [],
    minimumNumberByTransaction: 1,
    numberOfPeople: 1,
    numberOfAdults: 0,
    numberOfBabies: 0,
    numberOfChildren: 0,
    numberOfSenior: 0,
    numberOfGeneric: 0,
    requiresRealTimePrice: false,
    canOnlyBeSoldAsPartOfCombinedProduct: false,
    isInsurable: false,
    isForPackaging: false,
    priceMode: 1,
    commission: [],
    accessDateCriteria: 0,
    barcodeAssignment: 1,
    pricesAndDates: [],
    hasSaleFlowRules: false,
    tickets: [],
    ...fields,
  };
}

export function makeTicket(
  fields: Partial<Ticket> & Pick<Ticket, 'ticketId' | 'ticketName' | 'ticketEnclosureId'>,
): Ticket {
  return { isQuotaTicket: true, ...fields };
}

export function makeEnclosure(
  fields: Partial<TicketEnclosure> &
    Pick<TicketEnclosure, 'ticketEnclosureId' | 'ticketEnclosureName'>,
): TicketEnclosure {
  return { ...fields };
}

export function makeSessions(
  fields: Partial<EnclosureSessions> &
    Pick<EnclosureSessions, 'ticketEnclosureAutoAssignSessionType'>,
): EnclosureSessions {
  return { hasSeating: false, sessionSessionContents: [], ...fields };
}

export function makeBase(
  fields: Partial<ProductBase> & Pick<ProductBase, 'productBaseId' | 'productBaseName'>,
): ProductBase {
  return { isInsurable: false, tags: [], products: [], ...fields };
}

export function makeProvider(
  fields: Partial<Provider> & Pick<Provider, 'providerId' | 'providerName'>,
): Provider {
  return {
    demandAccessDate: true,
    taxType: 0,
    type: 0,
    demandAccessDateOnOpenDate: false,
    purchaseFlowType: 1,
    isForGroups: false,
    isForSeasonTickets: false,
    isInsurable: false,
    providerQuestionsProfileIds: [],
    tags: [],
    ticketEnclosures: [],
    productBases: [],
    ...fields,
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** One PricesAndDates entry; the price includes the tax, as the breakdown shows. */
export function priceSet(
  price: number,
  dates: IsoDate[],
  taxPercentage: number,
  originalPrice?: number,
): PricesAndDates {
  return {
    price,
    currency: 'EUR',
    currencyName: 'Euro',
    dates,
    originalPrice,
    taxBreakdown: [
      {
        taxPercentage,
        priceWithoutTaxes: round2(price / (1 + taxPercentage / 100)),
        priceWithTaxes: price,
      },
    ],
  };
}

/**
 * Weekday and weekend price sets over the given dates (an empty set is left out). With
 * `promo`, weekdays from that date on are a third set, discounted from the weekday price
 * (OriginalPrice shows the price before the discount).
 */
export function weekPrices(
  dates: IsoDate[],
  prices: {
    weekday: number;
    weekend?: number;
    tax: number;
    promo?: { from: IsoDate; price: number };
  },
): PricesAndDates[] {
  const weekend = prices.weekend ?? prices.weekday;
  const promo = prices.promo;
  const inPromo = (date: IsoDate) => promo !== undefined && !isWeekend(date) && date >= promo.from;
  const sets: PricesAndDates[] = [];
  if (prices.weekend === undefined) {
    const regular = dates.filter((date) => !inPromo(date));
    if (regular.length) sets.push(priceSet(prices.weekday, regular, prices.tax));
  } else {
    const weekdays = dates.filter((date) => !isWeekend(date) && !inPromo(date));
    const weekends = dates.filter(isWeekend);
    if (weekdays.length) sets.push(priceSet(prices.weekday, weekdays, prices.tax));
    if (weekends.length) sets.push(priceSet(weekend, weekends, prices.tax));
  }
  const promoDates = dates.filter(inPromo);
  if (promo && promoDates.length)
    sets.push(priceSet(promo.price, promoDates, prices.tax, prices.weekday));
  return sets;
}

/** Free cancellation at any time. */
export const refundable = (): CancellationPolicy => ({ isRefundable: true, rules: [] });

/** Not refundable; `rules` ([hours before access, penalty %]) may soften it. */
export const nonRefundable = (rules: [number, number][] = []): CancellationPolicy => ({
  isRefundable: false,
  rules: rules.map(([hoursInAdvanceOfAccess, percentage]) => ({
    hoursInAdvanceOfAccess,
    percentage,
  })),
});
