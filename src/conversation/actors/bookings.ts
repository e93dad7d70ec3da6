/** /mybookings: GET /Sale for each PartnerSaleId this conversation made. */
import { fromPromise } from 'xstate';
import type { MyBooking, MyBookingsInput } from '#flows/booking/actors/bookings.js';
import { ActivityStatus, salesOperation, type Sale } from '#src/api/sales.js';
import { catalogName } from './sales.js';
import { soldStays } from '#flows/booking/steps/packages/sold.js';
import { bookingsOf, staysOf } from '../bookings-record.js';
import { soldStaysOf } from './sales.js';
import type { ActorDeps } from './index.js';

/** How many of the newest bookings are shown. */
const SHOWN = 5;

/**
 * A sale is a booking once it was paid: one whose payment was never made (every activity
 * still Started: the payment page abandoned) or failed (Cancelled with no access code ever
 * issued) is not listed. A booking cancelled after its purchase keeps its codes, and is.
 */
function aBooking(sale: Sale): boolean {
  const unpaid = (activity: Sale['activities'][number]) =>
    activity.status === ActivityStatus.Started ||
    (activity.status === ActivityStatus.Cancelled &&
      activity.accessCode === undefined &&
      activity.tickets.every((ticket) => ticket.accessCode === undefined));
  return !sale.activities.every(unpaid);
}

export function createBookingsActors(deps: ActorDeps) {
  async function loadMyBookings(input: MyBookingsInput): Promise<MyBooking[]> {
    const ids = (await bookingsOf(deps.store, input.userKey)).slice(0, SHOWN);
    const index = await deps.catalog.get(input.language).catch(() => undefined);
    const known = await staysOf(deps.store, input.userKey);
    const found = await Promise.all(
      ids.map(async (partnerSaleId) => {
        const { sales } = await deps.client.call(salesOperation, { partnerSaleId });
        // The filter is ours; a service that ignored it must not show others' sales.
        const sale = sales.find((candidate) => candidate.partnerSaleId === partnerSaleId);
        if (!sale || !aBooking(sale)) return undefined;
        const first = sale.activities[0];
        const currency =
          (first && index?.product(first.productId)?.product.pricesAndDates[0]?.currency) || 'EUR';
        return {
          partnerSaleId,
          total: { cents: Math.round(sale.totalPrice * 100), currency },
          activities: sale.activities.map((activity) => ({
            // The name the customer chose it by (the catalog's, as in the cart).
            name:
              (index && catalogName(index, activity.productId)) ||
              activity.productName ||
              activity.productId,
            accessDate: activity.accessDateTime,
            status: activity.status,
            accessCodes: [
              ...(activity.accessCode ? [activity.accessCode] : []),
              ...activity.tickets.flatMap((ticket) =>
                ticket.accessCode ? [ticket.accessCode] : [],
              ),
            ],
          })),
          stays: soldStays(known[partnerSaleId] ?? [], soldStaysOf(sale)),
        } satisfies MyBooking;
      }),
    );
    return found.flatMap((booking): MyBooking[] => (booking === undefined ? [] : [booking]));
  }

  return {
    loadMyBookings: fromPromise<MyBooking[], MyBookingsInput>(({ input }) => loadMyBookings(input)),
  };
}
