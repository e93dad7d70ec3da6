/** Calendar arithmetic on provider-local dates (no zone: computed in UTC on purpose). */
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';

function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** Checks the input is a real yyyy-MM-dd date; the seed is built from it. */
export function assertIsoDate(value: string): IsoDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const probe = new Date(`${value}T00:00:00Z`);
  if (match === null || Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== value)
    throw new Error(`expected a date yyyy-MM-dd, got "${value}"`);
  return value as IsoDate;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const probe = toUtc(date);
  probe.setUTCDate(probe.getUTCDate() + days);
  return probe.toISOString().slice(0, 10) as IsoDate;
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: IsoDate): number {
  return toUtc(date).getUTCDay();
}

export function isWeekend(date: IsoDate): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** `count` consecutive dates starting at `from`. */
export function dateRange(from: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

/** A time `HH:mm` on a date. */
export function at(date: IsoDate, time: string): IsoDateTime {
  return `${date}T${time}:00` as IsoDateTime;
}
