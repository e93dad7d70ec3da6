/**
 * The rules of gift cards the steps rely on: the exchange window (hours before 00:00 of
 * the day after the visit) and its explanation, and gift cards in the tickets of a sale
 * (the redemption code shown in the done step, one per card).
 */
import { describe, expect, it } from 'vitest';
import { demoIds } from '#src/sandbox/seed/index.js';
import {
  closedText,
  exchangeClosed,
  exchangeCutoff,
  exchangeRule,
  firstExchangeDate,
} from '#flows/booking/steps/giftcards/exchange.js';
import {
  giftCardDocuments,
  isSoldGiftCard,
  withoutGiftCards,
} from '#flows/booking/steps/giftcards/sold.js';
import type { Draft, SoldActivity } from '#flows/booking/types.js';
import { catalog, context, place } from './cart-harness.js';
import { opened } from './selection-harness.js';

const P = demoIds.products;

describe('the exchange window', () => {
  it('closes so many hours before 00:00 of the day after the visit', () => {
    expect(exchangeCutoff('2026-06-10', 2)).toBe('2026-06-10T22:00:00');
    expect(exchangeCutoff('2026-06-10', 0)).toBe('2026-06-11T00:00:00');
    expect(exchangeCutoff('2026-06-10', 30)).toBe('2026-06-09T18:00:00');
  });

  it('gives the first visit date still open at a moment', () => {
    expect(firstExchangeDate(2, '2026-06-10T21:59:59')).toBe('2026-06-10');
    expect(firstExchangeDate(2, '2026-06-10T22:00:00')).toBe('2026-06-11');
    expect(firstExchangeDate(0, '2026-06-10T23:59:00')).toBe('2026-06-10');
    expect(firstExchangeDate(30, '2026-06-10T10:00:00')).toBe('2026-06-11');
    expect(firstExchangeDate(30, '2026-06-10T18:00:00')).toBe('2026-06-12');
  });

  it('refuses only dates before the first one, and only for redemptions', () => {
    const draft: Draft = {
      product: opened(P.parkTwoDays),
      sessions: [],
      questionSets: [],
      answers: {},
      questionCursor: 0,
      giftCard: { code: 'C1', hoursInAdvance: 2, firstDate: '2026-06-11', currency: 'EUR' },
    };
    expect(exchangeClosed(draft, '2026-06-10')).toBe(true);
    expect(exchangeClosed(draft, '2026-06-11')).toBe(false);
    expect(exchangeClosed({ ...draft, giftCard: undefined }, '2026-06-10')).toBe(false);
    expect(exchangeClosed(undefined, '2026-06-10')).toBe(false);
    expect(closedText(draft, '2026-06-10', 'es')).toBe(
      '🎁 La tarjeta regalo ya no se puede canjear para el miércoles, 10 de junio de 2026: el plazo acabó el miércoles, 10 de junio de 2026 a las 22:00 (se canjea hasta las 22:00 del día de la visita). El primer día que puedes elegir ahora es el jueves, 11 de junio de 2026.',
    );
    const noDay = { ...draft, product: { ...draft.product, dates: ['2026-06-10' as const] } };
    expect(closedText(noDay, '2026-06-10', 'en')).toMatch(
      /There is no day left on which it can be redeemed for this product\.$/,
    );
  });

  it('says the rule in words', () => {
    expect(exchangeRule(2, 'en')).toBe('until 22:00 on the day of the visit');
    expect(exchangeRule(0, 'es')).toBe('hasta el final del día de la visita');
    expect(exchangeRule(undefined, 'en')).toBe('until the end of the day of the visit');
    expect(exchangeRule(36, 'en')).toBe('until 36 hours before the end of the day of the visit');
  });
});

describe('gift cards sold', () => {
  const card = (productId: string, name: string, code = '1638515469503928879'): SoldActivity => ({
    productId,
    name,
    accessDate: '2026-06-10',
    accessCode: code,
    status: 2,
    tickets: [],
  });
  const ticketed: SoldActivity = {
    productId: P.museumGiftCard,
    name: 'Gift card: Sea Museum',
    accessDate: '2026-06-12',
    status: 2,
    tickets: [
      {
        ticketId: 't1',
        name: 'Adult entry',
        accessDate: '2026-06-12',
        accessCode: '1234567890123',
      },
    ],
  };

  it('are activities of gift-card products without tickets, with a code', () => {
    expect(isSoldGiftCard(card(P.museumGiftCard, 'Gift card: Sea Museum'), catalog)).toBe(true);
    // A redemption (or a gift-card product bought for oneself) has tickets.
    expect(isSoldGiftCard(ticketed, catalog)).toBe(false);
    expect(isSoldGiftCard(card(P.museumAdult, 'Sea Museum: adult'), catalog)).toBe(false);
    expect(isSoldGiftCard({ ...card(P.museumGiftCard, 'x'), accessCode: undefined }, catalog)).toBe(
      false,
    );
  });

  it('give one document per code, naming every product of the card', () => {
    const activities = [
      card(P.museumGiftCard, 'Gift card: Sea Museum', 'A1'),
      card(P.parkTwoDays, 'Two-day pass', 'A1'),
      card(P.wineGiftCard, 'Gift card: tasting for two', 'B2'),
      ticketed,
    ];
    expect(giftCardDocuments(activities, catalog, 'en')).toEqual([
      {
        accessCode: 'A1',
        title: '🎁 Gift card: Sea Museum + Two-day pass',
        lines: [
          'Redemption code of the gift card.',
          'Whoever has the code redeems it here: "🎁 Gift cards" → "Redeem" (or /giftcard).',
        ],
      },
      {
        accessCode: 'B2',
        title: '🎁 Gift card: tasting for two',
        lines: expect.any(Array),
      },
    ]);
    expect(withoutGiftCards(activities, catalog)).toEqual([ticketed]);
  });

  it('are shown with their code in the done step, apart from the tickets', () => {
    const h = place(
      { done: 'showing' },
      {
        ...context(),
        sale: {
          partnerSaleId: 'PS1',
          saleIds: ['S1'],
          activities: [card(P.museumGiftCard, 'Gift card: Sea Museum'), ticketed],
        },
      },
    );
    const view = h.view();
    expect(view.text).toBe(
      [
        '🎉 Purchase confirmed! Here are your tickets:',
        // The receipt: the order's reference, the lines, each product's cancellation terms.
        '🧾 Order S1',
        '• Gift card: Sea Museum — Fri 12 Jun (1 ticket)',
        '🎁 Code of the gift card "Gift card: Sea Museum": 1638515469503928879',
        'Whoever has the code redeems it here: "🎁 Gift cards" → "Redeem" (or /giftcard).',
        '↩️ Gift card: Sea Museum: Free cancellation at any time.',
      ].join('\n'),
    );
    expect(view.tickets?.map((ticket) => ticket.accessCode)).toEqual([
      '1638515469503928879',
      '1234567890123',
    ]);
  });
});
