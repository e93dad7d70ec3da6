/**
 * What every update goes through before the handlers:
 * - a boundary that keeps one update's failure from reaching the runner or the webhook
 *   (a customer who blocked the bot is logged at info: their choice, not our error);
 * - private chats only (a conversation is one customer's);
 * - deduplication by update_id in the store (Telegram redelivers a webhook update on
 *   any non-2xx or timeout, and a restarted poller fetches again what it had not
 *   confirmed; ids are not always increasing, so no "highest seen" shortcut). An update
 *   is taken by one instance at a time under a lease, and marked handled when done: one
 *   whose instance died mid-way is handled again when it comes again (the engine's
 *   input key makes that safe), instead of being lost for good. The exchange that takes
 *   it takes, for an update that comes to a turn, the conversation's lease too
 *   (turn-ahead.ts);
 * - the button gate: every callback query is answered at once, before waiting for the
 *   chat's turn, and forged, stale and repeated taps stop there.
 */
import type { MiddlewareFn } from 'grammy';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import { TELEGRAM_CHAT_RATE_LIMIT, telegramFloodKey, telegramUpdateKey } from '#src/store/keys.js';
import { runOnce, type RateLimit, type Store } from '#src/store/store.js';
import { isStoreUnavailable } from '#src/store/unavailable.js';
import { conversationOf, type TgContext } from './deps.js';
import { describeApiError, isUnreachable } from './errors.js';
import type { Intake } from './intake.js';
import { conversationLanguage, userLanguage, type ConversationLanguages } from './language.js';
import { telegramMessages } from './messages.js';
import type { TurnsAhead } from './turn-ahead.js';
import {
  HANDLING_LEASE_MS,
  isCurrent,
  resolveTap,
  tapBegins,
  withChoice,
  type ChatPointer,
  type Tap,
} from './view-table.js';

/** Telegram keeps undelivered updates for 24 hours; remember ids for twice that. */
export const UPDATE_TTL_SECONDS = 48 * 60 * 60;

export function errorBoundary(logger: Logger, intake?: Intake): MiddlewareFn<TgContext> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (isStoreUnavailable(error)) {
        // Refused for Telegram to deliver again, or lost if already taken (intake.ts).
        intake?.failed(ctx.update, error);
        logger.warn(
          { updateId: ctx.update.update_id, err: error },
          'telegram: the store is out of reach; update not handled',
        );
        return;
      }
      if (isUnreachable(error)) {
        logger.info(
          { chatId: ctx.chat?.id, ...describeApiError(error) },
          'telegram: the customer cannot be reached (blocked the bot); reply dropped',
        );
        return;
      }
      intake?.failed(ctx.update, error);
      logger.error(
        { updateId: ctx.update.update_id, ...describeApiError(error) },
        'telegram: update failed',
      );
    }
  };
}

/** The limit of each chat's updates (RATE_LIMIT_CHAT_*), counted on the store. */
export function chatLimit(store: Store, limit: { points: number; seconds: number }): RateLimit {
  return store.rateLimit(TELEGRAM_CHAT_RATE_LIMIT, limit.points, limit.seconds);
}

/** The chat whose limit an update spends a point of; none for a payment (never skipped). */
const limitedChat = (ctx: TgContext): number | undefined =>
  ctx.preCheckoutQuery || ctx.message?.successful_payment ? undefined : ctx.chat?.id;

/**
 * A chat that sends more than its limit per window (RATE_LIMIT_CHAT_MESSAGES per
 * RATE_LIMIT_CHAT_SECONDS, counted on the store: across instances) is slowed: what goes
 * over is skipped and the customer is told once per window; other chats are not touched.
 * A payment is never skipped (a pre-checkout query must be answered, a payment kept).
 * Placed after the button gate, so a skipped tap was still answered. The point is spent
 * in the exchange that takes the update (dedupeUpdates), told here by `ctx.allowed`.
 */
export function floodGuard(
  store: Store,
  languages: ConversationLanguages,
  chats: RateLimit,
  limit: { points: number; seconds: number },
  defaultLanguage: Lang,
  logger: Logger,
  onLimited?: () => void,
): MiddlewareFn<TgContext> {
  return async (ctx, next) => {
    const chatId = limitedChat(ctx);
    if (chatId === undefined) return next();
    if (ctx.allowed ?? (await chats.take(String(chatId)))) return next();
    onLimited?.();
    if (!(await store.claim(telegramFloodKey(chatId), limit.seconds))) return;
    logger.info({ chatId }, 'telegram: a chat over its rate limit is slowed');
    const lang = await conversationLanguage(
      languages,
      conversationOf(chatId),
      userLanguage(ctx.from?.language_code, defaultLanguage),
    );
    await ctx.api.sendMessage(chatId, telegramMessages(lang).slowDown);
  };
}

export const privateChatsOnly: MiddlewareFn<TgContext> = async (ctx, next) => {
  if (ctx.chat && ctx.chat.type !== 'private') return;
  await next();
};

export function dedupeUpdates(
  store: Store,
  botId: number,
  logger: Logger,
  chats?: RateLimit,
  ahead?: TurnsAhead,
  intake?: Intake,
): MiddlewareFn<TgContext> {
  return async (ctx, next) => {
    const updateId = ctx.update.update_id;
    // A tap's view and pointer are read, and a choice's view taken, in the same exchange.
    const chatId = ctx.chat?.id;
    const tap =
      ctx.callbackQuery && chatId !== undefined
        ? tapBegins(chatId, ctx.callbackQuery.data)
        : undefined;
    // So is a point of the chat's rate limit (a redelivery spends one too).
    const limited = limitedChat(ctx);
    const spend =
      chats && limited !== undefined ? { spend: { limit: chats, key: String(limited) } } : {};
    // And, for an update that comes to a turn, the conversation's lease with its reads.
    const turn = ahead?.begin(ctx);
    const take = [...(tap?.take ?? []), ...(turn ? [turn.take] : [])];
    const also = [...(tap?.also ?? []), ...(turn?.also ?? [])];
    let outcome;
    try {
      outcome = await runOnce(
        store,
        telegramUpdateKey(botId, updateId),
        {
          leaseMs: HANDLING_LEASE_MS,
          doneTtlSeconds: UPDATE_TTL_SECONDS,
          ...(take.length > 0 ? { take } : {}),
          ...(also.length > 0 ? { also } : {}),
          ...spend,
        },
        (end, begun) => {
          intake?.stored(ctx.update);
          ctx.end = end;
          if (begun.allowed !== undefined) ctx.allowed = begun.allowed;
          if (tap) {
            ctx.tapBegun = {
              view: begun.also[0],
              pointer: begun.also[1]?.value as ChatPointer | undefined,
              ...(tap.take.length > 0 ? { lock: begun.taken[0] } : {}),
            };
          }
          if (turn) {
            const reads = tap?.also.length ?? 0;
            ahead!.taken(ctx, begun.taken.at(-1), begun.also.slice(reads), end);
          }
          return next();
        },
      );
    } finally {
      ahead?.done(ctx);
    }
    if (outcome !== 'ran') logger.info({ updateId, outcome }, 'telegram: repeated update ignored');
  };
}

/** The language of the adapter's words for this update's customer. */
export function languageOf(
  languages: ConversationLanguages,
  ctx: TgContext,
  fallback: Lang,
): Promise<Lang> {
  const own = userLanguage(ctx.from?.language_code, fallback);
  return ctx.chat
    ? conversationLanguage(languages, conversationOf(ctx.chat.id), own)
    : Promise.resolve(own);
}

export function callbackGate(
  store: Store,
  languages: ConversationLanguages,
  defaultLanguage: Lang,
  logger: Logger,
): MiddlewareFn<TgContext> {
  return async (ctx, next) => {
    const query = ctx.callbackQuery;
    if (!query) {
      await next();
      return;
    }
    const answer = async (text?: string) => {
      try {
        await ctx.answerCallbackQuery(text ? { text } : undefined);
      } catch (error) {
        // A query answered late is "too old"; the tap is still handled.
        if (isUnreachable(error)) throw error;
        logger.debug(describeApiError(error), 'telegram: callback query not answered');
      }
    };
    /**
     * A choice's or a page's plain answer goes out while the tap is handled: it only stops
     * the button's spinner, and the turn need not wait for Telegram to take it. Its
     * outcome is awaited after (a customer who cannot be reached still ends the update
     * as before), and never left unhandled.
     */
    const handleAnswering = async (chosen: Tap) => {
      const answering = answer().then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      ctx.tap = chosen;
      await next();
      const failed = await answering;
      if (failed) throw failed.error;
    };
    const chatId = ctx.chat?.id;
    const tap =
      chatId === undefined
        ? { kind: 'forged' as const }
        : await resolveTap(store, chatId, query.data, ctx.tapBegun);
    const m = () => languageOf(languages, ctx, defaultLanguage).then(telegramMessages);
    // A tap on a view the chat has moved past (rare): one read of the conversation tells
    // its language and whether a handoff holds it (then its "paused", as on the step's own).
    const stale = async () => {
      if (!languages.earlierTap || chatId === undefined) return (await m()).staleButton;
      const said = await languages.earlierTap(conversationOf(chatId));
      const own = userLanguage(ctx.from?.language_code, defaultLanguage);
      return said.answer ?? telegramMessages(said.language ?? own).staleButton;
    };
    switch (tap.kind) {
      case 'forged':
        logger.info({ chatId }, 'telegram: unknown button data refused');
        await answer((await m()).forgedButton);
        return;
      case 'stale':
        await answer(await stale());
        return;
      case 'noop':
        await answer();
        return;
      case 'input': {
        // The view is taken while this choice is handled; a second tap meanwhile is told.
        const taken = await withChoice(
          store,
          tap.stamp,
          chatId!,
          async (pointer) => {
            // The choice handled just before this one may have moved the view on.
            if (!isCurrent(tap.stamp, tap.record, pointer)) {
              await answer(await stale());
              return;
            }
            await handleAnswering(tap);
          },
          ctx.end,
          ctx.tapBegun,
        );
        if (!taken) await answer((await m()).repeatedTap);
        return;
      }
      case 'page':
      case 'month':
        break;
    }
    await handleAnswering(tap);
  };
}
