import { describe, expect, it } from 'vitest';
import { product as productSchema, provider as providerSchema } from '#src/api/catalog.js';
import {
  capacityCheck,
  capacityNeeded,
  heldInSession,
  heldOnDay,
  placesLeft,
  productsSellable,
  quotaTickets,
} from '#src/domain/capacity.js';
import type { IsoDate } from '#src/domain/time.js';

const ticket = (ticketId: string, isQuotaTicket: boolean, ticketEnclosureId = 'e1') => ({
  ticketId,
  isQuotaTicket,
  ticketEnclosureId,
});

const threeQuota = productSchema.parse({
  productId: 'p1',
  tickets: [ticket('a', true), ticket('b', true), ticket('c', true), ticket('x', false)],
});

describe('productsSellable: capacity ÷ quota tickets, rounded down', () => {
  it.each([
    [9, 3, 3],
    [16, 3, 5],
    [2, 3, 0],
    [0, 1, 0],
    [7, 1, 7],
    [-1, 2, 0],
    [5, 0, undefined],
  ])('capacity %i with %i quota tickets: %s', (capacity, quota, expected) => {
    expect(productsSellable(capacity, quota)).toBe(expected);
  });
});

describe('quotaTickets', () => {
  it.each([
    ['all quota tickets of the product', threeQuota, undefined, 3],
    [
      'a product without tickets is one unit',
      productSchema.parse({ productId: 'p' }),
      undefined,
      1,
    ],
    [
      'no quota ticket',
      productSchema.parse({ productId: 'p', tickets: [ticket('x', false)] }),
      undefined,
      0,
    ],
    ['a chosen mix with repeats', threeQuota, ['a', 'a', 'x'], 2],
    ['a mix of non-quota tickets only', threeQuota, ['x', 'x'], 0],
    ['an unknown ticket counts (the default is quota)', threeQuota, ['zzz'], 1],
    [
      'IsQuotaTicket absent means quota',
      productSchema.parse({ productId: 'p', tickets: [{ ticketId: 't' }] }),
      undefined,
      1,
    ],
  ])('%s', (_name, product, ids, expected) => {
    expect(quotaTickets(product, ids)).toBe(expected);
  });

  it('gives the capacity a quantity takes', () => {
    expect(capacityNeeded(threeQuota, 3)).toBe(9);
    expect(capacityNeeded(threeQuota, 2, ['a', 'x'])).toBe(2);
  });
});

describe('capacityCheck', () => {
  function provider(
    autoAssign: number,
    hasLimitedCapacity = true,
    sessionTime = '2024-08-15T10:00:00',
  ) {
    return providerSchema.parse({
      providerId: 'v1',
      ticketEnclosures: [
        {
          ticketEnclosureId: 'e1',
          sessions: {
            ticketEnclosureAutoAssignSessionType: autoAssign,
            sessionSessionContents: [
              { sessionId: 's1', sessionTime, hasLimitedCapacity },
              { sessionId: 's2', sessionTime: '2024-08-16T10:00:00', hasLimitedCapacity: true },
            ],
          },
        },
        {
          ticketEnclosureId: 'e2',
          sessions: {
            sessionSessionContents: [
              { sessionId: 'other', sessionTime: '2024-08-15T10:00:00', hasLimitedCapacity: true },
            ],
          },
        },
      ],
    });
  }
  const product = (days = '') =>
    productSchema.parse({
      productId: 'p',
      daysWithLimitedCapacity: days,
      tickets: [ticket('a', true)],
    });

  it.each([
    [
      'a day with limited capacity',
      provider(0, false),
      product('2024-08-14,2024-08-15'),
      { needed: true, reason: 'limited-day' },
    ],
    [
      'a limited session chosen in the flow (No)',
      provider(0),
      product(),
      { needed: true, reason: 'limited-sessions', sessionIds: ['s1'] },
    ],
    [
      'a limited session, IfNotSet',
      provider(1),
      product(),
      { needed: true, reason: 'limited-sessions', sessionIds: ['s1'] },
    ],
    [
      'a limited session always auto-assigned (ForceSet)',
      provider(2),
      product(),
      { needed: false },
    ],
    ['sessions without limited capacity', provider(0, false), product(), { needed: false }],
    [
      'a limited session on another day',
      provider(0, true, '2024-08-17T10:00:00'),
      product(),
      { needed: false },
    ],
    ['a limited day on another date', provider(0, false), product('2024-08-16'), { needed: false }],
  ])('%s', (_name, prov, prod, expected) => {
    expect(capacityCheck(prov, prod, '2024-08-15')).toEqual(expected);
  });
});

describe('what a sale already holds of a limited day or a session', () => {
  const line = (
    productId: string,
    accessDate: IsoDate,
    quantity: number,
    sessions: string[] = [],
  ) => ({
    productId,
    accessDate,
    quantity,
    sessions: sessions.map((sessionId) => ({ sessionId })),
  });
  const lines = [
    line('p1', '2026-06-12', 2, ['s1']),
    line('p1', '2026-06-13', 3),
    line('p2', '2026-06-12', 4, ['s1', 's2']),
  ];

  it('counts a day per product', () => {
    expect(heldOnDay(lines, 'p1', '2026-06-12')).toBe(2);
    expect(heldOnDay(lines, 'p2', '2026-06-12')).toBe(4);
    expect(heldOnDay(lines, 'p1', '2026-06-14')).toBe(0);
    expect(heldOnDay(lines, 'p1', undefined)).toBe(0);
  });

  it('counts a session over every product sold in it', () => {
    expect(heldInSession(lines, 's1')).toBe(6);
    expect(heldInSession(lines, 's2')).toBe(4);
    expect(heldInSession(lines, 's3')).toBe(0);
  });

  it.each([
    [undefined, 3, undefined],
    [5, undefined, 5],
    [5, 3, 2],
    [5, 7, 0],
  ])('places %s less %s held leave %s', (places, held, left) => {
    expect(placesLeft(places, held)).toBe(left);
  });
});
