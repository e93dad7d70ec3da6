/**
 * "typing…" while a turn waits: a turn that has not answered within a moment (the partner
 * service is slow today) shows Telegram's chat action, again every few seconds (Telegram
 * shows it for 5 s, or until the bot's next message), and stops once the turn has its
 * answer. A turn that answers sooner shows nothing: the answer itself is quicker to read.
 */
import type { Api } from 'grammy';
import type { Logger } from '#src/log.js';
import { describeApiError } from './errors.js';

/** The timers typing uses (tests give a clock they move by hand). */
export interface TypingTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface TypingOptions {
  /** How long a turn may take before "typing…" shows. */
  afterMs?: number;
  /** How often it is said again while the turn goes on (Telegram shows it for 5 s). */
  everyMs?: number;
  timers?: TypingTimers;
}

/** A wait shorter than this reads as instant; longer, the customer wonders. */
export const TYPING_AFTER_MS = 300;
export const TYPING_EVERY_MS = 4500;

const realTimers: TypingTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Runs `work`, with "typing…" in `chatId` for as long as it takes past `afterMs`. */
export async function typingWhile<T>(
  api: Pick<Api, 'sendChatAction'>,
  chatId: number,
  work: () => Promise<T>,
  logger: Logger,
  options: TypingOptions = {},
): Promise<T> {
  const { afterMs = TYPING_AFTER_MS, everyMs = TYPING_EVERY_MS, timers = realTimers } = options;
  let done = false;
  let handle: unknown;
  const say = () => {
    if (done) return;
    // Never awaited: the turn does not wait for Telegram to show it, and a refusal (the
    // customer blocked the bot) is the turn's own to meet when it answers.
    api.sendChatAction(chatId, 'typing').catch((error: unknown) => {
      logger.debug(describeApiError(error), 'telegram: typing not shown');
    });
    handle = timers.set(say, everyMs);
  };
  handle = timers.set(say, afterMs);
  try {
    return await work();
  } finally {
    done = true;
    timers.clear(handle);
  }
}
