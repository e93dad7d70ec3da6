/**
 * The selection actors over the local catalog and the partner's read operations:
 * opening a product (sellable dates, limited days checked with /availablecapacity),
 * sessions with their places (and /autoassignsessions previews), a late capacity check,
 * and the unit price (PricesAndDates, or /realTimePrices).
 *
 * Calls per view: opening a product reads every limited day of it in one
 * /availablecapacity call (the card's and the date step's marks come from it, no call
 * of their own); the sessions of a day are one more call, only when some are limited.
 *
 * Failures: a failed capacity call while opening a product does not stop the card (the
 * days are checked again at the quantity); an auto-assign preview that fails is left
 * out (it is informational); anything else rejects and the step explains it.
 */
import { fromPromise } from 'xstate';
import type {
  CheckCapacityInput,
  CheckCapacityOutput,
  LoadSessionsInput,
  OpenProductInput,
  QuotePriceInput,
  QuoteTicketTypesInput,
} from '#flows/booking/actors/selection.js';
import { Refusal } from '#flows/booking/problem.js';
import {
  openProductDraft,
  limitedDatesOf,
  sessionEnclosures,
} from '#flows/booking/choosing/product-rules.js';
import type {
  DraftProduct,
  Money,
  SessionOffer,
  SessionOption,
  TicketTypeOffer,
} from '#flows/booking/types.js';
import { availableCapacityOperation, type ProductCapacity } from '#src/api/availability.js';
import type { Product } from '#src/api/catalog.js';
import { AutoAssignSessionType } from '#src/domain/partner-codes.js';
import { realTimePricesOperation } from '#src/api/prices.js';
import type { IsoDate, PriceMode } from '#src/api/schema.js';
import { autoAssignSessionsOperation, ResultType } from '#src/api/sessions.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import { productsSellable, quotaTickets } from '#src/domain/capacity.js';
import { minimumLeft } from '#src/domain/groups.js';
import type { Lang } from '#src/domain/lang.js';
import { personDefinitions, productPersonKind } from '#src/domain/people.js';
import { priceInputOf, quotePrice } from '#src/domain/pricing.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import type { ActorDeps } from './index.js';
import { createFetchAhead, readKey, type FetchAhead } from './fetch-ahead.js';

const messages = catalogMessages(import.meta.url, {
  unknown: text,
  notOffered: text,
  noDates: text,
  notToday: text,
  noPrice: text,
});

/** The product, or a Refusal the customer can read. */
async function entryOf(deps: ActorDeps, productId: string, language: Lang): Promise<ProductEntry> {
  const catalog = await deps.catalog.get(language);
  const entry = catalog.product(productId);
  if (!entry) throw new Refusal(messages(language).unknown);
  return entry;
}

/** Quota tickets of the product in one enclosure (the places one product takes there). */
function quotaIn(product: Product, enclosureId: string): number {
  const ids = product.tickets
    .filter((ticket) => ticket.ticketEnclosureId === enclosureId)
    .map((ticket) => ticket.ticketId);
  return quotaTickets(product, ids);
}

/** The day's capacity of a product, as the quantity step asks it (its fetch-ahead key). */
const dayCapacity = (productId: string, date: IsoDate) => ({
  productIds: [productId],
  dates: [date],
});
/** The day's real-time price of a product, as the quantity step asks it. */
const dayPrice = (productId: string, date: IsoDate) => ({
  productIds: [productId],
  accessDates: [date],
});

/**
 * What the quantity step of a product on a day will read, asked for now (never awaited):
 * its capacity where the day is limited and not yet known, its price where it is a
 * real-time one. Reads for the quantity question, never the money: the Add prices the line.
 */
export function warmQuantityReads(
  deps: Pick<ActorDeps, 'client'> & { ahead: FetchAhead },
  day: { productId: string; date: IsoDate; capacity: boolean; price: boolean },
): void {
  const { client, ahead } = deps;
  if (day.capacity) {
    const request = dayCapacity(day.productId, day.date);
    ahead.warm(readKey(availableCapacityOperation.name, request), () =>
      client.call(availableCapacityOperation, request),
    );
  }
  if (day.price) {
    const request = dayPrice(day.productId, day.date);
    ahead.warm(readKey(realTimePricesOperation.name, request), () =>
      client.call(realTimePricesOperation, request),
    );
  }
}

/** Reads that the quantity step may find asked for ahead (reads-ahead.ts). */
type AheadDeps = ActorDeps & { ahead: FetchAhead };

export function createSelectionActors(deps: ActorDeps) {
  const withAhead: AheadDeps = { ...deps, ahead: deps.ahead ?? createFetchAhead() };
  return {
    openProduct: fromPromise<DraftProduct, OpenProductInput>(({ input, signal }) =>
      openProduct(deps, input, signal),
    ),
    loadSessions: fromPromise<SessionOffer[], LoadSessionsInput>(({ input, signal }) =>
      loadSessions(deps, input, signal),
    ),
    checkCapacity: fromPromise<CheckCapacityOutput, CheckCapacityInput>(({ input, signal }) =>
      checkCapacity(withAhead, input, signal),
    ),
    quotePrice: fromPromise<Money, QuotePriceInput>(({ input, signal }) =>
      quote(withAhead, input, signal),
    ),
    quoteTicketTypes: fromPromise<TicketTypeOffer[], QuoteTicketTypesInput>(({ input, signal }) =>
      quoteTicketTypes(deps, input, signal),
    ),
  };
}

async function openProduct(
  deps: ActorDeps,
  input: OpenProductInput,
  signal: AbortSignal,
): Promise<DraftProduct> {
  const { client, logger } = deps;
  const catalog = await deps.catalog.get(input.language);
  const entry = catalog.product(input.productId);
  const m = messages(input.language);
  if (!entry) throw new Refusal(m.unknown);
  const instant = deps.now();
  const limited = limitedDatesOf(entry, instant);
  let capacity: ProductCapacity[] | undefined;
  if (limited.length > 0) {
    try {
      const answer = await client.call(
        availableCapacityOperation,
        { productIds: [entry.product.productId], dates: limited },
        { signal },
      );
      capacity = answer.products;
    } catch (error) {
      // Not blocking: the quantity step checks the chosen day again.
      logger.warn({ err: error, productId: input.productId }, 'capacity of limited days unread');
    }
  }
  const opening = openProductDraft({ entry, catalog, instant, cart: input.cart, capacity });
  if (opening.ok) return opening.product;
  const reason = {
    'not-offered': m.notOffered,
    'no-dates': m.noDates,
    'not-today': m.notToday,
  }[opening.reason];
  throw new Refusal(reason);
}

async function loadSessions(
  deps: ActorDeps,
  input: LoadSessionsInput,
  signal: AbortSignal,
): Promise<SessionOffer[]> {
  const entry = await entryOf(deps, input.productId, input.language);
  const now = providerNow(entry.provider, deps.now());
  const listing = sessionsListed(entry, input, now);
  const places = await sessionPlaces(deps, entry, input, listing, signal);
  const catalog = await deps.catalog.get(input.language);
  const offers = sessionOffers(entry, input, now, listing, places, catalog);
  await previewForced(deps, entry, input, offers, signal);
  return offers;
}

/** The access date of an enclosure's tickets: its own, else the visit's. */
const dateOfEnclosure = (input: LoadSessionsInput, id: string): IsoDate =>
  input.enclosureDates[id] ?? input.date;

/**
 * The product's session enclosures, those whose places are asked for, the catalog's
 * sessions of those on their dates and not started, and the session-group enclosures.
 */
function sessionsListed(entry: ProductEntry, input: LoadSessionsInput, now: string) {
  const { provider } = entry;
  const enclosures = sessionEnclosures(entry);
  const asked = enclosures.filter((e) => e.autoAssign !== AutoAssignSessionType.ForceSet);
  const listed = asked.flatMap((e) =>
    (
      provider.ticketEnclosures.find((t) => t.ticketEnclosureId === e.enclosureId)?.sessions
        ?.sessionSessionContents ?? []
    )
      .filter(
        (s) =>
          dateOf(s.sessionTime) === dateOfEnclosure(input, e.enclosureId) && s.sessionTime > now,
      )
      .map((s) => ({ enclosureId: e.enclosureId, session: s })),
  );
  const groupEnclosures = asked.filter(
    (e) =>
      provider.ticketEnclosures.find((t) => t.ticketEnclosureId === e.enclosureId)?.sessions
        ?.sessionsGroupSessionContents !== undefined,
  );
  return { enclosures, asked, listed, groupEnclosures };
}

type Listing = ReturnType<typeof sessionsListed>;
type Places = Map<string, { time: string; remaining?: number }>;

/**
 * Places left: limited sessions of the catalog by id; sessions of session groups
 * (not listed in the catalog) are found through the product, on their dates.
 */
async function sessionPlaces(
  { client }: ActorDeps,
  { product }: ProductEntry,
  input: LoadSessionsInput,
  { asked, listed, groupEnclosures }: Listing,
  signal: AbortSignal,
): Promise<Places> {
  const limitedIds = listed
    .filter((l) => l.session.hasLimitedCapacity)
    .map((l) => l.session.sessionId);
  const places: Places = new Map();
  if (limitedIds.length > 0 || groupEnclosures.length > 0) {
    const dates = [...new Set(asked.map((e) => dateOfEnclosure(input, e.enclosureId)))];
    const answer = await client.call(
      availableCapacityOperation,
      {
        ...(groupEnclosures.length > 0 ? { productIds: [product.productId] } : {}),
        ...(limitedIds.length > 0 ? { sessionIds: limitedIds } : {}),
        dates,
      },
      { signal },
    );
    for (const s of answer.sessions)
      places.set(s.sessionId, { time: s.date, remaining: s.availableCapacity });
  }
  return places;
}

/** Each session enclosure's offer: forced (assigned by the service), or its sessions to choose. */
function sessionOffers(
  { product }: ProductEntry,
  input: LoadSessionsInput,
  now: string,
  { enclosures, listed, groupEnclosures }: Listing,
  places: Places,
  catalog: CatalogIndex,
): SessionOffer[] {
  const offers: SessionOffer[] = [];
  for (const enclosure of enclosures) {
    const date = dateOfEnclosure(input, enclosure.enclosureId);
    const base = { enclosureId: enclosure.enclosureId, name: enclosure.name, date };
    if (enclosure.autoAssign === AutoAssignSessionType.ForceSet) {
      offers.push({ ...base, mode: 'forced', options: [], available: true });
      continue;
    }
    const quota = quotaIn(product, enclosure.enclosureId);
    const option = (sessionId: string, time: string, remaining?: number): SessionOption => ({
      sessionId,
      time: time as SessionOption['time'],
      ...(remaining !== undefined ? { remaining } : {}),
      ...(remaining !== undefined && productsSellable(remaining, quota) !== undefined
        ? { maxQuantity: productsSellable(remaining, quota)! }
        : {}),
    });
    const candidates: SessionOption[] = listed
      .filter((l) => l.enclosureId === enclosure.enclosureId)
      .flatMap(({ session }) => {
        if (!session.hasLimitedCapacity) return [option(session.sessionId, session.sessionTime)];
        const left = places.get(session.sessionId);
        // A limited session the service did not answer for is not on sale (started, closed).
        return left ? [option(session.sessionId, session.sessionTime, left.remaining)] : [];
      });
    if (groupEnclosures.some((g) => g.enclosureId === enclosure.enclosureId)) {
      for (const [sessionId, left] of places) {
        // Sessions the catalog names belong to their own enclosure; the others are the
        // session group's (with several group enclosures, offered in each).
        if (catalog.session(sessionId) || dateOf(left.time as never) !== date) continue;
        if (left.time <= now) continue;
        candidates.push(option(sessionId, left.time, left.remaining));
      }
    }
    // Full sessions are kept: the step shows them marked and offers the nearest.
    const options = candidates.sort((a, b) => a.time.localeCompare(b.time));
    offers.push({
      ...base,
      mode: enclosure.autoAssign === AutoAssignSessionType.IfNotSet ? 'optional' : 'choose',
      options,
      available: options.some(
        (o) => o.maxQuantity === undefined || o.maxQuantity >= input.minimumQuantity,
      ),
    });
  }
  return offers;
}

/**
 * The sessions the service would assign to the forced enclosures (/autoassignsessions),
 * shown in their offers; an enclosure with no session left is not available. A preview
 * that fails is left out (it is informational).
 */
async function previewForced(
  { client, logger }: ActorDeps,
  { product }: ProductEntry,
  input: LoadSessionsInput,
  offers: SessionOffer[],
  signal: AbortSignal,
): Promise<void> {
  const forced = offers.filter((offer) => offer.mode === 'forced');
  if (forced.length === 0) return;
  try {
    const answer = await client.call(
      autoAssignSessionsOperation,
      {
        languageCode: input.language,
        products: [
          {
            productId: product.productId,
            quantity: input.minimumQuantity,
            accessDate: input.date,
            tickets: product.tickets.map((ticket) => ({
              ticketId: ticket.ticketId,
              ...(ticket.ticketEnclosureId && input.enclosureDates[ticket.ticketEnclosureId]
                ? { accessDate: input.enclosureDates[ticket.ticketEnclosureId] }
                : {}),
            })),
          },
        ],
      },
      { signal },
    );
    const tickets = answer.products.flatMap((p) => p.tickets);
    for (const offer of forced) {
      const assigned = tickets.filter((t) => t.ticketEnclosureId === offer.enclosureId);
      const ok = assigned.find((t) => t.resultType === ResultType.Ok && t.sessionTime);
      if (ok) {
        offer.preview = {
          time: ok.sessionTime!,
          ...(ok.sessionContentName ? { name: ok.sessionContentName } : {}),
        };
      } else if (
        assigned.some((t) => t.resultType === ResultType.TicketEnclosureHasNoSessionsAvailable)
      ) {
        offer.available = false;
      }
    }
  } catch (error) {
    logger.warn({ err: error, productId: input.productId }, 'auto-assign preview failed');
  }
}

async function checkCapacity(
  deps: AheadDeps,
  input: CheckCapacityInput,
  signal: AbortSignal,
): Promise<CheckCapacityOutput> {
  const { client, ahead } = deps;
  const entry = (await deps.catalog.get(input.language)).product(input.productId);
  const request = dayCapacity(input.productId, input.date);
  // Asked for ahead while the day's sessions were shown (reads-ahead.ts), if it was.
  const answer = await ahead.take(readKey(availableCapacityOperation.name, request), () =>
    client.call(availableCapacityOperation, request, { signal }),
  );
  const day = answer.products.find((p) => p.productId === input.productId && p.date === input.date);
  if (!day || !entry) return {};
  const products = productsSellable(day.availableCapacity, quotaTickets(entry.product));
  return products === undefined ? {} : { products };
}

async function quote(deps: AheadDeps, input: QuotePriceInput, signal: AbortSignal): Promise<Money> {
  const { client, ahead } = deps;
  const entry = await entryOf(deps, input.productId, input.language);
  const m = messages(input.language);
  const set = priceSetOf(entry.product, input.date);
  if (!set) throw new Refusal(m.noPrice);
  let realTime: { price: number; priceMode?: PriceMode } | undefined;
  if (entry.product.requiresRealTimePrice) {
    const request = dayPrice(input.productId, input.date);
    const answer = await ahead.take(readKey(realTimePricesOperation.name, request), () =>
      client.call(realTimePricesOperation, request, { signal }),
    );
    const found = answer.productsRealTimePrices.find(
      (p) => p.productId === input.productId && (p.accessDate ?? input.date) === input.date,
    );
    if (!found || !found.success || found.price === undefined) {
      // The service's words are for the logs, never the customer's.
      if (found?.errorMessage)
        deps.logger.info({ reason: found.errorMessage }, 'real-time price refused');
      throw new Refusal(m.noPrice);
    }
    realTime = { price: found.price, priceMode: found.priceMode };
  }
  const priced = quotePrice(priceInputOf(entry.product, set, realTime), 1);
  return { cents: priced.unit, currency: priced.currency };
}

/**
 * The ticket types on a date: one capacity call for the limited ones and one real-time
 * price call for those that need it; a type not sellable that day, or without a price,
 * is left out.
 */
async function quoteTicketTypes(
  deps: ActorDeps,
  input: QuoteTicketTypesInput,
  signal: AbortSignal,
): Promise<TicketTypeOffer[]> {
  const { client } = deps;
  const catalog = await deps.catalog.get(input.language);
  const entries = input.productIds.flatMap((id) => catalog.product(id) ?? []);
  const ids = (wanted: (entry: ProductEntry) => boolean) =>
    entries.filter(wanted).map((entry) => entry.product.productId);
  const limited = ids((entry) => entry.product.daysWithLimitedCapacity.includes(input.date));
  const capacity =
    limited.length === 0
      ? undefined
      : (
          await client.call(
            availableCapacityOperation,
            { productIds: limited, dates: [input.date] },
            { signal },
          )
        ).products;
  const realTime = ids((entry) => entry.product.requiresRealTimePrice);
  const prices =
    realTime.length === 0
      ? []
      : (
          await client.call(
            realTimePricesOperation,
            { productIds: realTime, accessDates: [input.date] },
            { signal },
          )
        ).productsRealTimePrices;
  const instant = deps.now();
  return entries.flatMap((entry): TicketTypeOffer[] => {
    const { product } = entry;
    const kind = productPersonKind(product);
    const opening = openProductDraft({ entry, catalog, instant, cart: input.cart, capacity });
    const set = priceSetOf(product, input.date);
    if (!opening.ok || !opening.product.dates.includes(input.date) || !set || !kind) return [];
    let live: { price: number; priceMode?: PriceMode } | undefined;
    if (product.requiresRealTimePrice) {
      const found = prices.find(
        (p) => p.productId === product.productId && (p.accessDate ?? input.date) === input.date,
      );
      if (!found || !found.success || found.price === undefined) return [];
      live = { price: found.price, priceMode: found.priceMode };
    }
    const priced = quotePrice(priceInputOf(product, set, live), 1);
    const places = opening.product.rules?.capacityByDate[input.date];
    return [
      {
        productId: product.productId,
        name: opening.product.name,
        kind,
        unitPrice: { cents: priced.unit, currency: priced.currency },
        minimum: minimumLeft(product, input.cart),
        ...(places !== undefined ? { capacity: places } : {}),
        peoplePerUnit: product.numberOfPeople,
        ...definitionsOf(entry),
      },
    ];
  });
}

/** Who the kinds of person are where a product's tickets are used, when its enclosure says. */
function definitionsOf(entry: ProductEntry): Pick<TicketTypeOffer, 'definitions'> {
  const enclosureIds = new Set(entry.product.tickets.map((ticket) => ticket.ticketEnclosureId));
  const definitions = entry.provider.ticketEnclosures
    .filter((enclosure) => enclosureIds.has(enclosure.ticketEnclosureId))
    .map((enclosure) => personDefinitions(enclosure))
    .find((found) => found.length > 0);
  return definitions === undefined ? {} : { definitions };
}
