/**
 * Discount coupons of the sandbox (the spec shows none): DEMO10 takes 10 % off every
 * activity line, DEMO5 takes 5 € off every activity line (never below 0). Codes are read
 * without regard to case; a repeated code counts once; several codes apply one after
 * the other, in the order given. Lines at price 0 (gift card redemptions) take none;
 * stays and insurance are not discounted. An unknown code refuses the Sale.
 */
import type { DiscountCoupon } from '#src/api/sales.js';
import { percentOf, toCents } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';

export interface DemoCoupon {
  discountCouponId: string;
  code: string;
  name: string;
  description: string;
  percent?: number;
  amount?: number;
}

export const DEMO_COUPONS: readonly DemoCoupon[] = [
  {
    discountCouponId: 'cpn-demo10',
    code: 'DEMO10',
    name: 'Demo 10 %',
    description: '10 % off every activity',
    percent: 10,
  },
  {
    discountCouponId: 'cpn-demo5',
    code: 'DEMO5',
    name: 'Demo 5 €',
    description: '5 € off every activity',
    amount: 5,
  },
];

/** The coupons of a Sale's codes, or a refusal naming an unknown one. */
export function couponsFor(codes: readonly string[]): DemoCoupon[] {
  const found: DemoCoupon[] = [];
  for (const raw of codes) {
    const code = raw.trim().toUpperCase();
    if (code === '') continue;
    const coupon = DEMO_COUPONS.find((c) => c.code === code);
    if (coupon === undefined)
      refuse(SandboxCode.InvalidRequest, `DiscountCouponCodes: there is no coupon ${raw}`, [
        { id: raw, name: 'DiscountCouponCode' },
      ]);
    if (!found.includes(coupon)) found.push(coupon);
  }
  return found;
}

/** A line's price after the coupons, and what each took. */
export function applyCoupons(
  price: number,
  coupons: readonly DemoCoupon[],
): { price: number; applied: DiscountCoupon[] } {
  let cents = toCents(price);
  const applied: DiscountCoupon[] = [];
  if (cents <= 0) return { price, applied };
  for (const coupon of coupons) {
    const off = Math.min(
      cents,
      coupon.percent !== undefined ? percentOf(cents, coupon.percent) : toCents(coupon.amount ?? 0),
    );
    cents -= off;
    applied.push({
      discountCouponId: coupon.discountCouponId,
      name: coupon.name,
      description: coupon.description,
      discount: off / 100,
      code: coupon.code,
    });
  }
  return { price: cents / 100, applied };
}
