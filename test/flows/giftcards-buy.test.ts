/**
 * Buying a gift card in the booking machine with fake actors: the menu, the products
 * (one provider per card), the message, the recipient's name and e-mail (validated,
 * kept, skipped), the summary and the Add; every guard, and what the views offer.
 */
import { describe, expect, it } from 'vitest';
import { PartnerEnvelopeError } from '#src/api/errors.js';
import { interpret } from '#src/conversation/interpret.js';
import type { AddToCartOutput } from '#flows/booking/actors/cart.js';
import type { AddGiftCardInput } from '#flows/booking/actors/giftcards.js';
import { partnerSaleIdOf } from '#flows/booking/steps/reserved.js';
import { MESSAGE_MAX, readDetail } from '#flows/booking/steps/giftcards/buy.js';
import { giftCardOffers } from '#flows/booking/steps/giftcards/products.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import type { BookingContext, CartLine, GiftCardPurchase } from '#flows/booking/types.js';
import { catalog, context, failing, fake, line, NOW, place } from './cart-harness.js';

const P = demoIds.products;
const museum = { productId: P.museumGiftCard, providerId: demoIds.providers.museum };
const twoDays = { productId: P.parkTwoDays, providerId: demoIds.providers.waterpark };

const ids = (h: ReturnType<typeof place>) => h.view().options.map((option) => option.id);
/** Typed text, read through the current view as the engine reads it. */
async function say(h: ReturnType<typeof place>, text: string) {
  const reading = interpret({ kind: 'text', text }, h.view());
  if ('event' in reading) await h.send(reading.event);
  return reading;
}
const buying = (purchase: Partial<GiftCardPurchase> = {}): BookingContext =>
  context({
    cart: { shoppingCartId: 'cart000000001', lines: [], adds: 0 },
    giftCards: { buying: { products: [museum], ...purchase } },
  });
const at = (state: string) => ({ giftcards: { buy: state } });

describe('the gift card menu', () => {
  it('is reached from home and by nothing else than its buttons; back goes home', async () => {
    const h = place('home', context());
    expect(ids(h)).toContain('giftcards');
    await h.choose('giftcards');
    expect(h.state()).toEqual({ giftcards: 'menu' });
    expect(ids(h)).toEqual(['gift:buy', 'gift:redeem', 'back', 'home']);
    await h.choose('gift:buy');
    expect(h.state()).toEqual({ giftcards: { buy: 'products' } });
    await h.choose('back');
    await h.choose('gift:redeem');
    expect(h.state()).toEqual({ giftcards: { redeem: 'code' } });
    await h.choose('back');
    await h.choose('back');
    expect(h.state()).toBe('home');
  });

  it('answers free text with what it offers', () => {
    const h = place({ giftcards: 'menu' }, context());
    expect(h.view().readText!('hello')).toEqual({
      error: 'Choose to buy or to redeem a gift card.',
    });
    expect(h.view().readText!('2')).toEqual({ event: { type: 'giftcard.redeem' } });
  });
});

describe('choosing the products', () => {
  it('offers the gift-card products on sale, with their price', () => {
    const offers = giftCardOffers(catalog, NOW);
    expect(offers.map((offer) => offer.entry.product.productId)).toEqual([
      P.museumGiftCard,
      P.parkTwoDays,
      P.wineGiftCard,
    ]);
    const h = place(at('products'), context());
    expect(ids(h)).toEqual([
      `gift:${P.museumGiftCard}`,
      `gift:${P.parkTwoDays}`,
      `gift:${P.wineGiftCard}`,
      'back',
      'home',
    ]);
    expect(h.view().options[0]!.label).toBe(
      '▫️ Gift card: Sea Museum · Valencia Sea Museum · €14.00',
    );
    expect(h.view().readText!('a museum')).toEqual({
      error: 'Choose the products from the list (by their number) and press "Continue".',
    });
  });

  it('ticks and unticks; a product of another provider is refused; Continue needs one', async () => {
    const h = place(at('products'), context());
    await h.send({ type: 'giftcard.next' });
    expect(h.state()).toEqual({ giftcards: { buy: 'products' } });
    expect(h.notices).toEqual(['Tick at least one product for the gift card.']);

    await h.choose(`gift:${P.museumGiftCard}`);
    expect(h.context().giftCards?.buying?.products).toEqual([museum]);
    // Only the same provider's products are shown now; a forged tick is refused.
    expect(ids(h)).toEqual([`gift:${P.museumGiftCard}`, 'next', 'back', 'home']);
    expect(h.view().text).toMatch(/Selected: €14\.00\./);
    await h.send({ type: 'giftcard.toggle', ...twoDays });
    expect(h.context().giftCards?.buying?.products).toEqual([museum]);
    expect(h.notices.at(-1)).toMatch(/A gift card is for one place/);

    await h.choose(`gift:${P.museumGiftCard}`);
    expect(h.context().giftCards?.buying?.products).toEqual([]);
    await h.choose(`gift:${P.parkTwoDays}`);
    expect(h.context().giftCards?.buying?.products).toEqual([twoDays]);
    await h.choose('next');
    expect(h.state()).toEqual({ giftcards: { buy: 'message' } });
  });
});

describe('the message, the name and the e-mail', () => {
  it('reads each detail: messages up to a length, names in letters, valid e-mails', () => {
    expect(readDetail('message', '  Enjoy!  ', 'en')).toEqual({
      event: { type: 'giftcard.text', field: 'message', value: 'Enjoy!' },
    });
    expect(readDetail('message', 'x'.repeat(MESSAGE_MAX + 1), 'en')).toEqual({
      error: `The message is too long: ${MESSAGE_MAX} characters at most.`,
    });
    expect(readDetail('name', 'Sara  Cruz', 'en')).toEqual({
      event: { type: 'giftcard.text', field: 'name', value: 'Sara Cruz' },
    });
    expect(readDetail('name', 'R2D2', 'es')).toEqual({
      error: 'Escribe el nombre con letras (por ejemplo «Sara Cruz»), o pulsa «Saltar».',
    });
    expect(readDetail('email', 'sara@example', 'en')).toEqual({
      error: 'That e-mail does not look right. Type it as name@example.com, or press "Skip".',
    });
    expect(readDetail('email', ' sara@example.com ', 'en')).toEqual({
      event: { type: 'giftcard.text', field: 'email', value: 'sara@example.com' },
    });
  });

  it('takes a valid detail, refuses an invalid or misdirected one, skips, keeps, goes back', async () => {
    const h = place(at('message'), buying());
    expect(ids(h)).toEqual(['skip', 'back', 'home']);
    await h.send({ type: 'giftcard.text', field: 'name', value: 'Sara Cruz' });
    expect(h.state()).toEqual({ giftcards: { buy: 'message' } });
    await h.send({ type: 'giftcard.text', field: 'message', value: ' ' });
    expect(h.state()).toEqual({ giftcards: { buy: 'message' } });
    await h.send({ type: 'giftcard.next' });
    expect(h.state()).toEqual({ giftcards: { buy: 'message' } });
    expect(await say(h, 'Happy birthday!')).toMatchObject({ event: { field: 'message' } });
    expect(h.state()).toEqual({ giftcards: { buy: 'name' } });

    await h.send({ type: 'giftcard.text', field: 'name', value: '1234' });
    expect(h.state()).toEqual({ giftcards: { buy: 'name' } });
    await h.choose('skip');
    expect(h.state()).toEqual({ giftcards: { buy: 'email' } });
    expect(h.view().expects).toBe('email');
    await h.send({ type: 'giftcard.text', field: 'email', value: 'not-an-email' });
    expect(h.state()).toEqual({ giftcards: { buy: 'email' } });
    await h.send({ type: 'giftcard.text', field: 'email', value: 'sara@example.com' });
    expect(h.state()).toEqual({ giftcards: { buy: 'summary' } });

    // Back to the e-mail: it is kept, or skipped (forgotten).
    await h.choose('back');
    expect(ids(h)).toEqual(['keep', 'skip', 'back', 'home']);
    expect(h.view().text).toMatch(/Now: "sara@example\.com"\./);
    await h.choose('keep');
    expect(h.state()).toEqual({ giftcards: { buy: 'summary' } });
    await h.choose('back');
    await h.choose('skip');
    expect(h.context().giftCards?.buying).toEqual({
      products: [museum],
      message: 'Happy birthday!',
      recipientName: undefined,
      recipientEmail: undefined,
    });
    await h.choose('back');
    await h.choose('back');
    await h.choose('back');
    expect(h.state()).toEqual({ giftcards: { buy: 'message' } });
    await h.choose('back');
    expect(h.state()).toEqual({ giftcards: { buy: 'products' } });
  });
});

describe('the summary and the Add', () => {
  const addedLine: CartLine = line('giftcard-1', {
    productId: P.museumGiftCard,
    name: '🎁 Gift card: Sea Museum (a gift for Sara Cruz)',
    unitPrice: { cents: 1400, currency: 'EUR' },
    quantity: 1,
  });
  const output = (over: Partial<AddToCartOutput> = {}): AddToCartOutput => ({
    cart: { shoppingCartId: 'cart000000001', lines: [addedLine], adds: 1 },
    rebuilt: false,
    released: false,
    line: addedLine,
    ...over,
  });

  it('shows the card, and says the recipient receives it by e-mail when given', () => {
    const withEmail = place(
      at('summary'),
      buying({ message: 'Enjoy!', recipientName: 'Sara Cruz', recipientEmail: 'sara@example.com' }),
    );
    expect(withEmail.view().text).toBe(
      [
        '🎁 Your gift card:',
        '• Gift card: Sea Museum (Valencia Sea Museum) — €14.00',
        '💌 Message: "Enjoy!"',
        '👤 For: Sara Cruz',
        '📧 The person receiving the gift will receive the card by e-mail at sara@example.com once the purchase is confirmed.',
        'Total: €14.00',
      ].join('\n'),
    );
    expect(ids(withEmail)).toEqual(['add', 'back', 'home']);
    const without = place(at('summary'), buying());
    expect(without.view().text).toMatch(/No e-mail: you will see the card's code/);
  });

  it('goes back to the products when none is chosen', async () => {
    const h = place(at('email'), buying({ products: [] }));
    await h.choose('skip');
    expect(h.state()).toEqual({ giftcards: { buy: 'products' } });
  });

  it('adds the card to the cart and forgets the purchase', async () => {
    const add = fake<AddToCartOutput, AddGiftCardInput>(() => output());
    const ctx = buying({ recipientEmail: 'sara@example.com' });
    const h = place(at('summary'), ctx, { addGiftCard: add.logic });
    await h.choose('add');
    expect(add.inputs).toEqual([
      { cart: ctx.cart, purchase: ctx.giftCards!.buying, language: 'en', reserved: false },
    ]);
    expect(h.state()).toEqual({ cart: 'idle' });
    expect(h.context().cart.lines).toEqual([addedLine]);
    expect(h.context().giftCards?.buying).toBeUndefined();
    expect(h.notices).toEqual([
      '✅ 🎁 Gift card: Sea Museum (a gift for Sara Cruz) is in your cart.\nOnce the purchase is confirmed, the card will be sent by e-mail to sara@example.com.',
    ]);
  });

  it('tells a released reservation and a rebuilt cart', async () => {
    const add = fake<AddToCartOutput, AddGiftCardInput>(() =>
      output({ released: true, rebuilt: true }),
    );
    const h = place(at('summary'), buying(), { addGiftCard: add.logic });
    await h.choose('add');
    expect(h.notices[0]).toMatch(/I had to start a new cart with the same products/);
    const released = fake<AddToCartOutput, AddGiftCardInput>(() => output({ released: true }));
    const r = place(at('summary'), buying(), { addGiftCard: released.logic });
    await r.choose('add');
    expect(r.notices[0]).toMatch(/I released the reservation of your order/);
  });

  it('explains a refused Add and stays at the summary', async () => {
    const refused = new PartnerEnvelopeError(
      { operation: 'cart-add', requestId: 'r' },
      { codes: [], messages: ['not sold as a gift card'], entities: [], status: 200 },
    );
    const h = place(at('summary'), buying(), { addGiftCard: failing(refused) });
    await h.choose('add');
    expect(h.state()).toEqual({ giftcards: { buy: 'summary' } });
    expect(h.notices).toEqual(['The booking service did not accept the gift card.']);
  });

  it('does not touch a cart whose Sale may have happened', async () => {
    const ctx = buying();
    const h = place(
      at('summary'),
      {
        ...ctx,
        sale: {
          partnerSaleId: partnerSaleIdOf(ctx.userKey, ctx.cart.shoppingCartId),
          saleIds: [],
          shoppingCartId: ctx.cart.shoppingCartId,
        },
      },
      {},
      { stub: ['reserved', 'collect'] },
    );
    await h.choose('add');
    expect(h.state()).toBe('reserved');
    expect(h.notices[0]).toMatch(/payment of this order is under way/);
  });
});
