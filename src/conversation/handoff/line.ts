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
import type { Push, PushedReply } from '../outbox.js';
import type { SupportEvent } from './events.js';
import type { StaffSaid, SupportLine } from './ports.js';

/** The beside's outcome for a reply another member of staff holds: `held:<their name>`. */
const HELD = 'held:';
/** The beside's outcome for tickets sent again: `tickets:<PartnerSaleId>`. */
const SENT = 'tickets:';
/** The beside's outcome for a take-over: `taken`, or `taken:<who had it>`. */
const TAKEN = 'taken';

export function createSupportLine(store: Store, push: Push): SupportLine {
  async function run(threadId: string, event: SupportEvent): Promise<PushedReply | 'unknown'> {
    const conversationId = (await store.get<string>(supportThreadKey(threadId)))?.value;
    if (conversationId === undefined) return 'unknown';
    const reply = await push.run(conversationId, { kind: 'support', event });
    if (reply === undefined) throw new Error('handoff: no channel delivers here');
    return reply;
  }
  const outcomeOf = (reply: PushedReply | 'unknown') =>
    reply === 'unknown' ? 'unknown' : (reply.outcome ?? 'closed');
  /** A reply's or a file's fate: delivered, held by someone else, closed, undelivered. */
  const said = (reply: PushedReply | 'unknown'): StaffSaid => {
    const outcome = outcomeOf(reply);
    if (outcome.startsWith(HELD)) return { held: outcome.slice(HELD.length) };
    if (outcome === 'delivered' && reply !== 'unknown' && reply.undelivered)
      return { undelivered: reply.undelivered };
    return outcome === 'delivered' || outcome === 'unknown' ? outcome : 'closed';
  };
  return {
    async staffSaid(threadId, staff, text) {
      return said(await run(threadId, { type: 'support.staff', threadId, staff, text }));
    },
    async sendFile(threadId, staff, file, text) {
      return said(
        await run(threadId, {
          type: 'support.file',
          threadId,
          staff,
          file,
          ...(text ? { text } : {}),
        }),
      );
    },
    async resendTickets(threadId, staff) {
      const reply = await run(threadId, { type: 'support.tickets', threadId, staff });
      const outcome = outcomeOf(reply);
      if (outcome === 'none' || outcome === 'unavailable') return outcome;
      if (!outcome.startsWith(SENT)) return 'closed';
      const partnerSaleId = outcome.slice(SENT.length);
      return reply !== 'unknown' && reply.undelivered
        ? { undelivered: reply.undelivered, partnerSaleId }
        : { sent: partnerSaleId };
    },
    async returnToBot(threadId, staff) {
      const reply = await run(threadId, { type: 'support.return', threadId, staff });
      if (outcomeOf(reply) !== 'returned') return 'closed';
      return reply !== 'unknown' && reply.undelivered
        ? { undelivered: reply.undelivered }
        : 'returned';
    },
    async sendCart(threadId, staff) {
      const reply = await run(threadId, { type: 'support.cart', threadId, staff });
      const outcome = outcomeOf(reply);
      if (outcome === 'sent' && reply !== 'unknown' && reply.undelivered)
        return { undelivered: reply.undelivered };
      return outcome === 'sent' || outcome === 'empty' ? outcome : 'closed';
    },
    async take(threadId, staff) {
      const outcome = outcomeOf(await run(threadId, { type: 'support.take', threadId, staff }));
      if (!outcome.startsWith(TAKEN)) return 'closed';
      const from = outcome.slice(TAKEN.length + 1);
      return from ? { taken: true, from } : { taken: true };
    },
  };
}
