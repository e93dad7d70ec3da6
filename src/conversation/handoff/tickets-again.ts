/**
 * Staff's "Resend the tickets" in a handoff's thread: the tickets of the conversation's
 * last sale (the sales it made: bookings-record.ts), read again from the service and
 * drawn as the customer got them after the sale (the booking actors' `loadTickets`, the
 * done step's `ticketDocuments`), for the channel's own ticket delivery.
 */
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import type { LoadTicketsOutput } from '#flows/booking/actors/cart.js';
import { Refusal } from '#flows/booking/problem.js';
import { ticketDocuments } from '#flows/booking/steps/done.js';
import type { CatalogService } from '#src/catalog/catalog-service.js';
import type { Lang } from '#src/domain/lang.js';
import type { Store } from '#src/store/store.js';
import { bookingsOf } from '../bookings-record.js';
import type { TicketsAgain } from './beside.js';

/** ActivityStatus 4: a cancelled line has no ticket to show at the door. */
const CANCELLED = 4;

export function createTicketsAgain(deps: {
  store: Store;
  catalog: CatalogService;
  /** The booking actors' `loadTickets` (GET /Sale, names in the customer's language). */
  loadTickets: AnyActorLogic;
}) {
  return async (conversationId: string, language: Lang): Promise<TicketsAgain | undefined> => {
    const [partnerSaleId] = await bookingsOf(deps.store, conversationId);
    if (partnerSaleId === undefined) return undefined;
    let sold: LoadTicketsOutput;
    try {
      sold = (await toPromise(
        createActor(deps.loadTickets, { input: { partnerSaleId, language } }).start(),
      )) as LoadTicketsOutput;
    } catch (error) {
      // The service has no such sale (any more): nothing to send.
      if (error instanceof Refusal) return undefined;
      throw error;
    }
    const activities = sold.activities.filter((activity) => activity.status !== CANCELLED);
    const catalog = await deps.catalog.get(language);
    return { partnerSaleId, tickets: ticketDocuments(activities, { catalog }, language) };
  };
}
