/**
 * The sandbox's error codes. The real service's catalog of codes is "not shown" in the
 * spec, so the bot must not depend on these (it reads per-item results and reconciles);
 * they exist so that sandbox answers are specific and tests can tell failures apart.
 * The vendor's documented codes keep their numbers.
 */
export const SandboxCode = {
  InvalidRequest: '1000',
  Unauthorized: '1001',
  NotFound: '1002',
  NotOnSale: '1100',
  DateNotSellable: '1101',
  MixedPriceSets: '1102',
  InvalidTicket: '1103',
  InvalidSession: '1104',
  InvalidQuantity: '1105',
  GroupLimit: '1106',
  QuestionAnswerMissing: '1107',
  QuestionAnswerInvalid: '1108',
  CartAlreadyReserved: '1200',
  CartEmpty: '1201',
  CartNotReserved: '1202',
  ReservationExpired: '1203',
  CapacityExceeded: '1204',
  ClientRequired: '1205',
  PaymentMethodRequired: '1206',
  PartnerSaleIdInUse: '1207',
  GiftCardNotFound: '1300',
  GiftCardExchanged: '1301',
  GiftCardWindowClosed: '1302',
  InjectedFailure: '1900',
  IdentificationDocumentRequired: '5000',
  DailySalesAmountExceeded: '5001',
} as const;
export type SandboxCode = (typeof SandboxCode)[keyof typeof SandboxCode];

/** A refusal: the handler says no, and the server answers the operation's error envelope. */
export class SandboxRefusal extends Error {
  override name = 'SandboxRefusal';
  constructor(
    readonly code: SandboxCode | string,
    message: string,
    readonly entities: { id: string; name: string }[] = [],
  ) {
    super(message);
  }
}

export function refuse(
  code: SandboxCode | string,
  message: string,
  entities?: { id: string; name: string }[],
): never {
  throw new SandboxRefusal(code, message, entities);
}
