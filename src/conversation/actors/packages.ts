/**
 * The package and combined-product actors over the partner client, the local catalog and
 * the cart operations; their lines are added by the one Add path of every line
 * (add-line.ts).
 *
 * Where the spec is silent:
 * - The prepackages request has no language: their texts come as the service sends them.
 * - A package's Id (Prices, Add) is its accommodation's Id: the basic catalog's packages
 *   carry no other.
 * - Package prices carry no currency: euros. PriceMode and Commission read as for any
 *   product (src/domain/pricing.ts).
 * - The package line of the cart is priced as a whole (quantity 1); its product id is
 *   ours (`package:<id>`: the activities' products are not named before the reservation)
 *   and its provider is the first pax grouping's, whose provider questions are asked.
 * - The Add's Packages item names the package only (no Providers/Activities): the
 *   prepackages say nothing of sessions to choose.
 * - A combined product's price is the /realTimePrices entry of its CombinedProductId, in
 *   the currency of its first product's price set on that day.
 */
import { fromPromise } from 'xstate';
import type { CartActivity, CartPackageGrouping, CartTicket } from '#src/api/cart.js';
import {
  PersonType,
  packageBasicCatalogOperation,
  packagePricesOperation,
  prepackagesOperation,
  type PackageFilter,
  type Person,
} from '#src/api/packages.js';
import { realTimePricesOperation } from '#src/api/prices.js';
import type { IsoDate, PriceMode } from '#src/api/schema.js';
import type { Lang } from '#src/domain/lang.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { quotePrice, toCents } from '#src/domain/pricing.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import type { AddToCartOutput } from '#flows/booking/actors/cart.js';
import type {
  AddCombinedInput,
  AddPackageInput,
  LoadPrepackagesInput,
  OpenCombinedInput,
  PricePackageInput,
  QuoteCombinedInput,
  SearchPackagesInput,
  SearchPackagesOutput,
} from '#flows/booking/actors/packages.js';
import { Refusal } from '#flows/booking/problem.js';
import { combinedDates } from '#flows/booking/steps/combined/offer.js';
import { DATE_BUTTONS } from '#flows/booking/steps/date.js';
import { quantityRule } from '#flows/booking/choosing/product-rules.js';
import { bandOf, nightsBetween } from '#flows/booking/steps/packages/shared.js';
import type {
  CartLine,
  CombinedDraft,
  Money,
  PackageFilterKind,
  PackageQuote,
  PackageRoom,
  PackageSearch,
  PrepackageChoice,
} from '#flows/booking/types.js';
import { cartContextOf, type CartActorOptions, type CartCalls, type CartContext } from './cart.js';
import { addLine } from './add-line.js';
import { insurableProduct } from './cart-requests.js';
import type { ActorDeps } from './index.js';

const PAGE_SIZE = 10;

const messages = catalogMessages(import.meta.url, {
  noLocation: text,
  noPrice: text,
  unknownCombined: text,
  noCombinedDates: text,
  noCombinedPrice: text,
  packageName: (prepackage: string, stay: string, nights: number) => ({
    prepackage,
    stay,
    nights,
  }),
});

/** People (adults first, then each minor with its age) and rooms as indexes into them. */
export function peopleOf(rooms: readonly PackageRoom[]): {
  people: Person[];
  roomDistribution: number[][];
} {
  const people: Person[] = [];
  const roomDistribution = rooms.map((room) => {
    const indexes: number[] = [];
    for (let i = 0; i < room.adults; i += 1) {
      indexes.push(people.length);
      people.push({ type: PersonType.Adult });
    }
    for (const minor of room.minors) {
      // Never sent without an age: the steps ask for it first.
      if (minor.age === undefined) throw new Error('a child or baby without an age');
      indexes.push(people.length);
      people.push({
        type: minor.kind === 'baby' ? PersonType.Baby : PersonType.Child,
        age: minor.age,
      });
    }
    return indexes;
  });
  return { people, roomDistribution };
}

/** The Filter of a search: one value per kind; price and distance as bands. */
export function filterOf(filters: Partial<Record<PackageFilterKind, string>>): PackageFilter {
  const number = (value: string | undefined) => (value === undefined ? undefined : [Number(value)]);
  const band = (value: string | undefined) => {
    const range = value === undefined ? undefined : bandOf(value);
    return range === undefined ? undefined : [range];
  };
  const filter: PackageFilter = {
    accommodationBoards: number(filters.board),
    accommodationCategories: number(filters.category),
    accommodationRateClasses: number(filters.rateClass),
    accommodationTypes: number(filters.type),
    cities: filters.city === undefined ? undefined : [filters.city],
    priceRange: band(filters.price),
    distanceRanges: band(filters.distance),
  };
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as PackageFilter;
}

const euros = (amount: number): Money => ({ cents: toCents(amount), currency: 'EUR' });

/** What the package actors work with: the cart's context and the logger. */
type PackageContext = CartContext & { logger: ActorDeps['logger'] };

export function createPackageActors(deps: ActorDeps, options: CartActorOptions = {}) {
  const context = cartContextOf(deps, options);
  const pc: PackageContext = { ...context, logger: deps.logger };
  return {
    loadPrepackages: fromPromise<PrepackageChoice[], LoadPrepackagesInput>(({ input }) =>
      loadPrepackages(pc, input),
    ),
    searchPackages: fromPromise<SearchPackagesOutput, SearchPackagesInput>(({ input }) =>
      searchPackages(pc, input),
    ),
    pricePackage: fromPromise<PackageQuote, PricePackageInput>(({ input }) =>
      pricePackage(pc, input),
    ),
    addPackageToCart: fromPromise<AddToCartOutput, AddPackageInput>(({ input, system }) =>
      addPackageToCart(pc, input, pc.calls(system)),
    ),
    openCombined: fromPromise<NonNullable<CombinedDraft['product']>, OpenCombinedInput>(
      ({ input }) => openCombined(pc, input),
    ),
    quoteCombined: fromPromise<Money, QuoteCombinedInput>(({ input }) => quoteCombined(pc, input)),
    addCombinedToCart: fromPromise<AddToCartOutput, AddCombinedInput>(({ input, system }) =>
      addCombinedToCart(pc, input, pc.calls(system)),
    ),
  };
}

async function loadPrepackages(
  pc: PackageContext,
  _input: LoadPrepackagesInput,
): Promise<PrepackageChoice[]> {
  const response = await pc.client.call(prepackagesOperation, {});
  return response.prePackages.map((prepackage) => ({
    id: prepackage.id,
    name: prepackage.commercialName || prepackage.name || prepackage.id,
    ...(prepackage.description ? { description: prepackage.description } : {}),
    groupings: prepackage.productPaxGroupings.map((grouping) => ({
      id: grouping.productPaxGroupingId,
      name: grouping.productPaxGroupingName,
      providerId: grouping.providerId,
      providerName: grouping.providerName,
      ...(grouping.datePolicyKey !== undefined ? { datePolicyKey: grouping.datePolicyKey } : {}),
    })),
    ...(prepackage.suggestedLocation ? { location: prepackage.suggestedLocation } : {}),
  }));
}

async function searchPackages(
  pc: PackageContext,
  input: SearchPackagesInput,
): Promise<SearchPackagesOutput> {
  const { search } = input;
  const location = search.prepackage.location;
  if (!location) throw new Refusal(messages(input.language).noLocation);
  const { people, roomDistribution } = peopleOf(search.rooms);
  const filter = filterOf(input.filters);
  const response = await pc.client.call(packageBasicCatalogOperation, {
    people,
    activity: {
      fromDate: search.activityDate,
      toDate: search.activityDate,
      prePackageIds: [search.prepackage.id],
    },
    accommodation: {
      destination: { latitude: location.lat, longitude: location.lng },
      checkIn: search.checkIn,
      checkOut: search.checkOut,
      roomDistribution,
    },
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    sort: { criteria: input.sort },
    paging: { number: input.page, size: PAGE_SIZE },
  });
  const facet = (values: { value: number | string; count: number }[]) =>
    values.map(({ value, count }) => ({ value: String(value), count }));
  const available = response.availableFilters;
  return {
    ...(response.echoToken !== undefined ? { echoToken: response.echoToken } : {}),
    totalPages: response.totalPages,
    offers: response.packages.map(({ accommodation, priceFrom }) => ({
      packageId: accommodation.id,
      name: accommodation.name || accommodation.id,
      ...(accommodation.city ? { city: accommodation.city } : {}),
      ...(accommodation.category !== undefined ? { stars: accommodation.category } : {}),
      ...(accommodation.type !== undefined ? { type: accommodation.type } : {}),
      ...(accommodation.distanceToActivity !== undefined
        ? { distance: accommodation.distanceToActivity }
        : {}),
      priceFrom: euros(priceFrom),
    })),
    facets: {
      board: facet(available.accommodationBoards),
      category: facet(available.accommodationCategories),
      rateClass: facet(available.accommodationRateClasses),
      type: facet(available.accommodationTypes),
      city: facet(available.accommodationCities),
    },
  };
}

async function pricePackage(pc: PackageContext, input: PricePackageInput): Promise<PackageQuote> {
  const { search, offer } = input;
  const response = await pc.client.call(packagePricesOperation, {
    echoToken: input.echoToken,
    packages: [
      {
        id: offer.packageId,
        paxGroupings: search.prepackage.groupings.map((grouping) => ({
          id: grouping.id,
          accessDate: search.activityDate,
        })),
      },
    ],
  });
  const priced = response.packages.find((item) => item.id === offer.packageId);
  if (!priced) throw new Refusal(messages(input.language).noPrice);
  const quote = quotePrice(
    {
      price: priced.price,
      currency: 'EUR',
      priceMode: priced.priceMode,
      commission: priced.commission ? [priced.commission] : [],
    },
    1,
  );
  return {
    echoToken: response.echoToken ?? input.echoToken,
    offer,
    price: { cents: quote.unit, currency: quote.currency },
  };
}

async function addPackageToCart(
  pc: PackageContext,
  input: AddPackageInput,
  { ops }: CartCalls,
): Promise<AddToCartOutput> {
  const { search, quote } = input;
  const request: CartPackageGrouping = {
    echoToken: quote.echoToken,
    packages: [{ id: quote.offer.packageId }],
  };
  return addLine(ops, input, { packages: [request] }, (ids) =>
    packageLineOf(search, quote, request, ids[0]!, input.language),
  );
}

async function openCombined(
  pc: PackageContext,
  input: OpenCombinedInput,
): Promise<NonNullable<CombinedDraft['product']>> {
  const index = await pc.catalog(input.language);
  const m = messages(input.language);
  const combined = index.catalog.combinedProducts.find(
    (candidate) => candidate.combinedProductId === input.combinedProductId,
  );
  const entries = combined?.productIds.map((id) => index.product(id));
  if (!combined || !entries || entries.length === 0 || entries.some((e) => e === undefined))
    throw new Refusal(m.unknownCombined);
  const parts = entries.map((entry) => entry!);
  const dates = combinedDates(index, combined.productIds, pc.now()) ?? [];
  if (dates.length === 0) throw new Refusal(m.noCombinedDates);
  const rules = parts.map((entry) => quantityRule(entry, index, input.cart));
  const maxima = rules.flatMap((rule) => (rule.maximum !== undefined ? [rule.maximum] : []));
  const prices = await cardPrices(
    pc,
    combined.combinedProductId,
    combined.productIds,
    dates,
    input,
  );
  return {
    name: combined.combinedProductName || combined.combinedProductId,
    providerId: parts[0]!.provider.providerId,
    parts: parts.map((entry) => ({
      productId: entry.product.productId,
      name: entry.product.suggestedSalesProductName ?? entry.product.productName,
    })),
    dates,
    minimumQuantity: Math.max(1, ...rules.map((rule) => rule.minimum)),
    ...(maxima.length > 0 ? { maximumQuantity: Math.min(...maxima) } : {}),
    insurable: parts.some((entry) => insurableProduct(index, entry.product.productId)),
    ...(prices ? { prices } : {}),
  };
}

/**
 * The combined price of the days the card shows (its first DATE_BUTTONS), in one
 * /realTimePrices call: an entry per day. Not blocking: without it the card says the
 * price comes with the day, and the day chosen is quoted on its own.
 */
async function cardPrices(
  pc: PackageContext,
  combinedProductId: string,
  productIds: string[],
  dates: IsoDate[],
  input: OpenCombinedInput,
): Promise<Record<IsoDate, Money> | undefined> {
  const shown = dates.slice(0, DATE_BUTTONS);
  try {
    const response = await pc.client.call(realTimePricesOperation, {
      combinedProducts: shown.map((date) => ({
        combinedProductId,
        products: productIds.map((productId) => ({ productId, accessDate: date })),
      })),
    });
    const prices: Record<IsoDate, Money> = {};
    for (const entry of response.productsRealTimePrices) {
      const date = entry.combinedProductProducts?.[0]?.accessDate;
      if (entry.combinedProductId !== combinedProductId || !date || !entry.success) continue;
      if (entry.price === undefined || !shown.includes(date)) continue;
      prices[date] = await combinedUnit(pc, input.language, productIds, date, entry);
    }
    return Object.keys(prices).length > 0 ? prices : undefined;
  } catch (error) {
    pc.logger.warn({ err: error, combinedProductId }, 'combined card prices unread');
    return undefined;
  }
}

/** One unit of a combined product as the customer pays it (PriceMode and markup applied). */
async function combinedUnit(
  pc: PackageContext,
  language: Lang,
  productIds: readonly string[],
  date: IsoDate,
  entry: { price?: number; priceMode: PriceMode },
): Promise<Money> {
  const index = await pc.catalog(language);
  const first = index.product(productIds[0] ?? '');
  const currency = (first && priceSetOf(first.product, date)?.currency) || 'EUR';
  const quote = quotePrice({ price: entry.price!, currency, priceMode: entry.priceMode }, 1);
  return { cents: quote.unit, currency };
}

async function quoteCombined(pc: PackageContext, input: QuoteCombinedInput): Promise<Money> {
  const m = messages(input.language);
  const response = await pc.client.call(realTimePricesOperation, {
    combinedProducts: [
      {
        combinedProductId: input.combinedProductId,
        products: input.productIds.map((productId) => ({ productId, accessDate: input.date })),
      },
    ],
  });
  const entry = response.productsRealTimePrices.find(
    (price) => price.combinedProductId === input.combinedProductId,
  );
  if (!entry || !entry.success || entry.price === undefined) {
    // The service's words are for the logs, never the customer's.
    if (entry?.errorMessage)
      pc.logger.info({ reason: entry.errorMessage }, 'combined price refused');
    throw new Refusal(entry ? m.noCombinedPrice : m.noCombinedDates);
  }
  return combinedUnit(pc, input.language, input.productIds, input.date, entry);
}

async function addCombinedToCart(
  pc: PackageContext,
  input: AddCombinedInput,
  { ops }: CartCalls,
): Promise<AddToCartOutput> {
  const index = await pc.catalog(input.language);
  const { combined } = input;
  const product = combined.product;
  const date = combined.accessDate;
  const quantity = combined.quantity;
  const unitPrice = combined.unitPrice;
  if (!product || !date || !quantity || !unitPrice)
    throw new Error(`combined product ${combined.combinedProductId} is not complete`);
  const activities: CartActivity[] = product.parts.map((part) => {
    const tickets: CartTicket[] = [];
    const catalogTickets = index.product(part.productId)?.product.tickets ?? [];
    for (let unit = 0; unit < quantity; unit += 1)
      for (const ticket of catalogTickets)
        tickets.push({ ticketId: ticket.ticketId, accessDateTime: date });
    return {
      productId: part.productId,
      combinedProductId: combined.combinedProductId,
      accessDateTime: date,
      quantity,
      ...(tickets.length > 0 ? { tickets } : {}),
    };
  });
  return addLine(ops, input, { activities }, (ids) => ({
    cartItemId: ids[0]!,
    productId: product.parts[0]!.productId,
    providerId: product.providerId,
    name: product.name,
    accessDate: date,
    quantity,
    sessions: [],
    unitPrice,
    activity: activities[0]!,
    insurable: product.insurable,
    parts: product.parts.map((part, i) => ({
      cartItemId: ids[i]!,
      productId: part.productId,
      activity: activities[i]!,
    })),
  }));
}

/** The cart line of a package added as `cartItemId`. */
export function packageLineOf(
  search: PackageSearch,
  quote: PackageQuote,
  request: CartPackageGrouping,
  cartItemId: string,
  language: Lang,
): CartLine {
  return {
    cartItemId,
    productId: `package:${quote.offer.packageId}`,
    providerId: search.prepackage.groupings[0]?.providerId ?? '',
    name: messages(language).packageName(
      search.prepackage.name,
      quote.offer.name,
      nightsBetween(search.checkIn, search.checkOut),
    ),
    accessDate: search.activityDate,
    quantity: 1,
    sessions: [],
    unitPrice: quote.price,
    insurable: false,
    package: {
      search,
      accommodation: quote.offer,
      request,
      ...(cartItemId.startsWith('package-') ? { localId: true } : {}),
    },
  };
}
