/**
 * Capacity: only quota tickets (IsQuotaTicket) count toward it, so a capacity buys
 * floor(capacity ÷ quota tickets per product) products (9 with 3 quota tickets: 3;
 * 16: 5). A product without tickets counts as one unit of capacity; one whose tickets are
 * all outside the quota does not consume capacity.
 *
 * The service counts a cart's lines against a day's or a session's places only at the
 * Confirm; the chat takes off what the cart already holds before offering them
 * (heldOnDay, heldInSession, placesLeft), so a second line cannot ask for places the
 * first one took.
 */
import type { Product, Provider, Ticket } from './catalog-shapes.js';
import { AutoAssignSessionType } from './partner-codes.js';
import type { IsoDate } from './time.js';

/** Quota tickets among the given ticket ids (repeats count; an unknown id counts, as the
 * catalog's default is a quota ticket). Without ids: all the product's tickets. */
export function quotaTickets(
  product: Pick<Product, 'tickets'>,
  ticketIds?: readonly string[],
): number {
  if (ticketIds === undefined) {
    if (product.tickets.length === 0) return 1;
    return product.tickets.filter((ticket) => ticket.isQuotaTicket).length;
  }
  const byId = new Map<string, Ticket>(product.tickets.map((ticket) => [ticket.ticketId, ticket]));
  return ticketIds.filter((id) => byId.get(id)?.isQuotaTicket ?? true).length;
}

/**
 * How many products a capacity allows: rounded down. Undefined when the product takes no
 * quota ticket, so capacity does not limit it.
 */
export function productsSellable(
  capacity: number,
  quotaTicketsPerProduct: number,
): number | undefined {
  if (quotaTicketsPerProduct <= 0) return undefined;
  return Math.max(0, Math.floor(capacity / quotaTicketsPerProduct));
}

/** The capacity `quantity` products take. */
export function capacityNeeded(
  product: Pick<Product, 'tickets'>,
  quantity: number,
  ticketIds?: readonly string[],
): number {
  return quantity * quotaTickets(product, ticketIds);
}

/** A line of a sale as capacity counts it: units of a product, on a day, in sessions. */
export interface HeldLine {
  productId: string;
  accessDate: IsoDate;
  quantity: number;
  sessions: readonly { sessionId: string }[];
}

/** The units of a product the lines hold on a day (a limited day's places are per product). */
export function heldOnDay(
  lines: readonly HeldLine[],
  productId: string,
  date: IsoDate | undefined,
): number {
  // A loop, not a filtered copy: the date step asks it of each of a product's days.
  let held = 0;
  for (const line of lines)
    if (line.productId === productId && line.accessDate === date) held += line.quantity;
  return held;
}

/** The units the lines hold in a session (shared by every product sold in it). */
export function heldInSession(lines: readonly HeldLine[], sessionId: string): number {
  return lines
    .filter((line) => line.sessions.some((chosen) => chosen.sessionId === sessionId))
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** Places left once what is held is taken off (none below 0); undefined: not limited. */
export function placesLeft(
  places: number | undefined,
  held: number | undefined,
): number | undefined {
  return places === undefined ? undefined : Math.max(0, places - (held ?? 0));
}

export type CapacityCheck =
  | { needed: false }
  | { needed: true; reason: 'limited-day' }
  | { needed: true; reason: 'limited-sessions'; sessionIds: string[] };

/**
 * Whether availability must be asked before selling the product for `date`: the date is
 * one of DaysWithLimitedCapacity, or a session that day, in an enclosure of the product's
 * tickets, has limited capacity and is not always auto-assigned. An enclosure with
 * IfNotSet counts as chosen: the assistant names the session when it offers sessions;
 * with ForceSet the service picks the session and checks capacity itself.
 */
export function capacityCheck(
  provider: Pick<Provider, 'ticketEnclosures'>,
  product: Pick<Product, 'daysWithLimitedCapacity' | 'tickets'>,
  date: IsoDate,
): CapacityCheck {
  if (product.daysWithLimitedCapacity.includes(date))
    return { needed: true, reason: 'limited-day' };
  const enclosureIds = new Set(product.tickets.map((ticket) => ticket.ticketEnclosureId));
  const sessionIds = provider.ticketEnclosures
    .filter((enclosure) => enclosureIds.has(enclosure.ticketEnclosureId))
    .flatMap((enclosure) => {
      const sessions = enclosure.sessions;
      if (sessions === undefined) return [];
      if (sessions.ticketEnclosureAutoAssignSessionType === AutoAssignSessionType.ForceSet)
        return [];
      return sessions.sessionSessionContents
        .filter((session) => session.hasLimitedCapacity && session.sessionTime.startsWith(date))
        .map((session) => session.sessionId);
    });
  return sessionIds.length > 0
    ? { needed: true, reason: 'limited-sessions', sessionIds: [...new Set(sessionIds)] }
    : { needed: false };
}
