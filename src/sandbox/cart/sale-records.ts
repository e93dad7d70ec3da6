/**
 * Sales as the sandbox records them: their lines, money, statuses and access codes (the
 * sale list's view of them is sale-view.ts).
 *
 * - One sale per cart: all its activities (of any provider), stays, combined products
 *   and gift cards, under one SaleId and the cart's PartnerSaleId.
 * - Price of an activity is the line's total (unit price × Quantity) after coupons;
 *   FinancialRatios give, per line and without/with taxes, the reference price (before
 *   coupons), the coupon discount, the partner's commission (retail products: the
 *   product's Commission; net products: 0; Quota = the commission percentage) and the
 *   sale price. TotalPrice is the activities and stays; InsurancePolicyAmount comes on
 *   top (EconomicMovementAmount is both).
 * - Status per activity: 2 Confirmed; 7 In process for providers whose PurchaseFlowType
 *   is 2; 1 Started while a debit partner's payment is pending; 4 Cancelled when it fails.
 * - Access codes (EAN-13) exist once an activity is Confirmed, per BarcodeAssignment: one
 *   per ticket (each ticket × quantity), or one per person (NumberOfPeople × quantity,
 *   shared by that person's tickets). None while In process (the provider issues them
 *   later) nor when SalesDocumentSettings.Disable. A gift card sold is an activity whose
 *   AccessCode is the card's redemption code.
 */
import type {
  Answer,
  CancellationPolicy,
  FinancialRatios,
  QuestionsProfileAnswers,
} from '#src/api/common.js';
import type { CartSaleResponse } from '#src/api/cart.js';
import type { Product } from '#src/api/catalog.js';
import type { ClientRecord, DiscountCoupon } from '#src/api/sales.js';
import { ActivityStatus } from '#src/api/sales.js';
import type { IsoDate, IsoDateTime, PriceMode } from '#src/api/schema.js';
import { percentOf, priceSetOf, toCents } from '#src/domain/index.js';
import type { SandboxData } from '../data.js';
import type { ReservedStay } from './carts.js';
import type { IdSource } from './ids.js';

export interface SoldTicket {
  ticketId: string;
  unit: number;
  sessionId?: string;
  accessDate: IsoDate;
  accessEndDate: IsoDate;
  accessCode?: string;
  questions: Answer[];
}

export interface SoldActivity {
  productId: string;
  providerId: string;
  combinedProductId?: string;
  accessDate: IsoDate;
  quantity: number;
  /** Before coupons, and after (what the customer pays for the line). */
  referencePrice: number;
  price: number;
  priceMode: PriceMode;
  currency: string;
  taxPercentage: number;
  coupons: DiscountCoupon[];
  /** The partner's commission on the line, and its percentage (Type 1) if any. */
  commission: number;
  commissionPercent: number;
  status: ActivityStatus;
  tickets: SoldTicket[];
  cancellationPolicy?: CancellationPolicy;
  /** The card this line redeems. */
  redeemsGiftCard?: string;
  /** For a gift card sold: the cart item it came from, and once issued its code. */
  giftCardItemId?: string;
  giftCardIdentifier?: string;
}

export interface PaymentState {
  token: string;
  paymentMethodType: number;
  returnUrlOk: string;
  returnUrlKo: string;
  sendByEmail: boolean;
  outcome: 'pending' | 'paid' | 'failed';
  /** What calling the return URL gave, once the outcome is known. */
  notified?: string;
}

export interface SaleRecord {
  saleId: string;
  partnerSaleId: string;
  cartId?: string;
  /** Provider-local (Europe/Madrid) creation time: the transaction date of the list. */
  createdAt: IsoDateTime;
  client?: ClientRecord;
  activities: SoldActivity[];
  stays: ReservedStay[];
  insurance?: { policyId: string; amount: number };
  payment?: PaymentState;
  answers: QuestionsProfileAnswers[];
  adminPartnerUserId?: string;
  /** The Sale answer, repeated to a Sale of the same cart. */
  response: CartSaleResponse;
}

export const round2 = (value: number): number => Math.round(value * 100) / 100;
export const withoutTax = (amount: number, tax: number): number => round2(amount / (1 + tax / 100));

/** Value added tax assumed on accommodation (Spain's reduced rate) and insurance (IPS). */
export const STAY_TAX_PERCENT = 10;
export const INSURANCE_TAX_PERCENT = 8;

function ratio(amount: number, tax: number, quota = 0) {
  return { basePrice: withoutTax(amount, tax), quota, total: round2(amount) };
}

export function activityRatios(activity: SoldActivity): FinancialRatios {
  const discount = round2(activity.referencePrice - activity.price);
  return {
    referenceSalePrice: ratio(activity.referencePrice, activity.taxPercentage),
    discount: ratio(discount, activity.taxPercentage),
    commission: ratio(activity.commission, activity.taxPercentage, activity.commissionPercent),
    salePrice: ratio(activity.price, activity.taxPercentage),
  };
}

/** The ratios of a whole sale: the sums of its lines' (stays count as sale price). */
export function saleRatios(record: SaleRecord): FinancialRatios {
  const sum = (
    pick: (r: FinancialRatios) => { basePrice?: number; total?: number } | undefined,
  ) => {
    let base = 0;
    let total = 0;
    for (const activity of record.activities) {
      const part = pick(activityRatios(activity));
      base += toCents(part?.basePrice ?? 0);
      total += toCents(part?.total ?? 0);
    }
    return { base, total };
  };
  const stays = record.stays.reduce((cents, stay) => cents + toCents(stay.price), 0);
  const staysBase = record.stays.reduce(
    (cents, stay) => cents + toCents(withoutTax(stay.price, STAY_TAX_PERCENT)),
    0,
  );
  const make = (parts: { base: number; total: number }, extra = { base: 0, total: 0 }) => ({
    basePrice: (parts.base + extra.base) / 100,
    quota: 0,
    total: (parts.total + extra.total) / 100,
  });
  const withStays = { base: staysBase, total: stays };
  return {
    referenceSalePrice: make(
      sum((r) => r.referenceSalePrice),
      withStays,
    ),
    discount: make(sum((r) => r.discount)),
    commission: make(sum((r) => r.commission)),
    salePrice: make(
      sum((r) => r.salePrice),
      withStays,
    ),
  };
}

/**
 * The partner's commission on a line's price: retail products only, each Commission item
 * (Type 1 a percentage of the price, Type 2 an amount per product); and the percentage.
 */
export function lineCommission(
  product: Product,
  quantity: number,
  price: number,
): { amount: number; percent: number } {
  if (product.priceMode !== 1 || price <= 0) return { amount: 0, percent: 0 };
  const cents = toCents(price);
  let amount = 0;
  let percent = 0;
  for (const item of product.commission) {
    if (item.type === 1) {
      amount += percentOf(cents, item.value);
      percent += item.value;
    } else amount += toCents(item.value) * quantity;
  }
  return { amount: Math.min(amount, cents) / 100, percent };
}

/** Gives access codes to the Confirmed activities that have none yet. */
export function issueAccessCodes(data: SandboxData, record: SaleRecord, ids: IdSource): void {
  const index = data.index();
  for (const activity of record.activities) {
    if (activity.status !== ActivityStatus.Confirmed) continue;
    if (activity.giftCardItemId !== undefined || activity.tickets.some((t) => t.accessCode))
      continue;
    const product = index.product(activity.productId)?.product;
    if (product === undefined || product.salesDocumentSettings?.disable === true) continue;
    if (product.barcodeAssignment !== 2) {
      for (const ticket of activity.tickets) ticket.accessCode = ids.accessCode();
      continue;
    }
    const people = Math.max(1, product.numberOfPeople);
    const codes = Array.from({ length: people * activity.quantity }, () => ids.accessCode());
    for (const ticket of activity.tickets) {
      const position = product.tickets.findIndex((t) => t.ticketId === ticket.ticketId);
      ticket.accessCode = codes[ticket.unit * people + (Math.max(0, position) % people)];
    }
  }
}

/**
 * The end of a ticket's validity: the access date for a closed date; the end of the
 * price set's season for an open date; the check-out for a stay.
 */
export function accessEndDate(
  data: SandboxData,
  productId: string,
  accessDate: IsoDate,
  checkOut?: IsoDate,
): IsoDate {
  const product = data.index().product(productId)?.product;
  if (product === undefined) return accessDate;
  if (product.accessDateCriteria === 3 && checkOut !== undefined) return checkOut;
  if (product.accessDateCriteria !== 1) return accessDate;
  const dates =
    priceSetOf(product, accessDate)?.dates ?? product.pricesAndDates.flatMap((s) => s.dates);
  return [...dates].sort().at(-1) ?? accessDate;
}

export function saleTotals(record: SaleRecord) {
  const activities = record.activities.reduce((cents, a) => cents + toCents(a.price), 0);
  const activitiesWithoutVat = record.activities.reduce(
    (cents, a) => cents + toCents(withoutTax(a.price, a.taxPercentage)),
    0,
  );
  const stays = record.stays.reduce((cents, s) => cents + toCents(s.price), 0);
  const staysWithoutVat = record.stays.reduce(
    (cents, s) => cents + toCents(withoutTax(s.price, STAY_TAX_PERCENT)),
    0,
  );
  const discount = record.activities.reduce(
    (cents, a) => cents + toCents(a.referencePrice) - toCents(a.price),
    0,
  );
  return {
    total: (activities + stays) / 100,
    totalWithoutVat: (activitiesWithoutVat + staysWithoutVat) / 100,
    discount: discount / 100,
  };
}

/** Recorded sales, by SaleId and by PartnerSaleId (one sale per PartnerSaleId). */
export interface SaleStore {
  get(saleId: string): SaleRecord | undefined;
  byPartnerSaleId(partnerSaleId: string): SaleRecord | undefined;
  byPaymentToken(token: string): SaleRecord | undefined;
  add(record: SaleRecord): void;
  /** Every sale, in the order they were made. */
  all(): SaleRecord[];
}

export function createSaleStore(): SaleStore {
  const byId = new Map<string, SaleRecord>();
  const byPartner = new Map<string, SaleRecord>();
  const byToken = new Map<string, SaleRecord>();
  return {
    get: (saleId) => byId.get(saleId),
    byPartnerSaleId: (partnerSaleId) => byPartner.get(partnerSaleId),
    byPaymentToken: (token) => byToken.get(token),
    add(record) {
      byId.set(record.saleId, record);
      byPartner.set(record.partnerSaleId, record);
      if (record.payment !== undefined) byToken.set(record.payment.token, record);
    },
    all: () => [...byId.values()],
  };
}
