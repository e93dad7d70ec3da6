/**
 * The partner service's codes that the booking's rules and words branch on: a question's
 * DataType (which answer it takes), a product's AccessDateCriteria (when it may be used),
 * an enclosure's AutoAssignSessionType (who picks the session), an accommodation's
 * board, rate class and type (their names for the customer). Named here, below the
 * flows; src/api's schemas and the sandbox read them from here.
 */

/** DataType of a question, and the answer property it fills. */
export const DataType = {
  Text: 0,
  TextList: 1,
  Boolean: 2,
  BooleanList: 3,
  Date: 4,
  DateList: 5,
  Integer: 6,
  IntegerList: 7,
  Decimal: 8,
  DecimalList: 9,
  SelectOne: 10,
  SelectMany: 11,
  File: 12,
  FileList: 13,
} as const;
export type DataType = (typeof DataType)[keyof typeof DataType];

/** 0 No (choose in the sales flow), 1 IfNotSet (assigned when not chosen), 2 ForceSet. */
export const AutoAssignSessionType = { No: 0, IfNotSet: 1, ForceSet: 2 } as const;
export type AutoAssignSessionType =
  (typeof AutoAssignSessionType)[keyof typeof AutoAssignSessionType];

/** 0 closed date, 1 open date (any day of the season), 3 during the accommodation stay. */
export const AccessDateCriteria = { ClosedDate: 0, OpenDate: 1, DuringStay: 3 } as const;

/** An accommodation's board: Filter and AvailableFilters values. */
export const AccommodationBoard = {
  RoomOnly: 10,
  BedAndBreakfast: 20,
  HalfBoard: 30,
  FullBoard: 40,
  AllInclusive: 50,
} as const;
export const AccommodationRateClass = { NonRefundable: 1, Refundable: 2 } as const;
export const AccommodationType = {
  Unclassified: 0,
  Hotel: 1,
  Hostel: 2,
  Campsite: 3,
  Apartment: 4,
} as const;
