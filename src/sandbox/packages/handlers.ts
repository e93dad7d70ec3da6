/**
 * Prepackages, the basic package catalog and package prices. The demo data is in
 * seed.ts; the accommodation search and its view in basic-catalog.ts; searches and
 * quotes are kept by EchoToken (state.ts).
 *
 * Choices where the spec is silent:
 * - Prepackages: a FromDate before today is read as today; a prepackage is listed when
 *   each of its groupings has a sellable date in [FromDate, ToDate]; an adults-only
 *   prepackage is left out when the people include children or babies. Unknown
 *   ProviderIds or PrePackageIds simply match nothing.
 * - Basic catalog: activity dates must lie within the stay and not before today; the
 *   stay is 1 to 30 nights; unknown prepackages, an adults-only prepackage with minors,
 *   and activities with no sellable date in the window are refused (each names the
 *   prepackage). A filter that leaves nothing is a success with no packages.
 * - Prices: every pax grouping of the search needs an AccessDate inside the activity
 *   window, sellable for the people's products, and groupings sharing a DatePolicyKey
 *   need the same one. PriceMode and Commission are the (first) prepackage's. The answer
 *   carries a new EchoToken naming the priced selection.
 */
import type { OperationOf } from '#src/api/operations.js';
import { PersonType } from '#src/api/packages.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import type { Handler, Handlers, SandboxContext } from '../context.js';
import { SandboxCode, refuse } from '../codes.js';
import { addDays } from '../seed/dates.js';
import {
  activitiesPrice,
  cheapestActivities,
  dateGroups,
  groupingLocation,
  groupingOnSale,
  groupingProducts,
  groupingsOf,
  resolveGroupings,
  suggestedLocation,
  type Grouping,
} from './activities.js';
import { bestRate, findOffers, viewFilter, viewOf } from './basic-catalog.js';
import { checkDistributions, checkPeople, checkRooms } from './people.js';
import {
  echoTokenOf,
  type PackageSearch,
  type PricedPackage,
  type SearchPackage,
} from './state.js';

const MAX_NIGHTS = 30;

function timestamp(context: SandboxContext): IsoDateTime {
  return context.clock.now().toISOString().replace('Z', '0000').slice(0, 27) as IsoDateTime;
}

const prepackages: Handler<OperationOf<'prepackages'>> = (request, context) => {
  const { hasMinors } = checkDistributions(request.peopleDistributions ?? []);
  const today = context.data.today;
  if (request.fromDate && request.toDate && request.toDate < request.fromDate)
    refuse(SandboxCode.InvalidRequest, 'ToDate: earlier than FromDate');
  const from = request.fromDate && request.fromDate > today ? request.fromDate : today;
  const to = request.toDate ?? addDays(today, 365);
  const language = context.data.defaultLanguage;
  const index = context.data.index(language);
  const instant = context.clock.now();

  const listed = context.state.packages
    .seed(language)
    .prepackages.filter(
      (prepackage) =>
        (!request.prePackageIds || request.prePackageIds.includes(prepackage.id)) &&
        (!request.providerIds ||
          prepackage.groupings.some((g) => request.providerIds!.includes(g.providerId))) &&
        !(prepackage.adultsOnly && hasMinors),
    )
    .flatMap((prepackage) => {
      const groupings = resolveGroupings(index, prepackage);
      if (!groupings || groupings.length === 0 || to < from) return [];
      if (!groupings.every((grouping) => groupingOnSale(grouping, from, to, instant))) return [];
      return [{ prepackage, groupings }];
    })
    .sort((a, b) => a.prepackage.order - b.prepackage.order);

  return {
    timestamp: timestamp(context),
    prePackages: listed.map(({ prepackage, groupings }) => ({
      id: prepackage.id,
      order: prepackage.order,
      image: prepackage.image,
      description: prepackage.description,
      name: prepackage.name,
      commercialName: prepackage.commercialName,
      productPaxGroupings: groupings.map((grouping) => paxGrouping(grouping)),
      suggestedLocation: suggestedLocation(groupings),
    })),
  };
};

function paxGrouping(grouping: Grouping) {
  const enclosureIds = [
    ...new Set(
      groupingProducts(grouping).flatMap((product) =>
        product.tickets.flatMap((ticket) => ticket.ticketEnclosureId ?? []),
      ),
    ),
  ];
  const product = grouping.adult.product;
  return {
    providerId: grouping.provider.providerId,
    providerName: grouping.provider.providerName,
    providerLocation: groupingLocation(grouping),
    datePolicyKey: grouping.seed.datePolicyKey,
    ticketEnclosures: enclosureIds.map((id) => ({
      id,
      name:
        grouping.provider.ticketEnclosures.find((e) => e.ticketEnclosureId === id)
          ?.ticketEnclosureName ?? '',
      logo: `https://example.com/sandbox/enclosures/${id}.png`,
    })),
    validDays: product.validDays ?? 1,
    validDaysType: product.validDaysType ?? 0,
    productPaxGroupingId: grouping.seed.id,
    productPaxGroupingName: grouping.seed.name,
  };
}

/** Resolves the search's prepackages, refusing unknown ones and adults-only with minors. */
function searchGroupings(
  context: SandboxContext,
  prepackageIds: readonly string[],
  hasMinors: boolean,
): Grouping[] {
  const seed = context.state.packages.seed(context.data.defaultLanguage);
  if (prepackageIds.length === 0)
    refuse(SandboxCode.InvalidRequest, 'Activity.PrePackageIds: at least one prepackage');
  const { groupings, missing } = groupingsOf(
    context.data.index(context.data.defaultLanguage),
    seed.prepackages,
    prepackageIds,
  );
  if (missing.length > 0)
    refuse(
      SandboxCode.NotFound,
      `Activity.PrePackageIds: unknown prepackage ${missing.join(', ')}`,
      missing.map((id) => ({ id, name: 'PrePackage' })),
    );
  const adultsOnly = [...new Set(groupings.map((g) => g.prepackage))].find((p) => p.adultsOnly);
  if (adultsOnly && hasMinors)
    refuse(SandboxCode.InvalidRequest, `People: "${adultsOnly.name}" is for adults only`, [
      { id: adultsOnly.id, name: adultsOnly.name },
    ]);
  return groupings;
}

const basicCatalog: Handler<OperationOf<'package-basiccatalog'>> = (request, context) => {
  const { people, activity, accommodation: stay } = request;
  checkPeople(people);
  checkRooms(stay.roomDistribution, people);
  const today = context.data.today;
  if (activity.fromDate < today)
    refuse(SandboxCode.DateNotSellable, 'Activity.FromDate: earlier than today');
  if (activity.toDate < activity.fromDate)
    refuse(SandboxCode.InvalidRequest, 'Activity.ToDate: earlier than FromDate');
  if (stay.checkIn < today)
    refuse(SandboxCode.DateNotSellable, 'Accommodation.CheckIn: earlier than today');
  if (stay.checkOut <= stay.checkIn)
    refuse(SandboxCode.InvalidRequest, 'Accommodation.CheckOut: must be after CheckIn');
  if (stay.checkOut > addDays(stay.checkIn, MAX_NIGHTS))
    refuse(SandboxCode.InvalidRequest, `Accommodation: at most ${MAX_NIGHTS} nights`);
  if (activity.fromDate < stay.checkIn || activity.toDate > stay.checkOut)
    refuse(
      SandboxCode.InvalidRequest,
      'Activity: FromDate and ToDate must fall within the stay (CheckIn to CheckOut)',
    );

  const hasMinors = people.some(
    (person) => person.type === PersonType.Baby || person.type === PersonType.Child,
  );
  const groupings = searchGroupings(context, activity.prePackageIds, hasMinors);
  const instant = context.clock.now();
  const activities = cheapestActivities(
    groupings,
    people,
    activity.fromDate,
    activity.toDate,
    instant,
  );
  if (!activities)
    refuse(
      SandboxCode.DateNotSellable,
      `Activity: the activities are not on sale between ${activity.fromDate} and ${activity.toDate}`,
      activity.prePackageIds.map((id) => ({ id, name: 'PrePackage' })),
    );

  const language = context.data.defaultLanguage;
  const seed = context.state.packages.seed(language);
  const prepackagesUsed = [...new Set(groupings.map((g) => g.prepackage))];
  const suggested = new Map(
    prepackagesUsed.map((p) => [
      p.id,
      suggestedLocation(groupings.filter((g) => g.prepackage.id === p.id)),
    ]),
  );
  const destination = { lat: stay.destination.latitude, lng: stay.destination.longitude };
  const offers = findOffers(seed.accommodations, groupings, suggested, {
    destination,
    accommodationIds: stay.accommodationIds,
    rooms: stay.roomDistribution,
    people,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
  });

  const rateFilter = viewFilter(request.filter);
  const token = echoTokenOf({
    language,
    people,
    rooms: stay.roomDistribution,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    fromDate: activity.fromDate,
    toDate: activity.toDate,
    prepackageIds: activity.prePackageIds,
    destination,
    accommodationIds: stay.accommodationIds,
    boards: [...rateFilter.boards].sort(),
    rateClasses: [...rateFilter.rateClasses].sort(),
  });
  const previous = context.state.packages.search(token);
  const packages = new Map<string, SearchPackage>();
  for (const offer of offers) {
    const rate = bestRate(offer, rateFilter);
    if (!rate) continue;
    const id = offer.accommodation.id;
    packages.set(id, {
      accommodationId: id,
      rateId: rate.rate.id,
      accommodationCents: rate.cents,
      cheapestDates: activities.dates,
      priceFromCents: rate.cents + activities.cents,
      priced: previous?.packages.get(id)?.priced,
    });
  }
  const first = prepackagesUsed[0]!;
  context.state.packages.saveSearch({
    token,
    language,
    people,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    fromDate: activity.fromDate,
    toDate: activity.toDate,
    prepackageIds: [...activity.prePackageIds],
    priceMode: first.priceMode,
    commission: first.commission,
    packages,
  });

  return { echoToken: token, ...viewOf(offers, request, activities.cents) };
};

function priceOne(
  context: SandboxContext,
  search: PackageSearch,
  groupings: readonly Grouping[],
  request: { id: string; paxGroupings: { id: string; accessDate: IsoDate }[] },
): PricedPackage {
  const chosen = search.packages.get(request.id);
  if (!chosen)
    refuse(SandboxCode.NotFound, `Packages: ${request.id} is not a package of this search`, [
      { id: request.id, name: 'Package' },
    ]);
  const dates: Record<string, IsoDate> = {};
  for (const given of request.paxGroupings) {
    const grouping = groupings.find((g) => g.seed.id === given.id);
    if (!grouping)
      refuse(SandboxCode.NotFound, `PaxGroupings: ${given.id} is not a grouping of this search`, [
        { id: given.id, name: 'ProductPaxGrouping' },
      ]);
    if (dates[given.id] !== undefined)
      refuse(SandboxCode.InvalidRequest, `PaxGroupings: ${given.id} is given twice`);
    if (given.accessDate < search.fromDate || given.accessDate > search.toDate)
      refuse(
        SandboxCode.DateNotSellable,
        `PaxGroupings: AccessDate ${given.accessDate} is outside the activity dates ` +
          `(${search.fromDate} to ${search.toDate})`,
        [{ id: given.id, name: grouping.seed.name }],
      );
    dates[given.id] = given.accessDate;
  }
  for (const grouping of groupings) {
    if (dates[grouping.seed.id] === undefined)
      refuse(
        SandboxCode.InvalidRequest,
        `PaxGroupings: ${grouping.seed.id} ("${grouping.seed.name}") needs an AccessDate`,
        [{ id: grouping.seed.id, name: grouping.seed.name }],
      );
  }
  for (const group of dateGroups(groupings)) {
    const shared = new Set(group.map((g) => dates[g.seed.id]));
    if (shared.size > 1)
      refuse(
        SandboxCode.InvalidRequest,
        `PaxGroupings: groupings with DatePolicyKey ${group[0]!.seed.datePolicyKey} share one AccessDate`,
        group.map((g) => ({ id: g.seed.id, name: g.seed.name })),
      );
  }
  const activities = activitiesPrice(groupings, search.people, dates, context.clock.now());
  if (activities === undefined)
    refuse(
      SandboxCode.DateNotSellable,
      'PaxGroupings: the activities are not on sale on the AccessDate given',
      search.prepackageIds.map((id) => ({ id, name: 'PrePackage' })),
    );
  return { dates, cents: chosen.accommodationCents + activities };
}

const prices: Handler<OperationOf<'package-prices'>> = (request, context) => {
  const state = context.state.packages;
  const search = state.search(state.quote(request.echoToken)?.searchToken ?? request.echoToken);
  if (!search)
    refuse(SandboxCode.NotFound, 'EchoToken: unknown; it comes from the basic package catalog', [
      { id: request.echoToken, name: 'EchoToken' },
    ]);
  if (request.packages.length === 0)
    refuse(SandboxCode.InvalidRequest, 'Packages: at least one package');
  const { groupings, missing } = groupingsOf(
    context.data.index(search.language),
    state.seed(search.language).prepackages,
    search.prepackageIds,
  );
  if (missing.length > 0)
    refuse(SandboxCode.NotFound, `prepackage ${missing.join(', ')} is no longer offered`);

  const priced = new Map<string, PricedPackage>();
  for (const item of request.packages)
    priced.set(item.id, priceOne(context, search, groupings, item));
  const token = echoTokenOf({ search: search.token, priced: [...priced] });
  state.saveQuote({ token, searchToken: search.token, packages: priced });
  for (const [id, quote] of priced) {
    const chosen = search.packages.get(id);
    if (chosen) chosen.priced = quote;
  }
  return {
    echoToken: token,
    packages: [...priced].map(([id, quote]) => ({
      id,
      price: quote.cents / 100,
      priceMode: search.priceMode,
      commission: search.commission,
    })),
  };
};

export const packageHandlers: Handlers = {
  prepackages,
  'package-basiccatalog': basicCatalog,
  'package-prices': prices,
};
