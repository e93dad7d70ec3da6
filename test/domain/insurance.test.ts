import { describe, expect, it } from 'vitest';
import { insuranceEnabled, isInsurable } from '#src/domain/insurance.js';

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
