/**
 * Hands a confirmed cancellation of a bought booking to staff, once: when a turn first
 * shows it confirmed, after the turn is saved (as confirmed sales are reported). The
 * service offers no operation that creates a cancellation request; staff make it there.
 */
import { appliesNowText } from '#flows/booking/steps/cancel-booking.js';
import type { BookingContext } from '#flows/booking/types.js';
import type { BotEventBus } from '#src/events.js';
import type { TurnWork } from './turn-work.js';

export function reportCancellationRequests(events: BotEventBus) {
  return (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const chosen = after.cancelChosen;
    if (!chosen?.requested) return undefined;
    const earlier = before.cancelChosen;
    if (earlier?.requested && earlier.partnerSaleId === chosen.partnerSaleId) return undefined;
    return {
      saved: () => {
        events.emit('cancellation.requested', {
          partnerSaleId: chosen.partnerSaleId,
          saleIds: chosen.saleIds,
          date: chosen.date,
          policy: chosen.policyForStaff,
          appliesNow: appliesNowText(chosen, 'en'),
          // The conversation, where staff's look-up or a handoff can start.
          order: { ...chosen.order, conversationId },
        });
      },
    };
  };
}
