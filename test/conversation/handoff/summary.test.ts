/**
 * The thread's first message from a conversation's context: the step in words, the
 * cart's lines and total, the reservation held, the last sale, the contacts as given.
 */
import { describe, expect, it } from 'vitest';
import type { BookingContext, CartLine } from '#flows/booking/types.js';
import { buildSummary, stepForStaff, stepInWords } from '#src/conversation/handoff/summary.js';

const line = (name: string, quantity: number, cents: number): CartLine => ({
  cartItemId: `item-${name}`,
  productId: `p-${name}`,
  providerId: 'prov',
  name,
  accessDate: '2026-06-20',
  quantity,
  sessions: [{ enclosureId: 'e', sessionId: 's', label: '11:00' }],
  unitPrice: { cents, currency: 'EUR' },
});

const base: BookingContext = {
  language: 'es',
  userKey: 'tg:42',
  browse: { page: 0 },
  cart: { shoppingCartId: 'cart000000007', lines: [] },
  checkout: { insuranceDeclined: false, profileAnswers: {} },
};

describe('the handoff summary', () => {
  it('says where the customer is in words', () => {
    expect(stepInWords('home')).toBe('home');
    // As staff read it: what the customer is doing, not the machine's names.
    expect(stepForStaff({ review: 'idle' })).toBe('reviewing the order before paying');
    expect(stepForStaff({ bookings: 'list' })).toBe('looking at their bookings');
    expect(stepForStaff('home')).toBe('at the start menu');
    expect(stepForStaff({ somethingNew: 'idle' })).toBe('something new › idle');
    expect(stepInWords({ checkoutQuestions: 'asking' })).toBe('checkout questions › asking');
    expect(stepInWords({ selection: { ticketTypes: 'choosing' } })).toBe(
      'selection › ticket types › choosing',
    );
  });

  it('has the cart, its total, the reservation held, the last sale and the contacts', () => {
    const context: BookingContext = {
      ...base,
      cart: {
        shoppingCartId: 'cart000000007',
        lines: [line('Jellyfish aquarium', 2, 600), line('Planetarium', 1, 850)],
      },
      checkout: {
        ...base.checkout,
        client: { fullName: 'Ana', email: 'ana@example.com', phoneNumber: '+34600000000' },
      },
      reservation: {
        expiresAtLocal: '2026-06-10T10:20:00',
        expiresAt: '2026-06-10T08:20:00.000Z',
        total: { cents: 2050, currency: 'EUR' },
        failedProductIds: [],
        paymentRequired: true,
      },
      sale: {
        partnerSaleId: 'SALE-1',
        saleIds: ['1'],
        total: [{ cents: 900, currency: 'EUR' }],
      },
    };
    const summary = buildSummary({
      conversationId: 'tg:42',
      context,
      step: 'reserved',
      firstName: 'Ana',
      transcript: [{ from: 'customer', text: 'hola', at: '2026-06-10T08:00:00.000Z' }],
    });
    expect(summary).toEqual({
      conversationId: 'tg:42',
      customer: {
        firstName: 'Ana',
        language: 'es',
        email: 'ana@example.com',
        phone: '+34600000000',
      },
      step: 'with places held, about to pay',
      cart: {
        lines: [
          {
            label: '1. Jellyfish aquarium — Sat 20 Jun · 11:00 — 2 × €6.00 = €12.00',
            amount: { cents: 1200, currency: 'EUR' },
          },
          {
            label: '2. Planetarium — Sat 20 Jun · 11:00 — 1 × €8.50 = €8.50',
            amount: { cents: 850, currency: 'EUR' },
          },
        ],
        total: { cents: 2050, currency: 'EUR' },
        reservation: { id: 'cart000000007', expiresAt: '2026-06-10T08:20:00.000Z' },
      },
      lastSale: { partnerSaleId: 'SALE-1', total: { cents: 900, currency: 'EUR' } },
      transcript: [{ from: 'customer', text: 'hola', at: '2026-06-10T08:00:00.000Z' }],
    });
  });

  it('leaves out what there is not: no cart, no lapsed reservation, no sale not made', () => {
    const summary = buildSummary({
      conversationId: 'tg:42',
      context: { ...base, sale: { partnerSaleId: 'SALE-2', saleIds: [] } },
      step: 'home',
      transcript: [],
      answersFrom: new Date('2026-06-15T07:00:00Z'),
    });
    expect(summary).toEqual({
      conversationId: 'tg:42',
      customer: { language: 'es' },
      step: 'at the start menu',
      transcript: [],
      answersFrom: '2026-06-15T07:00:00.000Z',
    });
  });
});
