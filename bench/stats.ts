/** Small number helpers for the figures. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : sum(values) / values.length;

/** Rounded for the JSON: 2 decimals below 10, 1 below 100, none above. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const digits = Math.abs(value) < 10 ? 100 : Math.abs(value) < 100 ? 10 : 1;
  return Math.round(value * digits) / digits;
}

export function roundAll<T>(value: T): T {
  if (typeof value === 'number') return round(value) as T;
  if (Array.isArray(value)) return value.map(roundAll) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, roundAll(item)]),
    ) as T;
  }
  return value;
}

/** Per-key division of counts, e.g. calls per booking. */
export function perUnit(counts: Record<string, number>, units: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => [key, units > 0 ? count / units : Number.NaN]),
  );
}
