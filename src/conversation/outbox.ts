/**
 * Messages the bot sends without being asked (a reservation about to expire, a payment
 * result): the engine runs the turn, and the channel that owns the conversation
 * delivers the reply. Conversation ids are channel-qualified (`tg:<chat id>`,
 * `console:<name>`), so the prefix says which channel delivers.
 */
import type { BookingEvent } from '#flows/booking/types.js';
import type { Engine } from './engine.js';
import type { Input } from './interpret.js';
import type { Reply } from '#flows/view.js';

/**
 * A reply the channel could not hand to the customer, and why: `blocked`, they blocked
 * the bot; `gone`, their account or chat no longer exists; `refused`, the channel refused
 * it for another reason it will not change its mind about (a retry would not help).
 * A failure that may pass (the channel down) is thrown instead.
 */
export interface Undelivered {
  reason: 'blocked' | 'gone' | 'refused';
}

export interface Outbox {
  /** Sends a reply to the customer of this conversation; what did not reach them, if so. */
  deliver(conversationId: string, reply: Reply<unknown>): Promise<Undelivered | void>;
}

/** A pushed turn's reply, with what of it did not reach the customer. */
export type PushedReply = Reply<unknown> & { undelivered?: Undelivered };

export interface Push {
  /** Registers the channel that delivers for conversation ids starting with `prefix:`. */
  register(prefix: string, outbox: Outbox): void;
  /**
   * Runs `event` in the conversation and delivers the reply; false when no channel owns
   * the conversation or the event no longer applies there.
   */
  send(conversationId: string, event: BookingEvent): Promise<boolean>;
  /**
   * Runs an input of the bot's own (a staff action of a handoff) and delivers the reply
   * unless ignored; the reply, or undefined when no channel owns the conversation.
   */
  run(conversationId: string, input: Input): Promise<PushedReply | undefined>;
}

export function createPush(engine: Engine): Push {
  const outboxes = new Map<string, Outbox>();
  async function run(conversationId: string, input: Input) {
    const outbox = outboxes.get(conversationId.split(':')[0] ?? '');
    if (!outbox) return undefined;
    const reply = await engine.handle(conversationId, input);
    if (reply.ignored) return reply;
    const undelivered = await outbox.deliver(conversationId, reply);
    return undelivered ? { ...reply, undelivered } : reply;
  }
  return {
    register(prefix, outbox) {
      outboxes.set(prefix, outbox);
    },
    async send(conversationId, event) {
      const reply = await run(conversationId, { kind: 'event', event });
      return reply !== undefined && !reply.ignored;
    },
    run,
  };
}
