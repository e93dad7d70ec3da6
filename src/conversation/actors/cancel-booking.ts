/**
 * The bookings a customer may ask to cancel: GET /Sale for each PartnerSaleId this
 * conversation made (never looked up by name or e-mail), each with its sale's
 * CancellationConditions and what they say at this moment, in the provider's wall clock.
 */
import { fromPromise } from 'xstate';
import type {
  Cancellable,
  CancellableInput,
  CancelCandidate,
} from '#flows/booking/actors/cancel-booking.js';
import { understand } from '#flows/understanding/understand.js';
import { ActivityStatus, salesOperation, type Sale } from '#src/api/sales.js';
import type { CancellationPolicy } from '#src/api/common.js';
import { cancellationAt, type CancelVerdict } from '#src/domain/cancel-now.js';
import { describeCancellation } from '#src/domain/cancellation.js';
import { toCents } from '#src/domain/pricing.js';
import { CUSTOMER_ZONE, dateOf, localNow, providerNow } from '#src/domain/time.js';
import type { IsoDate } from '#src/api/schema.js';
import { bookingsOf } from '../bookings-record.js';
import { alertOrderOfSale } from './alert-order.js';
import { catalogName } from './sales.js';
import type { ActorDeps } from './index.js';

/** How many of the newest bookings are looked at, as /mybookings shows them. */
const LOOKED_AT = 5;

/** Paid and not cancelled already: something is left to cancel. */
const standing = (sale: Sale) =>
  sale.activities.some(
    (activity) =>
      activity.status === ActivityStatus.Confirmed || activity.status === ActivityStatus.InProcess,
  );

/** A penalty amount of the whole price gives nothing back: said as non-refundable. */
function nothingBack(verdict: CancelVerdict, totalCents: number): CancelVerdict {
  return verdict.kind === 'penalty' &&
    verdict.amount !== undefined &&
    toCents(verdict.amount) >= totalCents
    ? { kind: 'nonRefundable' }
    : verdict;
}

export function createCancelBookingActors(deps: ActorDeps) {
  async function candidateOf(
    partnerSaleId: string,
    input: CancellableInput,
  ): Promise<CancelCandidate | undefined> {
    const { sales } = await deps.client.call(salesOperation, { partnerSaleId });
    // The filter is ours; a service that ignored it must not show others' sales.
    const sale = sales.find((candidate) => candidate.partnerSaleId === partnerSaleId);
    const first = sale?.activities[0];
    if (!sale || !first || !standing(sale)) return undefined;
    const index = await deps.catalog.get(input.language).catch(() => undefined);
    const entry = index?.product(first.productId);
    const policy: CancellationPolicy | undefined = first.cancellationConditions;
    const currency = entry?.product.pricesAndDates[0]?.currency || 'EUR';
    const date = dateOf(first.accessDateTime as never) as IsoDate;
    const now = entry
      ? providerNow(entry.provider, deps.now())
      : localNow(CUSTOMER_ZONE, deps.now());
    const order = alertOrderOfSale(sale);
    return {
      partnerSaleId,
      saleIds: sale.saleId ? [sale.saleId] : [],
      name: (index && catalogName(index, first.productId)) || first.productName || first.productId,
      date,
      total: { cents: toCents(sale.totalPrice), currency },
      policy:
        describeCancellation(policy, input.language, { currency }) ||
        entry?.product.productCancellationConditions ||
        '',
      policyForStaff: describeCancellation(policy, 'en', { currency }),
      verdict: nothingBack(cancellationAt(policy, date, now), toCents(sale.totalPrice)),
      order: { ...order, total: { cents: toCents(sale.totalPrice), currency } },
    };
  }

  async function loadCancellable(input: CancellableInput): Promise<Cancellable> {
    const ids = (await bookingsOf(deps.store, input.userKey)).slice(0, LOOKED_AT);
    const wanted =
      input.partnerSaleId !== undefined ? ids.filter((id) => id === input.partnerSaleId) : ids;
    const found = (await Promise.all(wanted.map((id) => candidateOf(id, input)))).filter(
      (candidate): candidate is CancelCandidate => candidate !== undefined,
    );
    const said = input.text
      ? understand(input.text, { today: dateOf(localNow(CUSTOMER_ZONE, deps.now())) }).slots.date
          ?.value
      : undefined;
    const day = said?.kind === 'date' ? said.date : undefined;
    if (day === undefined) return { candidates: found };
    const onDay = found.filter((candidate) => candidate.date === day);
    return onDay.length > 0 ? { candidates: onDay } : { candidates: found, dayMissed: day };
  }

  return {
    loadCancellable: fromPromise<Cancellable, CancellableInput>(({ input }) =>
      loadCancellable(input),
    ),
  };
}
