import { describe, expect, it } from 'vitest';
import {
  partnerDownAlert,
  partnerUpAlert,
  reservationFailedAlert,
  saleConfirmedAlert,
} from '#src/channels/slack/blocks/alerts.js';
import { createOutageTracker } from '#src/channels/slack/outage.js';
import { scrub } from '#src/channels/slack/scrub.js';

const textOf = (value: unknown): string => JSON.stringify(value);

describe('scrub', () => {
  it.each([
    ['write to ana.garcia@example.com now', 'write to [e-mail] now'],
    ['call +34 600 111 222.', 'call [phone].'],
    ['call 600111222', 'call [phone]'],
    ['DNI 12345678Z refused', 'DNI [document] refused'],
    ['NIE X1234567L refused', 'NIE [document] refused'],
    ['NIE Y-1234567-L refused', 'NIE [document] refused'],
  ])('masks %s', (input, output) => {
    expect(scrub(input)).toBe(output);
  });

  it('keeps dates, times, amounts, error codes and short ids', () => {
    const text =
      'No capacity on 2026-12-01 at 10:00 for 2 people (42.50 EUR) [5001] cart abc123def4567';
    expect(scrub(text)).toBe(text);
  });
});

describe('outage tracker', () => {
  it('opens on the first failure and closes on the first answer, once each', () => {
    const tracker = createOutageTracker();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute));
    expect(tracker.answered(at(0))).toBeUndefined();
    expect(tracker.failed(at(1))).toBe(true);
    expect(tracker.failed(at(2))).toBe(false);
    expect(tracker.answered(at(6))).toBe(5 * 60_000);
    expect(tracker.answered(at(7))).toBeUndefined();
    expect(tracker.failed(at(8))).toBe(true);
  });
});

describe('alert messages', () => {
  it('give a confirmed sale its id, amount and products', () => {
    const message = saleConfirmedAlert({
      partnerSaleId: 'P1',
      saleIds: ['S1', 'S2'],
      total: { cents: 12345, currency: 'EUR' },
      products: ['Museum'],
    });
    expect(message.text).toBe('Sale confirmed: P1, €123.45');
    expect(textOf(message.blocks)).toContain('SaleId S1, S2');
  });

  it('mask personal data in failure reasons', () => {
    const message = reservationFailedAlert({
      shoppingCartId: 'C1',
      reason: 'client bob@example.org refused',
    });
    expect(textOf(message.blocks)).toContain('client [e-mail] refused');
  });

  it('say how long an outage lasted', () => {
    expect(textOf(partnerDownAlert({ operation: 'sales', kind: 'timeout' }).blocks)).toContain(
      '`sales` (timeout)',
    );
    expect(textOf(partnerUpAlert({ operation: 'catalog' }, 30_000).blocks)).toContain(
      'after less than a minute',
    );
    expect(textOf(partnerUpAlert({ operation: 'catalog' }, 7 * 60_000).blocks)).toContain(
      'after 7 min',
    );
    expect(textOf(partnerUpAlert({ operation: 'catalog' }, 3 * 3_600_000).blocks)).toContain(
      'after 3 h',
    );
  });
});
