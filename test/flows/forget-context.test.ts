/**
 * What /forget leaves of a conversation (flows/booking/steps/forget.ts): what money needs,
 * and, for a sale still waiting for its payment page, the page's link, so that the return
 * from it still reaches this conversation and the tickets paid for are delivered.
 */
import { describe, expect, it } from 'vitest';
import { forgottenContext } from '#flows/booking/steps/forget.js';
import type { BookingContext } from '#flows/booking/types.js';

const context = (sale: NonNullable<BookingContext['sale']>) =>
  ({
    language: 'es',
    userKey: 'tg:1',
    cart: { shoppingCartId: 'cart-1', lines: [] },
    sale,
  }) as unknown as BookingContext;

describe('forgottenContext', () => {
  it('keeps the payment link of a sale that waits for its payment page', () => {
    const after = forgottenContext(
      context({ partnerSaleId: 'p1', saleIds: ['s1'], paymentUrl: 'https://pay.example/x' }),
      'cart-2',
    );
    expect(after.sale).toEqual({
      partnerSaleId: 'p1',
      saleIds: ['s1'],
      paymentUrl: 'https://pay.example/x',
    });
    expect(after.cart).toEqual({ shoppingCartId: 'cart-2', lines: [] });
  });

  it('drops the link and the tickets of a sale whose tickets are loaded', () => {
    const after = forgottenContext(
      context({
        partnerSaleId: 'p1',
        saleIds: ['s1'],
        paymentUrl: 'https://pay.example/x',
        activities: [],
      }),
      'cart-2',
    );
    expect(after.sale).toEqual({ partnerSaleId: 'p1', saleIds: ['s1'] });
  });
});
