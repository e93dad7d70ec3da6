/**
 * The gift cards' guards (steps/giftcards/buy.ts and redeem.ts, and the Add of a
 * redemption in steps/adding.ts), with the rules they read about a purchase, a code, a
 * card checked and its products left to book.
 */
import { AddRefused } from '../actors/cart.js';
import type {
  BookingContext,
  Cart,
  GiftCardCheck,
  GiftCardProduct,
  GiftCardPurchase,
} from '../types.js';
import { errorOf, eventOf, type GuardArgs } from './guard.js';

/**
 * A redemption code as typed: spaces dropped; 4 to 64 letters, digits and hyphens with
 * at least one digit (the spec gives no format; the sandbox's codes are 19 digits).
 */
export function readCode(text: string): string | undefined {
  const code = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9-]{4,64}$/.test(code) && /\d/.test(code) ? code : undefined;
}

/** Words after which the rest of a sentence is the code ("el código es …", "code: …"). */
const CODE_CUE = /(?:c[oó]digo|code|n[uú]mero|number|:)\s*(?:es|is|de la tarjeta)?\s*:?\s*/giu;

/**
 * A code given inside a sentence ("tengo una tarjeta regalo, el código es 3167…", "I have
 * a gift card: ABCD-1234"): what follows a cue word read as a code (its spaces dropped,
 * trailing punctuation left out), else the one word of the sentence that reads as a code
 * and is long enough not to be an amount or a day (six characters, four of them digits).
 */
export function codeIn(text: string): string | undefined {
  const cues = [...text.matchAll(CODE_CUE)];
  const last = cues.at(-1);
  if (last !== undefined) {
    const after = text.slice(last.index + last[0].length).replace(/[.,;!?)]+\s*$/u, '');
    const code = readCode(after);
    if (code !== undefined) return code;
  }
  const words = text
    .split(/[\s,;:!?()«»"']+/u)
    .map((word) => word.replace(/\.+$/, ''))
    .filter(
      (word) =>
        word.length >= 6 && (word.match(/\d/g)?.length ?? 0) >= 4 && readCode(word) !== undefined,
    );
  return words.length === 1 ? words[0] : undefined;
}

/** The card's products not yet in the cart with its code (the card is redeemed whole). */
export function remainingProducts(check: GiftCardCheck | undefined, cart: Cart): GiftCardProduct[] {
  if (check === undefined) return [];
  return check.products.filter(
    (product) =>
      !cart.lines.some(
        (line) =>
          line.productId === product.productId && line.activity?.giftCardIdentifier === check.code,
      ),
  );
}

export const checkOf = (context: BookingContext) => context.giftCards?.check;
export const nextProduct = (context: BookingContext) =>
  remainingProducts(checkOf(context), context.cart)[0];

/** After an Add: it redeemed the card being redeemed, which has more products to book. */
export const redeemedMore = (context: BookingContext): boolean => {
  const check = checkOf(context);
  return (
    check !== undefined &&
    context.cart.lines.at(-1)?.activity?.giftCardIdentifier === check.code &&
    remainingProducts(check, context.cart).length > 0
  );
};

/**
 * A redemption Add the service refused for the card itself (redeemed meanwhile, window
 * closed, a product it does not give): no step of the draft can fix that, the card is
 * checked again. Refusals a step can fix (date, session, answers) go to that step.
 */
export const redemptionRefused = (context: BookingContext, error: unknown): boolean =>
  context.draft?.giftCard !== undefined &&
  context.giftCards?.code === context.draft.giftCard.code &&
  error instanceof AddRefused &&
  (error.fix === 'cart' || error.fix === 'quantity');

/** The gift card being bought (none chosen yet: no products). */
export const purchaseOf = (context: BookingContext): GiftCardPurchase =>
  context.giftCards?.buying ?? { products: [] };

export const giftCardGuards = {
  purchaseHasProducts: ({ context }: GuardArgs) => purchaseOf(context).products.length > 0,
  /** The product toggled is in the purchase (unticking is always possible). */
  purchaseHasProduct: ({ context, event }: GuardArgs) =>
    purchaseOf(context).products.some(
      (p) => p.productId === eventOf(event, 'giftcard.toggle')?.productId,
    ),
  /** The purchase holds a product of another provider than the one toggled. */
  purchaseFromOtherProvider: ({ context, event }: GuardArgs) =>
    purchaseOf(context).products.some(
      (p) => p.providerId !== eventOf(event, 'giftcard.toggle')?.providerId,
    ),
  /** A detail of the purchase (message, recipient's name or e-mail) is given. */
  purchaseHas: (
    { context }: GuardArgs,
    { key }: { key: 'message' | 'recipientName' | 'recipientEmail' },
  ) => purchaseOf(context)[key] !== undefined,
  codeReadable: ({ event }: GuardArgs) =>
    readCode(eventOf(event, 'giftcard.code')?.code ?? '') !== undefined,
  noCardChecked: ({ context }: GuardArgs) => checkOf(context) === undefined,
  /** The card was exchanged already: nothing of it to redeem. */
  cardExchanged: ({ context }: GuardArgs) => checkOf(context)!.exchanged,
  productLeftToRedeem: ({ context }: GuardArgs) => nextProduct(context) !== undefined,
  redeemedMore: ({ context }: GuardArgs) => redeemedMore(context),
  redemptionRefused: ({ context, event }: GuardArgs) => redemptionRefused(context, errorOf(event)),
};
