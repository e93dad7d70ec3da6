import { describe, expect, it } from 'vitest';
import {
  describeSalesFilters,
  parseCancellationFilters,
  parseSalesFilters,
  SALES_HELP,
  tokenize,
} from '#src/channels/slack/filters.js';
import { readSalesForm } from '#src/channels/slack/blocks/sales-form.js';

describe('/sales filters', () => {
  it('reads every documented key, quoted values and day-first dates', () => {
    const parsed = parseSalesFilters(
      'id:ABC123 from:2026-11-01 to:30/11/2026 access-from:2026-12-01 access-to:2026-12-31 name:"Ana Pérez" email:ana@example.com phone:600111222 doc:12345678Z',
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        partnerSaleId: 'ABC123',
        fromTransactionDateTime: '2026-11-01',
        toTransactionDateTime: '2026-11-30',
        fromAccessDateTime: '2026-12-01',
        toAccessDateTime: '2026-12-31',
        clientName: 'Ana Pérez',
        clientEmail: 'ana@example.com',
        clientPhone: '600111222',
        clientDocumentIdentifier: '12345678Z',
      },
    });
  });

  it('takes a lone word as the PartnerSaleId and accepts curly quotes', () => {
    expect(parseSalesFilters('stf9gy7i3xawa')).toEqual({
      ok: true,
      value: { partnerSaleId: 'stf9gy7i3xawa' },
    });
    expect(parseSalesFilters('name:“Ana García”')).toEqual({
      ok: true,
      value: { clientName: 'Ana García' },
    });
  });

  it.each([
    ['colour:red', 'Unknown filter `colour:`'],
    ['from:2026-02-30', '`from:2026-02-30` is not a date'],
    ['from:2026-12-01 to:2026-11-01', '`from` (2026-12-01) is after `to` (2026-11-01)'],
    ['access-from:2026-12-01 access-to:2026-11-01', '`access-from` (2026-12-01) is after'],
    ['ABC1 DEF2', 'more than one sale id'],
    ['ana@example.com email:b@example.com', 'both given'],
    ['name:', '`name:` needs a value'],
    ['email:a@b.c email:d@e.f', '`email:` is given twice'],
  ])('explains %s', (text, error) => {
    const parsed = parseSalesFilters(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(error);
  });

  it.each([
    ['ana.garcia@example.com', { clientEmail: 'ana.garcia@example.com' }],
    ['+34 600 111 222', { clientPhone: '+34 600 111 222' }],
    ['600111222', { clientPhone: '600111222' }],
    ['Ana García', { clientName: 'Ana García' }],
    ['García', { clientName: 'García' }],
    ['3616139180081608727', { partnerSaleId: '3616139180081608727' }],
    [
      '6348ce99-2f1b-4c5e-9a0d-1b2c3d4e5f60',
      { partnerSaleId: '6348ce99-2f1b-4c5e-9a0d-1b2c3d4e5f60' },
    ],
    ['stf9gy7i3xawa', { partnerSaleId: 'stf9gy7i3xawa' }],
  ])('reads %s typed alone for what it is', (text, expected) => {
    expect(parseSalesFilters(text)).toEqual({ ok: true, value: expected });
  });

  it('reads today, yesterday and this week from the day it is given (a Wednesday)', () => {
    const today = '2026-06-10' as const;
    const range = (text: string) => parseSalesFilters(text, { today });
    expect(range('today')).toEqual({
      ok: true,
      value: { fromTransactionDateTime: '2026-06-10', toTransactionDateTime: '2026-06-10' },
    });
    expect(range('Yesterday')).toEqual({
      ok: true,
      value: { fromTransactionDateTime: '2026-06-09', toTransactionDateTime: '2026-06-09' },
    });
    expect(range('this week')).toEqual({
      ok: true,
      value: { fromTransactionDateTime: '2026-06-08', toTransactionDateTime: '2026-06-10' },
    });
    expect(range('today from:2026-06-01')).toMatchObject({
      ok: false,
      error: expect.stringContaining('both give the dates'),
    });
    expect(range('esta semana name:Ana')).toEqual({
      ok: true,
      value: {
        fromTransactionDateTime: '2026-06-08',
        toTransactionDateTime: '2026-06-10',
        clientName: 'Ana',
      },
    });
  });

  it('documents each key in the help', () => {
    for (const key of [
      'id:',
      'from:',
      'to:',
      'access-from:',
      'access-to:',
      'name:',
      'email:',
      'phone:',
      'doc:',
    ])
      expect(SALES_HELP).toContain(`\`${key}`);
  });

  it('describes filters back in the command syntax', () => {
    expect(
      describeSalesFilters({ clientName: 'Ana Pérez', fromTransactionDateTime: '2026-11-01' }),
    ).toBe('from:2026-11-01 name:"Ana Pérez"');
    expect(describeSalesFilters({})).toBe('all sales');
  });

  it('tokenizes keys case-insensitively and keeps bare words', () => {
    expect(tokenize('ID:x  y')).toEqual([{ key: 'id', value: 'x' }, { value: 'y' }]);
  });
});

describe('/cancellations filters', () => {
  it('reads ids separated by spaces or commas, without repeats, and date filters', () => {
    expect(
      parseCancellationFilters(
        'A1, B2 A1 from:2026-11-01 to:2026-11-30 updated-from:2026-11-02 updated-to:2026-11-03',
      ),
    ).toEqual({
      ok: true,
      value: {
        partnerSaleIds: ['A1', 'B2'],
        fromCreatedDateTime: '2026-11-01',
        toCreatedDateTime: '2026-11-30',
        fromUpdatedDateTime: '2026-11-02',
        toUpdatedDateTime: '2026-11-03',
      },
    });
  });

  it.each([
    ['from:2026-11-01', 'at least one PartnerSaleId'],
    ['A1 since:2026-11-01', 'Unknown filter `since:`'],
    ['A1 updated-from:2026-11-05 updated-to:2026-11-01', '`updated-from` (2026-11-05) is after'],
  ])('explains %s', (text, error) => {
    const parsed = parseCancellationFilters(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(error);
  });
});

describe('the /sales form', () => {
  it('reads filled fields only', () => {
    expect(
      readSalesForm({
        id: { value: { value: '  ' } },
        from: { value: { selected_date: '2026-11-01' } },
        email: { value: { value: 'ana@example.com' } },
        doc: { value: { value: null } },
      }),
    ).toEqual({
      ok: true,
      value: { fromTransactionDateTime: '2026-11-01', clientEmail: 'ana@example.com' },
    });
  });

  it('puts range errors on the closing field', () => {
    const result = readSalesForm({
      access_from: { value: { selected_date: '2026-12-02' } },
      access_to: { value: { selected_date: '2026-12-01' } },
    });
    expect(result).toEqual({
      ok: false,
      errors: { access_to: 'Visit from (2026-12-02) is after Visit until (2026-12-01).' },
    });
  });
});
