/**
 * A purchase through the project's own client: Add, Confirm, Sale and the sale list;
 * the cart's sequence rules; Sale's idempotency, PartnerSaleId, client, coupons and
 * insurance.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartAddOperation,
  cartCancelConfirmOperation,
  cartConfirmOperation,
  cartRemoveOperation,
  cartSaleOperation,
} from '#src/api/cart.js';
import { insurancePolicyCheckOperation } from '#src/api/insurance.js';
import { salesOperation } from '#src/api/sales.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { HISTORIC_PARTNER_SALE_IDS } from '#src/sandbox/cart/history.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import {
  buy,
  client,
  museumAdult,
  P,
  profileAnswers,
  question,
  refusal,
  saleDate,
  ticket,
  visitorAnswers,
} from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  // Reset keeps options changed by an earlier reset: name them.
  await t.extra('reset', { options: { requireClient: false, debitPartner: false } });
});

const date = () => saleDate(t.sandbox.context(), 'museumAdult');

describe('a plain purchase', () => {
  it('adds, reserves, sells and lists the sale', async () => {
    const added = await t.client.call(cartAddOperation, {
      shoppingCartId: 'plain',
      activities: [museumAdult(date(), 2)],
    });
    expect(added.activities).toHaveLength(1);
    const item = added.activities[0]!;
    expect(item.id).toMatch(/^[a-z0-9]{13}$/);
    expect(item.activity).toMatchObject({
      productId: P.museumAdult,
      quantity: 2,
      accessDateTime: `${date()}T00:00:00`,
    });
    expect(item.activity.tickets).toHaveLength(2);

    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'plain',
      questionsProfiles: profileAnswers(),
    });
    const product = confirmed.activities.products[0]!;
    const unit = t.sandbox
      .context()
      .data.index()
      .product(P.museumAdult)!
      .product.pricesAndDates.find((set) => set.dates.includes(date()))!.price;
    expect(product).toMatchObject({ productId: P.museumAdult, success: true, quantity: 2 });
    expect(product.price).toBeCloseTo(unit * 2, 2);
    expect(product.cancellationPolicy).toEqual({ isRefundable: true, rules: [] });
    expect(product.tickets.map((t) => t.ticketId).sort()).toEqual(
      [
        ticket('museumAdult', 'entry'),
        ticket('museumAdult', 'entry'),
        ticket('museumAdult', 'audio'),
        ticket('museumAdult', 'audio'),
      ].sort(),
    );
    expect(confirmed.paymentMethodsNotApplicable).toBe(true);
    expect(confirmed.paymentMethods).toEqual([]);
    expect(confirmed.expirationDateTime > `${t.sandbox.context().data.today}T00:00:00`).toBe(true);

    const sold = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'plain',
      partnerSaleId: 'PS-plain',
    });
    expect(sold.serviceSales).toHaveLength(1);
    const saleId = sold.serviceSales[0]!.id;
    expect(sold.serviceSales[0]!.financialRatios?.salePrice?.total).toBeCloseTo(unit * 2, 2);
    expect(sold.paymentRedirectUrl).toBeUndefined();

    const list = await t.client.call(salesOperation, { partnerSaleId: 'PS-plain' });
    expect(list.sales).toHaveLength(1);
    const sale = list.sales[0]!;
    expect(sale.saleId).toBe(saleId);
    expect(sale.totalPrice).toBeCloseTo(unit * 2, 2);
    const activity = sale.activities[0]!;
    expect(activity.status).toBe(2);
    // BarcodeAssignment 1: one code per ticket and unit.
    const codes = activity.tickets.map((t) => t.accessCode);
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
    for (const code of codes) expect(code).toMatch(/^843\d{10}$/);
    const entry = activity.tickets.find((t) => t.ticketId === ticket('museumAdult', 'entry'))!;
    expect(entry.questions.map((q) => q.ticketQuestionId)).toContain(question('visitor.name'));
  });

  it('gives one access code per person for BarcodeAssignment 2', async () => {
    const when = saleDate(t.sandbox.context(), 'museumFamily', 3);
    await buy(t, 'family', [
      {
        productId: P.museumFamily,
        accessDateTime: when,
        quantity: 2,
        questions: visitorAnswers('Familia Pérez'),
      },
    ]);
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-family' })).sales[0]!;
    const codes = sale.activities[0]!.tickets.map((t) => t.accessCode);
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
  });
});

describe('the cart sequence', () => {
  it('refuses Add and Remove after Confirm, until CancelConfirm reopens the cart', async () => {
    const added = await t.client.call(cartAddOperation, {
      shoppingCartId: 'seq',
      activities: [museumAdult(date())],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'seq',
      questionsProfiles: profileAnswers(),
    });
    await refusal(
      t.client.call(cartAddOperation, { shoppingCartId: 'seq', activities: [museumAdult(date())] }),
      SandboxCode.CartAlreadyReserved,
    );
    await refusal(
      t.client.call(cartRemoveOperation, {
        shoppingCartId: 'seq',
        shoppingCartItemIdsToRemove: [added.activities[0]!.id],
      }),
      SandboxCode.CartAlreadyReserved,
    );
    await t.client.call(cartCancelConfirmOperation, { shoppingCartId: 'seq' });
    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'seq', partnerSaleId: 'PS-seq' }),
      SandboxCode.CartNotReserved,
    );
    await refusal(
      t.client.call(cartCancelConfirmOperation, { shoppingCartId: 'seq' }),
      SandboxCode.CartNotReserved,
    );
    await t.client.call(cartRemoveOperation, {
      shoppingCartId: 'seq',
      shoppingCartItemIdsToRemove: [added.activities[0]!.id],
    });
    await refusal(
      t.client.call(cartConfirmOperation, {
        shoppingCartId: 'seq',
        questionsProfiles: profileAnswers(),
      }),
      SandboxCode.CartEmpty,
    );
  });

  it('refuses unknown carts and items, and makes no cart of a refused Add', async () => {
    await refusal(
      t.client.call(cartConfirmOperation, { shoppingCartId: 'nope' }),
      SandboxCode.NotFound,
    );
    await refusal(
      t.client.call(cartAddOperation, {
        shoppingCartId: 'half',
        activities: [
          museumAdult(date()),
          { productId: 'unknown000000', accessDateTime: date(), quantity: 1 },
        ],
      }),
      SandboxCode.NotFound,
    );
    await refusal(
      t.client.call(cartConfirmOperation, { shoppingCartId: 'half' }),
      SandboxCode.NotFound,
    );
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'items',
      activities: [museumAdult(date())],
    });
    await refusal(
      t.client.call(cartRemoveOperation, {
        shoppingCartId: 'items',
        shoppingCartItemIdsToRemove: ['notanitem0000'],
      }),
      SandboxCode.NotFound,
    );
  });

  it('repeats a live reservation instead of holding places twice', async () => {
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'twice',
      activities: [museumAdult(date())],
    });
    const first = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'twice',
      questionsProfiles: profileAnswers(),
    });
    const second = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'twice',
      questionsProfiles: profileAnswers(),
    });
    expect(second).toEqual(first);
  });

  it('requires the sale, client and provider profile answers at Confirm', async () => {
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'prof',
      activities: [museumAdult(date())],
    });
    const missing = await refusal(
      t.client.call(cartConfirmOperation, { shoppingCartId: 'prof' }),
      SandboxCode.QuestionAnswerMissing,
    );
    expect(missing.messages.join()).toMatch(/QuestionsProfiles/);
    await refusal(
      t.client.call(cartConfirmOperation, {
        shoppingCartId: 'prof',
        questionsProfiles: [
          ...profileAnswers(),
          { questionsProfileId: 'notaprofile00', questions: [] },
        ],
      }),
      SandboxCode.QuestionAnswerInvalid,
    );
  });
});

describe('Sale', () => {
  it('is idempotent per cart: a repeated Sale sells nothing new', async () => {
    const { sold } = await buy(t, 'idem', [museumAdult(date())], { partnerSaleId: 'PS-idem' });
    const again = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'idem',
      partnerSaleId: 'PS-idem',
    });
    expect(again).toEqual(sold);
    const list = await t.client.call(salesOperation, { partnerSaleId: 'PS-idem' });
    expect(list.sales).toHaveLength(1);
    const all = await t.client.call(salesOperation, { pageSize: 100 });
    expect(all.sales).toHaveLength(HISTORIC_PARTNER_SALE_IDS.length + 1);
    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'idem', partnerSaleId: 'PS-other' }),
      SandboxCode.InvalidRequest,
    );
  });

  it('refuses a PartnerSaleId another sale already has', async () => {
    await buy(t, 'first', [museumAdult(date())], { partnerSaleId: 'PS-shared' });
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'second',
      activities: [museumAdult(date())],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'second',
      questionsProfiles: profileAnswers(),
    });
    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'second', partnerSaleId: 'PS-shared' }),
      SandboxCode.PartnerSaleIdInUse,
    );
    await refusal(
      t.client.call(cartSaleOperation, {
        shoppingCartId: 'second',
        partnerSaleId: HISTORIC_PARTNER_SALE_IDS[0],
      }),
      SandboxCode.PartnerSaleIdInUse,
    );
    const sold = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'second',
      partnerSaleId: 'PS-second',
    });
    expect(sold.serviceSales).toHaveLength(1);
  });

  it('applies demo coupons and refuses unknown ones', async () => {
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'coupon',
      activities: [museumAdult(date(), 2)],
    });
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'coupon',
      questionsProfiles: profileAnswers(),
    });
    const price = confirmed.activities.products[0]!.price!;
    await refusal(
      t.client.call(cartSaleOperation, {
        shoppingCartId: 'coupon',
        partnerSaleId: 'PS-coupon',
        discountCouponCodes: ['NOPE'],
      }),
      SandboxCode.InvalidRequest,
    );
    await t.client.call(cartSaleOperation, {
      shoppingCartId: 'coupon',
      partnerSaleId: 'PS-coupon',
      discountCouponCodes: ['demo10'],
    });
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-coupon' })).sales[0]!;
    expect(sale.totalDiscount).toBeCloseTo(price * 0.1, 2);
    expect(sale.totalPrice).toBeCloseTo(price * 0.9, 2);
    expect(sale.activities[0]!.discountCoupons[0]).toMatchObject({ code: 'DEMO10' });
  });

  it('applies the insurance policy of a quote and refuses an unknown policy', async () => {
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'ins',
      activities: [museumAdult(date())],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'ins',
      questionsProfiles: profileAnswers(),
    });
    const quote = await t.client.call(insurancePolicyCheckOperation, {
      sale: { products: [{ id: '1', productId: P.museumAdult, accessDate: date() }] },
    });
    const policy = quote.insurancePolicies[0]!;
    await refusal(
      t.client.call(cartSaleOperation, {
        shoppingCartId: 'ins',
        partnerSaleId: 'PS-ins',
        insurancePolicyId: 'made-up-policy',
      }),
      SandboxCode.InvalidRequest,
    );
    await t.client.call(cartSaleOperation, {
      shoppingCartId: 'ins',
      partnerSaleId: 'PS-ins',
      insurancePolicyId: policy.id,
    });
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-ins' })).sales[0]!;
    expect(sale.insurancePolicyAmount).toBeCloseTo(policy.quote, 2);
    expect(sale.economicMovementAmount).toBeCloseTo(sale.totalPrice + policy.quote, 2);
  });

  it('requires Client where the partner is configured so, with an identification document', async () => {
    await t.extra('reset', { options: { requireClient: true } });
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'cl',
      activities: [museumAdult(date())],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'cl',
      questionsProfiles: profileAnswers(),
    });
    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'cl', partnerSaleId: 'PS-cl' }),
      SandboxCode.ClientRequired,
    );
    await refusal(
      t.client.call(cartSaleOperation, {
        shoppingCartId: 'cl',
        partnerSaleId: 'PS-cl',
        client: { ...client, documentIdentifier: ' ' },
      }),
      SandboxCode.IdentificationDocumentRequired,
    );
    await t.client.call(cartSaleOperation, {
      shoppingCartId: 'cl',
      partnerSaleId: 'PS-cl',
      client,
    });
    const sale = (await t.client.call(salesOperation, { clientDocumentIdentifier: '12345678z' }))
      .sales;
    expect(sale.map((s) => s.partnerSaleId)).toContain('PS-cl');
  });

  it('refuses with the capacity code when capacity runs out at Sale, and keeps the reservation', async () => {
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'cap',
      activities: [museumAdult(date())],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'cap',
      questionsProfiles: profileAnswers(),
    });
    await t.extra('faults', {
      faults: [{ operation: 'cart-sale', capacityExhausted: true, times: 1 }],
    });
    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'cap', partnerSaleId: 'PS-cap' }),
      SandboxCode.CapacityExceeded,
    );
    expect((await t.client.call(salesOperation, { partnerSaleId: 'PS-cap' })).sales).toEqual([]);
    const sold = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'cap',
      partnerSaleId: 'PS-cap',
    });
    expect(sold.serviceSales).toHaveLength(1);
  });
});
