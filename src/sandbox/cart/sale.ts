/**
 * ShoppingCart/Sale: confirms a live reservation as one sale.
 *
 * - Idempotent per cart: a Sale of a cart already sold answers the same ServiceSales
 *   (and PaymentRedirectUrl) and makes nothing new, provided it carries the same
 *   PartnerSaleId (another one is refused: the cart is sold under the first). A
 *   PartnerSaleId already used by another sale is refused (code 1207).
 * - Only the items Confirm reserved (Success true) are sold. A lapsed reservation is
 *   refused (code 1203), a cart never confirmed too (1202).
 * - Client: required when the partner is configured so or the sale holds a stay; when
 *   given, all five fields must be filled; a blank DocumentIdentifier is the vendor's
 *   code 5000 (identification document required).
 * - PaymentMethod: required of a debit partner (its type one of Confirm's PaymentMethods,
 *   both return URLs absolute http(s)), whatever the amount; the sale then stays Started
 *   (1) until paid on the payment page (PaymentRedirectUrl). A sale with nothing to
 *   collect (a gift card redeemed, every line at 0, no insurance) is confirmed at once
 *   and answers no PaymentRedirectUrl (docs/sandbox.md). A non-debit partner's
 *   PaymentMethod is ignored.
 * - InsurancePolicyId: the policy of the insurance quote (reads/insurance.ts), priced
 *   again on the sold lines before coupons; its Quote becomes InsurancePolicyAmount.
 * - An injected capacity fault refuses with 1204 and keeps the reservation as it was.
 */
import type { CartSaleRequest, SalePaymentMethod, SaleClient } from '#src/api/cart.js';
import type { OperationOf } from '#src/api/operations.js';
import { ActivityStatus, type ClientRecord } from '#src/api/sales.js';
import { localNow } from '#src/domain/index.js';
import type { IsoDate } from '#src/api/schema.js';
import { SandboxCode, refuse } from '../codes.js';
import type { Handler, SandboxContext } from '../context.js';
import { INSURANCE_POLICY_ID, quoteInsurance } from '../reads/insurance.js';
import { cartOf, type Cart, type ReservedLine } from './carts.js';
import { applyCoupons, couponsFor, type DemoCoupon } from './coupons.js';
import { GIFT_CARD_EXCHANGE_HOURS } from './gift-cards.js';
import { checkProfileAnswers } from './profile-answers.js';
import { DEBIT_PAYMENT_METHODS, liveReservation } from './reservation.js';
import {
  accessEndDate,
  issueAccessCodes,
  lineCommission,
  saleRatios,
  type PaymentState,
  type SaleRecord,
  type SoldActivity,
} from './sale-records.js';

const CLIENT_FIELDS = ['fullName', 'surname', 'phoneNumber', 'email'] as const;

function checkClient(
  context: SandboxContext,
  client: SaleClient | undefined,
  requiredBecause: string | undefined,
): ClientRecord | undefined {
  if (client === undefined) {
    if (requiredBecause !== undefined)
      refuse(SandboxCode.ClientRequired, `Client is required: ${requiredBecause}`);
    return undefined;
  }
  for (const field of CLIENT_FIELDS)
    if (client[field].trim() === '')
      refuse(
        SandboxCode.ClientRequired,
        `Client.${field.charAt(0).toUpperCase()}${field.slice(1)} is required inside Client`,
      );
  if (client.documentIdentifier.trim() === '')
    refuse(
      SandboxCode.IdentificationDocumentRequired,
      'Client.DocumentIdentifier: an identification document is required',
    );
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(client.email.trim()))
    refuse(SandboxCode.ClientRequired, `Client.Email "${client.email}" is not an e-mail address`);
  return {
    id: context.state.cart.ids.cartItemId(),
    createdDate: localNow('Europe/Madrid', context.clock.now()),
    fullName: client.fullName.trim(),
    surname: client.surname.trim(),
    email: client.email.trim(),
    phoneNumber: client.phoneNumber.trim(),
    documentIdentifier: client.documentIdentifier.trim(),
    languageCode: context.data.defaultLanguage,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkPayment(
  context: SandboxContext,
  method: SalePaymentMethod | undefined,
): PaymentState {
  if (method === undefined)
    refuse(
      SandboxCode.PaymentMethodRequired,
      'PaymentMethod is required: this partner works under a debit contract',
    );
  if (!DEBIT_PAYMENT_METHODS.some((m) => m.type === method.paymentMethodType))
    refuse(
      SandboxCode.InvalidRequest,
      `PaymentMethod.PaymentMethodType ${method.paymentMethodType} is not offered (${DEBIT_PAYMENT_METHODS.map((m) => m.type).join(', ')})`,
    );
  for (const [name, url] of [
    ['ReturnUrlOk', method.returnUrlOk],
    ['ReturnUrlKo', method.returnUrlKo],
  ] as const)
    if (!isHttpUrl(url))
      refuse(SandboxCode.InvalidRequest, `PaymentMethod.${name} "${url}" is not an http(s) URL`);
  return {
    token: context.state.cart.ids.paymentToken(),
    paymentMethodType: method.paymentMethodType,
    returnUrlOk: method.returnUrlOk,
    returnUrlKo: method.returnUrlKo,
    sendByEmail: method.sendByEmail,
    outcome: 'pending',
  };
}

function soldActivity(
  context: SandboxContext,
  line: ReservedLine,
  coupons: readonly DemoCoupon[],
  status: ActivityStatus,
  checkOut: IsoDate | undefined,
): SoldActivity {
  const discounted = applyCoupons(line.price, coupons);
  const product = context.data.index().product(line.productId)?.product;
  const commission =
    product === undefined || line.priceMode !== 1
      ? { amount: 0, percent: 0 }
      : lineCommission(product, line.quantity, discounted.price);
  return {
    productId: line.productId,
    providerId: line.providerId,
    combinedProductId: line.combinedProductId,
    accessDate: line.accessDate,
    quantity: line.quantity,
    referencePrice: line.price,
    price: discounted.price,
    priceMode: line.priceMode,
    currency: line.currency,
    taxPercentage: line.taxPercentage,
    coupons: discounted.applied,
    commission: commission.amount,
    commissionPercent: commission.percent,
    status,
    tickets: line.tickets.map((ticket) => ({
      ticketId: ticket.ticketId,
      unit: ticket.unit,
      sessionId: ticket.sessionId,
      accessDate: ticket.accessDate,
      accessEndDate: accessEndDate(context.data, line.productId, ticket.accessDate, checkOut),
      questions: ticket.questions,
    })),
    cancellationPolicy: line.cancellationPolicy,
    redeemsGiftCard: line.giftCardIdentifier,
    giftCardItemId: line.kind === 'giftcard' ? line.itemId : undefined,
  };
}

/**
 * What happens when a sale is confirmed (at Sale, or when a debit payment succeeds):
 * statuses move on, access codes are issued, gift cards sold are issued.
 */
export function completeSale(
  context: SandboxContext,
  record: SaleRecord,
  cart: Cart | undefined,
): void {
  const state = context.state.cart;
  const index = context.data.index();
  for (const activity of record.activities)
    if (activity.status === ActivityStatus.Started)
      activity.status =
        index.product(activity.productId)?.provider.purchaseFlowType === 2
          ? ActivityStatus.InProcess
          : ActivityStatus.Confirmed;
  issueAccessCodes(context.data, record, state.ids);
  const items = new Map(
    (cart?.items ?? []).filter((item) => item.kind === 'giftcard').map((item) => [item.id, item]),
  );
  const issued = new Map<string, string>();
  for (const activity of record.activities) {
    if (activity.giftCardItemId === undefined || activity.giftCardIdentifier !== undefined)
      continue;
    const item = items.get(activity.giftCardItemId);
    if (item === undefined || item.kind !== 'giftcard') continue;
    let identifier = issued.get(item.id);
    if (identifier === undefined) {
      identifier = state.ids.giftCardIdentifier();
      issued.set(item.id, identifier);
      state.giftCards.set(identifier, {
        identifier,
        saleId: record.saleId,
        partnerSaleId: record.partnerSaleId,
        productIds: item.productIds,
        message: item.message,
        client: {
          ...record.client,
          ...(item.client?.fullName !== undefined ? { fullName: item.client.fullName } : {}),
          ...(item.client?.email !== undefined ? { email: item.client.email } : {}),
          createdDate: record.createdAt,
        },
        hoursInAdvanceOfGiftCardExchange: GIFT_CARD_EXCHANGE_HOURS,
      });
    }
    activity.giftCardIdentifier = identifier;
  }
}

/** A debit payment that failed: the sale is cancelled and gives back what it took. */
export function cancelSale(context: SandboxContext, record: SaleRecord): void {
  const state = context.state.cart;
  for (const activity of record.activities) {
    activity.status = ActivityStatus.Cancelled;
    const card =
      activity.redeemsGiftCard === undefined
        ? undefined
        : state.giftCards.get(activity.redeemsGiftCard);
    if (card?.exchangedBySaleId === record.saleId) card.exchangedBySaleId = undefined;
  }
  state.capacity.unsell(record.saleId);
}

/** A sale whose lines (after coupons) and insurance all cost nothing. */
function nothingToCollect(record: SaleRecord): boolean {
  return (
    record.activities.every((activity) => activity.price === 0) &&
    record.stays.every((stay) => stay.price === 0) &&
    (record.insurance?.amount ?? 0) === 0
  );
}

export const cartSaleHandler: Handler<OperationOf<'cart-sale'>> = (
  request: CartSaleRequest,
  context,
  meta,
) => {
  const state = context.state.cart;
  const cart = cartOf(state.carts, request.shoppingCartId);
  const partnerSaleId = request.partnerSaleId.trim();
  if (partnerSaleId === '') refuse(SandboxCode.InvalidRequest, 'PartnerSaleId is required');

  if (cart.status === 'sold' && cart.saleId !== undefined) {
    const record = state.sales.get(cart.saleId)!;
    if (record.partnerSaleId !== partnerSaleId)
      refuse(
        SandboxCode.InvalidRequest,
        `cart ${cart.id} was already sold under PartnerSaleId ${record.partnerSaleId}`,
      );
    return record.response;
  }
  if (state.sales.byPartnerSaleId(partnerSaleId) !== undefined)
    refuse(
      SandboxCode.PartnerSaleIdInUse,
      `PartnerSaleId ${partnerSaleId} is already the id of another sale`,
      [{ id: partnerSaleId, name: 'PartnerSaleId' }],
    );
  const reservation = liveReservation(context, cart);
  if (reservation === undefined) {
    if (cart.status === 'reserved' && cart.reservation !== undefined)
      refuse(
        SandboxCode.ReservationExpired,
        `the reservation of cart ${cart.id} expired at ${cart.reservation.expirationDateTime}: confirm the cart again`,
      );
    refuse(SandboxCode.CartNotReserved, `cart ${cart.id} is not reserved: call Confirm first`);
  }

  const lines = reservation.lines.filter((line) => line.success);
  const stays = reservation.stays.filter((stay) => stay.success);
  for (const line of lines) {
    if (line.giftCardIdentifier === undefined) continue;
    const card = state.giftCards.get(line.giftCardIdentifier);
    if (card === undefined || card.exchangedBySaleId !== undefined)
      refuse(
        SandboxCode.GiftCardExchanged,
        `gift card ${line.giftCardIdentifier} was already redeemed`,
      );
  }
  const requiredBecause =
    stays.length > 0
      ? 'the sale contains accommodation'
      : context.options.requireClient
        ? 'this partner requires client data'
        : undefined;
  const client = checkClient(context, request.client, requiredBecause);
  const debit = context.options.debitPartner;
  const payment = debit ? checkPayment(context, request.paymentMethod) : undefined;
  const answers = checkProfileAnswers(
    context,
    cart,
    request.questionsProfiles ?? [],
    reservation.answers,
  );
  const coupons = couponsFor(request.discountCouponCodes ?? []);

  let insurance: SaleRecord['insurance'];
  if (request.insurancePolicyId !== undefined) {
    if (request.insurancePolicyId !== INSURANCE_POLICY_ID)
      refuse(
        SandboxCode.InvalidRequest,
        `InsurancePolicyId ${request.insurancePolicyId} is not a policy of an insurance quote (InsurancePolicyCheck)`,
        [{ id: request.insurancePolicyId, name: 'InsurancePolicyId' }],
      );
    const quote = quoteInsurance(
      context,
      lines.map((line) => ({
        id: line.itemId,
        productId: line.productId,
        accessDate: line.accessDate,
        price: line.price,
        notCoverable: line.kind !== 'activity',
      })),
    );
    if (!quote.ok)
      refuse(
        SandboxCode.InvalidRequest,
        `InsurancePolicyId: nothing in this sale can be insured (${quote.reason})`,
      );
    insurance = { policyId: request.insurancePolicyId, amount: quote.policy.quote };
  }

  if (meta.capacityExhausted)
    refuse(SandboxCode.CapacityExceeded, 'capacity exhausted: the sale was not made');
  const saleId = state.ids.saleId();
  if (!state.capacity.sell(cart.id, saleId))
    refuse(SandboxCode.ReservationExpired, `the reservation of cart ${cart.id} has expired`);

  const checkOut = stays[0]?.checkOut;
  const record: SaleRecord = {
    saleId,
    partnerSaleId,
    cartId: cart.id,
    createdAt: localNow('Europe/Madrid', context.clock.now()),
    client,
    activities: lines.map((line) =>
      soldActivity(
        context,
        line,
        coupons,
        ActivityStatus.Started,
        line.kind === 'package' ? checkOut : undefined,
      ),
    ),
    stays,
    insurance,
    payment,
    answers,
    adminPartnerUserId: meta.adminPartnerUserId ?? reservation.adminPartnerUserId,
    response: { serviceSales: [] },
  };
  for (const line of lines)
    if (line.giftCardIdentifier !== undefined)
      state.giftCards.get(line.giftCardIdentifier)!.exchangedBySaleId = saleId;
  // Nothing to collect: no payment page to send the customer to; the method given is kept.
  const collected = payment !== undefined && !nothingToCollect(record);
  if (payment !== undefined && !collected) payment.outcome = 'paid';
  if (!collected) completeSale(context, record, cart);
  record.response = {
    paymentRedirectUrl: collected ? `${context.baseUrl}/__sandbox/pay/${payment.token}` : undefined,
    serviceSales: [{ id: saleId, financialRatios: saleRatios(record) }],
  };
  state.sales.add(record);
  cart.status = 'sold';
  cart.saleId = saleId;
  return record.response;
};
