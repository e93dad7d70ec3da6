/**
 * Payments given back through the channel that took them. Only Telegram Stars can be
 * refunded through the Bot API (`refundStarPayment`); the Telegram channel registers a
 * refunder for `tg:` conversations when it starts (it starts after the app, like the
 * outbox). Payments made through a provider are refunded at the provider, by staff.
 */
export interface Refunder {
  /** Gives a Stars payment back to the customer of `conversationId`. */
  refundStars(conversationId: string, chargeId: string): Promise<void>;
}

export interface Refunds {
  register(prefix: string, refunder: Refunder): void;
  /** The refunder of the channel that owns the conversation, if it can refund. */
  of(conversationId: string): Refunder | undefined;
}

export function createRefunds(): Refunds {
  const refunders = new Map<string, Refunder>();
  return {
    register(prefix, refunder) {
      refunders.set(prefix, refunder);
    },
    of: (conversationId) => refunders.get(conversationId.split(':')[0] ?? ''),
  };
}
