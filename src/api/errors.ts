/**
 * One error family for every way a call to the partner service can fail. Callers branch
 * on the class (or `kind`), never on message text. `ambiguous` answers the question that
 * matters for Add, Confirm and Sale: might the service have acted even though we saw a
 * failure? If so, reconcile before doing anything else; never retry blindly.
 */
import type { PartnerRefusal } from '#src/domain/refusal-cause.js';

export interface EntityRef {
  id: string;
  name: string;
}

/** Codes the vendor documents; others pass through as they come. */
export const KnownErrorCode = {
  IdentificationDocumentRequired: '5000',
  DailySalesAmountExceeded: '5001',
  DailySalesAmountExceededForClient: '5002',
} as const;

export type PartnerErrorKind = 'envelope' | 'http' | 'timeout' | 'network' | 'invalid-response';

interface Context {
  operation: string;
  requestId: string;
}

export abstract class PartnerError extends Error {
  abstract readonly kind: PartnerErrorKind;
  /** Whether the service may have carried out the request despite this failure. */
  abstract readonly ambiguous: boolean;
  readonly operation: string;
  readonly requestId: string;

  protected constructor(message: string, context: Context, options?: ErrorOptions) {
    super(`${context.operation}: ${message}`, options);
    this.name = new.target.name;
    this.operation = context.operation;
    this.requestId = context.requestId;
  }
}

/** The service answered, and said no (Success=false, envelope A or B). */
export class PartnerEnvelopeError extends PartnerError implements PartnerRefusal {
  readonly kind = 'envelope';
  readonly ambiguous = false;
  readonly codes: string[];
  readonly messages: string[];
  readonly entities: EntityRef[];
  readonly status: number;

  constructor(
    context: Context,
    details: { codes: string[]; messages: string[]; entities: EntityRef[]; status: number },
  ) {
    const summary = details.messages.join('; ') || 'the service reported a failure';
    const codes = details.codes.length ? ` [${details.codes.join(', ')}]` : '';
    super(`${summary}${codes}`, context);
    this.codes = details.codes;
    this.messages = details.messages;
    this.entities = details.entities;
    this.status = details.status;
  }

  hasCode(code: string): boolean {
    return this.codes.includes(code);
  }
}

/** A non-2xx answer without a readable error envelope. */
export class PartnerHttpError extends PartnerError {
  readonly kind = 'http';
  readonly status: number;
  /** 5xx may come after the service acted (a proxy timing out, a crash after commit). */
  get ambiguous(): boolean {
    return this.status >= 500 || this.status === 408;
  }

  constructor(context: Context, status: number) {
    super(`HTTP ${status}`, context);
    this.status = status;
  }
}

/** No answer within the operation's time limit. */
export class PartnerTimeoutError extends PartnerError {
  readonly kind = 'timeout';
  readonly ambiguous = true;
  readonly timeoutMs: number;

  constructor(context: Context, timeoutMs: number, options?: ErrorOptions) {
    super(`no answer within ${timeoutMs} ms`, context, options);
    this.timeoutMs = timeoutMs;
  }
}

/** The connection failed or was dropped. */
export class PartnerNetworkError extends PartnerError {
  readonly kind = 'network';
  readonly ambiguous = true;

  constructor(context: Context, options?: ErrorOptions) {
    const cause = options?.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(`connection failed${cause}`, context, options);
  }
}

/** The answer was not JSON, or did not match the schema; `path` names the wire field. */
export class PartnerInvalidResponseError extends PartnerError {
  readonly kind = 'invalid-response';
  readonly ambiguous = true;
  readonly path: string;

  constructor(context: Context, path: string, detail: string, options?: ErrorOptions) {
    super(`invalid response at ${path}: ${detail}`, context, options);
    this.path = path;
  }
}

export function isPartnerError(error: unknown): error is PartnerError {
  return error instanceof PartnerError;
}
