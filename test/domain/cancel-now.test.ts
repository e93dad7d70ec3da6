/** What cancelling a bought booking costs at a moment: the moment is given, never read. */
import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '#src/api/common.js';
import { cancellationAt } from '#src/domain/cancel-now.js';
import type { IsoDate, IsoDateTime } from '#src/domain/time.js';

const visit = '2026-06-13' as IsoDate;
const at = (local: string) => local as IsoDateTime;
const penalties: CancellationPolicy = {
  isRefundable: false,
  rules: [
    { hoursInAdvanceOfAccess: 48, percentage: 50 },
    { hoursInAdvanceOfAccess: 24, percentage: 100 },
  ],
};

describe('cancellationAt', () => {
  it('is free before the earliest penalty, then the heaviest rule reached applies', () => {
    expect(cancellationAt(penalties, visit, at('2026-06-10T23:59:00'))).toEqual({ kind: 'free' });
    expect(cancellationAt(penalties, visit, at('2026-06-11T00:00:00'))).toEqual({
      kind: 'penalty',
      percentage: 50,
    });
    expect(cancellationAt(penalties, visit, at('2026-06-11T23:59:59'))).toEqual({
      kind: 'penalty',
      percentage: 50,
    });
    // 100 % from 24 h before: nothing comes back.
    expect(cancellationAt(penalties, visit, at('2026-06-12T00:00:00'))).toEqual({
      kind: 'nonRefundable',
    });
    expect(cancellationAt(penalties, visit, at('2026-06-13T10:00:00'))).toEqual({
      kind: 'nonRefundable',
    });
  });

  it('says a refundable booking is free and a ruleless non-refundable one gives nothing back', () => {
    const now = at('2026-06-13T09:00:00');
    expect(cancellationAt({ isRefundable: true, rules: [] }, visit, now)).toEqual({ kind: 'free' });
    expect(cancellationAt({ isRefundable: false, rules: [] }, visit, now)).toEqual({
      kind: 'nonRefundable',
    });
    expect(cancellationAt(undefined, visit, now)).toEqual({ kind: 'unknown' });
  });

  it('is too late once the access day is over, whatever the policy', () => {
    const now = at('2026-06-14T00:00:00');
    expect(cancellationAt({ isRefundable: true, rules: [] }, visit, now)).toEqual({ kind: 'past' });
    expect(cancellationAt(penalties, visit, now)).toEqual({ kind: 'past' });
  });

  it('applies a dated rule only inside its range, with its amount', () => {
    const dated: CancellationPolicy = {
      isRefundable: false,
      rules: [
        {
          fromInclusiveDateTime: at('2026-06-01T00:00:00'),
          toExclusiveDateTime: at('2026-06-10T00:00:00'),
          amount: 5,
        },
      ],
    };
    expect(cancellationAt(dated, visit, at('2026-05-31T12:00:00'))).toEqual({ kind: 'free' });
    expect(cancellationAt(dated, visit, at('2026-06-05T12:00:00'))).toEqual({
      kind: 'penalty',
      amount: 5,
    });
    expect(cancellationAt(dated, visit, at('2026-06-10T00:00:00'))).toEqual({ kind: 'free' });
  });
});
