/** The customer's own bookings (/mybookings). */
import type { IsoDate } from '#src/domain/time.js';
import type { Lang } from '#src/domain/lang.js';
import type { Money, SoldStay } from '../types.js';
import { notProvided } from './not-provided.js';

export interface MyBooking {
  partnerSaleId: string;
  /** What the sale cost (its TotalPrice), in the currency of its products. */
  total?: Money;
  /** ActivityStatus of its activities: 1 Started, 2 Confirmed, 4 Cancelled, 7 In process. */
  activities: { name: string; accessDate: IsoDate; status: number; accessCodes: string[] }[];
  /** Its stays (packages), named as the order knew them. */
  stays?: SoldStay[];
}

export interface MyBookingsInput {
  userKey: string;
  language: Lang;
}

export const bookingActors = {
  /** The sales this conversation made, newest first, as GET /Sale has them now. */
  loadMyBookings: notProvided<MyBooking[], MyBookingsInput>('loadMyBookings'),
};
