/**
 * How updates reach the bot, and nothing else.
 *
 * - Long polling (no TELEGRAM_WEBHOOK_SECRET): @grammyjs/runner fetches updates and
 *   handles them concurrently, up to a bounded number of chats at once
 *   (chats-at-once.ts); `sequentialize` (installed with the middleware) keeps one chat's
 *   updates in order. A webhook left over from webhook mode is deleted first
 *   (Telegram refuses getUpdates while one is set).
 * - Webhook: `POST /telegram/webhook` on our one server. The secret header is compared
 *   in constant time; a good update is acknowledged with 200 at once and handled after.
 *   grammY's webhookCallback answers only when the handler is done (or throws on its own
 *   timeout, while the handler keeps running), and Telegram redelivers what is not
 *   acknowledged in time: a booking turn that waits on the partner service would be
 *   delivered again and again. Acknowledging first means an update in hand when the
 *   process dies is lost; the customer sees no answer and taps again, which the
 *   conversation's state makes safe. Redeliveries are dropped by update_id
 *   (middleware.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { GrammyError, type Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '#src/log.js';
import type { Route } from '#src/server.js';
import type { TgContext } from './deps.js';
import { FatalChannelError } from '../keep-trying.js';
import { describeApiError } from './errors.js';
import type { InFlight } from './in-flight.js';

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

export interface Transport {
  mode: 'polling' | 'webhook';
  route?: Route;
  stop(): Promise<void>;
}

export function startPolling(bot: Bot<TgContext>, logger: Logger): Transport {
  const runner: RunnerHandle = run(bot, {
    runner: {
      fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 },
      // Fetch failures are logged by the API transformer in index.ts, not on the console.
      silent: true,
    },
  });
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
  options: { secret: string; publicUrl: string; inFlight: InFlight; logger: Logger },
): Promise<Transport> {
  const { secret, inFlight, logger } = options;
  let stopped = false;
  const route: Route = {
    method: 'POST',
    path: TELEGRAM_WEBHOOK_PATH,
    // Refused on its headers, before the server reads a byte of the body.
    authorize: (headers) => secretMatches(headers[SECRET_HEADER], secret),
    handle(request, response) {
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
      response.writeHead(200).end();
      void inFlight.track(
        bot.handleUpdate(update).catch((error: unknown) => {
          logger.error(
            { updateId: update.update_id, ...describeApiError(error) },
            'telegram: update failed',
          );
        }),
      );
    },
  };

  const url = webhookUrl(options.publicUrl);
  try {
    await bot.api.setWebhook(url, {
      secret_token: secret,
      allowed_updates: [...ALLOWED_UPDATES],
      max_connections: 40,
    });
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
