import { describe, expect, it } from 'vitest';
import { availableCapacityOperation } from '#src/api/availability.js';
import {
  CancellationReason,
  CancellationRequestStatus,
  saleCancellationRequestsOperation,
} from '#src/api/cancellations.js';
import { toQuery } from '#src/api/client.js';
import { envelopeFailure } from '#src/api/envelope.js';
import { giftCardOperation } from '#src/api/giftcards.js';
import { insurancePolicyCheckOperation } from '#src/api/insurance.js';
import type { Operation } from '#src/api/operation.js';
import { realTimePricesOperation } from '#src/api/prices.js';
import { ActivityStatus, salesOperation } from '#src/api/sales.js';
import {
  ResultType,
  SessionStartTimeType,
  autoAssignSessionsOperation,
} from '#src/api/sessions.js';
import { fromWire, toWire, wirePath } from '#src/api/wire.js';
import { fixtures } from '#test/support/fixtures.js';

const operations: Operation[] = [
  availableCapacityOperation,
  realTimePricesOperation,
  autoAssignSessionsOperation,
  insurancePolicyCheckOperation,
  giftCardOperation,
  salesOperation,
  saleCancellationRequestsOperation,
];

/** Reads a response body as the client does: envelope first, then the schema. */
function readResponse(operation: Operation, body: unknown): unknown {
  const camel = fromWire(body);
  expect(envelopeFailure(camel)).toBeUndefined();
  return operation.response.parse(camel);
}

function readRequest(operation: Operation, body: unknown): unknown {
  return operation.request.parse(fromWire(body));
}

/** Wire paths of every issue found in an invalid document. */
function issuePaths(schema: Operation['request'], body: unknown): string[] {
  const result = schema.safeParse(fromWire(body));
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => wirePath(issue.path));
}

/** A query string read back the way a server sees it: one value, or a list when repeated. */
function fromQuery(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** The body of one vendor example, by file name. */
function fixtureBody(file: string): unknown {
  const found = fixtures().find((fixture) => fixture.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return found.body;
}

function only<T>(items: readonly T[], index = 0): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

/** A sale list page as the spec describes it, with the departures of the vendor's samples. */
const saleListBody = {
  Success: true,
  Errors: null,
  ErrorEntityBreakDown: [],
  Sales: [
    {
      PartnerSaleId: 'PS-2023-000187',
      Activities: [
        {
          ProductId: 'yt1pgb1k61wdc',
          CombinedProductId: 'iudhbfvifebvi',
          CombinedProductDiscriminator: 0,
          AccessCode: '8437012345678',
          AccessDateTime: '2023-01-25T00:00:00',
          Quantity: '2',
          ProductName: 'Entrada adulto',
          ProviderId: 'ptm00000provi',
          ProviderName: 'PTM Theme Park',
          Price: '45.50',
          PriceWithoutVat: 41.36,
          PriceMode: 1,
          Status: 2,
          Discount: 4.5,
          DiscountCoupons: [
            {
              DiscountCouponId: 'cpn001',
              Name: 'Winter',
              Description: '10% off',
              Discount: '4.50',
              Code: 'WINTER10',
            },
          ],
          FinancialRatios: {
            ReferenceSalePrice: { BasePrice: 41.36, Quota: 0, Total: 45.5 },
            Discount: { BasePrice: 4.09, Quota: 0, Total: 4.5 },
            Commission: { BasePrice: 6.2, Quota: 15, Total: 6.82 },
            SalePrice: { BasePrice: 37.27, Quota: 0, Total: 41 },
          },
          Tickets: [
            {
              TicketId: '654e5ytetr000',
              TicketName: 'Adulto',
              SessionId: 'lksdgjj4235',
              SessionTime: '2023-01-25T18:30:00',
              AccessDateTime: '2023-01-25T00:00:00',
              AccessEndDateTime: '2023-01-25T23:59:59',
              SuggestedAccessDateMessage: 'Valid on 25/01/2023',
              AccessCode: '8437012345679',
              BillingCode: 'B-77',
              EnclosureId: '09aslkdfj354',
              EnclosureName: 'Main gate',
              Questions: [{ TicketQuestionId: 'q-name', Question: 'Name', StringValue: 'Ana' }],
            },
          ],
          CancellationConditions: {
            IsRefundable: false,
            Rules: [{ HoursInAdvanceOfAccess: '48', Percentage: 50 }],
          },
          PurchaseFlowType: 1,
          AccessDateCriteria: 0,
          SalesDocumentSettings: { Disable: false, ShowPrice: true },
          PartnerCode: 'P-1',
          ProviderType: 0,
        },
      ],
      Accomodations: [
        {
          ProductId: 'rate-8812',
          ProductConditions: 'Non refundable',
          AccessDateTime: '2023-01-24',
          AccessEndDateTime: '2023-01-26',
          Quantity: 1,
          Price: 180,
          PriceMode: 2,
        },
      ],
      CombinedProducts: [
        {
          CombinedProductId: 'iudhbfvifebvi',
          CombinedProductDiscriminator: 0,
          Price: '91',
          PriceWithoutVat: 82.73,
          CancellationPolicy: { IsRefundable: true, Rules: null },
        },
      ],
      Client: {
        Id: 'cl-1',
        CreatedDate: '2023-01-10T09:12:44.1234567',
        BirthDate: '1985-04-12T00:00:00',
        FullName: 'Ana',
        Surname: 'García',
        Surname2: 'López',
        Email: 'ana@example.com',
        PhoneNumber: '+34600000000',
        DocumentIdentifier: '12345678Z',
        CountryCode: 'ES',
        LanguageCode: 'es',
        Gender: 2,
        Province: 'Madrid',
        City: 'Madrid',
        ZipCode: 28001,
        AcceptsEmailContact: 'true',
        AllowCustomerProfiling: false,
      },
      TotalPrice: '271.00',
      TotalPriceWithoutVat: 246.36,
      TotalDiscount: 4.5,
      InsurancePolicyAmount: 2.5,
      InsurancePolicyAmountWithoutTax: 2.07,
      PointOfSaleCustomCodes: ['POS-12'],
      EconomicMovementAmount: 273.5,
      EconomicMovementAmountWithoutTax: 248.43,
    },
  ],
  PageNumber: 1,
  HasPreviousPage: false,
  HasNextPage: 'true',
  IsFirstPage: true,
};

const giftCardBody = {
  Success: true,
  Timestamp: '2024-03-01T10:00:00.1234567',
  ErrorMessage: null,
  ErrorCodes: [],
  GiftCardIdentifier: '3167250411491835499',
  SaleId: '5049250640429850462',
  PartnerSaleId: 'PS-2024-000042',
  IsExchanged: 'false',
  HoursInAdvanceOfGiftCardExchange: '48',
  Message: 'Happy birthday!',
  Client: {
    CreatedDate: '2024-02-20T17:45:00',
    FullName: 'Luis',
    Surname: 'Pérez',
    Email: 'luis@example.com',
    CountryCode: 'ES',
    LanguageCode: 'es',
    Gender: 1,
    AcceptsEmailContact: true,
    AllowCustomerProfiling: false,
  },
  Products: [{ Id: 'yt1pgb1k61wdc', Name: 'Entrada adulto' }],
};

const cancellationRequestsBody = {
  Success: true,
  Errors: [],
  ErrorEntityBreakDown: [],
  Timestamp: '2024-05-02T08:30:12.5551234',
  CancellationRequests: [
    {
      CancellationRequestId: 'cr-0001',
      SaleId: '5049250640429850462',
      PartnerSaleId: 'stf9gy7i3xawa',
      CreatedDateTime: '2024-04-30T12:00:00.123',
      UpdatedDateTime: '2024-05-01',
      Status: 1,
      StatusComments: null,
      Reason: '4',
      ReasonComments: 'Flu',
      ServiceName: 'PTM Theme Park',
    },
  ],
  PageNumber: 1,
  PageSize: 20,
  HasPreviousPage: false,
  HasNextPage: false,
  IsFirstPage: true,
};

describe('vendor fixtures of the read operations', () => {
  for (const operation of operations) {
    const files = fixtures(operation.name);
    for (const fixture of files) {
      it(`${fixture.file} parses`, () => {
        if (fixture.kind === 'request') readRequest(operation, fixture.body);
        else readResponse(operation, fixture.body);
      });
    }
  }

  it.each([
    ['availablecapacity', 5, 1],
    ['realtimeprices', 3, 3],
    ['autoassignsessions', 3, 1],
    ['insurancepolicycheck', 1, 1],
    ['giftcard', 2, 0],
    ['salecancellationrequest', 1, 0],
    ['sales', 0, 0],
  ])('%s has %i request and %i response examples', (name, requests, responses) => {
    const files = fixtures(name);
    expect(files.filter((f) => f.kind === 'request')).toHaveLength(requests);
    expect(files.filter((f) => f.kind === 'response')).toHaveLength(responses);
  });
});

describe('requests the client sends are read back the same', () => {
  const samples: { label: string; operation: Operation; body: unknown }[] = [
    ...operations.flatMap((operation) =>
      fixtures(operation.name)
        .filter((fixture) => fixture.kind === 'request')
        .map((fixture) => ({ label: fixture.file, operation, body: fixture.body })),
    ),
    {
      label: 'the sale list query of the vendor docs',
      operation: salesOperation,
      body: {
        PartnerSaleId: 'MyPartnerSaleId',
        FromTransactionDateTime: '2022-10-07',
        Page: '1',
        ClientName: 'MyClientName',
      },
    },
  ];

  for (const { label, operation, body } of samples) {
    it(`${label}: the normalized request survives the wire`, () => {
      const sent = readRequest(operation, body);
      expect(operation.request.parse(sent)).toEqual(sent);
      expect(readRequest(operation, toWire(sent))).toEqual(sent);
      if (operation.method === 'GET') {
        expect(readRequest(operation, fromQuery(toQuery(toWire(sent))))).toEqual(sent);
      }
    });
  }
});

describe('availablecapacity', () => {
  const op = availableCapacityOperation;

  it('reads session dates as date-times and product dates as dates', () => {
    const response = op.response.parse(fromWire(fixtureBody('availablecapacity.response.1.json')));
    expect(response.products.map((p) => [p.productId, p.date, p.availableCapacity])).toEqual([
      ['dj48vjsyufvyu', '2022-07-20', 0],
      ['jnvfnvjkivnnf', '2022-07-22', 63],
    ]);
    expect(response.sessions.map((s) => s.date)).toEqual([
      '2022-07-20T18:30:00',
      '2022-07-20T20:00:00',
    ]);
    expect(response.timestamp).toBe('2022-02-18T17:02:27');
  });

  it('reads a product date sent with a time, and a capacity sent as a string', () => {
    const response = op.response.parse(
      fromWire({
        Products: [{ ProductId: 'p', Date: '2022-08-15T00:00:00', AvailableCapacity: '9' }],
      }),
    );
    expect(only(response.products)).toEqual({
      productId: 'p',
      date: '2022-08-15',
      availableCapacity: 9,
    });
    expect(response.sessions).toEqual([]);
  });

  it('keeps absent filters absent in the request', () => {
    const request = op.request.parse(fromWire(fixtureBody('availablecapacity.request.4.json')));
    expect(request).toEqual({
      productIds: ['dj48vjsyufvyu'],
      fromDate: '2022-08-01',
      toDate: '2022-08-31',
    });
  });

  it('rejects a capacity that is not a number and an impossible date', () => {
    expect(
      issuePaths(op.response, {
        Products: [{ ProductId: 'p', Date: '2022-07-20', AvailableCapacity: 'many' }],
      }),
    ).toEqual(['Products[0].AvailableCapacity']);
    expect(issuePaths(op.request, { ProductIds: ['p'], Dates: ['2022-02-30'] })).toEqual([
      'Dates[0]',
    ]);
  });
});

describe('realtimeprices', () => {
  const op = realTimePricesOperation;
  const byFile = (n: number) =>
    op.response.parse(fromWire(fixtureBody(`realtimeprices.response.${n}.json`)));

  it('reads one price per product and date', () => {
    const response = byFile(1);
    expect(response.productsRealTimePrices).toHaveLength(4);
    expect(only(response.productsRealTimePrices, 1)).toMatchObject({
      productId: 'dj48vjsyufvyu',
      accessDate: '2022-05-15',
      price: 35,
      priceMode: 1,
      success: true,
      timestamp: '2022-02-18T17:02:27',
    });
  });

  it('reads a combined product price with its products and no ProductId', () => {
    const entry = only(byFile(3).productsRealTimePrices);
    expect(entry.productId).toBeUndefined();
    expect(entry.combinedProductId).toBe('iudhbfvifebvi');
    expect(entry.price).toBe(59.54);
    expect(entry.combinedProductProducts).toEqual([
      { productId: 'jiufdv80querb', accessDate: '2022-05-03' },
      { productId: '349u8g870r3vb', accessDate: '2022-05-05' },
    ]);
  });

  it('reads a price sent as a string and an access date sent with a time', () => {
    const entry = only(
      op.response.parse(
        fromWire({
          ProductsRealTimePrices: [
            { ProductId: 'p', AccessDate: '2020-01-02T00:00:00', Price: '29.50', PriceMode: '2' },
          ],
        }),
      ).productsRealTimePrices,
    );
    expect(entry).toMatchObject({ accessDate: '2020-01-02', price: 29.5, priceMode: 2 });
  });

  it('accepts a failed entry without a price, not a successful one', () => {
    const failed = only(
      op.response.parse(
        fromWire({
          ProductsRealTimePrices: [
            { ProductId: 'p', Success: false, ErrorMessage: 'no price', ErrorCodes: ['301'] },
          ],
        }),
      ).productsRealTimePrices,
    );
    expect(failed).toMatchObject({ success: false, errorCodes: ['301'] });
    expect(failed.price).toBeUndefined();
    expect(
      issuePaths(op.response, {
        ProductsRealTimePrices: [{ ProductId: 'p', AccessDate: '2020-01-02', Success: true }],
      }),
    ).toEqual(['ProductsRealTimePrices[0].Price']);
  });

  it('rejects a PriceMode other than 1 or 2', () => {
    expect(
      issuePaths(op.response, {
        ProductsRealTimePrices: [{ ProductId: 'p', Price: 1, PriceMode: 3 }],
      }),
    ).toEqual(['ProductsRealTimePrices[0].PriceMode']);
  });
});

describe('autoassignsessions', () => {
  const op = autoAssignSessionsOperation;

  it('reads an assigned session and an enclosure without sessions', () => {
    const response = op.response.parse(fromWire(fixtureBody('autoassignsessions.response.1.json')));
    const [first, second] = response.products;
    expect(only(first!.tickets)).toMatchObject({
      ticketEnclosureId: '09aslkdfj354',
      sessionId: 'lksdgjj4235',
      sessionTime: '18:00',
      sessionContentName: 'Viaje al centro de la tierra',
      resultType: ResultType.Ok,
      sessionStartTimeType: SessionStartTimeType.AtTime,
    });
    const unassigned = only(second!.tickets);
    expect(unassigned.resultType).toBe(ResultType.TicketEnclosureHasNoSessionsAvailable);
    expect(unassigned.sessionStartTimeType).toBe(SessionStartTimeType.FromTime);
    expect(unassigned.sessionId).toBeUndefined();
    expect(unassigned.sessionTime).toBeUndefined();
  });

  it('reads a session time given as a date-time, and EnclosureId', () => {
    const ticket = only(
      only(
        op.response.parse(
          fromWire({
            Products: [
              {
                ProductId: 'p',
                AccessDate: '2022-06-02T00:00:00',
                Tickets: [
                  {
                    TicketId: 't',
                    EnclosureId: 'e',
                    SessionTime: '2022-06-02T18:30:00.0000000',
                    ResultType: '0',
                  },
                ],
              },
            ],
          }),
        ).products,
      ).tickets,
    );
    expect(ticket).toMatchObject({ ticketEnclosureId: 'e', sessionTime: '18:30', resultType: 0 });
  });

  it('reads the ticket-level access date of a request', () => {
    const request = op.request.parse(fromWire(fixtureBody('autoassignsessions.request.3.json')));
    expect(only(request.products)).toEqual({
      productId: 'hwuk9huaqopwo',
      quantity: 4,
      accessDate: '2022-06-02',
      tickets: [{ ticketId: '654e5ytetr', accessDate: '2022-06-05' }],
    });
  });

  it('rejects an unknown ResultType and a time that is not a time', () => {
    expect(
      issuePaths(op.response, {
        Products: [
          {
            ProductId: 'p',
            Tickets: [{ TicketId: 't', ResultType: 5, SessionTime: '25:00' }],
          },
        ],
      }).sort(),
    ).toEqual(['Products[0].Tickets[0].ResultType', 'Products[0].Tickets[0].SessionTime']);
    expect(issuePaths(op.request, { Products: [{ ProductId: 'p', AccessDate: 'x' }] })).toEqual([
      'Products[0].Quantity',
      'Products[0].AccessDate',
    ]);
  });
});

describe('insurancepolicycheck', () => {
  const op = insurancePolicyCheckOperation;

  it('reads a request access date sent with a time as a date', () => {
    const request = op.request.parse(fromWire(fixtureBody('insurancepolicycheck.request.1.json')));
    expect(request).toEqual({
      sale: {
        products: [
          {
            id: '65ec27f1-4319-437d-9d83-995c5491a6fd',
            productId: 'wfrp7nuupbfzw',
            accessDate: '2024-09-20',
          },
        ],
      },
    });
  });

  it('reads coupon codes given beside the Sale as part of it', () => {
    const request = op.request.parse(
      fromWire({ Sale: { Products: [] }, DiscountCouponCodes: 'WINTER10', LanguageCode: 'es' }),
    );
    expect(request).toEqual({
      languageCode: 'es',
      sale: { products: [], discountCouponCodes: ['WINTER10'] },
    });
  });

  it('reads the quote and the products it covers', () => {
    const response = op.response.parse(
      fromWire(fixtureBody('insurancepolicycheck.response.1.json')),
    );
    const policy = only(response.insurancePolicies);
    expect(policy).toMatchObject({ id: '36s9grrjeid6c', quote: 0.599, coverageAmount: 59.9 });
    expect(only(policy.sale.products)).toEqual({
      id: '65ec27f1-4319-437d-9d83-995c5491a6fd',
      productId: 'wfrp7nuupbfzw',
      accessDate: '2024-09-20',
      price: 59.9,
      coverageAmount: 59.9,
      isCovered: true,
    });
    expect(response.timestamp).toBe('2024-08-20T17:05:16');
  });

  it('rejects a policy without a quote and a product without an echo id', () => {
    expect(issuePaths(op.response, { InsurancePolicies: [{ Id: 'x', Name: 'n' }] })).toEqual([
      'InsurancePolicies[0].Quote',
    ]);
    expect(
      issuePaths(op.request, {
        Sale: { Products: [{ ProductId: 'p', AccessDate: '2024-09-20' }] },
      }),
    ).toEqual(['Sale.Products[0].Id']);
  });
});

describe('giftcard', () => {
  const op = giftCardOperation;

  it('reads both request examples', () => {
    const [first, second] = fixtures('giftcard')
      .sort((a, b) => a.file.localeCompare(b.file))
      .map((f) => op.request.parse(fromWire(f.body)));
    expect(first).toEqual({ giftCardIdentifier: '3167250411491835499' });
    expect(second).toEqual({ giftCardIdentifier: '3167250411491835499', languageCode: 'en' });
  });

  it('reads a gift card with its client and products', () => {
    const response = op.response.parse(fromWire(giftCardBody));
    expect(envelopeFailure(fromWire(giftCardBody))).toBeUndefined();
    expect(response).toMatchObject({
      giftCardIdentifier: '3167250411491835499',
      isExchanged: false,
      hoursInAdvanceOfGiftCardExchange: 48,
      products: [{ id: 'yt1pgb1k61wdc', name: 'Entrada adulto' }],
      timestamp: '2024-03-01T10:00:00',
    });
    expect(response.client?.createdDate).toBe('2024-02-20T17:45:00');
  });

  it('rejects an answer without IsExchanged and a request without an identifier', () => {
    const { IsExchanged: _dropped, ...withoutFlag } = giftCardBody;
    expect(issuePaths(op.response, withoutFlag)).toEqual(['IsExchanged']);
    expect(issuePaths(op.request, { LanguageCode: 'en' })).toEqual(['GiftCardIdentifier']);
  });
});

describe('sales', () => {
  const op = salesOperation;

  it('reads a sale page with its paging flags', () => {
    const response = op.response.parse(fromWire(saleListBody));
    expect(envelopeFailure(fromWire(saleListBody))).toBeUndefined();
    expect(response).toMatchObject({
      pageNumber: 1,
      hasPreviousPage: false,
      hasNextPage: true,
      isFirstPage: true,
    });
    const sale = only(response.sales);
    expect(sale.totalPrice).toBe(271);
    expect(sale.insurancePolicyAmountWithoutTaxes).toBe(2.07);
    expect(sale.pointOfSaleCustomCodes).toEqual(['POS-12']);
    expect(sale.economicMovementAmountWithoutTax).toBe(248.43);
    expect(sale.client?.birthDate).toBe('1985-04-12');
    expect(sale.client?.createdDate).toBe('2023-01-10T09:12:44');
    expect(sale.client?.zipCode).toBe('28001');
    expect(sale.client?.acceptsEmailContact).toBe(true);
  });

  it('normalizes an activity: prices, dates, status, ratios, conditions', () => {
    const activity = only(only(op.response.parse(fromWire(saleListBody)).sales).activities);
    expect(activity).toMatchObject({
      accessDateTime: '2023-01-25',
      quantity: 2,
      price: 45.5,
      priceMode: 1,
      status: ActivityStatus.Confirmed,
      combinedProductDiscriminator: 0,
      discountCoupons: [{ code: 'WINTER10', discount: 4.5 }],
      salesDocumentSettings: { disable: false, showPrice: true },
      providerType: 0,
    });
    expect(activity.financialRatios?.commission).toEqual({
      basePrice: 6.2,
      quota: 15,
      total: 6.82,
    });
    expect(activity.cancellationConditions).toEqual({
      isRefundable: false,
      rules: [{ hoursInAdvanceOfAccess: 48, percentage: 50 }],
    });
  });

  it('reads sample names of tickets onto the spec fields', () => {
    const ticket = only(
      only(only(op.response.parse(fromWire(saleListBody)).sales).activities).tickets,
    );
    expect(ticket).toMatchObject({
      ticketEnclosureId: '09aslkdfj354',
      ticketEnclosureName: 'Main gate',
      sessionTime: '18:30',
      accessDateTime: '2023-01-25',
      accessEndDateTime: '2023-01-25',
      billingCode: 'B-77',
      ticketName: 'Adulto',
    });
    expect(only(ticket.questions)).toMatchObject({
      ticketQuestionId: 'q-name',
      stringValue: 'Ana',
    });
  });

  it('reads Accomodations and a combined product CancellationPolicy', () => {
    const sale = only(op.response.parse(fromWire(saleListBody)).sales);
    expect(only(sale.accommodations)).toEqual({
      productId: 'rate-8812',
      productConditions: 'Non refundable',
      accessDateTime: '2023-01-24',
      accessEndDateTime: '2023-01-26',
      quantity: 1,
      price: 180,
      priceMode: 2,
    });
    expect(only(sale.combinedProducts)).toMatchObject({
      price: 91,
      cancellationConditions: { isRefundable: true, rules: [] },
    });
  });

  it('reads an activity with an undocumented status rather than dropping the list', () => {
    const activity = {
      ProductId: 'p',
      AccessDateTime: '2023-01-25',
      Quantity: 1,
      Price: 10,
      Status: 3,
    };
    const response = op.response.parse(
      fromWire({ Sales: [{ TotalPrice: 10, Activities: [activity] }] }),
    );
    expect(only(only(response.sales).activities).status).toBe(3);
    expect(response.hasNextPage).toBe(false);
  });

  it('rejects a sale line with a bad quantity (a missing total is told by the lines), and a page 0', () => {
    const [sale] = saleListBody.Sales;
    const { TotalPrice: _dropped, ...withoutTotal } = sale!;
    const badActivity = { ...sale!.Activities[0], Quantity: 'two' };
    expect(
      issuePaths(op.response, { Sales: [{ ...withoutTotal, Activities: [badActivity] }] }).sort(),
    ).toEqual(['Sales[0].Activities[0].Quantity']);
    const unpriced = { ...sale!.Activities[0], Price: undefined };
    expect(
      issuePaths(op.response, { Sales: [{ ...withoutTotal, Activities: [unpriced] }] }).sort(),
    ).toEqual(['Sales[0].Activities[0].Price', 'Sales[0].TotalPrice']);
    expect(issuePaths(op.request, { Page: 0 })).toEqual(['Page']);
  });
});

describe('salecancellationrequest', () => {
  const op = saleCancellationRequestsOperation;

  it('reads the request example', () => {
    expect(
      op.request.parse(fromWire(fixtureBody('salecancellationrequest.request.1.json'))),
    ).toEqual({
      partnerSaleIds: ['stf9gy7i3xawa', 'iyh143uykd3qc'],
      page: 1,
    });
  });

  it('reads records with their status, reason and paging', () => {
    const response = op.response.parse(fromWire(cancellationRequestsBody));
    expect(envelopeFailure(fromWire(cancellationRequestsBody))).toBeUndefined();
    expect(only(response.cancellationRequests)).toEqual({
      cancellationRequestId: 'cr-0001',
      saleId: '5049250640429850462',
      partnerSaleId: 'stf9gy7i3xawa',
      createdDateTime: '2024-04-30T12:00:00',
      updatedDateTime: '2024-05-01T00:00:00',
      status: CancellationRequestStatus.InProcess,
      reason: CancellationReason.CommonIllness,
      reasonComments: 'Flu',
      serviceName: 'PTM Theme Park',
    });
    expect(response).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      hasNextPage: false,
      isFirstPage: true,
      timestamp: '2024-05-02T08:30:12',
    });
  });

  it('reads records listed under Sales as the same list', () => {
    const { CancellationRequests: records, ...rest } = cancellationRequestsBody;
    const response = op.response.parse(fromWire({ ...rest, Sales: records }));
    expect(response.cancellationRequests.map((r) => r.cancellationRequestId)).toEqual(['cr-0001']);
  });

  it('rejects a record without its id and a bad status, and a bad date filter', () => {
    expect(
      issuePaths(op.response, {
        CancellationRequests: [{ SaleId: 's', Status: 'open' }],
      }).sort(),
    ).toEqual(['CancellationRequests[0].CancellationRequestId', 'CancellationRequests[0].Status']);
    expect(
      issuePaths(op.request, { PartnerSaleIds: ['s'], FromCreatedDateTime: 'yesterday' }),
    ).toEqual(['FromCreatedDateTime']);
  });
});
