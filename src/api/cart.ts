/**
 * The shopping cart: Add (one or more times), Confirm (the reservation, held until
 * ExpirationDateTime), Sale (confirms the reservation), and two operations found in the
 * vendor's documentation but not in the spec: Remove (items by their cart id) and
 * CancelConfirm (undo a reservation). All five change state at the service, so none is
 * retried automatically (see Operation.effect).
 */
import { z } from 'zod';
import type {
  CartActivity,
  CartGiftCard,
  CartPackageGrouping,
  CartTicket,
} from '#src/domain/partner-shapes.js';
import {
  answerValues,
  cancellationPolicy,
  financialRatios,
  questionsProfileAnswers,
  ticketAnswer,
} from './common.js';
import { defineOperation } from './operation.js';
import {
  aliased,
  boolean,
  decimal,
  derived,
  given,
  integer,
  isoDate,
  isoDateTime,
  languageCode,
  list,
  objectOrList,
  optional,
  present,
  priceMode,
  prose,
  text,
  withDefault,
} from './schema.js';

// ---------------------------------------------------------------------------------------
// Add
// ---------------------------------------------------------------------------------------

/**
 * Value properties as a vendor example names them: `DecimalAnswer` for `DecimalValue`.
 * Every `<Kind>Value` is also read from `<Kind>Answer`; we always send `<Kind>Value`.
 */
const answerAliases = Object.fromEntries(
  Object.keys(answerValues)
    .filter((key) => key.endsWith('Value'))
    .map((key) => [key, [key.replace(/Value$/, 'Answer')]]),
) as Partial<Record<keyof typeof answerValues, readonly string[]>>;

/**
 * An answer given when adding to the cart. The spec names the id QuestionId; the
 * examples send TicketQuestionId (read as questionId, sent as QuestionId).
 */
export const cartAnswer = aliased(
  { questionId: text, question: optional(text), ...answerValues },
  { questionId: ['ticketQuestionId'], ...answerAliases },
);
export type CartAnswer = z.output<typeof cartAnswer>;

/**
 * A ticket of an activity. AccessDateTime is required by the structure but ignored (and
 * may be left out) when the provider's AdvancedDateSelectorMethodName is None, as the
 * examples do. Questions must be answered whenever the catalog ticket has a
 * TicketsQuestionsProfileId (the sandbox enforces it).
 */
export const cartTicket = z.object({
  ticketId: text,
  sessionId: optional(text),
  accessDateTime: optional(isoDate),
  questions: optional(list(cartAnswer)),
}) satisfies z.ZodType<CartTicket>;
export type { CartTicket };

export const cartActivity = z.object({
  productId: text,
  /** Same value on every product of one combined product. */
  combinedProductId: optional(text),
  /** Redemption code of a gift card whose products are being added. */
  giftCardIdentifier: optional(text),
  accessDateTime: isoDate,
  quantity: integer,
  /** Declared as an object, sent as a list by the examples: read both, always send a list. */
  tickets: optional(list(cartTicket)),
  /** Not in the spec: a vendor example answers questions at activity level. */
  questions: optional(list(cartAnswer)),
}) satisfies z.ZodType<CartActivity>;
export type { CartActivity };

export const cartGiftCard = z.object({
  productIds: list(text),
  /** Approximate; used by the service for statistics only. */
  accessDateTime: isoDate,
  message: optional(text),
  /** With an Email, the redeemer receives the card by e-mail. */
  client: optional(z.object({ fullName: optional(text), email: optional(text) })),
}) satisfies z.ZodType<CartGiftCard>;
export type { CartGiftCard };

export const cartAccommodation = z.object({
  /** From the accommodation request. */
  echoToken: text,
  rates: list(text),
});
export type CartAccommodation = z.output<typeof cartAccommodation>;

const packageTicket = z.object({
  sessionId: optional(text),
  accessDateTime: isoDate,
  ticketId: optional(text),
});

export const cartPackageGrouping = z.object({
  /** From the package request. */
  echoToken: text,
  packages: list(
    z.object({
      id: text,
      providers: optional(
        list(
          z.object({
            id: text,
            activities: optional(
              list(
                z.object({
                  id: text,
                  productBaseId: text,
                  tickets: optional(list(packageTicket)),
                }),
              ),
            ),
          }),
        ),
      ),
    }),
  ),
}) satisfies z.ZodType<CartPackageGrouping>;
export type { CartPackageGrouping };

const cartAddFields = z.object({
  shoppingCartId: text,
  activities: optional(list(cartActivity)),
  giftCards: optional(list(cartGiftCard)),
  accommodations: optional(list(cartAccommodation)),
  packages: optional(list(cartPackageGrouping)),
});

/**
 * The vendor documents the gift-card case with a bare GiftCards item (ProductIds,
 * AccessDateTime, Message, Client) and no cart around it. Such a document is read as a
 * cart add of that one gift card with an empty ShoppingCartId, which the sandbox then
 * rejects as an unknown cart; any other document without ShoppingCartId is invalid.
 */
function bareGiftCardAsCart(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if ('shoppingCartId' in record || !('productIds' in record)) return value;
  return { shoppingCartId: '', giftCards: [record] };
}

export const cartAddRequest = z.preprocess(bareGiftCardAsCart, cartAddFields);
export type CartAddRequest = z.output<typeof cartAddRequest>;

export const cartAddedActivity = z.object({
  productId: text,
  combinedProductId: optional(text),
  quantity: integer,
  accessDateTime: isoDateTime,
  forceNotAutoAssignSeating: withDefault(boolean, false),
  tickets: list(
    z.object({
      ticketId: text,
      sessionId: optional(text),
      accessDateTime: optional(isoDateTime),
      questions: list(ticketAnswer),
    }),
  ),
});
export type CartAddedActivity = z.output<typeof cartAddedActivity>;

/**
 * Keep the returned Ids: they name the items inside the cart (Remove needs them). Both
 * lists are absent when nothing of their kind was added; after adding packages the
 * response may hold only Success.
 */
export const cartAddResponse = z.object({
  activities: list(
    z.object({ id: text, activity: present(objectOrList(cartAddedActivity), 'Activity') }),
  ),
  accommodations: list(z.object({ id: text, rateId: text })),
});
export type CartAddResponse = z.output<typeof cartAddResponse>;

export const cartAddOperation = defineOperation({
  name: 'cart-add',
  method: 'POST',
  path: '/ShoppingCart/Add',
  request: cartAddRequest,
  response: cartAddResponse,
  envelope: 'A',
  effect: 'write',
  timeoutMs: 30_000,
});

// ---------------------------------------------------------------------------------------
// Confirm (reserve)
// ---------------------------------------------------------------------------------------

/**
 * Ticket-level answers are given when adding, not here. Answers are grouped by sale,
 * client or provider question profile.
 */
export const cartConfirmRequest = z.object({
  shoppingCartId: text,
  languageCode: optional(languageCode),
  questionsProfiles: optional(list(questionsProfileAnswers)),
});
export type CartConfirmRequest = z.output<typeof cartConfirmRequest>;

/**
 * Per-item outcome: a reservation can fail for some items only. An item without Success
 * is taken as reserved (the envelope already said the call succeeded).
 */
const itemSuccess = withDefault(boolean, true);

export const reservedProduct = aliased(
  {
    productId: text,
    combinedProductId: optional(text),
    productName: optional(prose),
    accessDateTime: isoDateTime,
    quantity: optional(integer),
    price: optional(decimal),
    priceMode: optional(priceMode),
    success: itemSuccess,
    tickets: list(z.object({ ticketId: text, sessionId: optional(text) })),
    cancellationPolicy: optional(objectOrList(cancellationPolicy)),
  },
  { cancellationPolicy: ['cancellationConditions'] },
);
export type ReservedProduct = z.output<typeof reservedProduct>;

export const reservedAccommodation = aliased(
  {
    /** The rate id. */
    productId: text,
    productConditions: optional(prose),
    /** Check-in and check-out. */
    accessDateTime: optional(isoDateTime),
    accessEndDateTime: optional(isoDateTime),
    quantity: optional(integer),
    price: optional(decimal),
    priceMode: optional(priceMode),
    success: itemSuccess,
    /**
     * Declared boolean, sent as a string. A boolean carries no message (Success already
     * tells the outcome), so it reads as "not given".
     */
    errorMessage: optional(z.union([text, z.boolean().transform(() => undefined)])),
    childrenAges: list(integer),
    numberOfAdults: withDefault(integer, 0),
    numberOfChildren: withDefault(integer, 0),
    numberOfSenior: withDefault(integer, 0),
    numberOfBabies: withDefault(integer, 0),
    numberOfGeneric: withDefault(integer, 0),
    cancellationPolicy: optional(objectOrList(cancellationPolicy)),
  },
  { cancellationPolicy: ['cancellationConditions'] },
);
export type ReservedAccommodation = z.output<typeof reservedAccommodation>;

/** DataType of a payment method field. */
export const PaymentFieldDataType = { Text: 0, Numeric: 1, Date: 2, Boolean: 3 } as const;
export type PaymentFieldDataType = (typeof PaymentFieldDataType)[keyof typeof PaymentFieldDataType];

export const paymentMethodField = z.object({
  id: text,
  name: withDefault(prose, ''),
  isRequired: withDefault(boolean, false),
  regexValidation: optional(text),
  regexValidationErrorMessage: optional(prose),
  defaultValue: optional(text),
  dataType: withDefault(
    integer.pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
    0,
  ),
});
export type PaymentMethodField = z.output<typeof paymentMethodField>;

const paymentMethodFields = aliased(
  {
    id: text,
    /** Sent back as PaymentMethodType in the Sale request. */
    type: integer,
    name: withDefault(prose, ''),
    commercialName: optional(prose),
    /** Whether a payment link can be sent by e-mail. */
    enableSendByEmail: withDefault(boolean, false),
    fields: list(paymentMethodField),
  },
  { type: ['paymentMethodType'], id: ['paymentMethodId'] },
);

const TYPE_CODE = /^\s*\d+\s*$/;
const isTypeCode = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && TYPE_CODE.test(value));

/**
 * A payment method as reservations really send it: the spec's object (its type also
 * named PaymentMethodType), or a bare type code (a number or a numeric string). The
 * identifier and the type code tell each other when one is missing: the type is what the
 * Sale needs.
 */
export const paymentMethod = z.preprocess(
  (value) => (isTypeCode(value) ? { type: value } : value),
  derived(paymentMethodFields, (method) => {
    const type = method.type ?? method.paymentMethodType;
    const id = method.id ?? method.paymentMethodId;
    if (!given(type) && isTypeCode(id)) method.type = id;
    if (!given(id) && given(type)) method.id = String(type);
    return method;
  }),
);
export type PaymentMethod = z.output<typeof paymentMethod>;

/**
 * The offered payment methods: a list, one method, or an object keyed by type code
 * (`{"1": {...}}` or `{"1": "Card"}`), read as the list it stands for.
 */
const paymentMethods = z.preprocess((value) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([key]) => TYPE_CODE.test(key))) return value;
  return entries.map(([type, method]) =>
    method !== null && typeof method === 'object'
      ? { type, ...(method as Record<string, unknown>) }
      : { type, name: method },
  );
}, list(paymentMethod));

export const cartConfirmResponse = z
  .object({
    /** The reservation holds until then (provider-local time). */
    expirationDateTime: isoDateTime,
    /** Required unless stays were reserved: see below. */
    activities: optional(objectOrList(z.object({ products: list(reservedProduct) }))),
    accommodations: list(reservedAccommodation),
    /** False for partners with a debit contract: a payment method must then be applied. */
    paymentMethodsNotApplicable: optional(boolean),
    /** Only for partners in debit mode. */
    paymentMethods,
  })
  // A reservation is of the cart's lines: a Confirm that answers with neither Activities
  // nor stays has lost them (Activities null), it did not reserve nothing. An empty
  // Products list stands. When the flag is absent, the offer of payment methods tells.
  .transform((response, ctx) => {
    if (response.activities === undefined && response.accommodations.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected Activities (the reserved lines), got none',
        path: ['activities'],
        input: undefined,
      });
      return z.NEVER;
    }
    return response;
  })
  .transform((response) => ({
    ...response,
    activities: response.activities ?? { products: [] },
    paymentMethodsNotApplicable:
      response.paymentMethodsNotApplicable ?? response.paymentMethods.length === 0,
  }));
export type CartConfirmResponse = z.output<typeof cartConfirmResponse>;

export const cartConfirmOperation = defineOperation({
  name: 'cart-confirm',
  method: 'POST',
  path: '/ShoppingCart/Confirm',
  request: cartConfirmRequest,
  response: cartConfirmResponse,
  envelope: 'A',
  effect: 'write',
  timeoutMs: 30_000,
});

// ---------------------------------------------------------------------------------------
// Sale (confirm the reservation)
// ---------------------------------------------------------------------------------------

/**
 * Mandatory when the sale contains accommodation; for activity-only sales it depends on
 * the partner's configuration (the sandbox enforces both). Every field is required
 * inside Client.
 */
export const saleClient = z.object({
  fullName: text,
  surname: text,
  documentIdentifier: text,
  phoneNumber: text,
  email: text,
});
export type SaleClient = z.output<typeof saleClient>;

/** Only for partners with a debit contract; the return URLs are notified of the result. */
export const salePaymentMethod = z.object({
  paymentMethodType: integer,
  returnUrlOk: text,
  returnUrlKo: text,
  /** Send a payment link by e-mail when the method allows it. */
  sendByEmail: boolean,
});
export type SalePaymentMethod = z.output<typeof salePaymentMethod>;

export const cartSaleRequest = z.object({
  shoppingCartId: text,
  partnerSaleId: text,
  /** The Id of a quote from InsurancePolicyCheck. */
  insurancePolicyId: optional(text),
  discountCouponCodes: optional(list(text)),
  client: optional(saleClient),
  paymentMethod: optional(salePaymentMethod),
  /** As in Confirm; answers already sent at reservation may be sent again. */
  questionsProfiles: optional(list(questionsProfileAnswers)),
});
export type CartSaleRequest = z.output<typeof cartSaleRequest>;

export const serviceSale = z.object({
  /** The sale identifier. */
  id: text,
  financialRatios: optional(financialRatios),
});
export type ServiceSale = z.output<typeof serviceSale>;

/** The spec's ServiceSales arrive as ExperticketSales in the vendor's example. */
export const cartSaleResponse = aliased(
  {
    /** For debit partners: where the customer completes the payment. */
    paymentRedirectUrl: optional(text),
    serviceSales: list(serviceSale),
  },
  { serviceSales: ['experticketSales'] },
);
export type CartSaleResponse = z.output<typeof cartSaleResponse>;

export const cartSaleOperation = defineOperation({
  name: 'cart-sale',
  method: 'POST',
  path: '/ShoppingCart/Sale',
  request: cartSaleRequest,
  response: cartSaleResponse,
  envelope: 'A',
  effect: 'write',
  timeoutMs: 30_000,
});

// ---------------------------------------------------------------------------------------
// Remove and CancelConfirm (vendor's documentation only; shapes from its examples)
// ---------------------------------------------------------------------------------------

export const cartRemoveRequest = z.object({
  shoppingCartId: text,
  /** Ids returned by Add (Activities[].Id, Accommodations[].Id). */
  shoppingCartItemIdsToRemove: list(text),
});
export type CartRemoveRequest = z.output<typeof cartRemoveRequest>;

/** The example answers only the envelope. */
export const cartRemoveResponse = z.object({});

export const cartRemoveOperation = defineOperation({
  name: 'cart-remove',
  method: 'POST',
  path: '/ShoppingCart/Remove',
  request: cartRemoveRequest,
  response: cartRemoveResponse,
  envelope: 'A',
  effect: 'write',
  timeoutMs: 30_000,
  optional: true,
});

/** Releases a reservation made by Confirm (the example carries only the cart id). */
export const cartCancelConfirmRequest = z.object({ shoppingCartId: text });
export type CartCancelConfirmRequest = z.output<typeof cartCancelConfirmRequest>;

export const cartCancelConfirmResponse = z.object({});

export const cartCancelConfirmOperation = defineOperation({
  name: 'cart-cancelconfirm',
  method: 'POST',
  path: '/ShoppingCart/CancelConfirm',
  request: cartCancelConfirmRequest,
  response: cartCancelConfirmResponse,
  envelope: 'A',
  effect: 'write',
  timeoutMs: 30_000,
  optional: true,
});
