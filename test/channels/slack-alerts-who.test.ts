/**
 * A reservation refused before the checkout details: the alert names the customer by
 * what their chat says of them (the first name, the chat's last digits), with what they
 * were reserving. The real cart actor against the sandbox (a cart the service does not
 * know is refused), run in a turn the way the engine starts one; the alert posted by the
 * alerts listener to the fake Slack.
 */
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { subscribeAlerts, type Alerts } from '#src/channels/slack/listeners/alerts.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { parseConfig } from '#src/config.js';
import { createCartActors } from '#src/conversation/actors/cart.js';
import { createStaffLookups } from '#src/conversation/staff/lookups.js';
import { startTurn, TurnWrites } from '#src/conversation/turn-writes.js';
import { createEventBus, type BotEventBus } from '#src/events.js';
import { silentLogger } from '#src/log.js';
import { createReturnUrls } from '#src/payments/return-token.js';
import { demoIds } from '#src/sandbox/seed/index.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import type { Cart } from '#flows/booking/types.js';
import { startFakeSlack, type FakeSlack } from '#test/support/fake-slack.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

const ALERTS = 'C0ALERTSWHO';
let fake: FakeSlack;
let sandbox: TestSandbox;
let events: BotEventBus;
let alerts: Alerts;

beforeAll(async () => {
  [fake, sandbox] = await Promise.all([startFakeSlack(), startTestSandbox()]);
  events = createEventBus();
  const env = { SLACK_BOT_TOKEN: 'xoxb-who', SLACK_SIGNING_SECRET: 'who-secret' };
  const config = parseConfig({ ...env, SLACK_API_URL: fake.apiUrl });
  alerts = subscribeAlerts(
    new webApi.WebClient(env.SLACK_BOT_TOKEN, { slackApiUrl: fake.apiUrl }),
    ALERTS,
    {
      config: config.slack!,
      lookups: createStaffLookups({ client: sandbox.client, logger: silentLogger }),
      store: createMemoryStore(),
      events,
      logger: silentLogger,
    },
  );
});

afterAll(async () => {
  await alerts?.stop();
  await Promise.all([fake?.close(), sandbox?.close()]);
});

/** Reserves `cart` in a turn of `conversationId` whose chat says `firstName`. */
async function reserveInTurn(cart: Cart, conversationId: string, firstName?: string) {
  const actors = createCartActors({
    client: sandbox.client,
    catalog: createCatalogService(sandbox.client),
    store: createMemoryStore(),
    now: () => sandbox.sandbox.clock.now(),
    returnUrls: createReturnUrls('https://bot.example/', 'a-test-secret-of-at-least-32-characters'),
    logger: silentLogger,
    events,
  });
  const actor = createActor(actors.reserve, {
    input: { cart, language: 'en', questionsProfiles: [], renew: false },
  });
  startTurn(actor.system, new TurnWrites(), {
    conversationId,
    ...(firstName ? { firstName } : {}),
  });
  await expect(toPromise(actor.start())).rejects.toBeDefined();
}

const line = (cartItemId: string): Cart['lines'][number] => ({
  cartItemId,
  productId: demoIds.products.museumJellyfish,
  providerId: demoIds.providers.museum,
  name: 'Jellyfish aquarium',
  accessDate: '2026-06-12',
  quantity: 2,
  sessions: [],
  unitPrice: { cents: 600, currency: 'EUR' },
});

const posted = (cartId: string) =>
  fake.calls
    .filter(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.args.channel === ALERTS &&
        JSON.stringify(call.args).includes(cartId),
    )
    .map((call) => JSON.stringify(call.args.blocks));

describe('a failed reservation names its customer by their chat', () => {
  it('the first name and the chat masked, the product, day, count and amount', async () => {
    const cart: Cart = { shoppingCartId: 'whocart000001', lines: [line('item-1')] };
    await reserveInTurn(cart, 'tg:912345678', 'Luciana');
    await expect.poll(() => posted('whocart000001'), { timeout: 30_000 }).toHaveLength(1);
    const [alert] = posted('whocart000001');
    expect(alert).toContain('*Who:* Luciana (Telegram chat •••5678), before the checkout details');
    expect(alert).toContain('*What:* Jellyfish aquarium · Fri 12 Jun 2026 · 2 tickets — *€12.00*');
    expect(alert).not.toContain('912345678');
  });

  it('no first name: the chat alone', async () => {
    const cart: Cart = { shoppingCartId: 'whocart000002', lines: [line('item-2')] };
    await reserveInTurn(cart, 'tg:700004321');
    await expect.poll(() => posted('whocart000002'), { timeout: 30_000 }).toHaveLength(1);
    expect(posted('whocart000002')[0]).toContain(
      '*Who:* a Telegram chat •••4321, before the checkout details',
    );
  });
});
