/**
 * The gift card actors against the sandbox: the check (names, the first date still open
 * for exchange, purchase-date-only products, an unknown code), the Add of a gift card
 * (its GiftCards item, its line, its effect record), a cart rebuilt with a gift card in
 * it, and what the cart requests make of gift cards (GiftCardIdentifier on a redemption,
 * nothing to insure).
 */
import { createReturnUrls } from '#src/payments/return-token.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { cartConfirmOperation } from '#src/api/cart.js';
import type { PartnerClient } from '#src/api/client.js';
import type { Operation } from '#src/api/operation.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { createCartActors } from '#src/conversation/actors/cart.js';
import { activityOf, insuranceSaleOf, lineOf } from '#src/conversation/actors/cart-requests.js';
import { createEffects } from '#src/conversation/actors/effects.js';
import { createGiftCardActors } from '#src/conversation/actors/giftcards.js';
import type { ActorDeps } from '#src/conversation/actors/index.js';
import { addDays, toInstant } from '#src/domain/time.js';
import { silentLogger } from '#src/log.js';
import { HISTORIC_GIFT_CARD } from '#src/sandbox/cart/history.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { AddToCartOutput, RemoveFromCartOutput } from '#flows/booking/actors/cart.js';
import { Refusal } from '#flows/booking/problem.js';
import type { Cart, Draft, GiftCardCheck } from '#flows/booking/types.js';
import { profileAnswers } from '#test/sandbox/cart-support.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const P = demoIds.products;
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.extra('reset', {});
});

function actors() {
  const store = createMemoryStore();
  const deps: ActorDeps = {
    client: sandbox.client,
    catalog: createCatalogService(sandbox.client),
    store,
    // The bot's clock is the sandbox's (tests move it).
    now: () => sandbox.sandbox.context().clock.now(),
    returnUrls: createReturnUrls('http://127.0.0.1', 'a-test-secret-of-at-least-32-characters'),
    logger: silentLogger,
  };
  let carts = 0;
  const options = { newCartId: () => `rebuilt${String((carts += 1)).padStart(6, '0')}` };
  const all: Record<string, AnyActorLogic> = {
    ...createCartActors(deps, options),
    ...createGiftCardActors(deps, options),
  };
  const run = <T>(name: string, input: unknown) =>
    toPromise(createActor(all[name]!, { input }).start()) as Promise<T>;
  return { run, store, deps, effects: createEffects(store, deps.now) };
}

const today = () => sandbox.sandbox.context().data.today;
/** Sets the sandbox's clock (the bot's too) to a time of today in Madrid. */
const madridTimeToday = (time: `${number}:${number}:${number}`) =>
  sandbox.extra('clock', { set: toInstant(`${today()}T${time}`, 'Europe/Madrid').toISOString() });
const emptyCart = (id = 'giftcart00001'): Cart => ({ shoppingCartId: id, lines: [], adds: 0 });
const purchase = {
  products: [{ productId: P.museumGiftCard, providerId: demoIds.providers.museum }],
  message: 'Enjoy!',
  recipientName: 'Sara Cruz',
  recipientEmail: 'sara@example.com',
};

describe('checkGiftCard', () => {
  it('describes the card with catalog names and the first date open for exchange', async () => {
    const { run } = actors();
    const check = await run<GiftCardCheck>('checkGiftCard', {
      code: HISTORIC_GIFT_CARD,
      language: 'es',
    });
    expect(check).toEqual({
      code: HISTORIC_GIFT_CARD,
      exchanged: false,
      hoursInAdvance: 2,
      message: expect.any(String),
      holder: expect.any(String),
      products: [
        {
          productId: P.museumGiftCard,
          name: 'Tarjeta regalo: Museo del Mar',
          currency: 'EUR',
          firstDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      ],
    });
  });

  it('moves the first date to tomorrow once today closed (22:00 there)', async () => {
    const { run } = actors();
    const day = today();
    await sandbox.extra('clock', {
      set: toInstant(`${day}T21:59:00`, 'Europe/Madrid').toISOString(),
    });
    const before = await run<GiftCardCheck>('checkGiftCard', {
      code: HISTORIC_GIFT_CARD,
      language: 'en',
    });
    expect(before.products[0]!.firstDate).toBe(day);
    await sandbox.extra('clock', {
      set: toInstant(`${day}T22:00:00`, 'Europe/Madrid').toISOString(),
    });
    const after = await run<GiftCardCheck>('checkGiftCard', {
      code: HISTORIC_GIFT_CARD,
      language: 'en',
    });
    expect(after.products[0]!.firstDate).toBe(addDays(day, 1));
  });

  it('marks products sold for the purchase date only (DemandAccessDate false)', async () => {
    // A card of the winery's gift card, as the service would describe it.
    const client: PartnerClient = {
      call: (async (operation: Operation) => {
        if (operation.name === 'giftcard')
          return {
            isExchanged: false,
            hoursInAdvanceOfGiftCardExchange: 26,
            products: [{ id: P.wineGiftCard, name: 'Wine gift' }, { id: 'gone00000000' }],
          };
        return sandbox.client.call(operation as never, {} as never);
      }) as PartnerClient['call'],
    };
    // 10:00: 26 hours before the end of tomorrow (22:00 today) is still ahead.
    await madridTimeToday('10:00:00');
    const { deps } = actors();
    const logic = createGiftCardActors({
      ...deps,
      client,
      catalog: createCatalogService(sandbox.client),
    }).checkGiftCard;
    const check = await toPromise(
      createActor(logic, { input: { code: 'W1', language: 'en' } }).start(),
    );
    const day = today();
    expect(check).toEqual({
      code: 'W1',
      exchanged: false,
      hoursInAdvance: 26,
      products: [
        {
          productId: P.wineGiftCard,
          name: 'Gift card: tasting for two',
          currency: 'EUR',
          // 26 hours before the end of the visit day: never today, tomorrow until 22:00.
          firstDate: addDays(day, 1),
          purchaseDateOnly: true,
        },
        { productId: 'gone00000000', name: 'gone00000000', currency: 'EUR' },
      ],
    });
  });

  it('refuses an unknown code in words the customer reads', async () => {
    const { run } = actors();
    const error = await run('checkGiftCard', { code: '1111222233334444', language: 'en' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).message).toMatch(
      /^I cannot find a gift card with the code 1111222233334444\. Check the code and try again\.$/,
    );
  });
});

describe('addGiftCard', () => {
  it('adds the GiftCards item and makes its line', async () => {
    // In the morning the card is dated today (from 20:00, 2 hours before the museum's
    // 22:00 close, it would be tomorrow's): the test sets the time instead of taking the
    // hour it happens to run at.
    await madridTimeToday('10:00:00');
    const { run, effects } = actors();
    const cart = emptyCart();
    const output = await run<AddToCartOutput>('addGiftCard', {
      cart,
      purchase,
      language: 'en',
      reserved: false,
    });
    const item = {
      productIds: [P.museumGiftCard],
      accessDateTime: today(),
      message: 'Enjoy!',
      client: { fullName: 'Sara Cruz', email: 'sara@example.com' },
    };
    expect(output.line).toEqual({
      cartItemId: 'giftcard-1',
      productId: P.museumGiftCard,
      providerId: demoIds.providers.museum,
      name: '🎁 Gift card: Sea Museum (a gift for Sara Cruz)',
      accessDate: today(),
      quantity: 1,
      sessions: [],
      unitPrice: { cents: 1400, currency: 'EUR' },
      insurable: false,
      giftCard: item,
    });
    expect(output.cart).toEqual({
      shoppingCartId: cart.shoppingCartId,
      lines: [output.line],
      adds: 1,
    });
    const record = await effects.read({
      shoppingCartId: cart.shoppingCartId,
      operation: 'add',
      attempt: '0',
    });
    expect(record?.status).toBe('done');
    // The sandbox holds it: the reservation prices the card.
    const confirmed = await sandbox.client.call(cartConfirmOperation, {
      shoppingCartId: cart.shoppingCartId,
      questionsProfiles: profileAnswers(),
    });
    expect(confirmed.activities.products).toMatchObject([
      { productId: P.museumGiftCard, success: true, price: 14 },
    ]);
  });

  it('explains a product no longer sold as a gift card, and one the service refuses', async () => {
    const { run } = actors();
    const notCard = await run('addGiftCard', {
      cart: emptyCart(),
      purchase: { products: [{ productId: 'nosuchproduct', providerId: 'x' }] },
      language: 'en',
      reserved: false,
    }).catch((e: unknown) => e);
    expect(notCard).toBeInstanceOf(Refusal);
    expect((notCard as Error).message).toBe('"nosuchproduct" is no longer sold as a gift card.');
    const nothing = await run('addGiftCard', {
      cart: emptyCart(),
      purchase: { products: [] },
      language: 'es',
      reserved: false,
    }).catch((e: unknown) => e);
    expect((nothing as Error).message).toBe('Elige al menos un producto para la tarjeta regalo.');
    const notTagged = await run('addGiftCard', {
      cart: emptyCart(),
      purchase: { products: [{ productId: P.museumAdult, providerId: demoIds.providers.museum }] },
      language: 'en',
      reserved: false,
    }).catch((e: unknown) => e);
    expect((notTagged as Error).message).toBe(
      '"Sea Museum: adult" is no longer sold as a gift card.',
    );
    await sandbox.extra('faults', {
      faults: [
        { operation: 'cart-add', failure: { code: '1100', message: 'not today' }, times: 1 },
      ],
    });
    const refused = await run('addGiftCard', {
      cart: emptyCart(),
      purchase,
      language: 'en',
      reserved: false,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Error).message).toBe(
      'The booking service does not accept that day for this product.',
    );
  });

  it('rebuilds a cart in doubt with the gift card added again as a GiftCards item', async () => {
    const { run, deps, effects, store } = actors();
    const cart = emptyCart('doubtcart0001');
    const first = await run<AddToCartOutput>('addGiftCard', {
      cart,
      purchase,
      language: 'en',
      reserved: false,
    });
    // The next Add's record says "started": its outcome was never seen.
    await store.put(
      `effect:${cart.shoppingCartId}:add:1`,
      { status: 'started', fingerprint: 'lost', startedAt: deps.now().toISOString() },
      0,
      60,
    );
    const started = await effects.read({
      shoppingCartId: cart.shoppingCartId,
      operation: 'add',
      attempt: '1',
    });
    expect(started?.status).toBe('started');

    const second = await run<AddToCartOutput>('addGiftCard', {
      cart: first.cart,
      purchase: {
        products: [{ productId: P.parkTwoDays, providerId: demoIds.providers.waterpark }],
      },
      language: 'en',
      reserved: false,
    });
    expect(second.rebuilt).toBe(true);
    expect(second.cart.shoppingCartId).toBe('rebuilt000001');
    expect(second.cart.lines.map((l) => [l.cartItemId, l.giftCard?.productIds])).toEqual([
      ['giftcard-1', [P.museumGiftCard]],
      ['giftcard-2', [P.parkTwoDays]],
    ]);
    expect(second.cart.lines[0]!.activity).toBeUndefined();
    const confirmed = await sandbox.client.call(cartConfirmOperation, {
      shoppingCartId: 'rebuilt000001',
      questionsProfiles: profileAnswers(),
    });
    expect(confirmed.activities.products.map((p) => p.productId)).toEqual([
      P.museumGiftCard,
      P.parkTwoDays,
    ]);
  });

  it('removes a gift card line by rebuilding the cart without it', async () => {
    const { run } = actors();
    const added = await run<AddToCartOutput>('addGiftCard', {
      cart: emptyCart('removecart001'),
      purchase,
      language: 'en',
      reserved: false,
    });
    const removed = await run<RemoveFromCartOutput>('removeFromCart', {
      cart: added.cart,
      cartItemId: 'giftcard-1',
      language: 'en',
      reserved: false,
    });
    expect(removed.removed.name).toBe(added.line.name);
    expect(removed.rebuilt).toBe(true);
    expect(removed.cart.lines).toEqual([]);
  });
});

describe('cart requests of gift cards', () => {
  it('sets GiftCardIdentifier on a redemption, which is not insurable nor quoted', async () => {
    const index = await createCatalogService(sandbox.client).get('en');
    const draft: Draft = {
      product: {
        productId: P.museumGiftCard,
        productBaseId: demoIds.productBases.museumGifts,
        providerId: demoIds.providers.museum,
        name: 'Gift card: Sea Museum',
        dates: [today()],
        openDate: true,
        minimumQuantity: 1,
        requiresRealTimePrice: false,
      },
      accessDate: today(),
      sessions: [],
      quantity: 1,
      unitPrice: { cents: 0, currency: 'EUR' },
      questionSets: [],
      answers: {},
      questionCursor: 0,
      giftCard: { code: HISTORIC_GIFT_CARD, currency: 'EUR' },
    };
    const activity = activityOf(draft, index);
    expect(activity).toMatchObject({
      productId: P.museumGiftCard,
      giftCardIdentifier: HISTORIC_GIFT_CARD,
    });
    const redemption = lineOf(draft, activity, 'item1', index);
    expect(redemption.insurable).toBe(false);
    const plain = lineOf(
      { ...draft, giftCard: undefined },
      activityOf({ ...draft, giftCard: undefined }, index),
      'item2',
      index,
    );
    expect(plain.activity?.giftCardIdentifier).toBeUndefined();
    const bought = {
      ...plain,
      cartItemId: 'giftcard-1',
      activity: undefined,
      giftCard: { productIds: [P.museumGiftCard], accessDateTime: today() },
    };
    const sale = insuranceSaleOf({ shoppingCartId: 'c', lines: [redemption, plain, bought] });
    expect(sale.products?.map((p) => p.id)).toEqual(['item2/1']);
  });
});
