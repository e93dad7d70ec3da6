/**
 * Date ranges of the read operations: "not before today" and "default one year ahead".
 *
 * "Today" for a request that names no provider is the earliest provider-local date the
 * service sells in (the Canary Islands are an hour behind the mainland), so a request is
 * never refused for a date that is still today for one of its providers.
 */
import type { IsoDate } from '#src/api/schema.js';
import { SandboxCode, refuse } from '../codes.js';
import type { SandboxContext } from '../context.js';
import { addDays, localNow, dateOf } from '#src/domain/index.js';

export function serviceToday(context: SandboxContext): IsoDate {
  return dateOf(localNow('Atlantic/Canary', context.clock.now()));
}

/** The same day a year later (29 February → 28 February). */
export function oneYearAfter(date: IsoDate): IsoDate {
  const [y, m, d] = date.split('-') as [string, string, string];
  const next = `${Number(y) + 1}-${m}-${m === '02' && d === '29' ? '28' : d}`;
  return next as IsoDate;
}

export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/**
 * FromDate (not before today; default `defaultFrom`, itself never before today) and
 * ToDate (default one year from today). Refuses a FromDate in the past and a range that
 * ends before it starts.
 */
export function requestRange(
  context: SandboxContext,
  request: { fromDate?: IsoDate; toDate?: IsoDate },
  defaultFrom?: IsoDate,
): DateRange {
  const today = serviceToday(context);
  if (request.fromDate !== undefined && request.fromDate < today)
    refuse(
      SandboxCode.InvalidRequest,
      `FromDate ${request.fromDate} is earlier than the current day (${today})`,
    );
  const from =
    request.fromDate ?? (defaultFrom !== undefined && defaultFrom > today ? defaultFrom : today);
  const to = request.toDate ?? oneYearAfter(today);
  if (to < from)
    refuse(SandboxCode.InvalidRequest, `ToDate ${to} is earlier than FromDate ${from}`);
  return { from, to };
}

export const inRange = (date: IsoDate, range: DateRange): boolean =>
  date >= range.from && date <= range.to;

/** Every date from `from` to `to`, inclusive. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
