/**
 * Redeeming a gift card in the booking machine with fake actors: the code, the check,
 * the card (usable, exchanged, all in the cart), the opening of each product, and the
 * selection, quantity and adding steps with the draft's `giftCard` marker: the exchange
 * window at the date, quantity 1 at price 0, the next product after an Add, and a
 * refused redemption checked again. Every guard of these states, and their views.
 */
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '#src/api/schema.js';
import { interpret } from '#src/conversation/interpret.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { AddRefused, type AddToCartOutput } from '#flows/booking/actors/cart.js';
import type { CheckGiftCardInput } from '#flows/booking/actors/giftcards.js';
import type { OpenProductInput } from '#flows/booking/actors/selection.js';
import { Refusal } from '#flows/booking/problem.js';
import { codeIn } from '#flows/booking/guards/giftcards.js';
import {
  readCode,
  redeemedMore,
  remainingProducts,
  startRedemption,
} from '#flows/booking/steps/giftcards/redeem.js';
import type {
  BookingContext,
  CartLine,
  Draft,
  DraftProduct,
  GiftCardCheck,
} from '#flows/booking/types.js';
import { context, failing, fake, line, place } from './cart-harness.js';
import { opened } from './selection-harness.js';

const P = demoIds.products;
const CODE = '1234567890123456789';

const check = (over: Partial<GiftCardCheck> = {}): GiftCardCheck => ({
  code: CODE,
  exchanged: false,
  hoursInAdvance: 2,
  message: 'Enjoy!',
  holder: 'Sara Cruz',
  products: [
    {
      productId: P.museumGiftCard,
      name: 'Gift card: Sea Museum',
      currency: 'EUR',
      firstDate: '2026-06-10',
    },
  ],
  ...over,
});
const twoDaysCard = (firstDate: IsoDate = '2026-06-11') =>
  check({
    products: [{ productId: P.parkTwoDays, name: 'Two-day pass', currency: 'EUR', firstDate }],
  });
const emptyCart = { shoppingCartId: 'cart000000001', lines: [], adds: 0 };
const withCard = (card: GiftCardCheck | undefined, over: Partial<BookingContext> = {}) =>
  context({ cart: emptyCart, giftCards: { code: card?.code, check: card }, ...over });
const redeemed = (productId: string, id = 'r1'): CartLine =>
  line(id, {
    productId,
    quantity: 1,
    unitPrice: { cents: 0, currency: 'EUR' },
    activity: {
      productId,
      giftCardIdentifier: CODE,
      accessDateTime: '2026-06-12',
      quantity: 1,
    },
  });
const at = (state: string) => ({ giftcards: { redeem: state } });
const ids = (h: ReturnType<typeof place>) => h.view().options.map((option) => option.id);
async function say(h: ReturnType<typeof place>, text: string) {
  const reading = interpret({ kind: 'text', text }, h.view());
  if ('event' in reading) await h.send(reading.event);
  return reading;
}

/** A redeeming draft of a product opened by the real rules (10 June 2026, 10:00). */
const redeeming = (product: DraftProduct, over: Partial<Draft> = {}): Draft => ({
  product,
  sessions: [],
  questionSets: [],
  answers: {},
  questionCursor: 0,
  giftCard: { code: CODE, hoursInAdvance: 2, firstDate: '2026-06-11', currency: 'EUR' },
  ...over,
});

describe('the code', () => {
  it('is asked by /giftcard from anywhere, and read without spaces', async () => {
    const h = place('browse', context());
    await h.send({ type: 'command.giftcard' });
    expect(h.state()).toEqual({ giftcards: { redeem: 'code' } });
    expect(h.view().expects).toBe('text');
    expect(ids(h)).toEqual(['back', 'home']);
    expect(h.view().readText!('what is this?')).toEqual({
      error: 'That does not look like a gift card code: type just the code, with its digits.',
    });
    expect(h.view().readText!('1234 5678 9012')).toEqual({
      event: { type: 'giftcard.code', code: '123456789012' },
    });
    await h.choose('back');
    expect(h.state()).toEqual({ giftcards: 'menu' });
  });

  it('accepts codes of letters, digits and hyphens with a digit', () => {
    expect(readCode('AB-12cd')).toBe('AB-12cd');
    expect(readCode('abcd')).toBeUndefined();
    expect(readCode('12')).toBeUndefined();
    expect(readCode('12;drop')).toBeUndefined();
  });

  it('finds a code inside a sentence, not an amount, a day or a second candidate', () => {
    expect(codeIn('tengo una tarjeta regalo, el código es 3167250411491835499')).toBe(
      '3167250411491835499',
    );
    expect(codeIn('I have a gift card: ABCD-1234-EF.')).toBe('ABCD-1234-EF');
    expect(codeIn('el código es 3167 2504 1149 1835 499')).toBe('3167250411491835499');
    expect(codeIn('mi tarjeta regalo 3167250411491835499 por favor')).toBe('3167250411491835499');
    expect(codeIn('una tarjeta regalo de 50 euros')).toBeUndefined();
    expect(codeIn('tarjeta regalo para el 12/06/2026')).toBeUndefined();
    expect(codeIn('tengo 123456789 y 987654321')).toBeUndefined();
  });

  it('checks a valid code (a forged invalid one is refused) and shows the card', async () => {
    const checkGiftCard = fake<GiftCardCheck, CheckGiftCardInput>(() => check());
    const h = place(at('code'), withCard(undefined), { checkGiftCard: checkGiftCard.logic });
    await h.send({ type: 'giftcard.code', code: 'no' });
    expect(h.state()).toEqual({ giftcards: { redeem: 'code' } });
    await say(h, CODE);
    expect(checkGiftCard.inputs).toEqual([{ code: CODE, language: 'en' }]);
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
    expect(h.context().giftCards?.check).toEqual(check());
  });

  it('explains an unknown code and asks again', async () => {
    const h = place(at('code'), withCard(undefined), {
      checkGiftCard: failing(new Refusal('I cannot find a gift card with the code 9999.')),
    });
    await say(h, '9999');
    expect(h.state()).toEqual({ giftcards: { redeem: 'code' } });
    expect(h.notices).toEqual(['I cannot find a gift card with the code 9999.']);
    expect(h.context().giftCards).toEqual({ code: undefined, check: undefined });
  });
});

describe('the card', () => {
  it('shows its products, the message, who it is for and the exchange rule', () => {
    const h = place(at('card'), withCard(check()));
    expect(h.view().text).toBe(
      [
        `🎁 Gift card ${CODE}`,
        'It gives:',
        '• Gift card: Sea Museum',
        '💌 "Enjoy!"',
        '👤 For: Sara Cruz',
        '⏰ It is redeemed for a date until 22:00 on the day of the visit.',
        'Book with the card to redeem it.',
      ].join('\n'),
    );
    expect(h.view().options.map((o) => [o.id, o.label])).toEqual([
      ['use', '📅 Book "Gift card: Sea Museum"'],
      ['another', '🔑 Try another code'],
      ['home', '🏠 Home'],
    ]);
    expect(h.view().readText!('1')).toEqual({ event: { type: 'giftcard.use' } });
    expect(h.view().readText!('9876543210')).toEqual({
      event: { type: 'giftcard.code', code: '9876543210' },
    });
    expect(h.view().readText!('maybe later')).toEqual({
      error: 'Use the buttons: book with the card, or try another code.',
    });
  });

  it('says a redeemed card cannot be used again, and offers no booking', async () => {
    const h = place(at('card'), withCard(check({ exchanged: true })));
    expect(h.view().text).toBe(
      `❌ The gift card ${CODE} has already been redeemed: it cannot be used again.`,
    );
    expect(ids(h)).toEqual(['another', 'home']);
    await h.send({ type: 'giftcard.use' });
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
  });

  it('leads to the cart when everything it gives is there', async () => {
    const ctx = withCard(check(), {
      cart: { ...emptyCart, lines: [redeemed(P.museumGiftCard)] },
    });
    const h = place(at('card'), ctx);
    expect(h.view().text).toMatch(/Everything it gives is in your cart already/);
    expect(ids(h)).toEqual(['cart', 'another', 'home']);
    await h.send({ type: 'giftcard.use' });
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.notices).toEqual(['Everything the gift card gives is in your cart.']);
  });

  it('goes back to the code without a card, for another code, and back', async () => {
    const none = place(at('card'), withCard(undefined));
    expect(ids(none)).toEqual(['another', 'home']);
    await none.send({ type: 'giftcard.use' });
    expect(none.state()).toEqual({ giftcards: { redeem: 'code' } });

    const h = place(at('card'), withCard(check()));
    await h.choose('another');
    expect(h.state()).toEqual({ giftcards: { redeem: 'code' } });
    expect(h.context().giftCards?.check).toBeUndefined();
    const back = place(at('card'), withCard(check()));
    await back.send({ type: 'nav.back' });
    expect(back.state()).toEqual({ giftcards: { redeem: 'code' } });
  });

  it('checks a new code typed over the card (an invalid forged one is refused)', async () => {
    const checkGiftCard = fake<GiftCardCheck, CheckGiftCardInput>(({ code }) =>
      check({ code, exchanged: true }),
    );
    const h = place(at('card'), withCard(check()), { checkGiftCard: checkGiftCard.logic });
    await h.send({ type: 'giftcard.code', code: '?' });
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
    await say(h, '5555666677778888');
    expect(checkGiftCard.inputs).toEqual([{ code: '5555666677778888', language: 'en' }]);
    expect(h.context().giftCards?.check?.exchanged).toBe(true);
  });

  it('counts as redeemed only lines with its code', () => {
    const other = line('o1', {
      productId: P.museumGiftCard,
      activity: { productId: P.museumGiftCard, accessDateTime: '2026-06-12', quantity: 1 },
    });
    expect(remainingProducts(check(), { ...emptyCart, lines: [other] })).toHaveLength(1);
    expect(
      remainingProducts(check(), { ...emptyCart, lines: [redeemed(P.museumGiftCard)] }),
    ).toEqual([]);
    expect(remainingProducts(undefined, emptyCart)).toEqual([]);
  });
});

describe('opening the products of the card', () => {
  it('opens the next product and asks its date, the draft marked', async () => {
    const product = opened(P.parkTwoDays);
    const openProduct = fake<DraftProduct, OpenProductInput>(() => product);
    const h = place(at('card'), withCard(twoDaysCard()), { openProduct: openProduct.logic });
    await h.choose('use');
    expect(openProduct.inputs).toEqual([{ productId: P.parkTwoDays, language: 'en', cart: [] }]);
    expect(h.state()).toEqual({ date: 'pick' });
    expect(h.context().draft?.giftCard).toEqual({
      code: CODE,
      hoursInAdvance: 2,
      firstDate: '2026-06-11',
      currency: 'EUR',
    });
    expect(h.notices).toEqual([
      '🎁 Redeeming "Two-day pass": choose the day of your visit (it is redeemed until 22:00 on the day of the visit).',
    ]);
  });

  it('explains a product it cannot open, at the card', async () => {
    const h = place(at('card'), withCard(check()), {
      openProduct: failing(new Refusal('That product cannot be bought right now.')),
    });
    await h.choose('use');
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
    expect(h.notices).toEqual(['That product cannot be bought right now.']);
  });

  it('uses the fixed date of a product whose date is not asked, straight to the quantity', async () => {
    const product = opened(P.museumGiftCard);
    expect(product.fixedDate).toBe('2026-06-10');
    const h = place(at('card'), withCard(check()), {
      openProduct: fake(() => product).logic,
    });
    await h.choose('use');
    expect(h.state()).toEqual({ quantity: 'choosing' });
    expect(h.context().draft).toMatchObject({
      accessDate: '2026-06-10',
      unitPrice: { cents: 0, currency: 'EUR' },
    });
    expect(h.notices).toEqual([
      '🎁 Redeeming "Gift card: Sea Museum" for Wednesday, 10 June 2026.\nIt is an open-date ticket: valid from Wednesday, 10 June 2026.',
    ]);
    // Back from the quantity: the card, not the product card.
    await h.choose('back');
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
  });

  it("moves an open-date ticket to the first day still open once today's exchange closed", () => {
    const product = opened(P.museumGiftCard);
    const late = withCard(
      check({
        products: [{ ...check().products[0]!, firstDate: '2026-06-11' }],
      }),
    );
    const start = startRedemption(late, product);
    expect(start).toMatchObject({
      kind: 'fixed',
      shifted: true,
      draft: { accessDate: '2026-06-11' },
    });
    if (start.kind === 'fixed') expect(start.draft.product.fixedDate).toBe('2026-06-11');
  });

  it('refuses a product sold only for the purchase date once today is closed', async () => {
    const product = opened(P.wineGiftCard);
    const card = check({
      products: [
        {
          productId: P.wineGiftCard,
          name: 'Gift card: tasting for two',
          currency: 'EUR',
          firstDate: '2026-06-11',
          purchaseDateOnly: true,
        },
      ],
    });
    const h = place(at('card'), withCard(card), { openProduct: fake(() => product).logic });
    await h.choose('use');
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
    expect(h.notices).toEqual([
      '🎁 "Gift card: tasting for two" is sold only for the day of purchase, and today the gift card can no longer be redeemed (it is redeemed until 22:00 on the day of the visit). Please try again tomorrow in time.',
    ]);
  });

  it('refuses an open-date product with no day left after the exchange closed', () => {
    const product = { ...opened(P.museumGiftCard), dates: ['2026-06-10' as const] };
    const late = withCard(
      check({ products: [{ ...check().products[0]!, firstDate: '2026-06-11' }] }),
    );
    expect(startRedemption(late, product)).toEqual({
      kind: 'refused',
      text: 'There is no day left on which "Gift card: Sea Museum" can be redeemed.',
    });
  });
});

describe('the date of a redemption', () => {
  const ctx = (draft: Draft) => withCard(twoDaysCard(), { draft });

  it('refuses a date whose exchange has closed, with the first day still open', async () => {
    const h = place({ date: 'pick' }, ctx(redeeming(opened(P.parkTwoDays))));
    await h.choose('date:2026-06-10');
    expect(h.state()).toEqual({ date: 'pick' });
    expect(h.notices).toEqual([
      '🎁 The gift card can no longer be redeemed for Wednesday, 10 June 2026: the time ran out at 22:00 on Wednesday, 10 June 2026 (it is redeemed until 22:00 on the day of the visit). The first day you can choose now is Thursday, 11 June 2026.',
    ]);
    await h.choose('date:2026-06-11');
    // Taken, for every enclosure of the pass (no second date asked).
    expect(h.context().draft?.accessDate).toBe('2026-06-11');
    expect(h.state()).not.toEqual({ date: 'pick' });
  });

  it('takes any sellable date of a product without exchange limit, and a date not sold is refused', async () => {
    const draft = redeeming(opened(P.parkTwoDays), {
      giftCard: { code: CODE, currency: 'EUR' },
    });
    const h = place({ date: 'pick' }, ctx(draft));
    await h.send({ type: 'date.pick', date: '2020-01-01' });
    expect(h.state()).toEqual({ date: 'pick' });
    expect(h.notices).toEqual([]);
    await h.choose('date:2026-06-10');
    expect(h.context().draft?.accessDate).toBe('2026-06-10');
    expect(h.state()).not.toEqual({ date: 'pick' });
  });

  it('goes back to the card, not to the product card', async () => {
    const h = place({ date: 'pick' }, ctx(redeeming(opened(P.parkTwoDays))));
    await h.choose('back');
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
  });
});

describe('the quantity of a redemption', () => {
  const product = opened(P.museumGiftCard);
  const draft = redeeming(product, { accessDate: '2026-06-10' });

  it('is one at price 0, without asking the price', async () => {
    const quotePrice = fake(() => ({ cents: 1400, currency: 'EUR' }));
    const h = place('quantity', withCard(check(), { draft }), { quotePrice: quotePrice.logic });
    expect(h.state()).toEqual({ quantity: 'choosing' });
    expect(quotePrice.inputs).toEqual([]);
    expect(h.view().text).toBe(
      '🎁 With the gift card: 1 × "Gift card: Sea Museum", Wednesday, 10 June 2026. Price: €0.00.',
    );
    expect(ids(h)).toEqual(['qty:1', 'back', 'home']);
    expect(h.view().readText!('two')).toEqual({
      error: 'Press "Continue" to redeem it, or go back to change the date.',
    });
    await h.send({ type: 'quantity.pick', quantity: 2 });
    expect(h.state()).toEqual({ quantity: 'choosing' });
  });

  it('goes on to the questions with one', async () => {
    const h = place(
      { quantity: 'choosing' },
      withCard(check(), {
        draft: { ...draft, unitPrice: { cents: 0, currency: 'EUR' } },
      }),
      {},
      { stub: ['questions'] },
    );
    await h.choose('qty:1');
    expect(h.state()).toBe('questions');
    expect(h.context().draft?.quantity).toBe(1);
  });

  it('checks the places of a limited day first, then still asks no price', async () => {
    const limited = {
      ...product,
      rules: { ...product.rules!, limitedDates: ['2026-06-10' as const], capacityByDate: {} },
    };
    const checkCapacity = fake(() => ({ products: 5 }));
    const quotePrice = fake(() => ({ cents: 1400, currency: 'EUR' }));
    const h = place('quantity', withCard(check(), { draft: { ...draft, product: limited } }), {
      checkCapacity: checkCapacity.logic,
      quotePrice: quotePrice.logic,
    });
    await h.settled();
    expect(checkCapacity.inputs).toHaveLength(1);
    expect(quotePrice.inputs).toEqual([]);
    expect(h.state()).toEqual({ quantity: 'choosing' });
    expect(h.context().draft?.unitPrice).toEqual({ cents: 0, currency: 'EUR' });
  });
});

describe('adding a redemption', () => {
  const twoProducts = check({
    products: [
      check().products[0]!,
      { productId: P.parkTwoDays, name: 'Two-day pass', currency: 'EUR', firstDate: '2026-06-10' },
    ],
  });
  const draft = redeeming(opened(P.museumGiftCard), {
    accessDate: '2026-06-10',
    quantity: 1,
    unitPrice: { cents: 0, currency: 'EUR' },
  });
  const added = (lines: CartLine[]): AddToCartOutput => ({
    cart: { ...emptyCart, lines, adds: lines.length },
    rebuilt: false,
    released: false,
    line: lines.at(-1)!,
  });

  it('books the next product of the card after an Add', async () => {
    const openProduct = fake<DraftProduct, OpenProductInput>(() => opened(P.parkTwoDays));
    const h = place('adding', withCard(twoProducts, { draft }), {
      addToCart: fake(() => added([redeemed(P.museumGiftCard)])).logic,
      openProduct: openProduct.logic,
    });
    await h.settled();
    expect(openProduct.inputs.map((input) => input.productId)).toEqual([P.parkTwoDays]);
    expect(h.state()).toEqual({ date: 'pick' });
  });

  it('goes to the cart after the last product, and after any other Add', async () => {
    const last = place('adding', withCard(check(), { draft }), {
      addToCart: fake(() => added([redeemed(P.museumGiftCard)])).logic,
    });
    await last.settled();
    expect(last.state()).toEqual({ cart: 'idle' });

    const plain = line('p1');
    const other = place(
      'adding',
      withCard(twoProducts, { draft: { ...draft, giftCard: undefined } }),
      {
        addToCart: fake(() => added([plain])).logic,
      },
    );
    await other.settled();
    expect(other.state()).toEqual({ cart: 'idle' });
    expect(redeemedMore(withCard(twoProducts, { cart: { ...emptyCart, lines: [plain] } }))).toBe(
      false,
    );
  });

  it('checks the card again when the service refuses the redemption itself', async () => {
    const checkGiftCard = fake<GiftCardCheck, CheckGiftCardInput>(() => check({ exchanged: true }));
    const h = place('adding', withCard(check(), { draft }), {
      addToCart: failing(new AddRefused('gift card 123 was already redeemed', 'cart')),
      checkGiftCard: checkGiftCard.logic,
    });
    await h.settled();
    expect(checkGiftCard.inputs).toEqual([{ code: CODE, language: 'en' }]);
    expect(h.state()).toEqual({ giftcards: { redeem: 'card' } });
    expect(h.notices).toEqual(['gift card 123 was already redeemed']);
    expect(h.view().text).toMatch(/has already been redeemed/);
  });

  it('leaves refusals a step can fix to that step', async () => {
    const h = place(
      'adding',
      withCard(check(), { draft }),
      {
        addToCart: failing(new AddRefused('no sessions that day', 'session')),
      },
      { stub: ['session'] },
    );
    await h.settled();
    expect(h.state()).toBe('session');
    // A card checked for another code is not checked again for this draft.
    const other = place('adding', withCard(check({ code: '999999' }), { draft }), {
      addToCart: failing(new AddRefused('refused', 'cart')),
    });
    await other.settled();
    expect(other.state()).toEqual({ cart: 'idle' });
  });
});
