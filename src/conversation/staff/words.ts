/**
 * Codes of the partner service in words for staff, for the staff look-ups' answers
 * (lookups.ts). Unknown values (the spec's numbering has gaps) are shown with their
 * number rather than hidden.
 */
import { ActivityStatus } from '#src/api/sales.js';
import { CancellationReason, CancellationRequestStatus } from '#src/api/cancellations.js';

const activityStatusWords: Record<number, string> = {
  [ActivityStatus.Started]: 'Started',
  [ActivityStatus.Confirmed]: 'Confirmed',
  [ActivityStatus.Cancelled]: 'Cancelled',
  [ActivityStatus.InProcess]: 'In process',
};

export function activityStatusWord(status: number): string {
  return activityStatusWords[status] ?? `Status ${status}`;
}

/** A sale line whose money was taken (Confirmed): the only ones staff's totals add up. */
export const isPaidStatus = (status: number): boolean => status === ActivityStatus.Confirmed;

export const isCancelledStatus = (status: number): boolean => status === ActivityStatus.Cancelled;

const requestStatusWords: Record<number, string> = {
  [CancellationRequestStatus.None]: 'No status',
  [CancellationRequestStatus.InProcess]: 'In process',
  [CancellationRequestStatus.Accepted]: 'Accepted',
  // The spec gives 3 to both Rejected and Failed.
  [CancellationRequestStatus.RejectedOrFailed]: 'Rejected or failed',
};

export function cancellationStatusWord(status: number): string {
  return requestStatusWords[status] ?? `Status ${status}`;
}

const reasonWords: Record<number, string> = {
  [CancellationReason.ChangeOfAccessDates]: 'Change of access dates',
  [CancellationReason.ChangeOfProducts]: 'Change of products',
  [CancellationReason.ChangeOfNumberOfAttendees]: 'Change of number of attendees',
  [CancellationReason.CommonIllness]: 'Common illness',
  [CancellationReason.ImproperHandlingOfTicketSale]: 'Improper handling of the ticket sale',
  [CancellationReason.IntegrationProblems]: 'Integration problems',
  [CancellationReason.Payment]: 'Payment',
};

export function cancellationReasonWord(reason: number | undefined): string {
  if (reason === undefined) return 'No reason given';
  return reasonWords[reason] ?? `Reason ${reason}`;
}
