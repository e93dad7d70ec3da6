/**
 * A debit-contract partner: Confirm offers payment methods, Sale needs one and answers a
 * PaymentRedirectUrl; the payment page's Pay / Fail buttons settle the sale and call the
 * Sale request's ReturnUrlOk / ReturnUrlKo (a loopback server stands in for the partner).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartAddOperation,
  cartConfirmOperation,
  cartSaleOperation,
  type SalePaymentMethod,
} from '#src/api/cart.js';
import { salesOperation } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { json, startTestServer, type TestServer } from '#test/support/http-server.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import {
  museumAdult,
  P,
  profileAnswers,
  refusal,
  saleDate,
  saleDates,
  visitorAnswers,
} from './cart-support.js';

let t: TestSandbox;
let partner: TestServer;
beforeAll(async () => {
  t = await startTestSandbox({ debitPartner: true });
  partner = await startTestServer();
  partner.handle((_request, response) => json(response, 200, { ok: true }));
});
afterAll(async () => {
  await t.close();
  await partner.close();
});
beforeEach(async () => {
  await t.extra('reset', { options: { debitPartner: true } });
  partner.seen.length = 0;
});

const ctx = () => t.sandbox.context();
const method = (overrides: Partial<SalePaymentMethod> = {}): SalePaymentMethod => ({
  paymentMethodType: 1,
  returnUrlOk: `${partner.url}/payments/return/ok`,
  returnUrlKo: `${partner.url}/payments/return/ko`,
  sendByEmail: false,
  ...overrides,
});

async function reserve(cartId: string, date: IsoDate = saleDate(ctx(), 'museumAdult')) {
  await t.client.call(cartAddOperation, {
    shoppingCartId: cartId,
    activities: [museumAdult(date)],
  });
  return t.client.call(cartConfirmOperation, {
    shoppingCartId: cartId,
    questionsProfiles: profileAnswers(),
  });
}

const pay = (url: string, outcome: 'ok' | 'ko') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
  });

describe('a debit partner', () => {
  it('is offered payment methods and must give one at Sale', async () => {
    const confirmed = await reserve('debit-1');
    expect(confirmed.paymentMethodsNotApplicable).toBe(false);
    expect(confirmed.paymentMethods.map((m) => m.type)).toContain(1);
    await refusal(
      t.client.call(cartSaleOperation, { shoppingCartId: 'debit-1', partnerSaleId: 'PS-d1' }),
      SandboxCode.PaymentMethodRequired,
    );
    await refusal(
      t.client.call(cartSaleOperation, {
        shoppingCartId: 'debit-1',
        partnerSaleId: 'PS-d1',
        paymentMethod: method({ paymentMethodType: 99 }),
      }),
      SandboxCode.InvalidRequest,
    );
  });

  it('pays on the payment page, which calls ReturnUrlOk and confirms the sale', async () => {
    await reserve('debit-ok');
    const sold = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'debit-ok',
      partnerSaleId: 'PS-ok',
      paymentMethod: method(),
    });
    const saleId = sold.serviceSales[0]!.id;
    expect(sold.paymentRedirectUrl).toMatch(
      new RegExp(`^${t.sandbox.url}/__sandbox/pay/[a-f0-9]+$`),
    );
    const again = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'debit-ok',
      partnerSaleId: 'PS-ok',
      paymentMethod: method(),
    });
    expect(again).toEqual(sold);

    const pending = (await t.client.call(salesOperation, { partnerSaleId: 'PS-ok' })).sales[0]!;
    expect(pending.activities[0]!.status).toBe(1);
    expect(pending.activities[0]!.tickets.every((x) => x.accessCode === undefined)).toBe(true);

    const page = await fetch(sold.paymentRedirectUrl!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('PS-ok');
    expect(html).toMatch(/name="outcome" value="ok"/);
    expect(html).toMatch(/name="outcome" value="ko"/);

    const paid = await pay(sold.paymentRedirectUrl!, 'ok');
    expect(paid.status).toBe(200);
    expect(await paid.text()).toMatch(/Payment accepted[\s\S]*HTTP 200/);
    expect(partner.seen).toHaveLength(1);
    const call = partner.seen[0]!;
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/payments/return/ok');
    expect(call.url.searchParams.get('PartnerSaleId')).toBe('PS-ok');
    expect(call.url.searchParams.get('SaleId')).toBe(saleId);

    const confirmed = (await t.client.call(salesOperation, { partnerSaleId: 'PS-ok' })).sales[0]!;
    expect(confirmed.activities[0]!.status).toBe(2);
    expect(confirmed.activities[0]!.tickets.every((x) => /^\d{13}$/.test(x.accessCode ?? ''))).toBe(
      true,
    );

    const twice = await pay(sold.paymentRedirectUrl!, 'ko');
    expect(await twice.text()).toMatch(/already accepted/);
    expect(partner.seen).toHaveLength(1);
  });

  it('fails on the payment page, which calls ReturnUrlKo, cancels the sale and frees its places', async () => {
    const limited = ctx().data.index().product(P.museumFamily)!.product.daysWithLimitedCapacity;
    const date = saleDates(ctx(), 'museumFamily').find((d) => limited.includes(d))!;
    const capacity = () => ctx().state.cart.capacity.remainingForDay(P.museumFamily, date);
    const initial = capacity()!;
    await t.client.call(cartAddOperation, {
      shoppingCartId: 'debit-ko',
      activities: [
        {
          productId: P.museumFamily,
          accessDateTime: date,
          quantity: 1,
          questions: visitorAnswers(),
        },
      ],
    });
    await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'debit-ko',
      questionsProfiles: profileAnswers(),
    });
    const sold = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'debit-ko',
      partnerSaleId: 'PS-ko',
      paymentMethod: method(),
    });
    expect(capacity()).toBe(initial - 4);
    const failed = await pay(sold.paymentRedirectUrl!, 'ko');
    expect(await failed.text()).toMatch(/Payment failed/);
    expect(partner.seen.map((r) => r.url.pathname)).toEqual(['/payments/return/ko']);
    expect(partner.seen[0]!.url.searchParams.get('PartnerSaleId')).toBe('PS-ko');
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-ko' })).sales[0]!;
    expect(sale.activities[0]!.status).toBe(4);
    expect(capacity()).toBe(initial);
  });

  it('calls only loopback return URLs', async () => {
    await reserve('debit-far');
    const sold = await t.client.call(cartSaleOperation, {
      shoppingCartId: 'debit-far',
      partnerSaleId: 'PS-far',
      paymentMethod: method({ returnUrlOk: 'https://partner.example.com/ok' }),
    });
    const paid = await pay(sold.paymentRedirectUrl!, 'ok');
    expect(await paid.text()).toMatch(/not called/);
    expect(partner.seen).toHaveLength(0);
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-far' })).sales[0]!;
    expect(sale.activities[0]!.status).toBe(2);
  });

  it('answers an unknown payment address with 404', async () => {
    const response = await fetch(`${t.sandbox.url}/__sandbox/pay/deadbeef`);
    expect(response.status).toBe(404);
  });
});
