/**
 * Follows reservations from outside the machine (XState does not restore `after`
 * timers, and a process may die before a reservation expires): when a turn leaves a
 * conversation with a new reservation, schedule a reminder shortly before its expiry and
 * the expiry itself; when the reservation is gone or sold, cancel both. The jobs send
 * `reservation.remind` / `reservation.expired` to the conversation when they fire.
 */
import type { BookingContext } from '#flows/booking/types.js';
import type { Scheduler } from '#src/scheduler/scheduler.js';
import { expiryJobId, reminderJobId } from '#src/store/keys.js';
import type { TurnWork } from './turn-work.js';

/** How long before the expiry the customer is reminded. */
export const REMIND_BEFORE_MS = 3 * 60_000;
/** A margin after the expiry, so the service has surely let go of it too. */
const EXPIRE_AFTER_MS = 5_000;

/** The reservation still to watch: present, not lapsed, not being sold. */
function watched(context: BookingContext): string | undefined {
  const reservation = context.reservation;
  if (!reservation || reservation.lapsed) return undefined;
  if (context.sale && context.sale.saleIds.length > 0) return undefined;
  return reservation.expiresAt;
}

export function watchReservations(scheduler: Scheduler, now: () => Date = () => new Date()) {
  return (
    conversationId: string,
    before: BookingContext,
    after: BookingContext,
  ): TurnWork | undefined => {
    const previous = watched(before);
    const current = watched(after);
    if (previous === current) return undefined;
    return { run: () => follow(conversationId, current) };
  };

  async function follow(conversationId: string, current: string | undefined): Promise<void> {
    if (current === undefined) {
      await scheduler.cancel(reminderJobId(conversationId));
      await scheduler.cancel(expiryJobId(conversationId));
      return;
    }
    const expiresAt = new Date(current);
    const remindAt = new Date(expiresAt.getTime() - REMIND_BEFORE_MS);
    if (remindAt > now()) {
      await scheduler.schedule({
        id: reminderJobId(conversationId),
        kind: 'reservation.remind',
        conversationId,
        at: remindAt,
      });
    } else {
      await scheduler.cancel(reminderJobId(conversationId));
    }
    await scheduler.schedule({
      id: expiryJobId(conversationId),
      kind: 'reservation.expired',
      conversationId,
      at: new Date(expiresAt.getTime() + EXPIRE_AFTER_MS),
    });
  }
}
