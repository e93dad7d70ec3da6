/**
 * The gift card actors: the check of a card by its code (GET /activity/giftcard), and
 * the Add of a gift card bought (a GiftCards item) by the one Add path of every line
 * (add-line.ts); a rebuilt cart adds the card again unchanged.
 *
 * Where the spec is silent:
 * - Add answers no id for a GiftCards item (only Activities and Accommodations ids are
 *   described): the line's cart item id is ours (cart-ops.ts). Removing it is refused by
 *   the service (unknown id), so the cart is rebuilt without it, as for any failed Remove.
 * - Any error envelope of the check means the code is not a card we can use: the
 *   customer is told so with the service's words, and may type another code.
 * - The card is priced, and its AccessDateTime set, on the first date its products are
 *   all on sale (the spec calls the date approximate and statistical).
 */
import { fromPromise } from 'xstate';
import type { CartGiftCard } from '#src/api/cart.js';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import { giftCardOperation } from '#src/api/giftcards.js';
import type { IsoDate } from '#src/api/schema.js';
import type { CatalogIndex } from '#src/domain/catalog.js';
import type { Lang } from '#src/domain/lang.js';
import { providerNow } from '#src/domain/time.js';
import { catalogMessages, text } from '#src/i18n/catalog.js';
import type { AddToCartOutput } from '#flows/booking/actors/cart.js';
import type { AddGiftCardInput, CheckGiftCardInput } from '#flows/booking/actors/giftcards.js';
import { Refusal } from '#flows/booking/problem.js';
import { plainText } from '#src/domain/plain-text.js';
import { firstExchangeDate } from '#flows/booking/steps/giftcards/exchange.js';
import {
  giftCardLineName,
  giftCardOffer,
  isGiftCardProduct,
  type GiftCardOffer,
} from '#flows/booking/steps/giftcards/products.js';
import { productName } from '#flows/booking/choosing/offerable.js';
import type { GiftCardCheck, GiftCardPurchase } from '#flows/booking/types.js';
import { cartContextOf, type CartActorOptions, type CartCalls } from './cart.js';
import { addLine } from './add-line.js';
import type { ActorDeps } from './index.js';

const messages = catalogMessages(import.meta.url, {
  notFound: (code: string) => ({ code }),
  notOnSale: (name: string) => ({ name }),
  nothing: text,
});

/** The GiftCards item of a purchase, with its offers (prices), from the local catalog. */
export function giftCardRequestOf(
  purchase: GiftCardPurchase,
  catalog: CatalogIndex,
  now: Date,
  language: Lang,
): { item: CartGiftCard; offers: GiftCardOffer[] } {
  const m = messages(language);
  if (purchase.products.length === 0) throw new Refusal(m.nothing);
  const offers = purchase.products.map(({ productId }) => {
    const entry = catalog.product(productId);
    const offer = isGiftCardProduct(entry) ? giftCardOffer(entry!, now) : undefined;
    if (!offer) throw new Refusal(m.notOnSale(entry ? productName(entry.product) : productId));
    return offer;
  });
  // The first date on which every product of the card is on sale (approximate anyway).
  const date = offers
    .map((offer) => offer.date)
    .sort()
    .at(-1) as IsoDate;
  const { message, recipientName, recipientEmail } = purchase;
  const client =
    recipientName !== undefined || recipientEmail !== undefined
      ? {
          ...(recipientName !== undefined ? { fullName: recipientName } : {}),
          ...(recipientEmail !== undefined ? { email: recipientEmail } : {}),
        }
      : undefined;
  return {
    item: {
      productIds: offers.map((offer) => offer.entry.product.productId),
      accessDateTime: date,
      ...(message !== undefined ? { message } : {}),
      ...(client !== undefined ? { client } : {}),
    },
    offers,
  };
}

export function createGiftCardActors(deps: ActorDeps, options: CartActorOptions = {}) {
  const context = cartContextOf(deps, options);
  const { client, catalog, now } = context;

  async function checkGiftCard(input: CheckGiftCardInput, signal: AbortSignal) {
    const m = messages(input.language);
    let response;
    try {
      response = await client.call(
        giftCardOperation,
        { giftCardIdentifier: input.code, languageCode: input.language },
        { signal },
      );
    } catch (error) {
      if (error instanceof PartnerEnvelopeError) {
        // The service's words are logged by the client, never shown.
        throw new Refusal(m.notFound(input.code), { cause: error });
      }
      throw error;
    }
    const index = await catalog(input.language);
    const instant = now();
    const hours = response.hoursInAdvanceOfGiftCardExchange;
    // The purchaser wrote these for the holder to read: shown as plain text. The holder is
    // the FullName the purchaser gave (a GiftCards item's Client has no surname): a Surname
    // beside it is the buyer's (not "Sara García" for Sara Cruz).
    const holder = plainText(response.client?.fullName ?? '');
    const check: GiftCardCheck = {
      code: input.code,
      exchanged: response.isExchanged,
      ...(hours !== undefined ? { hoursInAdvance: hours } : {}),
      ...(response.message !== undefined ? { message: plainText(response.message) } : {}),
      ...(holder !== '' ? { holder } : {}),
      products: response.products.map((product) => {
        const entry = index.product(product.id);
        return {
          productId: product.id,
          name: entry ? productName(entry.product) : (product.name ?? product.id),
          currency: entry?.product.pricesAndDates[0]?.currency ?? 'EUR',
          ...(entry !== undefined && !entry.provider.demandAccessDate
            ? { purchaseDateOnly: true }
            : {}),
          ...(entry !== undefined && hours !== undefined
            ? { firstDate: firstExchangeDate(hours, providerNow(entry.provider, instant)) }
            : {}),
        };
      }),
    };
    return check;
  }

  async function addGiftCard(
    input: AddGiftCardInput,
    { ops }: CartCalls,
  ): Promise<AddToCartOutput> {
    const index = await catalog(input.language);
    const { item, offers } = giftCardRequestOf(input.purchase, index, now(), input.language);
    const first = offers[0]!;
    return addLine(ops, input, { giftCards: [item] }, (ids) => ({
      cartItemId: ids[0]!,
      productId: first.entry.product.productId,
      providerId: first.entry.provider.providerId,
      name: giftCardLineName(
        offers.map((offer) => productName(offer.entry.product)),
        input.purchase.recipientName,
        input.language,
      ),
      accessDate: item.accessDateTime,
      quantity: 1,
      sessions: [],
      unitPrice: {
        cents: offers.reduce((sum, offer) => sum + offer.unit.cents, 0),
        currency: first.unit.currency,
      },
      insurable: false,
      giftCard: item,
    }));
  }

  return {
    checkGiftCard: fromPromise<GiftCardCheck, CheckGiftCardInput>(({ input, signal }) =>
      checkGiftCard(input, signal),
    ),
    addGiftCard: fromPromise<AddToCartOutput, AddGiftCardInput>(({ input, system }) =>
      addGiftCard(input, context.calls(system)),
    ),
  };
}
