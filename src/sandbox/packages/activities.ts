/**
 * The activity side of a package: a prepackage's pax groupings read against the catalog,
 * the tickets the people take, and their price on an access date. A date is sellable for
 * a grouping when it lies in the prepackage's dates and every product the people take is
 * on sale for it (src/domain sale rules, provider-local "now"). Groupings of a prepackage
 * with the same DatePolicyKey share one access date.
 */
import type { Product, Provider } from '#src/api/catalog.js';
import { PersonType, type Person } from '#src/api/packages.js';
import type { IsoDate } from '#src/api/schema.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import { checkSale } from '#src/domain/sale-window.js';
import { priceSetOf } from '#src/domain/price-sets.js';
import { toCents, type Cents } from '#src/domain/pricing.js';
import { providerNow } from '#src/domain/time.js';
import { addDays } from '../seed/dates.js';
import { centre, type LatLng } from './geo.js';
import type { SeedPaxGrouping, SeedPrepackage } from './seed.js';

export interface Grouping {
  seed: SeedPaxGrouping;
  prepackage: SeedPrepackage;
  provider: Provider;
  adult: ProductEntry;
  child?: ProductEntry;
  senior?: ProductEntry;
}

/** A prepackage's groupings, or undefined when the catalog lacks one of its products. */
export function resolveGroupings(
  index: CatalogIndex,
  prepackage: SeedPrepackage,
): Grouping[] | undefined {
  const groupings: Grouping[] = [];
  for (const seed of prepackage.groupings) {
    const provider = index.provider(seed.providerId);
    const adult = index.product(seed.products.adult);
    const child =
      seed.products.child === undefined ? undefined : index.product(seed.products.child);
    const senior =
      seed.products.senior === undefined ? undefined : index.product(seed.products.senior);
    if (!provider || !adult) return undefined;
    if ((seed.products.child && !child) || (seed.products.senior && !senior)) return undefined;
    groupings.push({ seed, prepackage, provider, adult, child, senior });
  }
  return groupings;
}

/** The products of a grouping (for enclosures and sale checks of prepackages). */
export function groupingProducts(grouping: Grouping): Product[] {
  return [grouping.adult, grouping.child, grouping.senior]
    .filter((entry): entry is ProductEntry => entry !== undefined)
    .map((entry) => entry.product);
}

/** The product each person takes in a grouping: one ticket per person, none for babies. */
export function ticketsOf(grouping: Grouping, people: readonly Person[]): ProductEntry[] {
  return people.flatMap((person): ProductEntry[] => {
    switch (person.type) {
      case PersonType.Baby:
        return [];
      case PersonType.Child:
        return [
          grouping.child && (person.age ?? 0) <= (grouping.seed.childMaxAge ?? 17)
            ? grouping.child
            : grouping.adult,
        ];
      case PersonType.Senior:
        return [grouping.senior ?? grouping.adult];
      default:
        return [grouping.adult];
    }
  });
}

function inPrepackageDates(prepackage: SeedPrepackage, date: IsoDate): boolean {
  return date >= prepackage.availableFrom && date <= prepackage.availableTo;
}

/** What the people's tickets of a grouping cost on a date, or undefined if not sellable. */
export function groupingPrice(
  grouping: Grouping,
  people: readonly Person[],
  date: IsoDate,
  instant: Date,
): Cents | undefined {
  if (!inPrepackageDates(grouping.prepackage, date)) return undefined;
  let total = 0;
  for (const entry of ticketsOf(grouping, people)) {
    const now = providerNow(entry.provider, instant);
    if (!checkSale(entry.product, date, now).ok) return undefined;
    const set = priceSetOf(entry.product, date);
    if (!set) return undefined;
    total += toCents(set.price);
  }
  return total;
}

/** Whether any date of [from, to] is sellable for every product of the grouping. */
export function groupingOnSale(
  grouping: Grouping,
  from: IsoDate,
  to: IsoDate,
  instant: Date,
): boolean {
  const products = groupingProducts(grouping);
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!inPrepackageDates(grouping.prepackage, date)) continue;
    const sellable = products.every(
      (product) =>
        checkSale(product, date, providerNow(grouping.provider, instant)).ok &&
        priceSetOf(product, date) !== undefined,
    );
    if (sellable) return true;
  }
  return false;
}

/** Groupings that must share an access date: same prepackage and DatePolicyKey. */
export function dateGroups(groupings: readonly Grouping[]): Grouping[][] {
  const groups = new Map<string, Grouping[]>();
  for (const grouping of groupings) {
    const key = `${grouping.prepackage.id}:${grouping.seed.datePolicyKey}`;
    groups.set(key, [...(groups.get(key) ?? []), grouping]);
  }
  return [...groups.values()];
}

export interface ActivityChoice {
  /** Access date per grouping id. */
  dates: Record<string, IsoDate>;
  cents: Cents;
}

/**
 * The cheapest access dates in [from, to] (the earliest on a tie), with their price; or
 * undefined when some date group has no sellable date in the window.
 */
export function cheapestActivities(
  groupings: readonly Grouping[],
  people: readonly Person[],
  from: IsoDate,
  to: IsoDate,
  instant: Date,
): ActivityChoice | undefined {
  const choice: ActivityChoice = { dates: {}, cents: 0 };
  for (const group of dateGroups(groupings)) {
    let best: { date: IsoDate; cents: Cents } | undefined;
    for (let date = from; date <= to; date = addDays(date, 1)) {
      let cents = 0;
      for (const grouping of group) {
        const price = groupingPrice(grouping, people, date, instant);
        if (price === undefined) {
          cents = Number.NaN;
          break;
        }
        cents += price;
      }
      if (!Number.isNaN(cents) && (best === undefined || cents < best.cents))
        best = { date, cents };
    }
    if (!best) return undefined;
    for (const grouping of group) choice.dates[grouping.seed.id] = best.date;
    choice.cents += best.cents;
  }
  return choice;
}

/** What the activities cost on the given dates, or undefined when one is not sellable. */
export function activitiesPrice(
  groupings: readonly Grouping[],
  people: readonly Person[],
  dates: Readonly<Record<string, IsoDate>>,
  instant: Date,
): Cents | undefined {
  let total = 0;
  for (const grouping of groupings) {
    const date = dates[grouping.seed.id];
    const price = date === undefined ? undefined : groupingPrice(grouping, people, date, instant);
    if (price === undefined) return undefined;
    total += price;
  }
  return total;
}

/** Where a grouping's activity starts: its provider's location, when the catalog has it. */
export function groupingLocation(grouping: Grouping): LatLng | undefined {
  const { lat, lng } = grouping.provider.location ?? {};
  return lat === undefined || lng === undefined ? undefined : { lat, lng };
}

/** SuggestedLocation: the centre of the groupings' providers. */
export function suggestedLocation(groupings: readonly Grouping[]): LatLng | undefined {
  const byProvider = new Map<string, LatLng>();
  for (const grouping of groupings) {
    const location = groupingLocation(grouping);
    if (location) byProvider.set(grouping.provider.providerId, location);
  }
  return centre([...byProvider.values()]);
}

/** The groupings of the named prepackages, in order; the ids not found are listed apart. */
export function groupingsOf(
  index: CatalogIndex,
  prepackages: readonly SeedPrepackage[],
  ids: readonly string[],
): { groupings: Grouping[]; missing: string[] } {
  const groupings: Grouping[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const prepackage = prepackages.find((candidate) => candidate.id === id);
    const resolved = prepackage && resolveGroupings(index, prepackage);
    if (resolved) groupings.push(...resolved);
    else missing.push(id);
  }
  return { groupings, missing };
}
