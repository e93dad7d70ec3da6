/**
 * Gift cards: sold through the GiftCards list of a cart (products tagged `giftcard`),
 * issued with a redemption code when their sale is confirmed (at Sale; for a debit
 * partner, when the payment succeeds), checked by code (GET /activity/giftcard), and
 * redeemed by adding their products with GiftCardIdentifier.
 *
 * Choices where the spec is silent:
 * - HoursInAdvanceOfGiftCardExchange is 2 for every card: a card may be redeemed for a
 *   visit until 22:00 of the visit day (hours before 00:00 of the day after, like
 *   HoursInAdvanceOfPurchase).
 * - A card is redeemed whole: each of its products once, quantity 1, at price 0; it
 *   becomes IsExchanged when the redeeming cart is sold. Until then another cart may
 *   hold it too, but only the first sale takes it (the later Confirm or Sale is refused).
 * - Client of the check: the recipient given in the GiftCards item, else the buyer.
 */
import type { GiftCardRequest, GiftCardResponse } from '#src/api/giftcards.js';
import type { ClientRecord } from '#src/api/sales.js';
import type { IsoDate, IsoDateTime } from '#src/api/schema.js';
import { addDays, addHours, startOfDay } from '#src/domain/index.js';
import { SandboxCode, refuse } from '../codes.js';
import type { Handler } from '../context.js';
import type { OperationOf } from '#src/api/operations.js';

export const GIFT_CARD_EXCHANGE_HOURS = 2;

export interface GiftCard {
  identifier: string;
  saleId: string;
  partnerSaleId: string;
  productIds: string[];
  message?: string;
  client: ClientRecord;
  hoursInAdvanceOfGiftCardExchange: number;
  /** Set when the cart redeeming it is sold. */
  exchangedBySaleId?: string;
}

export type GiftCardStore = Map<string, GiftCard>;

/** The moment redemption closes for a visit date (provider-local). */
export function exchangeCutoff(card: GiftCard, visit: IsoDate): IsoDateTime {
  return addHours(startOfDay(addDays(visit, 1)), -card.hoursInAdvanceOfGiftCardExchange);
}

/**
 * The card a cart line redeems, checked for that product and visit at `now`
 * (provider-local): it exists, is not exchanged, gives the product, and the exchange
 * window for the visit is still open.
 */
export function checkRedemption(
  cards: GiftCardStore,
  identifier: string,
  productId: string,
  visit: IsoDate,
  now: IsoDateTime,
): GiftCard {
  const card = cards.get(identifier);
  const entity = [{ id: identifier, name: 'GiftCardIdentifier' }];
  if (card === undefined)
    refuse(SandboxCode.GiftCardNotFound, `there is no gift card ${identifier}`, entity);
  if (card.exchangedBySaleId !== undefined)
    refuse(SandboxCode.GiftCardExchanged, `gift card ${identifier} was already redeemed`, entity);
  if (!card.productIds.includes(productId))
    refuse(
      SandboxCode.InvalidRequest,
      `gift card ${identifier} does not give product ${productId} (it gives ${card.productIds.join(', ')})`,
      [...entity, { id: productId, name: 'ProductId' }],
    );
  const cutoff = exchangeCutoff(card, visit);
  if (now >= cutoff)
    refuse(
      SandboxCode.GiftCardWindowClosed,
      `gift card ${identifier} can no longer be redeemed for ${visit}: exchange closed at ${cutoff} (${card.hoursInAdvanceOfGiftCardExchange} h before the end of the day)`,
      entity,
    );
  return card;
}

export const giftCardHandler: Handler<OperationOf<'giftcard'>> = (
  request: GiftCardRequest,
  context,
): GiftCardResponse => {
  const card = context.state.cart.giftCards.get(request.giftCardIdentifier.trim());
  if (card === undefined)
    refuse(SandboxCode.GiftCardNotFound, `there is no gift card ${request.giftCardIdentifier}`, [
      { id: request.giftCardIdentifier, name: 'GiftCardIdentifier' },
    ]);
  const index = context.data.index(context.data.language(request.languageCode));
  return {
    giftCardIdentifier: card.identifier,
    saleId: card.saleId,
    partnerSaleId: card.partnerSaleId,
    isExchanged: card.exchangedBySaleId !== undefined,
    hoursInAdvanceOfGiftCardExchange: card.hoursInAdvanceOfGiftCardExchange,
    message: card.message,
    client: card.client,
    products: card.productIds.map((id) => ({
      id,
      name: index.product(id)?.product.productName,
    })),
  };
};
