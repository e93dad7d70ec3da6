/**
 * What cancelling a bought booking costs at a given moment, from the sale's
 * CancellationConditions: free, a penalty, nothing back, or too late (the access day has
 * gone). Hours are counted to 00:00 of the access date, both sides in the provider's wall
 * clock (the spec: hours before the access date), so no time zone enters here.
 */
import type { CancellationPolicy, CancellationRule } from './partner-shapes.js';
import type { IsoDate, IsoDateTime } from './time.js';

export type CancelVerdict =
  /** Cancelling now costs nothing. */
  | { kind: 'free' }
  /** A rule applies now: its percentage of the price, or its amount. */
  | { kind: 'penalty'; percentage?: number; amount?: number }
  /** Nothing is given back (no rules and not refundable, or a 100 % penalty now). */
  | { kind: 'nonRefundable' }
  /** The access date is over: there is nothing left to cancel. */
  | { kind: 'past' }
  /** The sale carries no conditions: staff must look them up. */
  | { kind: 'unknown' };

const MS_PER_HOUR = 3_600_000;
const wall = (local: string) =>
  Date.parse(`${local.length === 10 ? `${local}T00:00:00` : local.slice(0, 19)}Z`);

function applies(rule: CancellationRule, now: IsoDateTime, hoursBefore: number): boolean {
  const ranged = rule.fromInclusiveDateTime !== undefined || rule.toExclusiveDateTime !== undefined;
  if (ranged) {
    const at = wall(now);
    return (
      (rule.fromInclusiveDateTime === undefined || at >= wall(rule.fromInclusiveDateTime)) &&
      (rule.toExclusiveDateTime === undefined || at < wall(rule.toExclusiveDateTime))
    );
  }
  return rule.hoursInAdvanceOfAccess === undefined || hoursBefore <= rule.hoursInAdvanceOfAccess;
}

/** An amount-only rule weighs as a full penalty: the customer is shown its amount. */
const weight = (rule: CancellationRule) => rule.percentage ?? (rule.amount !== undefined ? 100 : 0);

/**
 * The verdict for cancelling at `now` (provider-local) a booking for `accessDate`. Of the
 * rules that apply now the heaviest counts: penalties grow as the visit nears, so that is
 * the one with the fewest hours reached.
 */
export function cancellationAt(
  policy: CancellationPolicy | undefined,
  accessDate: IsoDate,
  now: IsoDateTime,
): CancelVerdict {
  if (now.slice(0, 10) > accessDate) return { kind: 'past' };
  if (policy === undefined) return { kind: 'unknown' };
  if (policy.isRefundable) return { kind: 'free' };
  if (policy.rules.length === 0) return { kind: 'nonRefundable' };
  const hoursBefore = (wall(accessDate) - wall(now)) / MS_PER_HOUR;
  const rule = policy.rules
    .filter((candidate) => applies(candidate, now, hoursBefore))
    .sort((a, b) => weight(b) - weight(a))[0];
  if (rule === undefined || weight(rule) === 0) return { kind: 'free' };
  if (rule.amount === undefined && weight(rule) >= 100) return { kind: 'nonRefundable' };
  return {
    kind: 'penalty',
    ...(rule.percentage !== undefined ? { percentage: rule.percentage } : {}),
    ...(rule.amount !== undefined ? { amount: rule.amount } : {}),
  };
}
