/**
 * The catalog (POST /activity/catalog): providers, their ticket enclosures and sessions,
 * product bases (categories), products and tickets. Read leniently: spelling variants
 * of the vendor's examples are accepted, and absent flags take the spec's defaults.
 *
 * Nodes the spec says exist but does not show (partner settings, combined product
 * definitions) are read in the shape documented in README ("Assumptions"); the catalog
 * parses the same when they are absent.
 */
import { z } from 'zod';
import { cancellationPolicy, commission, taxBreakdown } from './common.js';
import { defineOperation } from './operation.js';
import {
  aliased,
  boolean,
  dateList,
  decimal,
  integer,
  isoDate,
  isoDateTime,
  languageCode,
  list,
  objectOrList,
  optional,
  priceMode,
  prose,
  readInZone,
  requiredList,
  text,
  withDefault,
  type IsoDate,
} from './schema.js';
import type {
  Catalog,
  CatalogSession,
  Location,
  CombinedProduct,
  EarliestSale,
  EnclosureSessions,
  PricesAndDates,
  Product,
  ProductBase,
  Provider,
  Ticket,
  TicketEnclosure,
} from '#src/domain/catalog-shapes.js';
import { providerZone } from '#src/domain/time.js';

/** A session of an enclosure, with its content and whether its capacity is limited. */
export const catalogSession = z.object({
  sessionId: text,
  sessionContentId: optional(text),
  sessionTime: isoDateTime,
  hasLimitedCapacity: withDefault(boolean, false),
  availableCapacity: optional(integer),
}) satisfies z.ZodType<CatalogSession>;
export type { CatalogSession };

/**
 * An enclosure's sessions block. Its fields fall back to their defaults when unreadable
 * and each of its lists reads an object or a list (the vendor sends
 * SessionsGroupSessionContents as a list where the spec says one object): an enclosure
 * is never lost for its sessions block, and a product whose enclosure has sessions keeps
 * its session step. A session that cannot be read is skipped, and counted.
 */
export const enclosureSessions = z.object({
  sessionContentProfileId: optional(text).catch(undefined),
  sessionGroupProfileId: optional(text).catch(undefined),
  hasSeating: withDefault(boolean, false).catch(false),
  /** The group's sessions all get its content; read as the first group when several come. */
  sessionsGroupSessionContents: optional(
    objectOrList(
      z.object({ sessionsGroupId: withDefault(text, ''), sessionContentId: optional(text) }),
    ),
  ).catch(undefined),
  sessionSessionContents: list(catalogSession),
  ticketEnclosureAutoAssignSessionType: withDefault(
    integer.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    0,
  ).catch(0),
}) satisfies z.ZodType<EnclosureSessions>;
export type { EnclosureSessions };

/** 1 Age (years), 2 Height (centimetres). */
const personDefinitionType = optional(integer.pipe(z.union([z.literal(1), z.literal(2)])));

export const ticketEnclosure = aliased(
  {
    ticketEnclosureId: text,
    ticketEnclosureName: withDefault(prose, ''),
    ticketEnclosureConditions: optional(prose),
    typeOfPersonDefinitionTypeChild: personDefinitionType,
    typeOfPersonDefinitionTypeAdult: personDefinitionType,
    typeOfPersonDefinitionTypeSenior: personDefinitionType,
    typeOfPersonDefinitionValueChild: optional(decimal),
    typeOfPersonDefinitionValueAdult: optional(decimal),
    typeOfPersonDefinitionValueSenior: optional(decimal),
    sessions: optional(objectOrList(enclosureSessions)),
  },
  { ticketEnclosureId: ['enclosureId'], ticketEnclosureName: ['enclosureName'] },
) satisfies z.ZodType<TicketEnclosure>;
export type { TicketEnclosure };

/** 1 auto-assigned by the system, 3 processing required (seats assigned later). */
export const ticket = aliased(
  {
    ticketId: text,
    isQuotaTicket: withDefault(boolean, true),
    ticketName: withDefault(prose, ''),
    ticketConditions: optional(prose),
    ticketEnclosureId: optional(text),
    seatingAssignType: optional(integer),
    ticketsQuestionsProfileId: optional(text),
  },
  { ticketEnclosureId: ['enclosureId'], ticketsQuestionsProfileId: ['ticketQuestionsProfileId'] },
) satisfies z.ZodType<Ticket>;
export type { Ticket };

/** Distinct date lists remembered, as read (a catalog has a handful; a bound all the same). */
const MAX_SHARED_LISTS = 1000;
const sharedLists = new Map<string, IsoDate[]>();

/**
 * A product's date list, read once per distinct text: a catalog repeats a few lists (the
 * season's weekdays, its weekends) in every product, and reading 100,000 copies date by
 * date is most of what a 50,000-product catalog costs to read, in time and in memory.
 * Products with the same list share one array (read-only, as every reader treats the
 * catalog). A list that cannot be read fails as `dateList` says.
 */
const sharedDateList = z
  // Boxed, as in `list`: an absent field is read too (as an empty list).
  .preprocess((value) => ({ value }), z.object({ value: z.unknown() }))
  .transform(({ value }, ctx): IsoDate[] => {
    const known = typeof value === 'string' ? sharedLists.get(value) : undefined;
    if (known) return known;
    const read = dateList.safeParse(value);
    if (!read.success) {
      for (const issue of read.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    if (typeof value === 'string') {
      if (sharedLists.size >= MAX_SHARED_LISTS) sharedLists.clear();
      sharedLists.set(value, read.data);
    }
    return read.data;
  });

export const pricesAndDates = z.object({
  price: decimal,
  currency: withDefault(text, 'EUR'),
  currencyName: optional(text),
  dates: sharedDateList,
  originalPrice: optional(decimal),
  taxBreakdown: list(taxBreakdown),
}) satisfies z.ZodType<PricesAndDates>;
export type { PricesAndDates };

/**
 * MaxHoursInAdvanceOfPurchase is declared a dateTime but explained as a number of hours.
 * Read both: a number is hours before 00:00 of the day after the visit; a date-time is
 * taken as the earliest sale moment itself.
 */
export const earliestSale = z.union([
  decimal.transform((hours) => ({ kind: 'hours' as const, hours })),
  isoDateTime.transform((at) => ({ kind: 'moment' as const, at })),
  // Our own normalized form, so that the schema accepts its output (the client
  // validates what it sends, and the sandbox reads what it serves).
  z.object({ kind: z.literal('hours'), hours: decimal }),
  z.object({ kind: z.literal('moment'), at: isoDateTime }),
]) satisfies z.ZodType<EarliestSale>;
export type { EarliestSale };

export const product = aliased(
  {
    productId: text,
    productName: withDefault(prose, ''),
    suggestedSalesProductName: optional(prose),
    productDescription: optional(prose),
    tags: list(text),
    /** For the partner only: never shown to a customer. */
    productInternalConsiderations: optional(prose),
    productCancellationConditions: optional(prose),
    cancellationPolicy: optional(objectOrList(cancellationPolicy)),
    startIsActiveDate: optional(isoDateTime),
    endIsActiveDate: optional(isoDateTime),
    daysWithLimitedCapacity: sharedDateList,
    hoursInAdvanceOfPurchase: optional(integer),
    maxHoursInAdvanceOfPurchase: optional(earliestSale),
    minimumNumberByTransaction: withDefault(integer, 1),
    numberOfPeople: withDefault(integer, 1),
    numberOfAdults: withDefault(integer, 0),
    numberOfBabies: withDefault(integer, 0),
    numberOfChildren: withDefault(integer, 0),
    numberOfSenior: withDefault(integer, 0),
    numberOfGeneric: withDefault(integer, 0),
    requiresRealTimePrice: withDefault(boolean, false),
    canOnlyBeSoldAsPartOfCombinedProduct: withDefault(boolean, false),
    isInsurable: withDefault(boolean, false),
    isForPackaging: withDefault(boolean, false),
    validDays: optional(integer),
    validDaysType: optional(integer),
    priceMode: withDefault(priceMode, 1),
    commission: list(commission),
    accessDateCriteria: withDefault(integer, 0),
    accessDateCriteriaOpenDateSalesDocument: optional(integer),
    /** 1 one barcode per ticket (the default), 2 one per person. */
    barcodeAssignment: withDefault(integer, 1),
    pricesAndDates: list(pricesAndDates),
    release: optional(integer),
    salesDocumentSettings: optional(
      objectOrList(
        z.object({ disable: withDefault(boolean, false), showPrice: withDefault(boolean, true) }),
      ),
    ),
    hasSaleFlowRules: withDefault(boolean, false),
    tickets: list(ticket),
  },
  { cancellationPolicy: ['cancellationConditions'] },
) satisfies z.ZodType<Product>;
export type { Product };

export const productBase = aliased(
  {
    productBaseId: text,
    productBaseName: withDefault(prose, ''),
    productBaseDescription: optional(prose),
    limitOfNumberOfPeopleToBeGroup: optional(integer),
    isInsurable: withDefault(boolean, false),
    tags: list(text),
    products: list(product),
  },
  {},
) satisfies z.ZodType<ProductBase>;
export type { ProductBase };

export const location = z.object({
  countryCode: optional(text),
  city: optional(text),
  address: optional(text),
  zipCode: optional(text),
  lat: optional(decimal),
  lng: optional(decimal),
  region: optional(text),
}) satisfies z.ZodType<Location>;

/**
 * Zoned date-times in a provider's subtree are converted to its zone (schema.ts,
 * `readInZone`): set from its TaxType before its fields are read, and put back after.
 */
function inProviderZone<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => {
      const taxType =
        value !== null && typeof value === 'object'
          ? Number((value as Record<string, unknown>).taxType)
          : undefined;
      readInZone(providerZone({ taxType: taxType === 1 ? 1 : 0 }));
      return value;
    }, schema)
    .transform((read) => {
      readInZone(undefined);
      return read;
    });
}

/** Type: 0 Activity, 1 Accommodation, 2 Transport. TaxType: 0 IVA, 1 IGIC (Canary Islands). */
export const provider = inProviderZone(
  aliased(
    {
      providerId: text,
      providerName: withDefault(prose, ''),
      providerDescription: optional(prose),
      providerCommercialConditions: optional(prose),
      providerAccessConditions: optional(prose),
      exchangeVoucherPoint: optional(prose),
      /** None, or DatePerTicketEnclosure (each enclosure may have its own access date). */
      advancedDateSelectorMethodName: optional(text),
      cancellationPolicy: optional(objectOrList(cancellationPolicy)),
      demandAccessDate: withDefault(boolean, true),
      taxType: withDefault(integer, 0),
      type: withDefault(integer, 0),
      demandAccessDateOnOpenDate: withDefault(boolean, false),
      /** 1 open sale, 2 requires processing by the provider. */
      purchaseFlowType: withDefault(integer, 1),
      isForGroups: withDefault(boolean, false),
      isForSeasonTickets: withDefault(boolean, false),
      isInsurable: withDefault(boolean, false),
      limitOfNumberOfPeopleToBeGroup: optional(integer),
      logo: optional(text),
      providerQuestionsProfileIds: list(text),
      tags: list(text),
      location: optional(objectOrList(location)),
      ticketEnclosures: list(ticketEnclosure),
      productBases: list(productBase),
    },
    {
      cancellationPolicy: ['cancellationConditions'],
      ticketEnclosures: ['ticket enclosures', 'ticketsEnclosures'],
    },
  ),
) satisfies z.ZodType<Provider>;
export type { Provider };

/** Assumed shape of a combined product definition ("not shown" in the spec). */
export const combinedProduct = z.object({
  combinedProductId: text,
  combinedProductName: withDefault(prose, ''),
  productIds: list(text),
}) satisfies z.ZodType<CombinedProduct>;
export type { CombinedProduct };

export const catalog = z.object({
  /** Declared, yet real catalogs arrive without it: change is then told by content. */
  lastUpdatedDateTime: optional(isoDateTime),
  /** Required: a catalog without its Providers has lost its data (an invalid response). */
  providers: requiredList(provider),
  /** Assumed shape ("not shown"): switches the insurance quote on for the partner. */
  partnerSettings: optional(
    objectOrList(z.object({ isInsurancePolicyEnabled: withDefault(boolean, false) })),
  ),
  /** Sale- and client-level question profiles; where they sit is not shown (assumed here). */
  saleQuestionProfileIds: list(text),
  clientQuestionProfileIds: list(text),
  combinedProducts: list(combinedProduct),
}) satisfies z.ZodType<Catalog>;
export type { Catalog };

export const catalogRequest = z.object({
  providerIds: optional(list(text)),
  productBaseIds: optional(list(text)),
  productIds: optional(list(text)),
  fromDate: optional(isoDate),
  toDate: optional(isoDate),
  referenceDate: optional(isoDate),
  languageCode: optional(languageCode),
  showProductsOutOfActiveDateRange: optional(boolean),
});
export type CatalogRequest = z.output<typeof catalogRequest>;

export const catalogOperation = defineOperation({
  name: 'catalog',
  method: 'POST',
  path: '/activity/catalog',
  request: catalogRequest,
  response: catalog,
  envelope: 'A',
  effect: 'read',
  // The whole catalog can be large; it is fetched rarely and in the background.
  timeoutMs: 60_000,
});
