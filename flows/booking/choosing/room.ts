/**
 * Room left on a day or in a session, as the customer sees it before choosing: full
 * (shown marked, never chosen), few left, or nothing to say; and the nearest ones with
 * room to offer instead of a full one (sessions by time, days by date). Pure, on the
 * draft and the cart, so the views' marks and the machine's guards agree.
 *
 * Decisions:
 * - "Few left" is FEW_LEFT products or fewer (places ÷ quota tickets): a chat order is
 *   seldom larger, and a family of five should know before choosing. A fixed count
 *   rather than a share of the capacity: the service gives what is left, not the total.
 * - Full is fewer places than the smallest quantity that may be bought (the minimum per
 *   transaction or a group's size), not only none: a day with 1 place for a product
 *   sold by 2 cannot be had.
 * - What the cart's lines already take of a day or session is taken off its places
 *   (the service counts them only at the Confirm), as the quantity's bounds do.
 */
import type { IsoDate } from '#src/domain/time.js';
import { heldInSession, heldOnDay, placesLeft } from '#src/domain/capacity.js';
import type { CartLine, DraftProduct, SessionOption } from '#flows/booking/types.js';
import { formatTime } from './format.js';

export const FEW_LEFT = 5;

export type Room = 'full' | 'few' | undefined;

/** The mark for `places` products left when at least `minimum` are bought. */
export function roomOf(places: number | undefined, minimum: number): Room {
  if (places === undefined) return undefined;
  if (places < minimum) return 'full';
  return places <= FEW_LEFT ? 'few' : undefined;
}

/** Products still sellable on a limited day, less what the cart holds of it. */
export function dayPlaces(
  product: DraftProduct,
  date: IsoDate,
  lines: readonly CartLine[],
): number | undefined {
  return placesLeft(product.rules?.capacityByDate[date], heldOnDay(lines, product.productId, date));
}

export function dayRoom(product: DraftProduct, date: IsoDate, lines: readonly CartLine[]): Room {
  if (product.rules?.soldOut?.includes(date)) return 'full';
  return roomOf(dayPlaces(product, date, lines), product.minimumQuantity);
}

/**
 * The days to show: on sale, full ones included (marked), in date order; with `from`,
 * from that day on. A product opened with no sold-out day has its dates in order already
 * (sellableDates): they are the list, without a set and a sort of its hundreds of days
 * on every view of the card and the date step.
 */
export function shownDates(product: DraftProduct, from?: IsoDate): readonly IsoDate[] {
  const soldOut = product.rules?.soldOut ?? [];
  const all =
    soldOut.length === 0 && inOrder(product.dates)
      ? product.dates
      : [...new Set([...product.dates, ...soldOut])].sort();
  // In order, each once: the days from `from` on are the list's end, cut where it starts
  // (the whole list when it starts there), not filtered day by day into a copy.
  let at = 0;
  if (from !== undefined) while (at < all.length && all[at]! < from) at += 1;
  return at === 0 ? all : all.slice(at);
}

/** Whether dates are in calendar order, each once. */
function inOrder(dates: readonly IsoDate[]): boolean {
  for (let i = 1; i < dates.length; i += 1) if (dates[i - 1]! >= dates[i]!) return false;
  return true;
}

/** The days that may be chosen: on sale and not full; with `from`, from that day on. */
export const roomyDates = (
  product: DraftProduct,
  lines: readonly CartLine[],
  from?: IsoDate,
): IsoDate[] =>
  product.dates.filter(
    (date) => (from === undefined || date >= from) && dayRoom(product, date, lines) !== 'full',
  );

/**
 * A day on sale (or sold out) that is full now. One of the shown days, asked without
 * building them: the date view asks it of each day it shows.
 */
export const dayIsFull = (product: DraftProduct, date: IsoDate, lines: readonly CartLine[]) =>
  (product.dates.includes(date) || (product.rules?.soldOut?.includes(date) ?? false)) &&
  dayRoom(product, date, lines) === 'full';

/** Products a session still allows, less what the cart's lines take of it. */
export function sessionPlaces(
  option: SessionOption,
  lines: readonly CartLine[],
): number | undefined {
  return placesLeft(option.maxQuantity, heldInSession(lines, option.sessionId));
}

export const sessionRoom = (option: SessionOption, lines: readonly CartLine[], minimum: number) =>
  roomOf(sessionPlaces(option, lines), minimum);

const minutes = (time: string) => {
  const [h, m] = formatTime(time).split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** The sessions with room nearest in time to `time` (three at most), in time order. */
export function nearestSessions(
  options: readonly SessionOption[],
  time: string,
  lines: readonly CartLine[],
  minimum: number,
  count = 3,
): SessionOption[] {
  const wanted = minutes(time);
  return options
    .filter((option) => sessionRoom(option, lines, minimum) !== 'full')
    .sort(
      (a, b) =>
        Math.abs(minutes(a.time) - wanted) - Math.abs(minutes(b.time) - wanted) ||
        a.time.localeCompare(b.time),
    )
    .slice(0, count)
    .sort((a, b) => a.time.localeCompare(b.time));
}

const dayNumber = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The days with room for `quantity` nearest to `date` (three at most), in date order:
 * `places` gives a limited day's products left (undefined: not limited, room enough).
 */
export function nearestDays(
  dates: readonly IsoDate[],
  date: IsoDate,
  places: (date: IsoDate) => number | undefined,
  quantity: number,
  count = 3,
): IsoDate[] {
  const wanted = dayNumber(date);
  return dates
    .filter((day) => day !== date && (places(day) ?? Infinity) >= quantity)
    .sort(
      (a, b) =>
        Math.abs(dayNumber(a) - wanted) - Math.abs(dayNumber(b) - wanted) || a.localeCompare(b),
    )
    .slice(0, count)
    .sort();
}
