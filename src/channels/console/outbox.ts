/**
 * The console channels' outbox: a message the bot sends on its own (a reservation about to
 * lapse, its expiry, a payment result) is written where the chat is, as any reply. Only
 * this console's conversation is delivered; another console conversation has no reader.
 */
import type { Push } from '#src/conversation/outbox.js';
import type { Reply } from '#flows/view.js';

export function registerConsoleOutbox(
  push: Push | undefined,
  conversationId: string,
  write: (reply: Reply<unknown>) => void,
): void {
  const prefix = conversationId.split(':')[0] ?? '';
  push?.register(prefix, {
    async deliver(to, reply) {
      if (to === conversationId) write(reply);
    },
  });
}
