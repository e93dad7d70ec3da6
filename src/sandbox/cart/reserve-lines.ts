/**
 * Reserving the lines of a cart, item by item, all or nothing per item: an activity's
 * tickets placed on its limited days and sessions (sessions of IfNotSet enclosures
 * without one, and of every ForceSet enclosure, assigned: the earliest session of the
 * ticket's date not yet started with a place left), priced, with the cancellation policy
 * the reservation states; a gift card's products; a package's stay and activities.
 */
import type { Product, Provider, Ticket } from '#src/api/catalog.js';
import { AutoAssignSessionType } from '#src/domain/partner-codes.js';
import type { CancellationPolicy } from '#src/api/common.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import {
  addDays,
  addHours,
  applicablePolicy,
  checkSale,
  dateOf,
  priceSetOf,
  providerNow,
  startOfDay,
  toCents,
} from '#src/domain/index.js';
import { SandboxCode } from '../codes.js';
import type { SandboxContext } from '../context.js';
import { combinedPriceFor, priceFor } from '../pricing.js';
import { addNeeds, dayKey, emptyNeeds, type CapacityNeeds } from './capacity.js';
import type {
  ActivityItem,
  Cart,
  CartItem,
  GiftCardItem,
  PackageItem,
  ReservedLine,
  ReservedStay,
  TicketInstance,
} from './carts.js';

export interface Failure {
  code: string;
  message: string;
}

export type LineResult = { line: ReservedLine; needs: CapacityNeeds; failure?: Failure };

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The policy as a reservation states it: each penalty rule with its Amount on the line's
 * price and the period it covers (from its hours before 00:00 of the visit day to the
 * next rule, the last one to the end of the visit day).
 */
export function reservationPolicy(
  policy: CancellationPolicy | undefined,
  visit: IsoDate,
  price: number,
): CancellationPolicy | undefined {
  if (policy === undefined || policy.isRefundable) return policy;
  const start = startOfDay(visit);
  const rules = [...policy.rules].sort(
    (a, b) => (b.hoursInAdvanceOfAccess ?? Infinity) - (a.hoursInAdvanceOfAccess ?? Infinity),
  );
  return {
    isRefundable: false,
    rules: rules.map((rule, i) => {
      const from =
        rule.hoursInAdvanceOfAccess === undefined
          ? undefined
          : addHours(start, -rule.hoursInAdvanceOfAccess);
      const next = rules[i + 1]?.hoursInAdvanceOfAccess;
      return {
        ...rule,
        amount: round2((price * (rule.percentage ?? 100)) / 100),
        fromInclusiveDateTime: from,
        toExclusiveDateTime:
          next === undefined ? startOfDay(addDays(visit, 1)) : addHours(start, -next),
      };
    }),
  };
}

const taxOf = (product: Product, date: IsoDate): number =>
  priceSetOf(product, date)?.taxBreakdown[0]?.taxPercentage ??
  product.pricesAndDates[0]?.taxBreakdown[0]?.taxPercentage ??
  0;

/** Sessions a ticket may be given on a date, earliest first, not yet started. */
function candidateSessions(
  context: SandboxContext,
  provider: Provider,
  ticket: Ticket,
  date: IsoDate,
  now: IsoDateTime,
) {
  return context.data.capacity.sessions
    .filter(
      (session) =>
        session.providerId === provider.providerId &&
        session.ticketEnclosureId === ticket.ticketEnclosureId &&
        dateOf(session.sessionTime) === date &&
        session.sessionTime > now,
    )
    .sort((a, b) => a.sessionTime.localeCompare(b.sessionTime));
}

/**
 * The tickets of a line with their sessions (assigned where the enclosure says so) and
 * the places they take; or why they cannot be placed.
 */
function placeTickets(
  context: SandboxContext,
  provider: Provider,
  product: Product,
  tickets: readonly TicketInstance[],
  quantity: number,
  date: IsoDate,
  taken: CapacityNeeds,
  assignAlways: boolean,
): { tickets: TicketInstance[]; needs: CapacityNeeds } | Failure {
  const ledger = context.state.cart.capacity;
  const now = providerNow(provider, context.clock.now());
  const needs = emptyNeeds();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const limitedDay = (day: IsoDate) => ledger.remainingForDay(product.productId, day) !== undefined;
  if (product.tickets.length === 0 && limitedDay(date))
    needs.days.set(dayKey(product.productId, date), quantity);
  const placed: TicketInstance[] = [];
  for (const instance of tickets) {
    const ticket = product.tickets.find((t) => t.ticketId === instance.ticketId);
    if (ticket === undefined) continue;
    const quota = ticket.isQuotaTicket;
    if (quota && limitedDay(instance.accessDate))
      add(needs.days, dayKey(product.productId, instance.accessDate));
    let sessionId = instance.sessionId;
    const enclosure = provider.ticketEnclosures.find(
      (e) => e.ticketEnclosureId === ticket.ticketEnclosureId,
    )?.sessions;
    const type = enclosure?.ticketEnclosureAutoAssignSessionType;
    const assign =
      enclosure !== undefined &&
      (type === AutoAssignSessionType.ForceSet ||
        (sessionId === undefined && (type === AutoAssignSessionType.IfNotSet || assignAlways)));
    if (assign) {
      const all = { days: new Map(taken.days), sessions: new Map(taken.sessions) };
      addNeeds(all, needs);
      const free = candidateSessions(context, provider, ticket, instance.accessDate, now).find(
        (session) =>
          !quota ||
          session.capacity === undefined ||
          ledger.shortage({ days: new Map(), sessions: new Map([[session.sessionId, 1]]) }, all) ===
            undefined,
      );
      if (free === undefined)
        return {
          code: SandboxCode.CapacityExceeded,
          message: `no session with a place left for ticket ${ticket.ticketId} on ${instance.accessDate}`,
        };
      sessionId = free.sessionId;
    } else if (sessionId !== undefined) {
      const chosen = context.data.session(sessionId);
      if (chosen !== undefined && chosen.sessionTime <= now)
        return {
          code: SandboxCode.InvalidSession,
          message: `session ${sessionId} (${chosen.sessionTime}) has already started`,
        };
    }
    if (sessionId !== undefined && quota && context.data.session(sessionId)?.capacity !== undefined)
      add(needs.sessions, sessionId);
    placed.push({ ...instance, sessionId });
  }
  const shortage = ledger.shortage(needs, taken);
  if (shortage !== undefined)
    return {
      code: SandboxCode.CapacityExceeded,
      message:
        shortage.kind === 'day'
          ? `product ${shortage.productId} on ${shortage.date}: ${shortage.wanted} places wanted, ${shortage.remaining} left`
          : `session ${shortage.sessionId}: ${shortage.wanted} places wanted, ${shortage.remaining} left`,
    };
  return { tickets: placed, needs };
}

function baseLine(item: CartItem, product: Product, provider: Provider, date: IsoDate) {
  return {
    itemId: item.id,
    kind: item.kind,
    productId: product.productId,
    providerId: provider.providerId,
    accessDate: date,
    priceMode: product.priceMode,
    currency: product.pricesAndDates[0]?.currency ?? 'EUR',
    taxPercentage: taxOf(product, date),
  };
}

export function reserveActivity(
  context: SandboxContext,
  item: ActivityItem,
  cart: Cart,
  taken: CapacityNeeds,
): LineResult {
  const { provider, product } = context.data.index().product(item.productId)!;
  const now = providerNow(provider, context.clock.now());
  const line: ReservedLine = {
    ...baseLine(item, product, provider, item.accessDate),
    combinedProductId: item.combinedProductId,
    giftCardIdentifier: item.giftCardIdentifier,
    quantity: item.quantity,
    price: 0,
    tickets: item.tickets,
    success: false,
  };
  const fail = (failure: Failure, price = 0): LineResult => ({
    line: { ...line, price, failure: failure.message },
    needs: emptyNeeds(),
    failure,
  });
  const dates = new Set([item.accessDate, ...item.tickets.map((t) => t.accessDate)]);
  for (const date of dates) {
    const check = checkSale(product, date, now);
    if (!check.ok)
      return fail({
        code:
          check.reason === 'outside-sale-window'
            ? SandboxCode.NotOnSale
            : SandboxCode.DateNotSellable,
        message: `product ${product.productId} is no longer on sale for ${date} (${check.reason})`,
      });
  }
  if (item.giftCardIdentifier !== undefined) {
    const card = context.state.cart.giftCards.get(item.giftCardIdentifier);
    if (card === undefined || card.exchangedBySaleId !== undefined)
      return fail({
        code: SandboxCode.GiftCardExchanged,
        message: `gift card ${item.giftCardIdentifier} was already redeemed`,
      });
  }

  let price: number;
  if (item.giftCardIdentifier !== undefined) price = 0;
  else if (item.combinedProductId !== undefined) {
    const parts = cart.items
      .filter(
        (i): i is ActivityItem =>
          i.kind === 'activity' && i.combinedProductId === item.combinedProductId,
      )
      .map((i) => ({ productId: i.productId, accessDate: i.accessDate }));
    const combined = combinedPriceFor(context, item.combinedProductId, parts);
    const share = combined.ok
      ? combined.parts.find((p) => p.productId === item.productId)
      : undefined;
    if (share === undefined)
      return fail({
        code: SandboxCode.DateNotSellable,
        message: `combined product ${item.combinedProductId} has no price`,
      });
    price = round2(share.price * item.quantity);
  } else {
    const unit = priceFor(context, item.productId, item.accessDate);
    if (unit === undefined)
      return fail({
        code: SandboxCode.DateNotSellable,
        message: `product ${item.productId} has no price for ${item.accessDate}`,
      });
    price = round2(unit.price * item.quantity);
  }

  const placed = placeTickets(
    context,
    provider,
    product,
    item.tickets,
    item.quantity,
    item.accessDate,
    taken,
    false,
  );
  if ('code' in placed) return fail(placed, price);
  return {
    line: {
      ...line,
      price,
      tickets: placed.tickets,
      success: true,
      cancellationPolicy: reservationPolicy(
        applicablePolicy(provider, product),
        item.accessDate,
        price,
      ),
    },
    needs: placed.needs,
  };
}

/** A gift card for sale: one line per product, priced on its (statistical) date. */
export function reserveGiftCard(context: SandboxContext, item: GiftCardItem): LineResult[] {
  return item.productIds.map((productId) => {
    const { provider, product } = context.data.index().product(productId)!;
    const price =
      priceFor(context, productId, item.accessDate)?.price ?? product.pricesAndDates[0]?.price ?? 0;
    return {
      line: {
        ...baseLine(item, product, provider, item.accessDate),
        quantity: 1,
        price,
        tickets: [],
        success: true,
        cancellationPolicy: reservationPolicy(
          applicablePolicy(provider, product),
          item.accessDate,
          price,
        ),
      },
      needs: emptyNeeds(),
    };
  });
}

/**
 * A package: its stay and its activities (one entry per person and product, quantity 1),
 * all or nothing. The activities share the package price less the stay's.
 */
export function reservePackage(
  context: SandboxContext,
  item: PackageItem,
  taken: CapacityNeeds,
): { lines: LineResult[]; stay: ReservedStay; failure?: Failure } {
  const { booking } = item;
  const stayPrice = booking.accommodation.price;
  const stay: ReservedStay = {
    itemId: item.id,
    rateId: booking.accommodation.rateId,
    name: booking.accommodation.name,
    checkIn: booking.accommodation.checkIn,
    checkOut: booking.accommodation.checkOut,
    price: stayPrice,
    priceMode: booking.priceMode,
    conditions: booking.accommodation.conditions,
    cancellationPolicy: booking.accommodation.cancellationPolicy,
    success: true,
    numberOfAdults: booking.accommodation.numberOfAdults,
    numberOfChildren: booking.accommodation.numberOfChildren,
    childrenAges: booking.accommodation.childrenAges,
  };
  const quantity = 1;
  const shareCents = Math.max(0, toCents(booking.price) - toCents(stayPrice));
  const count = Math.max(1, booking.activities.length);
  const lines: LineResult[] = [];
  let failure: Failure | undefined;
  const local = { days: new Map(taken.days), sessions: new Map(taken.sessions) };
  booking.activities.forEach((activity, i) => {
    const entry = context.data.index().product(activity.productId);
    if (entry === undefined) return;
    const { provider, product } = entry;
    const cents = Math.floor(shareCents / count) + (i === 0 ? shareCents % count : 0);
    const instances: TicketInstance[] = product.tickets.flatMap((ticket) =>
      Array.from({ length: quantity }, (_, unit) => ({
        ticketId: ticket.ticketId,
        unit,
        accessDate: activity.accessDate,
        sessionId: item.sessions.get(ticket.ticketId),
        questions: [],
      })),
    );
    const line: ReservedLine = {
      ...baseLine(item, product, provider, activity.accessDate),
      priceMode: booking.priceMode,
      quantity,
      price: cents / 100,
      tickets: instances,
      success: false,
      cancellationPolicy: reservationPolicy(
        applicablePolicy(provider, product),
        activity.accessDate,
        cents / 100,
      ),
    };
    const placed =
      failure === undefined
        ? placeTickets(
            context,
            provider,
            product,
            instances,
            quantity,
            activity.accessDate,
            local,
            true,
          )
        : failure;
    if ('code' in placed) {
      failure ??= placed;
      lines.push({ line, needs: emptyNeeds() });
      return;
    }
    addNeeds(local, placed.needs);
    lines.push({ line: { ...line, tickets: placed.tickets, success: true }, needs: placed.needs });
  });
  if (failure === undefined && booking.accommodation.failsAtReserve)
    failure = {
      code: SandboxCode.CapacityExceeded,
      message: `accommodation rate ${stay.rateId} (${stay.name}) could not be reserved: no rooms left`,
    };
  if (failure !== undefined) {
    const message = failure.message;
    return {
      lines: lines.map(({ line }) => ({
        line: { ...line, success: false, failure: message },
        needs: emptyNeeds(),
      })),
      stay: { ...stay, success: false, errorMessage: message },
      failure,
    };
  }
  return { lines, stay };
}
