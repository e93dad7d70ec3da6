/**
 * Texts of the cart as the customer reads them: the time a reservation is held until (a
 * Canary product's hold names its zone and gives the customer's time beside it), and a
 * line (a gift card's line shows no date).
 */
import { describe, expect, it } from 'vitest';
import { holdTime, lineText } from '#flows/booking/steps/cart.js';
import type { Reservation } from '#flows/booking/types.js';

const held = (over: Partial<Reservation>): Reservation => ({
  expiresAtLocal: '2026-06-10T16:16:00',
  expiresAt: '2026-06-10T14:16:00.000Z',
  total: { cents: 1200, currency: 'EUR' },
  failedProductIds: [],
  paymentRequired: false,
  zone: 'Europe/Madrid',
  ...over,
});

const NOW = new Date('2026-06-10T14:00:00Z');

describe('the hold time', () => {
  it("is the provider's time when it is the customer's zone", () => {
    expect(holdTime(held({}), NOW, 'es')).toBe('16:16');
  });

  it("names another zone and gives the customer's time beside it", () => {
    // 16:16 in the Canary Islands (UTC+1 in June) is 17:16 in Madrid (UTC+2).
    const canary = held({ zone: 'Atlantic/Canary', expiresAt: '2026-06-10T15:16:00.000Z' });
    expect(holdTime(canary, NOW, 'es')).toBe('16:16, hora de Canarias (las 17:16 en la península)');
    expect(holdTime(canary, NOW, 'en')).toBe('16:16 Canary Islands time (17:16 in mainland Spain)');
  });
});

describe('a cart line', () => {
  it('of a gift card shows no date (the date it carries is for statistics)', () => {
    const line = {
      cartItemId: 'i1',
      productId: 'gift',
      providerId: 'museum',
      name: 'Gift card: Sea Museum (a gift for Sara Cruz)',
      accessDate: '2026-06-10' as const,
      quantity: 1,
      sessions: [],
      unitPrice: { cents: 1400, currency: 'EUR' },
      giftCard: { productIds: ['gift'], accessDateTime: '2026-06-10' as const },
    };
    expect(lineText(line, 1, 'en')).toBe(
      '1. Gift card: Sea Museum (a gift for Sara Cruz)\n   1 × €14.00 = €14.00',
    );
    const { giftCard: _none, ...activity } = line;
    expect(lineText(activity, 1, 'en')).toMatch(/^1\. .+ — Wed 10 Jun\n/);
  });
});
