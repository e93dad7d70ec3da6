/**
 * Auto-assigned sessions (POST /autoassignsessions): which session the service would
 * assign to each ticket. Informational only: the sessions assigned when the cart is
 * confirmed may differ. Outcomes come in ResultType, not as errors.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import {
  aliased,
  boolean,
  integer,
  isoDate,
  isoDateTime,
  languageCode,
  list,
  optional,
  prose,
  text,
  withDefault,
  codeOf,
} from './schema.js';

/** HH:mm, a provider-local time of day. */
export type TimeOfDay = `${number}:${number}`;

const TIME = /^(?:\d{4}-\d{2}-\d{2}[T ])?([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,7})?)?$/;

/**
 * A session time. The spec shows it as a time ("18:00"); elsewhere session times are
 * date-times. Both are read, and only the time of day is kept (seconds dropped): the
 * date is the ticket's AccessDate.
 */
export const timeOfDay = z
  .string()
  .trim()
  .regex(TIME, 'expected a time HH:mm')
  .transform((value) => {
    const match = TIME.exec(value)!;
    return `${match[1]}:${match[2]}` as TimeOfDay;
  });

/** ResultType of an auto-assigned ticket. */
export const ResultType = {
  Ok: 0,
  /** The product has no ticket enclosures. */
  HasNotTicketEnclosure: 1,
  TicketEnclosureSessionTypeIsNone: 2,
  TicketEnclosureDoesNotAcceptAutoAssign: 3,
  TicketEnclosureHasNoSessionsAvailable: 4,
} as const;
export type ResultType = (typeof ResultType)[keyof typeof ResultType];

const resultType = codeOf(ResultType, 'a ResultType');

/** 0 access at the session time, 1 access from the session time onwards. */
export const SessionStartTimeType = { AtTime: 0, FromTime: 1 } as const;
export type SessionStartTimeType = (typeof SessionStartTimeType)[keyof typeof SessionStartTimeType];

const sessionStartTimeType = integer.pipe(
  z.union([z.literal(0), z.literal(1)], { error: 'expected a SessionStartTimeType 0 or 1' }),
);

/** A ticket's AccessDate takes priority over its product's. */
export const autoAssignSessionsRequest = z.object({
  languageCode: optional(languageCode),
  products: list(
    z.object({
      productId: text,
      quantity: integer,
      accessDate: isoDate,
      tickets: optional(list(z.object({ ticketId: text, accessDate: optional(isoDate) }))),
    }),
  ),
});
export type AutoAssignSessionsRequest = z.output<typeof autoAssignSessionsRequest>;

/** Session fields are present only when a session could be assigned (ResultType Ok). */
export const assignedTicket = aliased(
  {
    ticketId: text,
    accessDate: optional(isoDate),
    ticketEnclosureId: optional(text),
    sessionId: optional(text),
    sessionTime: optional(timeOfDay),
    sessionContentId: optional(text),
    sessionContentName: optional(prose),
    sessionStartTimeType: withDefault(sessionStartTimeType, 0),
    resultType,
  },
  { ticketEnclosureId: ['enclosureId'] },
);
export type AssignedTicket = z.output<typeof assignedTicket>;

export const autoAssignedProduct = z.object({
  productId: text,
  accessDate: optional(isoDate),
  hasTicketEnclosures: withDefault(boolean, false),
  tickets: list(assignedTicket),
});
export type AutoAssignedProduct = z.output<typeof autoAssignedProduct>;

export const autoAssignSessionsResponse = z.object({
  products: list(autoAssignedProduct),
  timestamp: optional(isoDateTime),
});
export type AutoAssignSessionsResponse = z.output<typeof autoAssignSessionsResponse>;

export const autoAssignSessionsOperation = defineOperation({
  name: 'autoassignsessions',
  method: 'POST',
  path: '/autoassignsessions',
  request: autoAssignSessionsRequest,
  response: autoAssignSessionsResponse,
  envelope: 'B',
  effect: 'read',
  timeoutMs: 10_000,
});
