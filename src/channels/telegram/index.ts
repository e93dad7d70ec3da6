/**
 * The Telegram customer channel on grammY. `startTelegram` checks the token, registers
 * the commands, installs the middleware and handlers, starts long polling or returns
 * the webhook route to mount (POST /telegram/webhook), and registers the channel's
 * outbox for `tg:` conversations on the push.
 *
 * Middleware order: in-flight tracking → error boundary → private chats → chats at once
 * (a bounded number of chats handled together) → update deduplication (with the
 * conversation's lease taken ahead: turn-ahead.ts) → button gate (answers every tap at
 * once) → flood guard → a lease taken ahead by an update still on its way is freed for one
 * that gets to the chat's order first → sequentialize per chat → handlers. API calls go
 * through auto-retry, which waits out 429 `retry_after`, and the throttler, which keeps
 * them to Telegram's limits (api-limits.ts).
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { sequentialize } from '@grammyjs/runner';
import { Bot, GrammyError } from 'grammy';
import type { Outbox } from '#src/conversation/outbox.js';
import { FatalChannelError } from '../keep-trying.js';
import type { Route } from '#src/server.js';
import { countRefusals, throttle } from './api-limits.js';
import { createBotApiFetch, type BotApiFetch } from './bot-api-fetch.js';
import { chatsAtOnce } from './chats-at-once.js';
import { registerCommands } from './commands.js';
import type { TelegramDeps, TgContext } from './deps.js';
import { describeApiError, isUnreachable, unreachableReason } from './errors.js';
import { registerHandlers } from './handlers.js';
import { createInFlight } from './in-flight.js';
import { createIntake } from './intake.js';
import { conversationLanguage } from './language.js';
import {
  callbackGate,
  chatLimit,
  dedupeUpdates,
  errorBoundary,
  floodGuard,
  privateChatsOnly,
} from './middleware.js';
import { registerPreCheckout, starsRefunder } from './payments.js';
import { createRenderer } from './render.js';
import { startPolling, startWebhook, type ApiSignal } from './transport.js';
import { createTurnsAhead } from './turn-ahead.js';

export type { TelegramDeps } from './deps.js';
export { TELEGRAM_WEBHOOK_PATH } from './transport.js';

export interface TelegramChannel {
  mode: 'polling' | 'webhook';
  /** Webhook mode: mount on the bot's server. */
  route?: Route;
  bot: Bot<TgContext>;
  /** Delivers bot-initiated replies to `tg:<chat id>` conversations. */
  outbox: Outbox;
  /** Resolves once update `updateId` has been handled `times` times (tests). */
  whenHandled(updateId: number, times?: number): Promise<void>;
  /** Resolves when the work started so far has finished. */
  idle(): Promise<void>;
  /** Stops receiving updates and lets running turns finish. */
  stop(): Promise<void>;
}

/**
 * How long each Bot API call made to start the channel may take. A call's own timeout
 * (the client's) is a minute, and auto-retry tries again: with the Bot API out of reach
 * (a network that drops packets) the start waited on, silently. Failed at this instead,
 * the start is logged, shown as down and tried again with backoff (main.ts, keep-trying.ts).
 */
export const START_CALL_TIMEOUT_MS = 10_000;

/** The bot with its API root and retries, before any middleware. */
export function createBot(deps: TelegramDeps, http: BotApiFetch): Bot<TgContext> {
  const client = {
    apiRoot: deps.config.apiRoot.replace(/\/+$/, ''),
    token: deps.config.token,
    timeoutSeconds: 60,
  };
  const bot = new Bot<TgContext>(deps.config.token, {
    client: { apiRoot: client.apiRoot, timeoutSeconds: client.timeoutSeconds, fetch: http.fetch },
  });
  // First, so next to grammY's client: its JSON calls are made there (bot-api-fetch.ts),
  // each one retried by auto-retry as before; uploads go on to the client.
  bot.api.config.use(http.calls(client));
  // Inside auto-retry: each refusal is counted, a 429 retried too; each retry is throttled.
  bot.api.config.use(countRefusals(deps.observeApi));
  if (!deps.config.unthrottled) bot.api.config.use(throttle(deps.observeApi, deps.limits));
  bot.api.config.use(
    autoRetry({
      maxRetryAttempts: 3,
      // Waiting longer than a minute to answer makes a stale answer; better to fail.
      maxDelaySeconds: 60,
      // A network error is not retried forever inside a customer's turn.
      rethrowHttpErrors: true,
    }),
  );
  // Only the long poll's failures are logged here (the runner retries them quietly); every
  // other call passes straight through, without a frame of its own.
  bot.api.config.use((previous, method, payload, signal) => {
    if (method !== 'getUpdates') return previous(method, payload, signal);
    return previous(method, payload, signal).catch((error: unknown) => {
      if (!signal?.aborted) {
        deps.logger.warn(describeApiError(error), 'telegram: fetching updates failed; retrying');
      }
      throw error;
    });
  });
  return bot;
}

/**
 * Telegram refuses getUpdates while a webhook is set. A webhook found set is another
 * instance's (one in webhook mode, serving this token): deleting it would take that
 * instance's updates, so polling refuses to start, unless told to take over.
 */
async function takeOverFromWebhook(
  bot: Bot<TgContext>,
  allowed: boolean,
  starting: () => ApiSignal,
): Promise<void> {
  const { url } = await bot.api.getWebhookInfo(starting());
  if (url === '') return;
  if (!allowed) {
    throw new FatalChannelError(
      `Telegram has a webhook set for this bot (${url}), another instance's; long polling would take its updates. Unset TELEGRAM_BOT_TOKEN here, or set TELEGRAM_DELETE_WEBHOOK=1 to delete the webhook and poll`,
    );
  }
  await bot.api.deleteWebhook(undefined, starting());
}

export async function startTelegram(deps: TelegramDeps): Promise<TelegramChannel> {
  const defaultLanguage = deps.defaultLanguage ?? 'es';
  const { logger, store } = deps;
  const http = createBotApiFetch();
  const bot = createBot(deps, http);
  const startTimeoutMs = deps.startTimeoutMs ?? START_CALL_TIMEOUT_MS;
  /** A start call's signal: a Bot API that does not answer fails the start, to be tried again. */
  const starting = () => AbortSignal.timeout(startTimeoutMs) as ApiSignal;
  try {
    await bot.init(starting());
  } catch (error) {
    await http.close();
    if (error instanceof GrammyError && error.error_code === 401) {
      throw new FatalChannelError(
        'TELEGRAM_BOT_TOKEN: Telegram refused the token (401 Unauthorized)',
        {
          cause: error,
        },
      );
    }
    throw error;
  }

  const inFlight = createInFlight();
  const providerToken = deps.config.paymentProviderToken;
  const renderer = createRenderer({
    api: bot.api,
    store,
    logger,
    ...(providerToken !== undefined ? { providerToken } : {}),
  });
  const intake = createIntake(deps.onUnhandled);
  bot.use(inFlight.middleware);
  bot.use(errorBoundary(logger, intake));
  bot.use(privateChatsOnly);
  bot.use(chatsAtOnce(deps.chatsAtOnce).middleware);
  const chats = chatLimit(store, deps.config.chatLimit);
  const ahead = createTurnsAhead(deps.engine);
  bot.use(dedupeUpdates(store, bot.botInfo.id, logger, chats, ahead, intake));
  bot.use(callbackGate(store, deps.engine, defaultLanguage, logger));
  bot.use(
    floodGuard(
      store,
      deps.engine,
      chats,
      deps.config.chatLimit,
      defaultLanguage,
      logger,
      deps.onChatLimited,
    ),
  );
  bot.use(ahead.inOrder);
  bot.use(sequentialize<TgContext>((ctx) => (ctx.chat ? String(ctx.chat.id) : undefined)));
  // Always answered (a query is never left to time out), even with payments off.
  registerPreCheckout(
    bot,
    {
      providerToken: providerToken ?? '',
      preCheckout: deps.preCheckout ?? (async () => ({ ok: false, reason: 'Payments are off.' })),
    },
    logger,
    defaultLanguage,
    deps.push,
  );
  registerHandlers(bot, {
    engine: deps.engine,
    store,
    renderer,
    logger,
    defaultLanguage,
    files: { apiRoot: deps.config.apiRoot, token: deps.config.token },
    ahead,
    ...(deps.typing ? { typing: deps.typing } : {}),
  });
  bot.catch((error) => {
    logger.error(describeApiError(error.error), 'telegram: update failed');
  });

  try {
    await registerCommands(bot.api, defaultLanguage);
  } catch (error) {
    logger.warn(describeApiError(error), 'telegram: could not register the command list');
  }

  const outbox: Outbox = {
    deliver(conversationId, reply) {
      const chatId = Number(conversationId.slice('tg:'.length));
      return inFlight.track(
        (async () => {
          const lang = await conversationLanguage(deps.engine, conversationId, defaultLanguage);
          try {
            await renderer.deliver(chatId, conversationId, reply, { lang });
            return undefined;
          } catch (error) {
            if (!isUnreachable(error)) throw error;
            logger.info(
              { chatId, ...describeApiError(error) },
              'telegram: the customer cannot be reached (blocked the bot); message dropped',
            );
            // Told to whoever pushed it (staff in a support thread), not only logged.
            return { reason: unreachableReason(error) };
          }
        })(),
      );
    },
  };
  deps.push?.register('tg', outbox);
  deps.refunds?.register('tg', starsRefunder(bot.api));

  let transport;
  if (deps.config.webhookSecret) {
    transport = await startWebhook(bot, {
      signal: starting(),
      secret: deps.config.webhookSecret,
      publicUrl: deps.publicUrl,
      inFlight,
      intake,
      logger,
    });
  } else {
    await takeOverFromWebhook(bot, deps.config.deleteWebhook ?? false, starting);
    transport = startPolling(bot, intake, logger);
  }
  logger.info({ mode: transport.mode, bot: bot.botInfo.username }, 'telegram: channel started');

  return {
    mode: transport.mode,
    ...(transport.route ? { route: transport.route } : {}),
    bot,
    outbox,
    whenHandled: inFlight.whenHandled,
    idle: inFlight.drain,
    async stop() {
      await transport.stop();
      await inFlight.drain();
      await http.close();
    },
  };
}
