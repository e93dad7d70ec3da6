/**
 * Gift cards: sold through GiftCards in a cart (a redemption code in the sale), checked
 * by code, redeemed by adding their products with GiftCardIdentifier (price 0), then
 * IsExchanged; a second redemption and a closed exchange window are refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartAddOperation, cartConfirmOperation, cartSaleOperation } from '#src/api/cart.js';
import { giftCardOperation } from '#src/api/giftcards.js';
import { salesOperation } from '#src/api/sales.js';
import type { IsoDate } from '#src/api/schema.js';
import { addDays, toInstant } from '#src/domain/index.js';
import { HISTORIC_GIFT_CARD } from '#src/sandbox/cart/history.js';
import { SandboxCode } from '#src/sandbox/codes.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';
import { P, profileAnswers, refusal, saleDate } from './cart-support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.extra('reset', {});
});

const ctx = () => t.sandbox.context();

/** Buys a museum gift card; returns its redemption code (read from the sale). */
async function sellGiftCard(cartId: string): Promise<string> {
  await t.client.call(cartAddOperation, {
    shoppingCartId: cartId,
    giftCards: [
      {
        productIds: [P.museumGiftCard],
        accessDateTime: addDays(ctx().data.today, 20),
        message: 'Feliz cumpleaños',
        client: { fullName: 'Sara Cruz', email: 'sara.cruz@example.com' },
      },
    ],
  });
  const confirmed = await t.client.call(cartConfirmOperation, {
    shoppingCartId: cartId,
    questionsProfiles: profileAnswers(),
  });
  expect(confirmed.activities.products).toHaveLength(1);
  expect(confirmed.activities.products[0]).toMatchObject({
    productId: P.museumGiftCard,
    success: true,
  });
  expect(confirmed.activities.products[0]!.price).toBeGreaterThan(0);
  await t.client.call(cartSaleOperation, { shoppingCartId: cartId, partnerSaleId: `PS-${cartId}` });
  const sale = (await t.client.call(salesOperation, { partnerSaleId: `PS-${cartId}` })).sales[0]!;
  const code = sale.activities[0]!.accessCode;
  expect(code).toMatch(/^\d{19}$/);
  return code!;
}

const redeem = (cartId: string, code: string, date: IsoDate) =>
  t.client.call(cartAddOperation, {
    shoppingCartId: cartId,
    activities: [
      { productId: P.museumGiftCard, accessDateTime: date, quantity: 1, giftCardIdentifier: code },
    ],
  });

describe('gift cards', () => {
  it('sells a card, checks it, redeems it once at price 0', async () => {
    const code = await sellGiftCard('gift');
    const checked = await t.client.call(giftCardOperation, {
      giftCardIdentifier: code,
      languageCode: 'en',
    });
    expect(checked).toMatchObject({
      giftCardIdentifier: code,
      partnerSaleId: 'PS-gift',
      isExchanged: false,
      message: 'Feliz cumpleaños',
      products: [{ id: P.museumGiftCard, name: 'Gift card: Sea Museum' }],
    });
    expect(checked.client?.fullName).toBe('Sara Cruz');
    expect(checked.hoursInAdvanceOfGiftCardExchange).toBeGreaterThan(0);

    const date = saleDate(ctx(), 'museumGiftCard');
    await redeem('redeem', code, date);
    const confirmed = await t.client.call(cartConfirmOperation, {
      shoppingCartId: 'redeem',
      questionsProfiles: profileAnswers(),
    });
    expect(confirmed.activities.products[0]!.price).toBe(0);
    await t.client.call(cartSaleOperation, {
      shoppingCartId: 'redeem',
      partnerSaleId: 'PS-redeem',
    });
    const exchanged = await t.client.call(giftCardOperation, { giftCardIdentifier: code });
    expect(exchanged.isExchanged).toBe(true);
    const sale = (await t.client.call(salesOperation, { partnerSaleId: 'PS-redeem' })).sales[0]!;
    expect(sale.totalPrice).toBe(0);
    expect(sale.activities[0]!.tickets[0]!.accessCode).toMatch(/^\d{13}$/);

    await refusal(redeem('again', code, date), SandboxCode.GiftCardExchanged);
  });

  it('refuses an unknown card, a product the card does not give, and a closed window', async () => {
    await refusal(
      t.client.call(giftCardOperation, { giftCardIdentifier: '1111111111111111111' }),
      SandboxCode.GiftCardNotFound,
    );
    const code = await sellGiftCard('gift-2');
    await refusal(
      t.client.call(cartAddOperation, {
        shoppingCartId: 'wrong',
        activities: [
          {
            productId: P.parkTwoDays,
            accessDateTime: saleDate(ctx(), 'parkTwoDays'),
            quantity: 1,
            giftCardIdentifier: code,
          },
        ],
      }),
      SandboxCode.InvalidRequest,
    );
    const today = ctx().data.today;
    const tomorrow = addDays(today, 1);
    await t.extra('clock', { set: toInstant(`${today}T22:30:00`, 'Europe/Madrid').toISOString() });
    const closed = await refusal(redeem('late', code, today), SandboxCode.GiftCardWindowClosed);
    expect(closed.messages.join()).toMatch(/22:00/);
    const open = ctx()
      .data.index()
      .product(P.museumGiftCard)!
      .product.pricesAndDates.some((set) => set.dates.includes(tomorrow));
    if (open) await redeem('in-time', code, tomorrow);
    else await refusal(redeem('in-time', code, tomorrow), SandboxCode.DateNotSellable);
  });

  it('sells only gift card products as gift cards', async () => {
    await refusal(
      t.client.call(cartAddOperation, {
        shoppingCartId: 'not-a-card',
        giftCards: [{ productIds: [P.museumAdult], accessDateTime: ctx().data.today }],
      }),
      SandboxCode.NotOnSale,
    );
  });

  it('knows the seeded card of the vendor example', async () => {
    const checked = await t.client.call(giftCardOperation, {
      giftCardIdentifier: HISTORIC_GIFT_CARD,
    });
    expect(checked.isExchanged).toBe(false);
    expect(checked.products.map((p) => p.id)).toEqual([P.museumGiftCard]);
  });
});
