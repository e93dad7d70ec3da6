/**
 * What every sandbox handler sees: its options, its clock, the seeded data and the
 * mutable state. Handlers are plain functions of (request, context).
 */
import type { Operation, RequestOf, ResponseOf } from '#src/api/operation.js';
import type { OperationName, OperationOf } from '#src/api/operations.js';
import type { Clock } from './clock.js';
import type { SandboxData } from './data.js';
import type { SandboxState } from './state.js';

export interface SandboxOptions {
  /** The key requests must carry as `Authorization: ApiKey <key>`. */
  apiKey: string;
  /** How long a reservation (Confirm) holds its items. */
  reservationMinutes: number;
  /** A debit-contract partner must give a PaymentMethod at Sale and pays on a payment page. */
  debitPartner: boolean;
  /** Whether Client data is required for activity-only sales (partner configuration). */
  requireClient: boolean;
  /** The partner's default LanguageCode. */
  language: 'es' | 'en';
  /** Products in a generated catalog instead of the demo one (benchmarks). */
  generatedProducts?: number;
}

export const defaultSandboxOptions: SandboxOptions = {
  apiKey: 'sandbox-key',
  reservationMinutes: 15,
  debitPartner: false,
  requireClient: false,
  language: 'es',
};

export interface SandboxContext {
  readonly options: SandboxOptions;
  readonly clock: Clock;
  readonly data: SandboxData;
  readonly state: SandboxState;
  /** Where the sandbox listens, for the payment page URLs it hands out. */
  readonly baseUrl: string;
}

export interface HandlerMeta {
  /** Header AdminPartnerUserId, when sent (Confirm and Sale). */
  adminPartnerUserId?: string;
  /** An injected fault: Confirm and Sale behave as if capacity had run out. */
  capacityExhausted: boolean;
}

const WIRE = Symbol('wire');

/**
 * A response body already in wire form, sent as is: for answers whose wire shape is
 * not what `toWire` of the normalized value gives (the catalog writes date lists as
 * one comma-separated string and MaxHoursInAdvanceOfPurchase as hours, as the real
 * service does). Envelope fields are still added by the server.
 */
export interface WireBody {
  readonly [WIRE]: Record<string, unknown>;
}

export function wireBody(body: Record<string, unknown>): WireBody {
  return { [WIRE]: body };
}

export function isWireBody(value: unknown): value is WireBody {
  return typeof value === 'object' && value !== null && WIRE in value;
}

export function wireBodyOf(value: WireBody): Record<string, unknown> {
  return value[WIRE];
}

export type Handler<Op extends Operation> = (
  request: RequestOf<Op>,
  context: SandboxContext,
  meta: HandlerMeta,
) => ResponseOf<Op> | WireBody | Promise<ResponseOf<Op> | WireBody>;

/** Handlers by operation name; an operation without one answers "not offered". */
export type Handlers = { [Name in OperationName]?: Handler<OperationOf<Name>> };
