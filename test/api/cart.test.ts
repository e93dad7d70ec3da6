import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cartAddOperation,
  cartAddRequest,
  cartAddResponse,
  cartCancelConfirmOperation,
  cartConfirmOperation,
  cartConfirmRequest,
  cartConfirmResponse,
  cartRemoveOperation,
  cartSaleOperation,
  cartSaleRequest,
  cartSaleResponse,
  PaymentFieldDataType,
} from '#src/api/cart.js';
import { envelopeFailure } from '#src/api/envelope.js';
import { fromWire, toWire } from '#src/api/wire.js';
import { fixtures } from '#test/support/fixtures.js';

const operations = [
  cartAddOperation,
  cartConfirmOperation,
  cartSaleOperation,
  cartRemoveOperation,
  cartCancelConfirmOperation,
];

function fixture(file: string): unknown {
  const found = fixtures().find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return fromWire(found.body);
}

function issuePaths(result: z.ZodSafeParseResult<unknown>): PropertyKey[][] {
  return result.success ? [] : result.error.issues.map((issue) => [...issue.path]);
}

describe('cart operations', () => {
  it('are writes in envelope A with a 30 s limit; Remove and CancelConfirm are optional', () => {
    expect(
      operations.map(({ name, method, path, envelope, effect, timeoutMs, optional }) => ({
        name,
        method,
        path,
        envelope,
        effect,
        timeoutMs,
        optional: optional ?? false,
      })),
    ).toEqual([
      {
        name: 'cart-add',
        method: 'POST',
        path: '/ShoppingCart/Add',
        envelope: 'A',
        effect: 'write',
        timeoutMs: 30_000,
        optional: false,
      },
      {
        name: 'cart-confirm',
        method: 'POST',
        path: '/ShoppingCart/Confirm',
        envelope: 'A',
        effect: 'write',
        timeoutMs: 30_000,
        optional: false,
      },
      {
        name: 'cart-sale',
        method: 'POST',
        path: '/ShoppingCart/Sale',
        envelope: 'A',
        effect: 'write',
        timeoutMs: 30_000,
        optional: false,
      },
      {
        name: 'cart-remove',
        method: 'POST',
        path: '/ShoppingCart/Remove',
        envelope: 'A',
        effect: 'write',
        timeoutMs: 30_000,
        optional: true,
      },
      {
        name: 'cart-cancelconfirm',
        method: 'POST',
        path: '/ShoppingCart/CancelConfirm',
        envelope: 'A',
        effect: 'write',
        timeoutMs: 30_000,
        optional: true,
      },
    ]);
  });
});

describe('vendor fixtures of the cart', () => {
  for (const operation of operations) {
    const files = fixtures(operation.name);

    it(`${operation.name} has request fixtures`, () => {
      expect(files.filter((f) => f.kind === 'request').length).toBeGreaterThan(0);
    });

    for (const f of files) {
      it(`${f.file} parses`, () => {
        const body = fromWire(f.body);
        if (f.kind === 'request') {
          const parsed = operation.request.safeParse(body);
          expect(issuePaths(parsed)).toEqual([]);
        } else {
          expect(envelopeFailure(body)).toBeUndefined();
          const parsed = operation.response.safeParse(body);
          expect(issuePaths(parsed)).toEqual([]);
        }
      });
    }
  }
});

describe('cart-add request', () => {
  it('reads TicketQuestionId as the question id of a ticket answer', () => {
    const request = cartAddRequest.parse(fixture('cart-add.request.9.json'));
    expect(request.activities?.[0]?.tickets).toEqual([
      {
        ticketId: '6nx1a1pd1wbms',
        sessionId: '9zobybtjtou6s',
        accessDateTime: '2023-03-21',
        questions: [{ questionId: 'dhci15yyp1y81', stringValue: 'respuesta' }],
      },
    ]);
  });

  it('reads the decimal answer the example gives at activity level', () => {
    const request = cartAddRequest.parse(fixture('cart-add.request.2.json'));
    expect(request.activities?.[0]?.questions).toEqual([
      { questionId: 'ik375myid33uq', decimalValue: 11.2 },
    ]);
  });

  it('reads a bare GiftCards item as a cart add of that gift card, with no cart id', () => {
    const request = cartAddRequest.parse(fixture('cart-add.request.4.json'));
    expect(request).toEqual({
      shoppingCartId: '',
      giftCards: [
        {
          productIds: ['154864ftfmxh', 'gimas51204d'],
          accessDateTime: '2023-01-25',
          message: 'I got you a present for your anniversary',
          client: { fullName: 'Sara Cruz', email: 'sara.cruz@email.com' },
        },
      ],
    });
  });

  it('keeps gift card redemption codes and combined product ids', () => {
    const giftCard = cartAddRequest.parse(fixture('cart-add.request.3.json'));
    expect(giftCard.activities?.map((a) => a.giftCardIdentifier)).toEqual([
      '3167250411491835499',
      '3167250411491835499',
    ]);
    const combined = cartAddRequest.parse(fixture('cart-add.request.5.json'));
    expect(combined.activities?.map((a) => [a.combinedProductId, a.accessDateTime])).toEqual([
      ['j7gjproc9c6sw', '2023-01-25'],
      ['j7gjproc9c6sw', '2023-01-26'],
    ]);
  });

  it('reads Tickets sent as one object, numbers as strings and dates with a time', () => {
    const request = cartAddRequest.parse(
      fromWire({
        ShoppingCartId: 'cart000000001',
        Activities: {
          ProductId: 'prod000000001',
          AccessDateTime: '2026-12-01T00:00:00',
          Quantity: '2',
          Tickets: {
            TicketId: 'tick000000001',
            AccessDateTime: '2026-12-01T00:00:00.0000000',
            Questions: { QuestionId: 'q1', IntegerValue: '34', DecimalValue: '1.50' },
          },
        },
        Packages: {
          EchoToken: 'echo',
          Packages: [
            {
              Id: 'pack1',
              Providers: [
                {
                  Id: 'prov1',
                  Activities: [
                    { Id: 'a1', ProductBaseId: 'base1', Tickets: { AccessDateTime: '2026-12-01' } },
                  ],
                },
              ],
            },
          ],
        },
      }),
    );
    expect(request.activities).toEqual([
      {
        productId: 'prod000000001',
        accessDateTime: '2026-12-01',
        quantity: 2,
        tickets: [
          {
            ticketId: 'tick000000001',
            accessDateTime: '2026-12-01',
            questions: [{ questionId: 'q1', integerValue: 34, decimalValue: 1.5 }],
          },
        ],
      },
    ]);
    expect(request.packages?.[0]?.packages[0]?.providers?.[0]?.activities?.[0]?.tickets).toEqual([
      { accessDateTime: '2026-12-01' },
    ]);
  });

  it('rejects a quantity that is no number, and a cart add without a cart id', () => {
    const badQuantity = cartAddRequest.safeParse(
      fromWire({
        ShoppingCartId: 'cart000000001',
        Activities: [{ ProductId: 'p', AccessDateTime: '2026-12-01', Quantity: 'two' }],
      }),
    );
    expect(issuePaths(badQuantity)).toEqual([['activities', 0, 'quantity']]);

    const noCart = cartAddRequest.safeParse(
      fromWire({ Activities: [{ ProductId: 'p', AccessDateTime: '2026-12-01', Quantity: 1 }] }),
    );
    expect(issuePaths(noCart)).toEqual([['shoppingCartId']]);
  });

  it('rejects a ticket answer without a question id', () => {
    const result = cartAddRequest.safeParse(
      fromWire({
        ShoppingCartId: 'c',
        Activities: [
          {
            ProductId: 'p',
            AccessDateTime: '2026-12-01',
            Quantity: 1,
            Tickets: [{ TicketId: 't', Questions: [{ StringValue: 'x' }] }],
          },
        ],
      }),
    );
    expect(issuePaths(result)).toEqual([
      ['activities', 0, 'tickets', 0, 'questions', 0, 'questionId'],
    ]);
  });

  it('sends exactly the PascalCase JSON of the spec for answers of several DataTypes', () => {
    const request = cartAddRequest.parse({
      shoppingCartId: 'cart000000001',
      activities: [
        {
          productId: 'prod000000001',
          accessDateTime: '2026-12-01',
          quantity: 2,
          tickets: [
            {
              ticketId: 'tick000000001',
              sessionId: 'sess000000001',
              accessDateTime: '2026-12-01',
              questions: [
                { questionId: 'q-text', stringValue: 'Ana' },
                { questionId: 'q-bool', booleanValue: true },
                { questionId: 'q-date', dateTimeValue: '1990-05-04' },
                { questionId: 'q-int', integerValue: 34 },
                { questionId: 'q-dec', decimalValue: 1.75 },
                { questionId: 'q-many', stringCollectionValue: ['veg', 'nuts'] },
                {
                  questionId: 'q-file',
                  binaryValue: 'aGVsbG8=',
                  binaryMimeType: 'application/pdf',
                  binaryExtension: 'pdf',
                },
              ],
            },
            { ticketId: 'tick000000002' },
          ],
        },
      ],
    });
    expect(toWire(request)).toStrictEqual({
      ShoppingCartId: 'cart000000001',
      Activities: [
        {
          ProductId: 'prod000000001',
          AccessDateTime: '2026-12-01',
          Quantity: 2,
          Tickets: [
            {
              TicketId: 'tick000000001',
              SessionId: 'sess000000001',
              AccessDateTime: '2026-12-01',
              Questions: [
                { QuestionId: 'q-text', StringValue: 'Ana' },
                { QuestionId: 'q-bool', BooleanValue: true },
                { QuestionId: 'q-date', DateTimeValue: '1990-05-04T00:00:00' },
                { QuestionId: 'q-int', IntegerValue: 34 },
                { QuestionId: 'q-dec', DecimalValue: 1.75 },
                { QuestionId: 'q-many', StringCollectionValue: ['veg', 'nuts'] },
                {
                  QuestionId: 'q-file',
                  BinaryValue: 'aGVsbG8=',
                  BinaryMimeType: 'application/pdf',
                  BinaryExtension: 'pdf',
                },
              ],
            },
            { TicketId: 'tick000000002' },
          ],
        },
      ],
    });
  });

  it('turns the vendor spellings into the spec spellings on the way out', () => {
    const wire = toWire(cartAddRequest.parse(fixture('cart-add.request.2.json')));
    expect(wire).toStrictEqual({
      ShoppingCartId: 'stf9gy7i3xawa',
      Activities: [
        {
          ProductId: 'yt1pgb1k61wdc',
          AccessDateTime: '2023-01-25',
          Quantity: 1,
          Questions: [{ QuestionId: 'ik375myid33uq', DecimalValue: 11.2 }],
        },
      ],
    });
  });
});

describe('cart-add response', () => {
  it('keeps the cart item ids and the echoed ticket answers', () => {
    const response = cartAddResponse.parse(fixture('cart-add.response.4.json'));
    expect(response).toEqual({
      activities: [
        {
          id: 'mi95gbadopeqk',
          activity: {
            productId: 'ppyibu8qwb88s',
            quantity: 1,
            accessDateTime: '2023-03-18T00:00:00',
            forceNotAutoAssignSeating: false,
            tickets: [
              {
                ticketId: '5uztgje33ayyw',
                questions: [
                  { ticketQuestionId: '6inrbj61drob4', stringValue: 'response to my question' },
                ],
              },
            ],
          },
        },
      ],
      accommodations: [],
    });
  });

  it('reads accommodations, and a response with only Success as empty lists', () => {
    expect(cartAddResponse.parse(fixture('cart-add.response.3.json'))).toEqual({
      activities: [],
      accommodations: [{ id: 'yhwrziz8bsag1', rateId: 'wdiwc9ehmj4yk' }],
    });
    expect(cartAddResponse.parse(fromWire({ Success: true }))).toEqual({
      activities: [],
      accommodations: [],
    });
  });

  it('rejects an added activity without its Activity record', () => {
    const result = cartAddResponse.safeParse(
      fromWire({ Success: true, Activities: [{ Id: 'item1' }] }),
    );
    expect(issuePaths(result)).toEqual([['activities', 0, 'activity']]);
  });
});

/** No vendor example of a reservation response exists: this one follows the spec. */
const confirmResponse = {
  Success: true,
  Errors: [],
  ExpirationDateTime: '2026-12-01T10:15:00.1234567',
  Activities: {
    Products: [
      {
        ProductId: 'prod000000001',
        ProductName: 'Entrada general',
        AccessDateTime: '2026-12-05T00:00:00',
        Quantity: '2',
        Price: '45.50',
        PriceMode: 1,
        Success: true,
        Tickets: [{ TicketId: 'tick000000001' }, { TicketId: 'tick000000002' }],
        CancellationConditions: {
          IsRefundable: false,
          Rules: [
            {
              HoursInAdvanceOfAccess: 48,
              Percentage: '50',
              Amount: 22.75,
              FromInclusiveDateTime: '2026-12-03',
              ToExclusiveDateTime: '2026-12-05T00:00:00',
            },
          ],
        },
      },
      {
        ProductId: 'prod000000002',
        CombinedProductId: 'comb000000001',
        AccessDateTime: '2026-12-05',
        Price: 10,
        PriceMode: '2',
        Success: 'false',
        Tickets: null,
      },
    ],
  },
  Accommodations: [
    {
      ProductId: 'rate000000001',
      ProductConditions: 'Non-refundable',
      AccessDateTime: '2026-12-05',
      AccessEndDateTime: '2026-12-07',
      Quantity: 1,
      Price: 210.4,
      PriceMode: 1,
      Success: false,
      ErrorMessage: 'Rate no longer available',
      ChildrenAges: [7],
      NumberOfAdults: 2,
      NumberOfChildren: 1,
      CancellationPolicy: { IsRefundable: true, Rules: [] },
    },
    { ProductId: 'rate000000002', Success: true, ErrorMessage: false },
  ],
  PaymentMethodsNotApplicable: false,
  PaymentMethods: [
    {
      Id: 'pm1',
      Type: 1,
      Name: 'Card',
      CommercialName: 'Credit card',
      EnableSendByEmail: true,
      Fields: [
        {
          Id: 'f1',
          Name: 'Holder',
          IsRequired: true,
          RegexValidation: '^.+$',
          RegexValidationErrorMessage: 'Required',
          DataType: 0,
        },
        { Id: 'f2', Name: 'Newsletter', IsRequired: 'false', DefaultValue: 'false', DataType: 3 },
      ],
    },
  ],
};

describe('cart-confirm', () => {
  it('reads the spec-shaped reservation response', () => {
    const body = fromWire(confirmResponse);
    expect(envelopeFailure(body)).toBeUndefined();
    const response = cartConfirmResponse.parse(body);

    expect(response.expirationDateTime).toBe('2026-12-01T10:15:00');
    const [first, second] = response.activities.products;
    expect(first).toMatchObject({
      productId: 'prod000000001',
      quantity: 2,
      price: 45.5,
      priceMode: 1,
      success: true,
      tickets: [{ ticketId: 'tick000000001' }, { ticketId: 'tick000000002' }],
    });
    expect(first?.cancellationPolicy).toEqual({
      isRefundable: false,
      rules: [
        {
          hoursInAdvanceOfAccess: 48,
          percentage: 50,
          amount: 22.75,
          fromInclusiveDateTime: '2026-12-03T00:00:00',
          toExclusiveDateTime: '2026-12-05T00:00:00',
        },
      ],
    });
    expect(second).toMatchObject({
      combinedProductId: 'comb000000001',
      accessDateTime: '2026-12-05T00:00:00',
      priceMode: 2,
      success: false,
      tickets: [],
    });

    const [failed, reserved] = response.accommodations;
    expect(failed).toMatchObject({
      productId: 'rate000000001',
      accessDateTime: '2026-12-05T00:00:00',
      accessEndDateTime: '2026-12-07T00:00:00',
      success: false,
      errorMessage: 'Rate no longer available',
      childrenAges: [7],
      numberOfAdults: 2,
      numberOfChildren: 1,
      numberOfSenior: 0,
      cancellationPolicy: { isRefundable: true, rules: [] },
    });
    expect(reserved?.success).toBe(true);
    expect(reserved?.errorMessage).toBeUndefined();

    expect(response.paymentMethodsNotApplicable).toBe(false);
    expect(response.paymentMethods[0]?.fields).toEqual([
      {
        id: 'f1',
        name: 'Holder',
        isRequired: true,
        regexValidation: '^.+$',
        regexValidationErrorMessage: 'Required',
        dataType: PaymentFieldDataType.Text,
      },
      {
        id: 'f2',
        name: 'Newsletter',
        isRequired: false,
        defaultValue: 'false',
        dataType: PaymentFieldDataType.Boolean,
      },
    ]);
  });

  it('takes payment methods as not applicable when the flag is absent and none is offered', () => {
    const response = cartConfirmResponse.parse(
      fromWire({
        Success: true,
        ExpirationDateTime: '2026-12-01T10:15:00',
        Activities: { Products: [] },
      }),
    );
    expect(response).toEqual({
      expirationDateTime: '2026-12-01T10:15:00',
      activities: { products: [] },
      accommodations: [],
      paymentMethodsNotApplicable: true,
      paymentMethods: [],
    });
  });

  it('rejects a response without expiration and a per-item Success that is no boolean', () => {
    const result = cartConfirmResponse.safeParse(
      fromWire({
        ...confirmResponse,
        ExpirationDateTime: 'soon',
        Activities: {
          Products: [{ ProductId: 'p', AccessDateTime: '2026-12-05', Success: 'maybe' }],
        },
      }),
    );
    expect(issuePaths(result)).toEqual([
      ['expirationDateTime'],
      ['activities', 'products', 0, 'success'],
    ]);
  });

  it('reads profile answers, and rejects a request without a cart id', () => {
    const request = cartConfirmRequest.parse(
      fromWire({
        ShoppingCartId: 'cart1',
        LanguageCode: 'en',
        QuestionsProfiles: [
          {
            QuestionsProfileId: 'prof1',
            Questions: [{ QuestionId: 'q1', IntegerCollectionValue: ['1', 2] }],
          },
        ],
      }),
    );
    expect(request).toEqual({
      shoppingCartId: 'cart1',
      languageCode: 'en',
      questionsProfiles: [
        {
          questionsProfileId: 'prof1',
          questions: [{ questionId: 'q1', integerCollectionValue: [1, 2] }],
        },
      ],
    });
    expect(issuePaths(cartConfirmRequest.safeParse(fromWire({ LanguageCode: 'es' })))).toEqual([
      ['shoppingCartId'],
    ]);
  });
});

describe('cart-sale', () => {
  it('reads ExperticketSales as serviceSales, with financial ratios', () => {
    expect(cartSaleResponse.parse(fixture('cart-sale.response.1.json'))).toEqual({
      serviceSales: [{ id: '5049250640429850462' }],
    });
    const withRatios = cartSaleResponse.parse(
      fromWire({
        Success: true,
        PaymentRedirectUrl: 'https://pay.example/abc',
        ServiceSales: [
          {
            Id: 987654,
            FinancialRatios: { SalePrice: { BasePrice: '37.6', Quota: 7.9, Total: 45.5 } },
          },
        ],
      }),
    );
    expect(withRatios).toEqual({
      paymentRedirectUrl: 'https://pay.example/abc',
      serviceSales: [
        {
          id: '987654',
          financialRatios: { salePrice: { basePrice: 37.6, quota: 7.9, total: 45.5 } },
        },
      ],
    });
  });

  it('reads the example request with client and payment method', () => {
    const request = cartSaleRequest.parse(fixture('cart-sale.request.1.json'));
    expect(request.discountCouponCodes).toEqual([]);
    expect(request.client?.email).toBe('sylvanas@SanctumofDomination.com');
    expect(request.paymentMethod).toEqual({
      paymentMethodType: 1,
      returnUrlOk: 'https://someurl.local/ok',
      returnUrlKo: 'https://someurl.local/ko',
      sendByEmail: false,
    });
  });

  it('rejects a client without e-mail and a sale without PartnerSaleId', () => {
    const result = cartSaleRequest.safeParse(
      fromWire({
        ShoppingCartId: 'cart1',
        Client: { FullName: 'A', Surname: 'B', DocumentIdentifier: 'C', PhoneNumber: 'D' },
      }),
    );
    expect(issuePaths(result)).toEqual([['partnerSaleId'], ['client', 'email']]);
  });

  it('rejects a sale record without an id', () => {
    const result = cartSaleResponse.safeParse(fromWire({ Success: true, ExperticketSales: [{}] }));
    expect(issuePaths(result)).toEqual([['serviceSales', 0, 'id']]);
  });
});

describe('cart-remove and cart-cancelconfirm', () => {
  it('read the item ids to remove and the cart to release', () => {
    expect(cartRemoveOperation.request.parse(fixture('cart-remove.request.1.json'))).toEqual({
      shoppingCartId: 'stf9gy7i3xawa',
      shoppingCartItemIdsToRemove: ['ygqbw4q8owhue'],
    });
    expect(
      cartCancelConfirmOperation.request.parse(fixture('cart-cancelconfirm.request.1.json')),
    ).toEqual({ shoppingCartId: 'stf9gy7i3xawa' });
  });

  it('reject an item id that is no string, and a cancellation without cart id', () => {
    const remove = cartRemoveOperation.request.safeParse(
      fromWire({ ShoppingCartId: 'c', ShoppingCartItemIdsToRemove: [{ Id: 'x' }] }),
    );
    expect(issuePaths(remove)).toEqual([['shoppingCartItemIdsToRemove', 0]]);
    const cancel = cartCancelConfirmOperation.request.safeParse(fromWire({}));
    expect(issuePaths(cancel)).toEqual([['shoppingCartId']]);
  });

  it('reject a response body that is not an object', () => {
    expect(issuePaths(cartRemoveOperation.response.safeParse(null))).toEqual([[]]);
    expect(issuePaths(cartCancelConfirmOperation.response.safeParse('ok'))).toEqual([[]]);
  });
});
