/**
 * What the Telegram channel needs from the rest of the bot: the conversation engine
 * (every customer turn), the store (update deduplication, the button table), the push
 * to register its outbox on, and where it is reachable from outside (webhook mode).
 */
import type { APIThrottlerOptions } from '@grammyjs/transformer-throttler';
import type { ApiObserver } from './api-limits.js';
import type { Context } from 'grammy';
import type { Config } from '#src/config.js';
import type { Engine } from '#src/conversation/engine.js';
import type { PreCheckoutAnswer, PreCheckoutQuery } from '#src/conversation/invoices.js';
import type { Push } from '#src/conversation/outbox.js';
import type { Refunds } from '#src/conversation/refunds.js';
import type { Lang } from '#src/domain/lang.js';
import type { Logger } from '#src/log.js';
import type { EndOfRun, Store } from '#src/store/store.js';
import type { Unhandled } from './intake.js';
import type { Ahead } from './turn-ahead.js';
import type { TypingOptions } from './typing.js';
import type { Tap, TapBegun } from './view-table.js';

export type TelegramConfig = NonNullable<Config['telegram']>;

export interface TelegramDeps {
  config: TelegramConfig;
  engine: Engine;
  store: Store;
  logger: Logger;
  /** PUBLIC_URL: the webhook is `${publicUrl}/telegram/webhook`. */
  publicUrl: string;
  /** Bot-initiated replies (payment outcome, expiry reminders) for `tg:` conversations. */
  push?: Push;
  /** Told each message or tap skipped for its chat's rate limit (a metrics counter). */
  onChatLimited?: () => void;
  /** Told each update that could not be handled, and whether Telegram sends it again. */
  onUnhandled?: (fate: Unhandled) => void;
  /** Told Telegram's refusals and the throttler's waits (the metrics). */
  observeApi?: ApiObserver;
  /** Telegram's limits for the throttler (api-limits.ts); tests give small ones. */
  limits?: APIThrottlerOptions;
  /** The partner's language: the default command list and a new customer's language. */
  defaultLanguage?: Lang;
  /** The fast pre-checkout check of invoices (Telegram Payments). */
  preCheckout?: (query: PreCheckoutQuery) => Promise<PreCheckoutAnswer>;
  /** Where the channel registers its Stars refunds. */
  refunds?: Refunds;
  /** How long each Bot API call of the start may take (index.ts, START_CALL_TIMEOUT_MS). */
  startTimeoutMs?: number;
  /** How many chats are handled at once (chats-at-once.ts; CHATS_AT_ONCE by default). */
  chatsAtOnce?: number;
  /** When "typing…" shows during a slow turn (typing.ts; tests give their own clock). */
  typing?: TypingOptions;
}

/**
 * grammY's context, with the checked meaning of a button tap, what the update's first
 * exchange read and took for it, and the end of the update's handling: writes and
 * releases that ride with its done mark (one exchange).
 */
export type TgContext = Context & {
  tap?: Tap;
  end?: EndOfRun;
  tapBegun?: TapBegun;
  /** Whether the chat's rate limit had a point for this update (spent with the update). */
  allowed?: boolean;
  /** The update's chat and the conversation's lease it took for its turn (turn-ahead.ts). */
  ahead?: Ahead;
};

/** The conversation of a private chat. */
export const conversationOf = (chatId: number) => `tg:${chatId}`;
