/**
 * How the Telegram channel takes updates in, over the fake Bot API with a scripted engine
 * and a real Redis store on a private redis-server: an update that cannot be stored
 * (Redis stopped) is refused in webhook mode (503), counted, and handled once Telegram
 * delivers it again with Redis back; long polling refuses to start while another
 * instance's webhook is set, unless told to delete it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTelegram, type TelegramChannel } from '#src/channels/telegram/index.js';
import type { Unhandled } from '#src/channels/telegram/intake.js';
import { FatalChannelError } from '#src/channels/keep-trying.js';
import type { Engine } from '#src/conversation/engine.js';
import type { Input } from '#src/conversation/interpret.js';
import { silentLogger } from '#src/log.js';
import { createMemoryStore } from '#src/store/memory-store.js';
import { createRedisStore } from '#src/store/redis-store.js';
import { startHttpServer, type Route } from '#src/server.js';
import type { Store } from '#src/store/store.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startRedisServer } from '#test/support/redis-server.js';
import { newCustomer } from '#test/support/telegram-bot.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** An engine that answers every input with one view, and keeps the inputs. */
function scriptedEngine(inputs: Input[]): Engine {
  const reply = {
    notices: [],
    view: { text: 'Got it', options: [], expects: 'text' as const },
  };
  return {
    async handle(_conversationId, input) {
      inputs.push(input);
      return reply;
    },
    async current() {
      return reply;
    },
    async languageOf() {
      return undefined;
    },
  };
}

async function fake(): Promise<FakeTelegram> {
  const telegram = await startFakeTelegram({ webhookRetryMs: 100 });
  cleanups.push(() => telegram.close());
  return telegram;
}

async function channelOn(
  telegram: FakeTelegram,
  store: Store,
  options: { webhook?: boolean; deleteWebhook?: boolean; unhandled?: Unhandled[] } = {},
): Promise<{ channel: TelegramChannel; inputs: Input[] }> {
  const inputs: Input[] = [];
  const mounted: { route?: Route } = {};
  const server = options.webhook
    ? await startHttpServer({
        port: 0,
        host: '127.0.0.1',
        logger: silentLogger,
        routes: [
          {
            method: 'POST',
            path: '/telegram/webhook',
            handle: (request, response) => mounted.route!.handle(request, response),
          },
        ],
      })
    : undefined;
  if (server) cleanups.push(() => server.close());
  const channel = await startTelegram({
    config: {
      token: telegram.token,
      apiRoot: telegram.url,
      webhookSecret: options.webhook ? `intake-${randomInt(1e9)}` : undefined,
      ...(options.deleteWebhook ? { deleteWebhook: true } : {}),
      chatLimit: { points: 100, seconds: 60 },
    },
    engine: scriptedEngine(inputs),
    store,
    logger: silentLogger,
    publicUrl: server?.url ?? 'http://127.0.0.1:1',
    defaultLanguage: 'en',
    ...(options.unhandled ? { onUnhandled: (fate) => options.unhandled!.push(fate) } : {}),
  });
  if (channel.route) mounted.route = channel.route;
  cleanups.push(() => channel.stop());
  return { channel, inputs };
}

describe('an update that cannot be stored', () => {
  it('is refused in webhook mode, counted, and handled when Telegram delivers it again', async () => {
    let redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const store = createRedisStore(redis.url, { prefix: `intake-${randomUUID()}:` });
    cleanups.push(() => store.close());
    const telegram = await fake();
    const unhandled: Unhandled[] = [];
    const { channel, inputs } = await channelOn(telegram, store, { webhook: true, unhandled });
    const ana = newCustomer();

    await redis.stop();
    const updateId = telegram.text(ana, 'hello');
    await telegram.until(
      () => telegram.deliveries.some((d) => d.updateId === updateId && d.status === 503),
      20_000,
      'the update refused',
    );
    expect(unhandled).toContain('redelivered');
    expect(unhandled).not.toContain('lost');
    expect(inputs).toEqual([]);

    redis = await startRedisServer({ port: redis.port });
    await telegram.until(
      () => telegram.deliveries.some((d) => d.updateId === updateId && d.status === 200),
      20_000,
      'the update acknowledged',
    );
    await channel.idle();
    expect(inputs).toEqual([{ kind: 'text', text: 'hello' }]);
    expect(telegram.messages(ana.id).map((message) => message.text)).toEqual(['Got it']);
  });

  it('is not confirmed in long polling, counted, and handled once the store is back', async () => {
    let redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const store = createRedisStore(redis.url, { prefix: `intake-${randomUUID()}:` });
    cleanups.push(() => store.close());
    const telegram = await fake();
    const unhandled: Unhandled[] = [];
    const { channel, inputs } = await channelOn(telegram, store, { unhandled });
    const ana = newCustomer();

    await redis.stop();
    const updateId = telegram.text(ana, 'hello');
    await telegram.until(() => unhandled.includes('redelivered'), 20_000, 'the update refused');
    // Fetched again: the offset never went past it.
    const fetchedAgain = () =>
      telegram.callsOf('getUpdates').filter((call) => Number(call.params.offset ?? 0) <= updateId)
        .length >= 2;
    await telegram.until(fetchedAgain, 20_000, 'the update fetched again');
    expect(inputs).toEqual([]);

    redis = await startRedisServer({ port: redis.port });
    await telegram.until(() => telegram.messages(ana.id).length > 0, 30_000, 'the reply');
    await channel.idle();
    expect(inputs).toEqual([{ kind: 'text', text: 'hello' }]);
    expect(unhandled).not.toContain('lost');
  });
});

describe('long polling with a webhook set', () => {
  const setWebhook = (telegram: FakeTelegram, url: string) =>
    fetch(`${telegram.url}/bot${telegram.token}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });

  it("refuses to start and leaves another instance's webhook alone", async () => {
    const telegram = await fake();
    await setWebhook(telegram, 'https://bot.example.com/telegram/webhook');

    const started = channelOn(telegram, createMemoryStore());

    await expect(started).rejects.toBeInstanceOf(FatalChannelError);
    await expect(started).rejects.toThrow(/TELEGRAM_DELETE_WEBHOOK=1/);
    expect(telegram.webhook()?.url).toBe('https://bot.example.com/telegram/webhook');
    expect(telegram.calls.map((call) => call.method)).not.toContain('deleteWebhook');
  });

  it('deletes it and polls when told to (TELEGRAM_DELETE_WEBHOOK)', async () => {
    const telegram = await fake();
    await setWebhook(telegram, 'https://bot.example.com/telegram/webhook');

    const { channel, inputs } = await channelOn(telegram, createMemoryStore(), {
      deleteWebhook: true,
    });

    expect(telegram.webhook()).toBeUndefined();
    const ana = newCustomer();
    await channel.whenHandled(telegram.text(ana, 'hello'));
    expect(inputs).toEqual([{ kind: 'text', text: 'hello' }]);
  });
});
