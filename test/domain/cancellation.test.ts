import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '#src/api/common.js';
import {
  applicablePolicy,
  describeCancellation,
  penaltyPercentage,
} from '#src/domain/cancellation.js';

/** Intl writes non-breaking spaces ("50 %", "12,50 €"); compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const refundable: CancellationPolicy = { isRefundable: true, rules: [] };
const nonRefundable: CancellationPolicy = { isRefundable: false, rules: [] };
const half48: CancellationPolicy = {
  isRefundable: false,
  rules: [{ hoursInAdvanceOfAccess: 48, percentage: 50 }],
};
const stepped: CancellationPolicy = {
  isRefundable: false,
  rules: [
    { hoursInAdvanceOfAccess: 24, percentage: 100 },
    { hoursInAdvanceOfAccess: 72, percentage: 25 },
  ],
};

describe('applicablePolicy: the product overrides the provider', () => {
  it.each([
    ['both', refundable, half48, half48],
    ['provider only', refundable, undefined, refundable],
    ['product only', undefined, nonRefundable, nonRefundable],
    ['none', undefined, undefined, undefined],
  ])('%s', (_name, providerPolicy, productPolicy, expected) => {
    expect(
      applicablePolicy(
        { cancellationPolicy: providerPolicy },
        { cancellationPolicy: productPolicy },
      ),
    ).toBe(expected);
  });
});

describe('describeCancellation', () => {
  it.each([
    ['refundable', refundable, 'en', {}, 'Free cancellation at any time.'],
    ['refundable', refundable, 'es', {}, 'Cancelación gratuita en cualquier momento.'],
    ['non-refundable', nonRefundable, 'en', {}, 'Non-refundable.'],
    ['non-refundable', nonRefundable, 'es', {}, 'No reembolsable.'],
    [
      'free until 48 h; 50% after',
      half48,
      'en',
      {},
      'Free cancellation until 48 h before access. From 48 h before access: 50% penalty.',
    ],
    [
      'free until 48 h; 50% after',
      half48,
      'es',
      {},
      'Cancelación gratuita hasta 48 h antes del acceso. Desde 48 h antes del acceso: penalización del 50 %.',
    ],
    [
      'stepped rules, earliest first',
      stepped,
      'en',
      {},
      'Free cancellation until 72 h before access. From 72 h before access: 25% penalty. From 24 h before access: 100% penalty.',
    ],
    [
      'with Release',
      half48,
      'en',
      { release: 2 },
      'Free cancellation until 48 h before access. From 48 h before access: 50% penalty. Free cancellation up to 2 days in advance.',
    ],
    [
      'Release 1',
      refundable,
      'es',
      { release: 1 },
      'Cancelación gratuita en cualquier momento. Cancelación gratuita con 1 día de antelación.',
    ],
    [
      'Release 0 (same day)',
      undefined,
      'en',
      { release: 0 },
      'Free cancellation until the day of access.',
    ],
    [
      'Release 0 (same day)',
      undefined,
      'es',
      { release: 0 },
      'Cancelación gratuita hasta el mismo día del acceso.',
    ],
    ['non-refundable wins over Release', nonRefundable, 'en', { release: 3 }, 'Non-refundable.'],
    ['nothing known', undefined, 'en', {}, ''],
    [
      'a rule without hours',
      { isRefundable: false, rules: [{ percentage: 10 }] },
      'en',
      {},
      'At any time: 10% penalty.',
    ],
    [
      'a reservation rule with an amount and dates',
      {
        isRefundable: false,
        rules: [
          {
            amount: 12.5,
            fromInclusiveDateTime: '2024-08-13T00:00:00',
            toExclusiveDateTime: '2024-08-15T00:00:00',
          },
        ],
      },
      'es',
      {},
      'Del 2024-08-13 00:00 al 2024-08-15 00:00: penalización de 12,50 €.',
    ],
  ] as const)('%s (%s)', (_name, policy, lang, options, expected) => {
    expect(
      plain(describeCancellation(policy as CancellationPolicy | undefined, lang, options)),
    ).toBe(expected);
  });
});

describe('penaltyPercentage', () => {
  it.each([
    [stepped, 100, 0],
    [stepped, 72.5, 0],
    [stepped, 72, 25],
    [stepped, 48, 25],
    [stepped, 24, 100],
    [stepped, 0, 100],
    [half48, 49, 0],
    [half48, 48, 50],
    [refundable, 0, 0],
    [nonRefundable, 1000, 100],
  ])('%j at %i h before access: %i%', (policy, hours, expected) => {
    expect(penaltyPercentage(policy, hours)).toBe(expected);
  });
});
