import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '#src/api/catalog.js';
import { cartConfirmResponse } from '#src/api/cart.js';
import { readResponseWith } from '#src/api/read-response.js';
import { salesResponse } from '#src/api/sales.js';
import { fromWire } from '#src/api/wire.js';
import { checkFile } from '#src/cli/check-responses.js';

/** A response as the client reads it: wire JSON, leniently, departures named. */
function read<T>(schema: Parameters<typeof readResponseWith<T>>[0], wire: unknown) {
  return readResponseWith(schema, fromWire(structuredClone(wire)));
}

const enclosure = (id: string, sessions: unknown) => ({
  TicketEnclosureId: id,
  TicketEnclosureName: `Enclosure ${id}`,
  Sessions: sessions,
});

const wireCatalog = (enclosures: unknown[], product: Record<string, unknown> = {}) => ({
  LastUpdatedDateTime: '2026-06-01T00:00:00',
  Providers: [
    {
      ProviderId: 'PROV000000001',
      ProviderName: 'Museo',
      TicketEnclosures: enclosures,
      ProductBases: [
        {
          ProductBaseId: 'BASE000000001',
          ProductBaseName: 'Entradas',
          Products: [
            {
              ProductId: 'PROD000000001',
              ProductName: 'Entrada',
              PricesAndDates: [{ Price: '20', Currency: 'EUR', Dates: '2026-08-02' }],
              Tickets: [{ TicketId: 'TICK000000001', TicketEnclosureId: 'E1' }],
              ...product,
            },
          ],
        },
      ],
    },
  ],
});

describe('sessions blocks in the spec’s shape and the vendor’s', () => {
  it('reads SessionsGroupSessionContents as an object or a list, and its sibling either way', () => {
    const read1 = read(
      catalog,
      wireCatalog([
        enclosure('E1', {
          SessionsGroupSessionContents: [
            { SessionsGroupId: 'G1', SessionContentId: 'C1' },
            { SessionsGroupId: 'G2', SessionContentId: 'C2' },
          ],
        }),
        enclosure('E2', { SessionsGroupSessionContents: { SessionsGroupId: 'G3' } }),
        enclosure('E3', {
          SessionSessionContents: { SessionId: 'S1', SessionTime: '2026-08-02T10:00:00' },
        }),
        enclosure('E4', [{ SessionSessionContents: [] }]),
        enclosure('E5', { HasSeating: 'perhaps', TicketEnclosureAutoAssignSessionType: 9 }),
      ]),
    );
    expect(read1.ok).toBe(true);
    if (!read1.ok) return;
    const enclosures = read1.value.providers[0]!.ticketEnclosures;
    expect(enclosures.map((e) => e.ticketEnclosureId)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
    expect(enclosures[0]!.sessions?.sessionsGroupSessionContents).toEqual({
      sessionsGroupId: 'G1',
      sessionContentId: 'C1',
    });
    expect(enclosures[1]!.sessions?.sessionsGroupSessionContents?.sessionsGroupId).toBe('G3');
    expect(enclosures[2]!.sessions?.sessionSessionContents.map((s) => s.sessionId)).toEqual(['S1']);
    expect(enclosures[3]!.sessions?.sessionSessionContents).toEqual([]);
    expect(enclosures[4]!.sessions?.ticketEnclosureAutoAssignSessionType).toBe(0);
    expect(read1.departures).toContainEqual(
      expect.objectContaining({
        kind: 'coerced',
        path: 'Providers[].TicketEnclosures[].Sessions.SessionsGroupSessionContents',
      }),
    );
  });

  it('reads every other object of the spec sent as a list', () => {
    const policy = { IsRefundable: true, Rules: [{ HoursInAdvanceOfAccess: 24, Percentage: 50 }] };
    const read1 = read(
      catalog,
      wireCatalog([enclosure('E1', null)], {
        CancellationPolicy: [policy],
        SalesDocumentSettings: [{ Disable: true }],
      }),
    );
    expect(read1.ok).toBe(true);
    if (!read1.ok) return;
    const product = read1.value.providers[0]!.productBases[0]!.products[0]!;
    expect(product.cancellationPolicy?.isRefundable).toBe(true);
    expect(product.salesDocumentSettings?.disable).toBe(true);
  });
});

describe('partner texts', () => {
  it('are plain text once read: tags dropped, entities decoded, breaks and lists as lines', () => {
    const read1 = read(
      catalog,
      wireCatalog([enclosure('E1', null)], {
        ProductName: '<span style="font-size: 14px;">Entrada general&nbsp;Adulto</span>',
        ProductDescription:
          '<p>Visita al museo.<br>Incluye:</p><ul><li>Audioguía</li><li>Planetario &amp; más</li></ul><p>Más en <a href="https://example.org">nuestra web</a>.</p>',
      }),
    );
    expect(read1.ok).toBe(true);
    if (!read1.ok) return;
    const product = read1.value.providers[0]!.productBases[0]!.products[0]!;
    expect(product.productName).toBe('Entrada general Adulto');
    expect(product.productDescription).toBe(
      'Visita al museo.\nIncluye:\n• Audioguía\n• Planetario & más\nMás en nuestra web.',
    );
  });
});

const sale = (fields: Record<string, unknown>) => ({
  Sales: [
    {
      PartnerSaleId: 'P-1',
      TotalPrice: '29,50',
      Activities: [
        {
          ProductId: 'PROD000000001',
          Quantity: 1,
          Price: '29,50',
          Status: 2,
          AccessDateTime: '2024-08-01T22:00:00Z',
          ...fields,
        },
      ],
    },
  ],
});

describe('zones and decimal commas', () => {
  it('takes a sale’s day in Madrid from a date-time in Z or with an offset', () => {
    for (const [sent, day] of [
      ['2024-08-01T22:00:00Z', '2024-08-02'],
      ['2024-08-01T21:59:59Z', '2024-08-01'],
      ['2024-08-02T00:30:00+02:00', '2024-08-02'],
      ['2024-08-01T23:30:00-01:00', '2024-08-02'],
      ['2024-08-01T22:00:00', '2024-08-01'],
    ] as const) {
      const read1 = read(salesResponse, sale({ AccessDateTime: sent }));
      expect(read1.ok).toBe(true);
      if (read1.ok) expect(read1.value.sales[0]!.activities[0]!.accessDateTime).toBe(day);
    }
  });

  it('reads a price written with a decimal comma', () => {
    const read1 = read(salesResponse, sale({}));
    expect(read1.ok).toBe(true);
    if (!read1.ok) return;
    expect(read1.value.sales[0]!.totalPrice).toBe(29.5);
    expect(read1.value.sales[0]!.activities[0]!.price).toBe(29.5);
  });

  it('takes a reservation’s expiry at the right hour in Madrid', () => {
    const confirm = (expiry: string) =>
      read(cartConfirmResponse, {
        ExpirationDateTime: expiry,
        Activities: { Products: [] },
      });
    for (const [sent, local] of [
      ['2026-01-15T09:15:00Z', '2026-01-15T10:15:00'],
      ['2026-07-15T09:15:00Z', '2026-07-15T11:15:00'],
      ['2026-07-15T10:15:00.1234567+01:00', '2026-07-15T11:15:00'],
      ['2026-07-15T11:15:00', '2026-07-15T11:15:00'],
    ] as const) {
      const read1 = confirm(sent);
      expect(read1.ok).toBe(true);
      if (read1.ok) expect(read1.value.expirationDateTime).toBe(local);
    }
  });

  it('converts to the provider’s own zone in its catalog (TaxType 1: the Canaries)', () => {
    const wire = wireCatalog([enclosure('E1', null)], {
      StartIsActiveDate: '2026-07-15T09:15:00Z',
    });
    (wire.Providers[0] as Record<string, unknown>).TaxType = 1;
    const read1 = read(catalog, wire);
    expect(read1.ok).toBe(true);
    if (!read1.ok) return;
    expect(read1.value.providers[0]!.productBases[0]!.products[0]!.startIsActiveDate).toBe(
      '2026-07-15T10:15:00',
    );
    // The next response is read in the peninsula's zone again.
    const after = read(salesResponse, sale({ AccessDateTime: '2024-08-01T22:00:00Z' }));
    expect(after.ok && after.value.sales[0]!.activities[0]!.accessDateTime).toBe('2024-08-02');
  });
});

describe('responses that lost their data are invalid, not empty', () => {
  it('a catalog whose Providers is null or absent', () => {
    const nulled = read(catalog, { LastUpdatedDateTime: '2026-06-01T00:00:00', Providers: null });
    expect(nulled).toMatchObject({ ok: false, path: 'Providers' });
    expect(read(catalog, {}).ok).toBe(false);
    expect(read(catalog, { Providers: [] }).ok).toBe(true);
  });

  it('a body wrapped in an unknown object', () => {
    const wrapped = read(catalog, { Data: wireCatalog([]) });
    expect(wrapped.ok).toBe(false);
    const sales = read(salesResponse, { Success: true, Result: sale({}) });
    expect(sales).toMatchObject({ ok: false, path: 'Result' });
    expect(!sales.ok && sales.message).toContain('wrapped in Result');
  });

  it('a Confirm without its lines (Activities null)', () => {
    const confirm = read(cartConfirmResponse, {
      ExpirationDateTime: '2026-06-10T10:15:00',
      Activities: null,
    });
    expect(confirm).toMatchObject({ ok: false, path: 'Activities' });
  });
});

describe('npm run api -- check', () => {
  it('counts every skipped element of a long list, nested ones too, and says what is lost', () => {
    const providers = Array.from({ length: 3000 }, (_, p) => ({
      ProviderId: `PROV${String(p).padStart(9, '0')}`,
      ProviderName: `Provider ${p}`,
      ProductBases: [
        {
          ProductBaseId: `BASE${String(p).padStart(9, '0')}`,
          Products: Array.from({ length: 10 }, (_, i) => {
            const n = p * 10 + i;
            // One product in twenty has no price that can be read.
            return {
              ProductId: `PROD${String(n).padStart(9, '0')}`,
              ProductName: `Product ${n}`,
              PricesAndDates: [{ Price: n % 20 === 7 ? 'free' : '10', Dates: '2026-08-02' }],
              ...(n % 20 === 7 ? { ProductId: null } : {}),
            };
          }),
        },
      ],
    }));
    const dir = mkdtempSync(join(tmpdir(), 'check-'));
    const file = join(dir, 'catalog.response.1.json');
    writeFileSync(
      file,
      JSON.stringify({ LastUpdatedDateTime: '2026-06-01T00:00:00', Providers: providers }),
    );
    const verdict = checkFile(file);
    expect(verdict.usable).toBe(true);
    const skipped = verdict.departures.filter((d) => d.kind === 'skipped');
    // The price sets of the skipped products were not read: only the products count.
    expect(skipped).toEqual([
      { kind: 'skipped', path: 'Providers[].ProductBases[].Products[]', count: 1500 },
    ]);
    expect(verdict.losses).toContain('1500 products');
    expect(verdict.summary).toContain('would lose 1500 products');
  });
});
