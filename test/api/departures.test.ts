/**
 * Reading responses as the real service sends them: an unreadable list element skipped
 * (the rest kept) in every list-bearing operation, values derived from others, and each
 * departure named by its wire path.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cartConfirmOperation, cartSaleOperation } from '#src/api/cart.js';
import { salesOperation } from '#src/api/sales.js';
import { readingLeniently, readResponse, type Departure } from '#src/api/departures.js';
import { readResponseWith } from '#src/api/read-response.js';
import { operations } from '#src/api/operations.js';
import { fromWire, toWire } from '#src/api/wire.js';
import { demoCatalog } from '#src/sandbox/seed/index.js';
import { fixtures } from '#test/support/fixtures.js';

type Json = Record<string, unknown>;

/** Any operation's answer, read as the client reads it. */
const read = (operation: keyof typeof operations, wire: unknown) =>
  readResponseWith(operations[operation].response as z.ZodType, fromWire(wire));
const readSales = (wire: unknown) => readResponseWith(salesOperation.response, fromWire(wire));
const readConfirm = (wire: unknown) =>
  readResponseWith(cartConfirmOperation.response, fromWire(wire));

/** Responses the vendor did not publish, in the spec's shape. */
const samples: Partial<Record<keyof typeof operations, Json>> = {
  catalog: toWire(demoCatalog({ today: '2026-06-10', language: 'en' })) as Json,
  sales: {
    Sales: [
      {
        PartnerSaleId: 'ps-1',
        SaleId: 's-1',
        TotalPrice: 12,
        Activities: [
          {
            ProductId: 'prod000000001',
            AccessDateTime: '2026-06-17',
            Quantity: 2,
            Price: 12,
            Status: 2,
            Tickets: [
              { TicketId: 't1', AccessDateTime: '2026-06-17', AccessCode: 'A1' },
              { TicketId: 't2', AccessDateTime: '2026-06-17', AccessCode: 'A2' },
            ],
          },
        ],
      },
      { PartnerSaleId: 'ps-2', TotalPrice: 5, Activities: [] },
    ],
  },
  salecancellationrequest: {
    CancellationRequests: [
      { CancellationRequestId: 'c1', PartnerSaleId: 'ps-1', Status: 1 },
      { CancellationRequestId: 'c2', PartnerSaleId: 'ps-2', Status: 2 },
    ],
  },
  'cart-confirm': {
    ExpirationDateTime: '2026-06-10T10:15:00',
    Activities: {
      Products: [
        { ProductId: 'p1', AccessDateTime: '2026-06-17T00:00:00', Tickets: [{ TicketId: 't1' }] },
      ],
    },
    Accommodations: [{ ProductId: 'rate1' }],
    PaymentMethods: [{ Id: '1', Type: 1, Name: 'Card' }],
  },
  giftcard: { IsExchanged: false, Products: [{ Id: 'p1', Name: 'Museum' }] },
  checkticketsquestions: {
    Products: [{ ProductId: 'p1', Tickets: [{ TicketId: 't1', TicketQuestionsProfileId: 'q' }] }],
  },
};

/** The wire paths of the lists in a body, each with the list itself, deepest last. */
function listsOf(value: unknown, path = ''): { path: string; items: unknown[] }[] {
  if (Array.isArray(value)) {
    return [
      { path, items: value },
      ...value.flatMap((item) => listsOf(item, `${path}[]`)).filter((l) => l.path !== path),
    ];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([name, field]) =>
    listsOf(field, path ? `${path}.${name}` : name),
  );
}

/** A body for each operation: the vendor's first response example, else a sample. */
function bodies(): [string, unknown][] {
  return Object.keys(operations).flatMap((name) => {
    const published = fixtures(name).find((fixture) => fixture.kind === 'response');
    const body = published?.body ?? samples[name as keyof typeof operations];
    return body === undefined ? [] : [[name, body] as [string, unknown]];
  });
}

describe('an element that cannot be read', () => {
  const cases = bodies()
    .map(([operation, body]) => {
      // The first list of objects in the body: where an odd element would sit.
      const target = listsOf(body).find(
        (list) =>
          list.items.length > 0 &&
          list.items.every((item) => item !== null && typeof item === 'object'),
      );
      return { operation, body, target };
    })
    .filter((c) => c.target !== undefined);

  it('has a list to try in every list-bearing operation', () => {
    expect(cases.map((c) => c.operation)).toEqual(
      expect.arrayContaining([
        'catalog',
        'sales',
        'salecancellationrequest',
        'cart-confirm',
        'cart-add',
        'checkticketsquestions',
        'giftcard',
        'availablecapacity',
        'realtimeprices',
        'prepackages',
        'package-basiccatalog',
        'package-prices',
        'insurancepolicycheck',
      ]),
    );
  });

  it.each(cases.map((c) => c.operation))(
    '%s: is skipped, counted, and the rest of the list is kept',
    (operation) => {
      const found = cases.find((c) => c.operation === operation)!;
      const body = structuredClone(found.body);
      const target = listsOf(body).find((list) => list.path === found.target!.path)!;
      const before = target.items.length;
      target.items.push('an element no schema can read');

      const reading = read(operation as keyof typeof operations, body);
      expect(reading.ok, JSON.stringify(reading)).toBe(true);
      expect(reading.departures).toContainEqual<Departure>({
        path: `${target.path}[]`,
        kind: 'skipped',
        count: 1,
      });
      // The good elements stand: as many as before the odd one came.
      const clean = read(operation as keyof typeof operations, found.body);
      expect(clean.ok).toBe(true);
      expect(JSON.stringify(reading.ok && reading.value)).toBe(
        JSON.stringify(clean.ok && clean.value),
      );
      expect(before).toBeGreaterThan(0);
    },
  );

  it('leaves requests exact: an odd element in a request is refused, not dropped', () => {
    const parsed = operations.catalog.request.safeParse({ productIds: ['p1', { odd: true }] });
    expect(parsed.success).toBe(false);
  });

  it('reads leniently only during the parse, even one that throws or reads inside another', () => {
    const seen: boolean[] = [];
    const parse = (input: unknown): unknown => {
      seen.push(readingLeniently());
      if (input === 'inner') return readResponse('x', parse, () => undefined).result;
      if (input === 'throw') throw new Error('unreadable');
      return input;
    };
    expect(readingLeniently()).toBe(false);
    readResponse('inner', parse, () => undefined);
    expect(() => readResponse('throw', parse, () => undefined)).toThrow('unreadable');
    expect(seen).toEqual([true, true, true]);
    expect(readingLeniently()).toBe(false);
    // After the parse: strict again.
    expect(
      operations.catalog.request.safeParse({ productIds: ['p1', { odd: true }] }).success,
    ).toBe(false);
  });
});

describe('values derived before an element is given up', () => {
  it('a sale line without Quantity has as many as its tickets, and their date', () => {
    const reading = readSales({
      Sales: [
        {
          PartnerSaleId: 'ps-1',
          Activities: [
            {
              ProductId: 'p1',
              Price: '12.5',
              Status: '2',
              Tickets: [
                { TicketId: 't1', AccessDateTime: '2026-06-17T00:00:00' },
                { TicketId: 't2', AccessDateTime: '2026-06-17T00:00:00' },
              ],
            },
          ],
        },
      ],
    });
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const line = reading.value.sales[0]!.activities[0]!;
    expect(line).toMatchObject({ quantity: 2, accessDateTime: '2026-06-17', price: 12.5 });
    // And the sale without TotalPrice costs what its lines do.
    expect(reading.value.sales[0]!.totalPrice).toBe(12.5);
    expect(reading.departures).toEqual(
      expect.arrayContaining([
        { path: 'Sales[].Activities[].Quantity', kind: 'missing', count: 1 },
        { path: 'Sales[].Activities[].AccessDateTime', kind: 'missing', count: 1 },
        { path: 'Sales[].TotalPrice', kind: 'missing', count: 1 },
        { path: 'Sales[].Activities[].Price', kind: 'coerced', count: 1 },
      ]),
    );
  });

  it('reads the sale list under the name ExperticketSales in a Sale answer', () => {
    const reading = readResponseWith(
      cartSaleOperation.response,
      fromWire({ ExperticketSales: [{ Id: 's1' }] }),
    );
    expect(reading.ok && reading.value.serviceSales).toEqual([{ id: 's1' }]);
  });

  it('reads payment methods as objects, bare type codes, or keyed by type', () => {
    const confirm = (paymentMethods: unknown) =>
      readConfirm({
        ExpirationDateTime: '2026-06-10T10:15:00',
        Activities: { Products: [] },
        PaymentMethods: paymentMethods,
      });
    const listed = confirm([
      1,
      '2',
      { PaymentMethodType: 3, Name: 'Card' },
      { Id: '4' },
      { Type: '5' },
      { Name: 'no type at all' },
    ]);
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.value.paymentMethods.map((method) => [method.id, method.type])).toEqual([
      ['1', 1],
      ['2', 2],
      ['3', 3],
      ['4', 4],
      ['5', 5],
    ]);
    expect(listed.value.paymentMethodsNotApplicable).toBe(false);
    expect(listed.departures).toContainEqual({
      path: 'PaymentMethods[]',
      kind: 'skipped',
      count: 1,
    });

    const keyed = confirm({ '1': 'Card', '2': { Name: 'Bizum' } });
    expect(keyed.ok && keyed.value.paymentMethods.map((m) => [m.type, m.name])).toEqual([
      [1, 'Card'],
      [2, 'Bizum'],
    ]);
  });
});

describe('departures of shape', () => {
  it('names fields the schema does not declare and declared fields left out', () => {
    const reading = read('giftcard', {
      IsExchanged: 'false',
      Products: [{ Id: 'p1', Name: 'Museum', Colour: 'blue' }],
      Brand: 'new',
    });
    expect(reading.ok).toBe(true);
    expect(reading.departures).toEqual(
      expect.arrayContaining([
        { path: 'IsExchanged', kind: 'coerced', count: 1 },
        { path: 'Brand', kind: 'unknown', count: 1 },
        { path: 'Products[].Colour', kind: 'unknown', count: 1 },
      ]),
    );
  });
});
