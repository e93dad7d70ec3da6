/**
 * Gift cards end to end: a customer talking to the real bot (real actors, memory store,
 * JSON-lines output) against the sandbox. A card is bought and paid through the usual
 * checkout and its code shown; the code is redeemed (check, book, pay, tickets) and then
 * checked again; a card already redeemed and an unknown code are answered clearly; and
 * the exchange window (2 hours before the end of the visit day in the sandbox) is
 * explained when it has closed, with the clock of the bot and the sandbox set late in
 * the day.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cartAddOperation, cartConfirmOperation, cartSaleOperation } from '#src/api/cart.js';
import { giftCardOperation } from '#src/api/giftcards.js';
import { salesOperation } from '#src/api/sales.js';
import type { OutputLine } from '#src/channels/console/lines.js';
import { HISTORIC_GIFT_CARD } from '#src/sandbox/cart/history.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { startChat, type Chat } from '#test/support/chat.js';
import { profileAnswers, saleDate } from '#test/sandbox/cart-support.js';

/**
 * These tests are about gift cards bought and redeemed, not about taking the money: the operator sells on
 * account on purpose (PAYMENT_MODE=on-account), so a partner without a debit contract
 * sells at "Confirm and pay" (payments: telegram-invoice.test.ts).
 */
const ON_ACCOUNT = { PAYMENT_MODE: 'on-account' };

let chat: Chat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

/** What the customer does: type a text, or choose the option whose label contains it. */
type Step = string | { pick: string | RegExp };

async function act(c: Chat, steps: Step[]): Promise<OutputLine> {
  for (const step of steps) {
    if (typeof step === 'string') await c.say(step);
    else await c.pick(step.pick);
  }
  return c.last();
}

const texts = (lines: OutputLine[]) => lines.map((line) => line.text).join('\n');

/** From the cart to the tickets, the client's details asked (the first purchase). */
const firstCheckout: Step[] = [
  { pick: 'Check out' },
  // The buyer's details; the museum's provider, sale and client questions take them.
  'Ana García, 12345678Z, +34600111222, ana@example.com',
  { pick: 'Reserve' },
  { pick: 'Confirm and pay' },
];

/** Buys a gift card through the client (as another customer did): its code. */
async function soldCard(
  c: Chat,
  productId: string,
  providers: Parameters<typeof profileAnswers>[0] = ['museum'],
): Promise<string> {
  const cartId = `gift-${productId}`;
  const index = await c.app.catalog.get('en');
  const date = index.product(productId)!.product.pricesAndDates[0]!.dates.at(-1)!;
  await c.sandbox.client.call(cartAddOperation, {
    shoppingCartId: cartId,
    giftCards: [{ productIds: [productId], accessDateTime: date, message: 'Enjoy!' }],
  });
  await c.sandbox.client.call(cartConfirmOperation, {
    shoppingCartId: cartId,
    questionsProfiles: profileAnswers(providers),
  });
  await c.sandbox.client.call(cartSaleOperation, {
    shoppingCartId: cartId,
    partnerSaleId: `PS-${cartId}`,
  });
  const sale = (await c.sandbox.client.call(salesOperation, { partnerSaleId: `PS-${cartId}` }))
    .sales[0]!;
  return sale.activities[0]!.accessCode!;
}

describe('gift cards through the chat', () => {
  it(
    'buys a card and shows its code; redeems it to tickets; then says it is exchanged',
    { timeout: 60_000 },
    async () => {
      chat = await startChat({ env: ON_ACCOUNT });
      await chat.start();
      const start = chat.transcript.length;
      await act(chat, [{ pick: 'Gift cards' }, { pick: 'Buy a gift card' }]);
      expect(chat.last().options.map((o) => o.id)).toContain(
        `gift:${demoIds.products.museumGiftCard}`,
      );
      await chat.choose(`gift:${demoIds.products.museumGiftCard}`);
      await chat.pick('Continue');
      await chat.say('Happy birthday, Sara!');
      await chat.say('Sara Cruz');
      // A wrong e-mail is explained, and asked again.
      const wrong = await chat.say('sara@example');
      expect(texts(wrong)).toMatch(/does not look right/);
      const summary = (await chat.say('sara.cruz@example.com')).at(-1)!;
      expect(summary.text).toMatch(/Happy birthday, Sara!/);
      expect(summary.text).toMatch(/For: Sara Cruz/);
      expect(summary.text).toMatch(/receive the card by e-mail at sara\.cruz@example\.com/);
      expect(summary.text).toMatch(/Total: €14\.00/);
      const added = await chat.pick('Add to cart');
      expect(texts(added)).toMatch(
        /Gift card: Sea Museum \(a gift for Sara Cruz\) is in your cart/,
      );
      expect(texts(added)).toMatch(/sent by e-mail to sara\.cruz@example\.com/);

      const done = await act(chat, firstCheckout);
      expect(done.text).toMatch(/Purchase confirmed/);
      const code = done.tickets?.[0]?.accessCode;
      expect(code).toMatch(/^\d{19}$/);
      expect(done.text).toContain(`Code of the gift card "Gift card: Sea Museum": ${code}`);
      expect(done.tickets).toHaveLength(1);
      // The sandbox knows the card: not exchanged, with the message and the recipient.
      const checked = await chat.sandbox.client.call(giftCardOperation, {
        giftCardIdentifier: code!,
      });
      expect(checked).toMatchObject({ isExchanged: false, message: 'Happy birthday, Sara!' });

      // Redeeming it: the check, the card, the booking, the same checkout.
      await chat.pick('Home');
      await chat.say('/giftcard');
      const card = (await chat.say(code!)).at(-1)!;
      expect(card.text).toContain(`Gift card ${code}`);
      expect(card.text).toMatch(/Gift card: Sea Museum/);
      expect(card.text).toMatch(/"Happy birthday, Sara!"/);
      // The holder as the purchaser named her, without the buyer's surname.
      expect(card.text).toMatch(/^👤 For: Sara Cruz$/m);
      expect(card.text).toMatch(/until 22:00 on the day of the visit/);
      const booking = await chat.pick('Book "Gift card: Sea Museum"');
      expect(texts(booking)).toMatch(/Redeeming "Gift card: Sea Museum"/);
      expect(chat.last().text).toMatch(/With the gift card: 1 × .*Price: €0\.00/);
      expect(chat.last().options.map((o) => o.id)).toEqual(['qty:1', 'back', 'home']);
      const cart = (await chat.pick('Continue')).at(-1)!;
      expect(cart.text).toMatch(/1 × €0\.00 = €0\.00/);
      expect(cart.text).toMatch(/Total: €0\.00/);

      // The details known from the first purchase: straight to the review.
      const tickets = await act(chat, [{ pick: 'Check out' }]);
      expect(tickets.text).toMatch(/Check your order/i);
      const paid = await act(chat, [{ pick: 'Reserve' }, { pick: 'Confirm and pay' }]);
      expect(paid.text).toMatch(/Purchase confirmed/);
      expect(paid.tickets?.length).toBeGreaterThan(0);
      for (const ticket of paid.tickets ?? []) expect(ticket.accessCode).toMatch(/^\d{13}$/);
      const exchanged = await chat.sandbox.client.call(giftCardOperation, {
        giftCardIdentifier: code!,
      });
      expect(exchanged.isExchanged).toBe(true);

      // Checking it again: already redeemed, with a way to try another code.
      await chat.pick('Home');
      await chat.pick('Gift cards');
      await chat.pick('Redeem a gift card');
      const again = (await chat.say(code!)).at(-1)!;
      expect(again.text).toMatch(/has already been redeemed: it cannot be used again/);
      expect(again.options.map((o) => o.id)).toEqual(['another', 'home']);
      expect(chat.transcript.length).toBeGreaterThan(start);
    },
  );

  it('redeems a card with a debit partner without a payment page: there is nothing to pay', async () => {
    // Nothing configured: the sandbox plays a partner the service collects for.
    chat = await startChat();
    await chat.start();
    await chat.say('/giftcard');
    const card = (await chat.say(HISTORIC_GIFT_CARD)).at(-1)!;
    expect(card.text).toContain(`Gift card ${HISTORIC_GIFT_CARD}`);
    await chat.choose(card.options[0]!.id);
    const cart = (await chat.pick('Continue')).at(-1)!;
    expect(cart.text).toMatch(/Total: €0\.00/);
    const done = await act(chat, firstCheckout);
    expect(done.text).toMatch(/Purchase confirmed/);
    expect(done.link).toBeUndefined();
    expect(done.tickets?.length).toBeGreaterThan(0);
    const sales = (await chat.sandbox.extra('stats')) as { calls: Record<string, number> };
    expect(sales.calls['cart-sale']).toBe(1);
  });

  it('answers a card already redeemed and an unknown code, then takes another code', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    await chat.start();
    // The seeded card, redeemed by someone else meanwhile.
    const date = saleDate(chat.sandbox.sandbox.context(), 'museumGiftCard');
    await chat.sandbox.client.call(cartAddOperation, {
      shoppingCartId: 'redeemed-elsewhere',
      activities: [
        {
          productId: demoIds.products.museumGiftCard,
          accessDateTime: date,
          quantity: 1,
          giftCardIdentifier: HISTORIC_GIFT_CARD,
        },
      ],
    });
    await chat.sandbox.client.call(cartConfirmOperation, {
      shoppingCartId: 'redeemed-elsewhere',
      questionsProfiles: profileAnswers(),
    });
    await chat.sandbox.client.call(cartSaleOperation, {
      shoppingCartId: 'redeemed-elsewhere',
      partnerSaleId: 'PS-redeemed-elsewhere',
    });

    await act(chat, [{ pick: 'Gift cards' }, { pick: 'Redeem a gift card' }]);
    expect(chat.last().expects).toBe('text');
    const notACode = await chat.say('what is this?');
    expect(texts(notACode)).toMatch(/does not look like a gift card code/);
    const spent = (await chat.say(HISTORIC_GIFT_CARD)).at(-1)!;
    expect(spent.text).toContain(`The gift card ${HISTORIC_GIFT_CARD} has already been redeemed`);
    expect(spent.options.some((o) => /Book/.test(o.label))).toBe(false);

    await chat.pick('Try another code');
    const unknown = await chat.say('1111 2222 3333 4444');
    expect(texts(unknown)).toMatch(/cannot find a gift card with the code 1111222233334444/);
    expect(chat.last().text).toMatch(/Type the gift card's code/);

    const code = await soldCard(chat, demoIds.products.museumGiftCard);
    const card = (await chat.say(code)).at(-1)!;
    expect(card.text).toContain(`Gift card ${code}`);
    expect(card.text).toMatch(/"Enjoy!"/);
    expect(card.options[0]!.label).toBe('📅 Book "Gift card: Sea Museum"');
  });

  it('explains a closed exchange window and the first date still open', async () => {
    // 22:30 in the Canary Islands (the water park's time): today's exchange closed at 22:00.
    chat = await startChat({ clockStart: new Date('2026-06-10T21:30:00Z'), env: ON_ACCOUNT });
    await chat.start();
    const code = await soldCard(chat, demoIds.products.parkTwoDays, []);
    await act(chat, ['/giftcard', code]);
    const opened = await chat.pick('Book "Two-day pass"');
    expect(texts(opened)).toMatch(/choose the day of your visit/);
    const today = chat.last().options.find((o) => o.id === 'date:2026-06-10');
    expect(today).toBeDefined();

    const closed = await chat.choose('date:2026-06-10');
    expect(texts(closed)).toMatch(
      /can no longer be redeemed for Wednesday, 10 June 2026: the time ran out at 22:00 on Wednesday, 10 June 2026/,
    );
    expect(texts(closed)).toMatch(/The first day you can choose now is Thursday, 11 June 2026/);
    // Typed, the same answer; the customer is still at the date.
    const typed = await chat.say('today');
    expect(texts(typed)).toMatch(/can no longer be redeemed for Wednesday, 10 June 2026/);
    expect(chat.last().expects).toBe('date');

    // A date per enclosure (DatePerTicketEnclosure): the day chosen is every one's.
    await chat.choose('date:2026-06-11');
    expect(chat.last().text).toMatch(
      /With the gift card: 1 × "Two-day pass", Thursday, 11 June 2026/,
    );
    const cart = (await chat.pick('Continue')).at(-1)!;
    expect(cart.text).toMatch(/Two-day pass — Thu 11 Jun/);
  });

  it('checks the card again when the window closes meanwhile, then starts the next day', async () => {
    // 21:50 in Valencia: the museum's card can still be redeemed today, for ten minutes.
    // The bot's clock is its own here: it stays behind the service's for a while.
    let botNow = new Date('2026-06-10T19:50:00Z');
    chat = await startChat({ clockStart: botNow, now: () => botNow, env: ON_ACCOUNT });
    await chat.start();
    const code = await soldCard(chat, demoIds.products.museumGiftCard);
    await act(chat, ['/giftcard', code, { pick: 'Book' }]);
    expect(chat.last().text).toMatch(/1 × "Gift card: Sea Museum", Wednesday, 10 June 2026/);

    // The service's clock passes 22:00 before the customer goes on.
    await chat.sandbox.extra('clock', { advanceMinutes: 15 });
    const refused = await chat.pick('Continue');
    expect(texts(refused)).toMatch(/The gift card can no longer be redeemed for that day\./);
    const card = chat.last();
    expect(card.text).toContain(`Gift card ${code}`);
    expect(card.options[0]!.label).toBe('📅 Book "Gift card: Sea Museum"');

    // Now our clock is past 22:00 too: the open-date ticket starts tomorrow.
    botNow = new Date('2026-06-10T20:05:00Z');
    await act(chat, ['/giftcard', code]);
    const moved = await chat.pick('Book');
    expect(texts(moved)).toMatch(/Redeeming "Gift card: Sea Museum" for Thursday, 11 June 2026/);
    expect(texts(moved)).toMatch(/Today it can no longer be redeemed \(it is redeemed until 22:00/);
    const cart = (await chat.pick('Continue')).at(-1)!;
    expect(cart.text).toMatch(/Gift card: Sea Museum — Thu 11 Jun\n\s+1 × €0\.00/);
  });

  it("a day typed at an open-dated card's redemption is answered: valid any day, no day to choose", async () => {
    chat = await startChat({ env: { ...ON_ACCOUNT, PARTNER_LANGUAGE: 'es' } });
    await chat.start();
    await act(chat, ['/regalo', HISTORIC_GIFT_CARD, { pick: 'Reservar' }]);
    const step = chat.last().text;
    expect(step).toMatch(/^🎁 Con la tarjeta regalo: 1 × «Tarjeta regalo: Museo del Mar»/);
    const said = texts(await chat.say('el sábado'));
    expect(said).toMatch(
      /Es una entrada de fecha abierta: vale cualquier día desde el miércoles, 10 de junio de 2026, así que no hace falta elegir día\./,
    );
    expect(said).not.toMatch(/vuelve atrás para cambiar la fecha/);
    // The same step again, its button to go on.
    expect(chat.last().text).toBe(step);
    const cart = (await chat.pick('Continuar')).at(-1)!;
    expect(cart.text).toMatch(/Tarjeta regalo: Museo del Mar — [^\n]+\n\s+1 × 0,00/);
  });

  it('a code given inside a sentence is checked at once; "I have a gift card to redeem" asks it', async () => {
    chat = await startChat({ env: { ...ON_ACCOUNT, PARTNER_LANGUAGE: 'es' } });
    await chat.start();
    const said = await chat.say(`tengo una tarjeta regalo, el código es ${HISTORIC_GIFT_CARD}`);
    expect(texts(said)).not.toMatch(/Tarjetas regalo: regala una experiencia/);
    const card = chat.last();
    expect(card.text).toMatch(new RegExp(`^🎁 Tarjeta regalo ${HISTORIC_GIFT_CARD}\n`));
    expect(card.text).toMatch(/• Tarjeta regalo: Museo del Mar/);
    expect(card.options.some((o) => /Reservar «Tarjeta regalo: Museo del Mar»/.test(o.label))).toBe(
      true,
    );
    await chat.close();

    chat = await startChat({ env: ON_ACCOUNT });
    await chat.start();
    await chat.say('I have a gift card to redeem');
    expect(chat.last().text).toMatch(/^🔑 Type the gift card's code/);
    const shown = (await chat.say(HISTORIC_GIFT_CARD)).at(-1)!;
    expect(shown.text).toMatch(/It gives:\n• Gift card: Sea Museum/);

    // The code after a colon, in English, from home: straight to the card.
    await chat.pick('Home');
    await chat.say(`I have a gift card: ${HISTORIC_GIFT_CARD}.`);
    expect(chat.last().text).toMatch(new RegExp(`^🎁 Gift card ${HISTORIC_GIFT_CARD}\n`));
  });

  it('gift cards asked about in general still open the menu', async () => {
    chat = await startChat({ env: ON_ACCOUNT });
    await chat.start();
    await chat.say('do you have gift cards?');
    expect(chat.last().text).toMatch(/^🎁 Gift cards: give an experience/);
  });
});
