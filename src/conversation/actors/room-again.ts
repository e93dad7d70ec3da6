/**
 * Room read again after a Confirm refused lines: for each refused
 * line with a chosen session, one /availablecapacity call for the limited sessions of
 * its enclosures that day; the line's own session, if it no longer takes the line's
 * quantity, is named with the nearest sessions that do (the rule of
 * choosing/room.ts, as the session step offers them). A line without a session,
 * of a product with DaysWithLimitedCapacity, is read as the date step reads it: one
 * call for the product's limited days; its day, if full for the line, is named with the
 * nearest days that have room for its quantity.
 *
 * Where the spec is silent:
 * - A Confirm's refused product carries no reason. The read tells: a session with room
 *   for the line is not offered instead (the refusal was for something else, and the
 *   review's remove / another date stay the way out).
 * - Only sessions the catalog lists are read (a session group's are not named there);
 *   what the service does not answer for is not on sale.
 * - A failed read offers nothing: the refusal is shown as before, never a guess.
 * - Days offered are those of the refused day's price set (its unit price holds, as a
 *   multi-day choice keeps to one set), never for a product priced in real time (its
 *   price on another day is unknown); a line whose tickets carry dates of their own
 *   (DatePerTicketEnclosure) is not moved by day.
 */
import { availableCapacityOperation } from '#src/api/availability.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import { productsSellable, quotaTickets } from '#src/domain/capacity.js';
import { datesSharingPriceSet } from '#src/domain/price-sets.js';
import { sellableDates } from '#src/domain/sale-window.js';
import { dateOf, providerNow } from '#src/domain/time.js';
import type { ReadRoomInput } from '#flows/booking/actors/cart.js';
import { nearestDays, nearestSessions } from '#flows/booking/choosing/room.js';
import type { CartLine, DayRoomAgain, RoomAgain, SessionOption } from '#flows/booking/types.js';
import type { ActorDeps } from './index.js';

export function createRoomReader(deps: Pick<ActorDeps, 'client' | 'catalog' | 'now' | 'logger'>) {
  /** A line without a session: its limited day, full for it, and the nearest with room. */
  async function dayOfLine(line: CartLine, catalog: CatalogIndex): Promise<DayRoomAgain[]> {
    const entry = catalog.product(line.productId);
    if (entry === undefined || entry.product.requiresRealTimePrice) return [];
    const { provider, product } = entry;
    const day = line.accessDate;
    const limited = new Set<string>(product.daysWithLimitedCapacity);
    if (!limited.has(day)) return [];
    if (line.activity?.tickets?.some((ticket) => ticket.accessDateTime !== day)) return [];
    const sharing = new Set(datesSharingPriceSet(product, day));
    const dates = sellableDates(product, providerNow(provider, deps.now())).filter((date) =>
      sharing.has(date),
    );
    const answer = await deps.client.call(availableCapacityOperation, {
      productIds: [product.productId],
      dates: [...new Set([day, ...dates.filter((date) => limited.has(date))])].sort(),
    });
    const quota = quotaTickets(product);
    const left = new Map<string, number | undefined>(
      answer.products
        .filter((p) => p.productId === product.productId)
        .map((p) => [p.date, productsSellable(p.availableCapacity, quota)]),
    );
    // A limited day not answered for is not offered (unknown is not room).
    const places = (date: IsoDate) =>
      !limited.has(date) ? undefined : left.has(date) ? left.get(date) : 0;
    // Room for the line after all: not what refused it.
    if (!left.has(day) || (left.get(day) ?? Infinity) >= line.quantity) return [];
    return [
      {
        cartItemId: line.cartItemId,
        fullDate: day,
        nearestDates: nearestDays(dates, day, places, line.quantity),
      },
    ];
  }

  async function roomOfLine(line: CartLine, input: ReadRoomInput): Promise<RoomAgain[]> {
    if (line.package !== undefined || line.parts !== undefined) return [];
    const catalog = await deps.catalog.get(input.language);
    if (line.sessions.length === 0) return dayOfLine(line, catalog);
    const entry = catalog.product(line.productId);
    if (entry === undefined) return [];
    const { provider, product } = entry;
    const now = providerNow(provider, deps.now());
    // Each chosen session's enclosure, with the sessions it has on that session's day.
    const chosen = line.sessions.flatMap((choice) => {
      const own = catalog.session(choice.sessionId)?.session;
      if (own === undefined || !own.hasLimitedCapacity) return [];
      const day = dateOf(own.sessionTime);
      const sessions = (
        provider.ticketEnclosures.find((e) => e.ticketEnclosureId === choice.enclosureId)?.sessions
          ?.sessionSessionContents ?? []
      ).filter((s) => dateOf(s.sessionTime) === day && s.sessionTime > now);
      return [{ choice, own, sessions }];
    });
    const limited = chosen.flatMap(({ sessions }) =>
      sessions.filter((s) => s.hasLimitedCapacity).map((s) => s.sessionId),
    );
    if (limited.length === 0) return [];
    const answer = await deps.client.call(availableCapacityOperation, {
      sessionIds: limited,
      dates: [...new Set(chosen.map(({ own }) => dateOf(own.sessionTime)))],
    });
    const left = new Map(answer.sessions.map((s) => [s.sessionId, s.availableCapacity]));
    return chosen.flatMap(({ choice, own, sessions }) => {
      const quota = quotaTickets(
        product,
        product.tickets
          .filter((t) => t.ticketEnclosureId === choice.enclosureId)
          .map((t) => t.ticketId),
      );
      const options: SessionOption[] = sessions.flatMap((s) => {
        if (!s.hasLimitedCapacity) return [{ sessionId: s.sessionId, time: s.sessionTime }];
        // Not answered for: not on sale (started, closed). Answered without places: open.
        if (!left.has(s.sessionId)) return [];
        const remaining = left.get(s.sessionId);
        if (remaining === undefined) return [{ sessionId: s.sessionId, time: s.sessionTime }];
        const most = productsSellable(remaining, quota);
        return [
          {
            sessionId: s.sessionId,
            time: s.sessionTime,
            remaining,
            ...(most !== undefined ? { maxQuantity: most } : {}),
          },
        ];
      });
      const mine = options.find((o) => o.sessionId === choice.sessionId);
      // Room for the line after all: not what refused it.
      if (mine !== undefined && (mine.maxQuantity ?? Infinity) >= line.quantity) return [];
      const others = options.filter((o) => o.sessionId !== choice.sessionId);
      return [
        {
          cartItemId: line.cartItemId,
          enclosureId: choice.enclosureId,
          fullTime: own.sessionTime as IsoDateTime,
          nearest: nearestSessions(others, own.sessionTime, [], line.quantity),
        },
      ];
    });
  }

  /** The refused lines found full, one call per line; a failed read names nothing. */
  return async function readRoom(input: ReadRoomInput): Promise<RoomAgain[]> {
    const found = await Promise.all(
      input.lines.map((line) =>
        roomOfLine(line, input).catch((error: unknown) => {
          deps.logger.warn({ err: error, productId: line.productId }, 'room not read again');
          return [];
        }),
      ),
    );
    return found.flat();
  };
}
