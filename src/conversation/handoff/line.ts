/**
 * What staff do in a handoff's thread, to the customer (SupportLine): the thread names
 * its conversation (supportThreadKey, written when it opened and again at each message),
 * and the action goes into that conversation as a `support` input, under its lock,
 * through the push: whichever instance got the Slack event delivers to Telegram, and
 * only Redis is shared. A thread whose handoff ended (the customer went back to the bot)
 * is 'closed'; one that names no conversation (another thread of the channel, or one
 * quiet for DATA_TTL_HOURS) is 'unknown' to a reply (the buttons sit only on a handoff's
 * root: 'closed' to them). An instance whose customer channel has not started (Telegram
 * still trying) cannot deliver: that throws, so that staff hear it was not passed on
 * rather than that the conversation is back with the bot.
 */
import { supportThreadKey } from '#src/store/keys.js';
import type { Store } from '#src/store/store.js';
import type { Push } from '../outbox.js';
import type { SupportEvent } from './events.js';
import type { SupportLine } from './ports.js';

export function createSupportLine(store: Store, push: Push): SupportLine {
  async function run(threadId: string, event: SupportEvent): Promise<string> {
    const conversationId = (await store.get<string>(supportThreadKey(threadId)))?.value;
    if (conversationId === undefined) return 'unknown';
    const reply = await push.run(conversationId, { kind: 'support', event });
    if (reply === undefined) throw new Error('handoff: no channel delivers here');
    return reply.outcome ?? 'closed';
  }
  return {
    async staffSaid(threadId, staff, text) {
      const outcome = await run(threadId, { type: 'support.staff', threadId, staff, text });
      return outcome === 'delivered' || outcome === 'unknown' ? outcome : 'closed';
    },
    async returnToBot(threadId, staff) {
      const outcome = await run(threadId, { type: 'support.return', threadId, staff });
      return outcome === 'returned' ? 'returned' : 'closed';
    },
    async sendCart(threadId, staff) {
      const outcome = await run(threadId, { type: 'support.cart', threadId, staff });
      return outcome === 'sent' || outcome === 'empty' ? outcome : 'closed';
    },
  };
}
