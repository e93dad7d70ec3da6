/**
 * ShoppingCart/Confirm (the reservation) and ShoppingCart/CancelConfirm.
 *
 * Confirm reserves item by item, all or nothing per item (reserve-lines.ts): an item
 * whose places do not all fit (its quota tickets on a limited day, in a limited
 * session), whose date is no longer on sale, or whose session cannot be assigned is
 * answered with Success false and holds nothing, while the other items stay reserved.
 * If no item at all could be reserved, the call fails (capacity: code 1204, as the spec
 * says exceeding capacity yields an error) and the cart stays as it was.
 *
 * The reservation holds until ExpirationDateTime (now + reservationMinutes, written in
 * the provider's local time, no zone). A Confirm of a live reservation repeats it (no
 * new places are held); of a lapsed one reserves again from scratch. Sale, client and
 * provider question profiles that apply to the cart must be answered here.
 */
import type { CartConfirmResponse, PaymentMethod, ReservedProduct } from '#src/api/cart.js';
import type { OperationOf } from '#src/api/operations.js';
import type { IsoDateTime } from '#src/api/schema.js';
import { localNow, providerZone } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { Handler, SandboxContext } from '../context.js';
import type { SandboxLanguage } from '../data.js';
import { addNeeds, emptyNeeds } from './capacity.js';
import { checkCombinedComplete, checkGroups, checkPriceSets } from './cart-rules.js';
import {
  cartOf,
  type Cart,
  type Reservation,
  type ReservedLine,
  type ReservedStay,
} from './carts.js';
import { cartProviders, checkProfileAnswers } from './profile-answers.js';
import {
  reserveActivity,
  reserveGiftCard,
  reservePackage,
  type Failure,
  type LineResult,
} from './reserve-lines.js';

/** The payment methods offered to a debit partner (the spec shows none: assumed). */
export const DEBIT_PAYMENT_METHODS: PaymentMethod[] = [
  {
    id: 'card',
    type: 1,
    name: 'Tarjeta de crédito o débito',
    commercialName: 'Card',
    enableSendByEmail: true,
    fields: [],
  },
  {
    id: 'transfer',
    type: 2,
    name: 'Transferencia bancaria',
    commercialName: 'Bank transfer',
    enableSendByEmail: false,
    fields: [],
  },
];

/** The cart's reservation if it is still live (held and not expired). */
export function liveReservation(context: SandboxContext, cart: Cart): Reservation | undefined {
  if (cart.status !== 'reserved' || cart.reservation === undefined) return undefined;
  return context.state.cart.capacity.isHeld(cart.id) ? cart.reservation : undefined;
}

function productView(
  context: SandboxContext,
  line: ReservedLine,
  language: SandboxLanguage,
): ReservedProduct {
  return {
    productId: line.productId,
    combinedProductId: line.combinedProductId,
    productName: context.data.index(language).product(line.productId)?.product.productName,
    accessDateTime: `${line.accessDate}T00:00:00` as IsoDateTime,
    quantity: line.quantity,
    price: line.price,
    priceMode: line.priceMode,
    success: line.success,
    tickets: line.tickets.map((t) => ({ ticketId: t.ticketId, sessionId: t.sessionId })),
    cancellationPolicy: line.cancellationPolicy,
  };
}

export const cartConfirmHandler: Handler<OperationOf<'cart-confirm'>> = (
  request,
  context,
  meta,
) => {
  const state = context.state.cart;
  const cart = cartOf(state.carts, request.shoppingCartId);
  if (cart.status === 'sold')
    refuse(SandboxCode.CartAlreadyReserved, `cart ${cart.id} was already sold`);
  if (cart.items.length === 0) refuse(SandboxCode.CartEmpty, `cart ${cart.id} is empty`);
  const answers = checkProfileAnswers(context, cart, request.questionsProfiles ?? []);

  const live = liveReservation(context, cart);
  if (live !== undefined) {
    live.answers = answers;
    return live.response;
  }
  if (cart.status === 'reserved') state.capacity.release(cart.id);
  if (meta.capacityExhausted)
    refuse(SandboxCode.CapacityExceeded, 'capacity exhausted: nothing could be reserved');
  checkCombinedComplete(context, cart.items);
  checkPriceSets(context, cart.items);
  checkGroups(context, cart.items);

  const taken = emptyNeeds();
  const lines: ReservedLine[] = [];
  const stays: ReservedStay[] = [];
  const failures: Failure[] = [];
  const record = (result: LineResult) => {
    lines.push(result.line);
    addNeeds(taken, result.needs);
  };
  for (const item of cart.items) {
    if (item.kind === 'activity') {
      const result = reserveActivity(context, item, cart, taken);
      record(result);
      if (result.failure) failures.push(result.failure);
    } else if (item.kind === 'giftcard') {
      reserveGiftCard(context, item).forEach(record);
    } else {
      const result = reservePackage(context, item, taken);
      result.lines.forEach(record);
      stays.push(result.stay);
      if (result.failure) failures.push(result.failure);
    }
  }
  if (!lines.some((line) => line.success) && !stays.some((stay) => stay.success)) {
    const first = failures[0] ?? { code: SandboxCode.CapacityExceeded, message: 'nothing fits' };
    refuse(
      first.code,
      `nothing in cart ${cart.id} could be reserved: ${failures.map((f) => f.message).join('; ')}`,
    );
  }

  const firstProvider = cartProviders(context, cart)[0];
  const zone = firstProvider ? providerZone(firstProvider) : 'Europe/Madrid';
  const expiresAtMs = context.clock.now().getTime() + context.options.reservationMinutes * 60_000;
  const expirationDateTime = localNow(zone, new Date(expiresAtMs));
  const language = context.data.language(request.languageCode);
  const debit = context.options.debitPartner;
  const response: CartConfirmResponse = {
    expirationDateTime,
    activities: { products: lines.map((line) => productView(context, line, language)) },
    accommodations: stays.map((stay) => ({
      productId: stay.rateId,
      productConditions: stay.conditions,
      accessDateTime: `${stay.checkIn}T00:00:00` as IsoDateTime,
      accessEndDateTime: `${stay.checkOut}T00:00:00` as IsoDateTime,
      quantity: 1,
      price: stay.price,
      priceMode: stay.priceMode,
      success: stay.success,
      errorMessage: stay.errorMessage,
      childrenAges: stay.childrenAges,
      numberOfAdults: stay.numberOfAdults,
      numberOfChildren: stay.numberOfChildren,
      numberOfSenior: 0,
      numberOfBabies: 0,
      numberOfGeneric: 0,
      cancellationPolicy: stay.cancellationPolicy,
    })),
    paymentMethodsNotApplicable: !debit,
    paymentMethods: debit ? DEBIT_PAYMENT_METHODS : [],
  };
  state.capacity.hold(cart.id, taken, expiresAtMs);
  cart.status = 'reserved';
  cart.reservation = {
    expiresAtMs,
    expirationDateTime,
    lines,
    stays,
    answers,
    response,
    adminPartnerUserId: meta.adminPartnerUserId,
  };
  return response;
};

export const cartCancelConfirmHandler: Handler<OperationOf<'cart-cancelconfirm'>> = (
  request,
  context,
) => {
  const state = context.state.cart;
  const cart = cartOf(state.carts, request.shoppingCartId);
  if (cart.status === 'sold')
    refuse(
      SandboxCode.CartAlreadyReserved,
      `cart ${cart.id} was already sold: its reservation cannot be cancelled`,
    );
  if (cart.status !== 'reserved')
    refuse(SandboxCode.CartNotReserved, `cart ${cart.id} has no reservation to cancel`);
  state.capacity.release(cart.id);
  cart.status = 'open';
  cart.reservation = undefined;
  return {};
};
