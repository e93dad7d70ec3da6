import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '#src/api/common.js';
import {
  freeToCancel,
  insuranceEnabled,
  isInsurable,
  worthInsuring,
} from '#src/domain/insurance.js';

const flag = (isInsurable: boolean) => ({ isInsurable });
const on = { isInsurancePolicyEnabled: true };
const off = { isInsurancePolicyEnabled: false };

describe('insuranceEnabled', () => {
  it.each([
    [on, true],
    [off, false],
    [undefined, false],
  ])('%j: %s', (settings, expected) => {
    expect(insuranceEnabled(settings)).toBe(expected);
  });
});

describe('isInsurable', () => {
  it.each([
    ['enabled, provider insurable', on, true, false, false, true],
    ['enabled, product base insurable', on, false, true, false, true],
    ['enabled, product insurable', on, false, false, true, true],
    ['enabled, nothing insurable', on, false, false, false, false],
    ['disabled, all insurable', off, true, true, true, false],
    ['no partner settings, all insurable', undefined, true, true, true, false],
  ])('%s', (_name, settings, provider, base, product, expected) => {
    expect(isInsurable(settings, flag(provider), flag(base), flag(product))).toBe(expected);
  });
});

describe('freeToCancel', () => {
  const rule = (hoursInAdvanceOfAccess: number, percentage: number) => ({
    hoursInAdvanceOfAccess,
    percentage,
  });
  it.each([
    ['refundable', { isRefundable: true, rules: [] }, undefined, true],
    [
      'refundable, release 0 (free until the day itself)',
      { isRefundable: true, rules: [] },
      0,
      true,
    ],
    ['refundable, but only up to 2 days before', { isRefundable: true, rules: [] }, 2, false],
    ['non-refundable', { isRefundable: false, rules: [] }, undefined, false],
    ['a penalty from 48 h', { isRefundable: false, rules: [rule(48, 50)] }, undefined, false],
    [
      'an amount from 24 h',
      { isRefundable: false, rules: [{ hoursInAdvanceOfAccess: 24, amount: 5 }] },
      undefined,
      false,
    ],
    ['rules that charge nothing', { isRefundable: false, rules: [rule(24, 0)] }, undefined, true],
    ['no policy known', undefined, undefined, false],
  ])('%s', (_name, policy, release, expected) => {
    expect(freeToCancel(policy, release)).toBe(expected);
  });
});

describe('worthInsuring', () => {
  const refundable: CancellationPolicy = { isRefundable: true, rules: [] };
  const nonRefundable: CancellationPolicy = { isRefundable: false, rules: [] };
  const provider = (isInsurable: boolean, cancellationPolicy?: CancellationPolicy) => ({
    isInsurable,
    ...(cancellationPolicy ? { cancellationPolicy } : {}),
  });
  const product = (cancellationPolicy?: CancellationPolicy, release?: number) => ({
    isInsurable: false,
    ...(cancellationPolicy ? { cancellationPolicy } : {}),
    ...(release !== undefined ? { release } : {}),
  });

  it('is not offered over a ticket free to cancel, however insurable', () => {
    expect(worthInsuring(on, provider(true, refundable), flag(true), product())).toBe(false);
    expect(worthInsuring(on, provider(true), flag(false), product(refundable))).toBe(false);
  });

  it('is offered where cancelling may cost money: non-refundable, a penalty, a release', () => {
    expect(worthInsuring(on, provider(true, nonRefundable), flag(false), product())).toBe(true);
    // The product's policy overrides the provider's either way.
    expect(worthInsuring(on, provider(true, refundable), flag(false), product(nonRefundable))).toBe(
      true,
    );
    const penalty: CancellationPolicy = {
      isRefundable: false,
      rules: [{ hoursInAdvanceOfAccess: 48, percentage: 50 }],
    };
    expect(worthInsuring(on, provider(true, refundable), flag(false), product(penalty))).toBe(true);
    expect(worthInsuring(on, provider(true, refundable), flag(false), product(undefined, 2))).toBe(
      true,
    );
    // No policy known anywhere: not known to be free.
    expect(worthInsuring(on, provider(true), flag(false), product())).toBe(true);
  });

  it('is never offered where the insurance is not (settings off, nothing insurable)', () => {
    expect(worthInsuring(off, provider(true, nonRefundable), flag(true), product())).toBe(false);
    expect(worthInsuring(on, provider(false, nonRefundable), flag(false), product())).toBe(false);
  });
});
