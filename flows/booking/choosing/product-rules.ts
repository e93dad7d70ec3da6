/**
 * A catalog product as the selection steps need it (DraftProduct): its sellable dates
 * with the capacity of limited days applied, the date rules (DemandAccessDate, open
 * dates, a date per enclosure), the enclosures with sessions, and the quantity bounds
 * of the group rules counted with what the cart already holds. Pure: the actor reads
 * the catalog and /availablecapacity and passes their answers in.
 */
import { AccessDateCriteria, AutoAssignSessionType } from '#src/domain/partner-codes.js';
import type { ProductCapacity } from '#src/domain/partner-shapes.js';
import type { IsoDate } from '#src/domain/time.js';
import type { CatalogIndex, ProductEntry } from '#src/domain/catalog.js';
import { productsSellable, quotaTickets } from '#src/domain/capacity.js';
import { groupBound, minimumLeft, peopleCount, unitsAllowed } from '#src/domain/groups.js';
import { productPersonKind, ticketTypeSiblings } from '#src/domain/people.js';
import { admitsOf } from './placing.js';
import { canBeSoldAlone, sellableDates } from '#src/domain/sale-window.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import type {
  CartLine,
  DraftProduct,
  SelectionRules,
  SessionEnclosure,
} from '#flows/booking/types.js';
import { productName } from './offerable.js';

export type Opening =
  | { ok: true; product: DraftProduct }
  | { ok: false; reason: 'not-offered' | 'no-dates' | 'not-today' };

/** Distinct enclosure ids of the product's tickets, in ticket order. */
function ticketEnclosureIds(entry: ProductEntry): string[] {
  const ids = entry.product.tickets
    .map((ticket) => ticket.ticketEnclosureId)
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

export function sessionEnclosures(entry: ProductEntry): SessionEnclosure[] {
  return ticketEnclosureIds(entry).flatMap((id) => {
    const enclosure = entry.provider.ticketEnclosures.find((e) => e.ticketEnclosureId === id);
    const sessions = enclosure?.sessions;
    if (!enclosure || !sessions) return [];
    if (
      sessions.sessionSessionContents.length === 0 &&
      sessions.sessionsGroupSessionContents === undefined
    )
      return [];
    return [
      {
        enclosureId: id,
        name: enclosure.ticketEnclosureName,
        autoAssign: sessions.ticketEnclosureAutoAssignSessionType,
      },
    ];
  });
}

/** The dates that may need a capacity check: sellable days among DaysWithLimitedCapacity. */
export function limitedDatesOf(entry: ProductEntry, instant: Date): IsoDate[] {
  const local = providerNow(entry.provider, instant);
  const limited = new Set(entry.product.daysWithLimitedCapacity);
  return sellableDates(entry.product, local).filter((date) => limited.has(date));
}

export interface QuantityRule {
  minimum: number;
  maximum?: number;
  group?: SelectionRules['group'];
}

/**
 * The quantity the rules allow, the product added to what the cart holds
 * (src/domain/groups.ts): MinimumNumberByTransaction less the units of it in the cart,
 * and the group threshold over the people of the provider's lines in the cart.
 */
export function quantityRule(
  entry: ProductEntry,
  catalog: CatalogIndex,
  cart: CartLine[],
): QuantityRule {
  const { provider, base, product } = entry;
  const inCart = cart
    .filter((line) => line.providerId === provider.providerId)
    .map((line) => ({ line, entry: catalog.product(line.productId) }));
  // A line whose product the catalog no longer has counts one person a unit.
  const peopleInCart = peopleCount(
    inCart.map(({ line, entry: found }) => ({
      quantity: line.quantity,
      product: { numberOfPeople: found?.product.numberOfPeople ?? 1 },
    })),
  );
  const minimum = minimumLeft(product, cart);
  const group = groupBound(
    provider,
    [base, ...inCart.flatMap(({ entry: found }) => (found ? [found.base] : []))],
    product.numberOfPeople,
    peopleInCart,
  );
  if (group === undefined) return { minimum };
  const units = unitsAllowed(group);
  return 'minimum' in units
    ? { minimum: Math.max(minimum, units.minimum), group }
    : { minimum, maximum: units.maximum, group };
}

export interface OpenArgs {
  entry: ProductEntry;
  catalog: CatalogIndex;
  instant: Date;
  cart: CartLine[];
  /** The /availablecapacity answer for the limited dates; undefined when not read. */
  capacity?: ProductCapacity[];
}

export function openProductDraft({ entry, catalog, instant, cart, capacity }: OpenArgs): Opening {
  const { provider, base, product } = entry;
  const local = providerNow(provider, instant);
  if (!canBeSoldAlone(product, local)) return { ok: false, reason: 'not-offered' };
  let dates = sellableDates(product, local);

  const ticketEnclosures = ticketEnclosureIds(entry);
  const perEnclosure =
    provider.advancedDateSelectorMethodName === 'DatePerTicketEnclosure' &&
    ticketEnclosures.length >= 2;
  const withSessions = sessionEnclosures(entry);

  // A session that must be chosen from the catalog's list: only days that have one ahead.
  if (!perEnclosure) {
    for (const enclosure of withSessions) {
      if (enclosure.autoAssign !== AutoAssignSessionType.No) continue;
      const listed = provider.ticketEnclosures.find(
        (e) => e.ticketEnclosureId === enclosure.enclosureId,
      )?.sessions?.sessionSessionContents;
      if (!listed || listed.length === 0) continue;
      dates = dates.filter((date) =>
        listed.some(
          (session) => session.sessionTime.startsWith(date) && session.sessionTime > local,
        ),
      );
    }
  }

  const rule = quantityRule(entry, catalog, cart);
  const quota = quotaTickets(product);
  const limited = new Set(product.daysWithLimitedCapacity);
  const capacityByDate: Record<IsoDate, number> = {};
  for (const day of capacity ?? []) {
    if (day.productId !== product.productId || !limited.has(day.date)) continue;
    const sellable = productsSellable(day.availableCapacity, quota);
    if (sellable !== undefined) capacityByDate[day.date] = sellable;
  }
  const soldOut = dates.filter((date) => (capacityByDate[date] ?? Infinity) < rule.minimum);
  dates = dates.filter((date) => !soldOut.includes(date));

  let fixedDate: IsoDate | undefined;
  const openDate = product.accessDateCriteria === AccessDateCriteria.OpenDate;
  if (!provider.demandAccessDate) {
    fixedDate = dateOf(local);
    if (!dates.includes(fixedDate)) return { ok: false, reason: 'not-today' };
  } else if (openDate && !provider.demandAccessDateOnOpenDate) {
    fixedDate = dates[0];
  }
  if (dates.length === 0) return { ok: false, reason: 'no-dates' };

  const rules: SelectionRules = {
    sessionEnclosures: withSessions,
    limitedDates: dates.filter((date) => limited.has(date)),
    capacityByDate,
    ...(soldOut.length > 0 ? { soldOut } : {}),
    minimumByTransaction: product.minimumNumberByTransaction,
    ...(rule.group ? { group: rule.group } : {}),
  };
  if (perEnclosure && fixedDate === undefined) {
    rules.dateEnclosures = ticketEnclosures.map((id) => ({
      enclosureId: id,
      name:
        provider.ticketEnclosures.find((e) => e.ticketEnclosureId === id)?.ticketEnclosureName ??
        '',
    }));
    const sellable = new Set(dates);
    rules.priceSets = product.pricesAndDates
      .map((set) => set.dates.filter((date) => sellable.has(date)).sort())
      .filter((set) => set.length > 0);
  }

  // Its ticket types, chosen together on the day (steps/ticket-types.ts); not for gift cards'
  // redemptions, which take the product the card gives.
  const types = ticketTypeSiblings(base, product).map((sibling) => ({
    productId: sibling.productId,
    kind: productPersonKind(sibling)!,
  }));

  const admits = admitsOf(product);
  return {
    ok: true,
    product: {
      productId: product.productId,
      productBaseId: base.productBaseId,
      providerId: provider.providerId,
      name: productName(product),
      place: { provider: provider.providerName, base: base.productBaseName },
      dates,
      ...(fixedDate !== undefined ? { fixedDate } : {}),
      openDate,
      minimumQuantity: rule.minimum,
      ...(rule.maximum !== undefined ? { maximumQuantity: rule.maximum } : {}),
      requiresRealTimePrice: product.requiresRealTimePrice,
      rules,
      ...(types.length > 0 ? { types } : {}),
      ...(admits !== undefined ? { admits } : {}),
    },
  };
}
