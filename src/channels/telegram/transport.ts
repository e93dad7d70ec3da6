/**
 * How updates reach the bot, and nothing else.
 *
 * - Long polling (no TELEGRAM_WEBHOOK_SECRET): @grammyjs/runner handles updates
 *   concurrently, fetched by a supplier that confirms only what is stored (polling.ts), up to a bounded number of chats at once
 *   (chats-at-once.ts); `sequentialize` (installed with the middleware) keeps one chat's
 *   updates in order. Telegram refuses getUpdates while a webhook is set: index.ts
 *   deletes one only when told to (another instance may be serving it).
 * - Webhook: `POST /telegram/webhook` on our one server. The secret header is compared
 *   in constant time; a good update is acknowledged with 200 once it is stored (its
 *   first exchange with the store made: intake.ts), and handled on after that. grammY's
 *   webhookCallback answers only when the handler is done (or throws on its own
 *   timeout, while the handler keeps running), and Telegram redelivers what is not
 *   acknowledged in time: a booking turn that waits on the partner service would be
 *   delivered again and again. With the store out of reach, the update is answered 503
 *   and Telegram delivers it again later. Redeliveries are dropped by update_id
 *   (middleware.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createConcurrentSink,
  createRunner,
  createSource,
  type RunnerHandle,
} from '@grammyjs/runner';
import { GrammyError, type Bot, type BotError } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '#src/log.js';
import type { Route } from '#src/server.js';
import type { TgContext } from './deps.js';
import { FatalChannelError } from '../keep-trying.js';
import { describeApiError } from './errors.js';
import type { InFlight } from './in-flight.js';
import type { Intake } from './intake.js';
import { confirmingSupplier } from './polling.js';

export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
/**
 * The updates the bot acts on; `my_chat_member` tells when a customer blocks the bot.
 * Telegram sends `pre_checkout_query` only to a bot that asks for it (payments).
 */
export const ALLOWED_UPDATES = [
  'message',
  'callback_query',
  'my_chat_member',
  'pre_checkout_query',
] as const;

/** An AbortSignal as grammY's calls type it (its shim's; the same object at run time). */
export type ApiSignal = NonNullable<Parameters<Bot['init']>[0]>;

export interface Transport {
  mode: 'polling' | 'webhook';
  route?: Route;
  stop(): Promise<void>;
}

export function startPolling(bot: Bot<TgContext>, intake: Intake, logger: Logger): Transport {
  const supplier = confirmingSupplier(bot, {
    allowed_updates: [...ALLOWED_UPDATES],
    timeout: 30,
  });
  const sink = createConcurrentSink<Update>(
    {
      consume(update) {
        const handling = bot.handleUpdate(update);
        void intake.receive(update, handling).then((receipt) => supplier.settled(update, receipt));
        return handling;
      },
    },
    async (error) => {
      await bot.errorHandler(error as BotError<TgContext>);
    },
  );
  const runner: RunnerHandle = createRunner(createSource(supplier), sink);
  runner.start();
  void runner.task()?.catch((error: unknown) => {
    logger.error(describeApiError(error), 'telegram: long polling stopped');
  });
  return {
    mode: 'polling',
    async stop() {
      if (runner.isRunning()) await runner.stop();
    },
  };
}

/** Constant-time comparison, whatever the lengths. */
export function secretMatches(given: string | string[] | undefined, secret: string): boolean {
  const value = Array.isArray(given) ? given[0] : given;
  if (value === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(value), digest(secret));
}

export function webhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${TELEGRAM_WEBHOOK_PATH}`;
}

export async function startWebhook(
  bot: Bot<TgContext>,
  options: {
    /** Aborts setWebhook (a Bot API that does not answer). */
    signal?: ApiSignal;
    secret: string;
    publicUrl: string;
    inFlight: InFlight;
    intake: Intake;
    logger: Logger;
  },
): Promise<Transport> {
  const { secret, inFlight, intake, logger } = options;
  let stopped = false;
  const route: Route = {
    method: 'POST',
    path: TELEGRAM_WEBHOOK_PATH,
    // Refused on its headers, before the server reads a byte of the body.
    authorize: (headers) => secretMatches(headers[SECRET_HEADER], secret),
    async handle(request, response) {
      if (stopped) {
        // Telegram delivers it again later, to whichever instance is serving then.
        response.writeHead(503).end();
        return;
      }
      if (!secretMatches(request.headers[SECRET_HEADER], secret)) {
        logger.warn('telegram: webhook call without the right secret refused');
        response.writeHead(401).end();
        return;
      }
      let update: Update;
      try {
        update = JSON.parse(request.body.toString('utf8')) as Update;
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (typeof update !== 'object' || update === null || typeof update.update_id !== 'number') {
        response.writeHead(400).end();
        return;
      }
      const handling = inFlight.track(
        bot.handleUpdate(update).catch((error: unknown) => {
          logger.error(
            { updateId: update.update_id, ...describeApiError(error) },
            'telegram: update failed',
          );
        }),
      );
      const receipt = await intake.receive(update, handling);
      // Refused: Telegram delivers it again, to whichever instance serves then.
      response.writeHead(receipt === 'refused' ? 503 : 200).end();
    },
  };

  const url = webhookUrl(options.publicUrl);
  try {
    await bot.api.setWebhook(
      url,
      {
        secret_token: secret,
        allowed_updates: [...ALLOWED_UPDATES],
        max_connections: 40,
      },
      options.signal,
    );
  } catch (error) {
    const reason = describeApiError(error);
    // Telegram answered and refused (a configuration to fix): no point in trying again.
    // Telegram out of reach: thrown as is, and the channel is started again later.
    if (!(error instanceof GrammyError)) throw error;
    throw new FatalChannelError(
      `TELEGRAM_WEBHOOK_SECRET is set, but Telegram refused the webhook ${url}: ${String(reason.description ?? reason.message ?? reason.error)} (set PUBLIC_URL to the bot's public https address)`,
      { cause: error },
    );
  }
  logger.info({ url }, 'telegram: webhook set');
  return {
    mode: 'webhook',
    route,
    async stop() {
      stopped = true;
    },
  };
}
