/**
 * The real bot with its Telegram channel, started as in production (createApp from the
 * configuration, startTelegram on top) against a fake Bot API, the sandbox and Redis.
 * In webhook mode the channel's route is mounted on the bot's HTTP server, whose URL
 * is PUBLIC_URL. The customer's actions are made on the fake, and `act` waits until the
 * bot has handled the update they made.
 */
import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { createApp, type App } from '#src/app.js';
import { startTelegram, type TelegramChannel } from '#src/channels/telegram/index.js';
import type { TypingOptions } from '#src/channels/telegram/typing.js';
import { parseConfig } from '#src/config.js';
import type { Push } from '#src/conversation/outbox.js';
import { createLogger } from '#src/log.js';
import { paymentReturnRoutes } from '#src/payments/return-route.js';
import { startHttpServer, type HttpServer, type Route } from '#src/server.js';
import type { FakeTelegram, FakeUser } from './fake-telegram.js';
import type { TestSandbox } from './sandbox.js';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface TelegramBot {
  app: App;
  channel: TelegramChannel;
  push: Push;
  server?: HttpServer;
  logs: LogLine[];
  /** Runs a customer action on the fake and waits until the bot has handled its update. */
  act(action: () => number, times?: number): Promise<number>;
  /** Stops the channel and the app (the fake, the sandbox and Redis stay). */
  stop(): Promise<void>;
}

export interface StartOptions {
  mode: 'polling' | 'webhook';
  fake: FakeTelegram;
  sandbox: TestSandbox;
  redisUrl: string;
  /** The webhook secret (webhook mode). */
  secret?: string;
  /**
   * Payment variables (TELEGRAM_PAYMENT_PROVIDER_TOKEN, PAYMENT_CURRENCY, PAYMENT_MODE,
   * PAYMENT_STARS_PER_EUR), as an operator would set them.
   */
  env?: Record<string, string>;
  /** The bot's clock (e.g. the sandbox's, to see a reservation lapse without waiting). */
  now?: () => Date;
  /** When "typing…" shows (a test's own timers, moved by hand). */
  typing?: TypingOptions;
}

export async function startTelegramBot(options: StartOptions): Promise<TelegramBot> {
  const logs: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') logs.push(JSON.parse(line) as LogLine);
      }
      callback();
    },
  });
  const logger = createLogger({ level: 'debug', destination });

  // The server exists before the channel (its URL is PUBLIC_URL); the route is handed on.
  const mounted: { route?: Route } = {};
  let server: HttpServer | undefined;
  if (options.mode === 'webhook') {
    server = await startHttpServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      routes: [
        {
          method: 'POST',
          path: '/telegram/webhook',
          handle: (request, response) => {
            if (!mounted.route) {
              response.writeHead(503).end();
              return;
            }
            return mounted.route.handle(request, response);
          },
        },
      ],
    });
  }
  const config = parseConfig({
    PARTNER_API_URL: options.sandbox.sandbox.url,
    PARTNER_API_KEY: 'sandbox-key',
    PARTNER_LANGUAGE: 'en',
    REDIS_URL: options.redisUrl,
    // Scripted customers act faster than people: no chat limit in their way, unless a
    // test sets one (the flood guard's).
    RATE_LIMIT_CHAT_MESSAGES: '1000',
    ...options.env,
    TELEGRAM_BOT_TOKEN: options.fake.token,
    TELEGRAM_API_ROOT: options.fake.url,
    ...(options.mode === 'webhook'
      ? {
          TELEGRAM_WEBHOOK_SECRET: options.secret ?? `secret-${randomInt(1e9)}`,
          PUBLIC_URL: server!.url,
        }
      : {}),
  });
  // The bot's clock is the sandbox's (the same "today"; moving one moves the other),
  // unless the test gives it its own.
  const app = await createApp(config, logger, {
    now: options.now ?? (() => options.sandbox.sandbox.clock.now()),
    // The demo catalog read here: a worker would compile its modules again (app.ts).
    catalogOnThisThread: true,
  });
  // The app's own push: the scheduler (reminders, expiry) delivers through it too.
  const push = app.push;
  server?.mount(...paymentReturnRoutes({ store: app.store, push, logger, urls: app.returnUrls }));
  let channel: TelegramChannel;
  try {
    channel = await startTelegram({
      config: config.telegram!,
      engine: app.engine,
      store: app.store,
      logger,
      publicUrl: config.publicUrl,
      push,
      defaultLanguage: 'en',
      preCheckout: app.preCheckout,
      refunds: app.refunds,
      ...(options.typing ? { typing: options.typing } : {}),
    });
  } catch (error) {
    await app.close();
    await server?.close();
    throw error;
  }
  if (channel.route) mounted.route = channel.route;

  return {
    app,
    channel,
    push,
    ...(server ? { server } : {}),
    logs,
    async act(action, times = 1) {
      const updateId = action();
      await channel.whenHandled(updateId, times);
      await channel.idle();
      return updateId;
    },
    async stop() {
      await channel.stop();
      await server?.close();
      await app.close();
    },
  };
}

let users = 0;

/** A customer with a chat id of their own (chats of every test share one Redis). */
export function newCustomer(languageCode = 'en'): FakeUser {
  users += 1;
  return { id: randomInt(10_000_000, 2_000_000_000) + users, firstName: 'Ana', languageCode };
}
