/**
 * An operation of the partner service, described once and used by the client (to call
 * it), the sandbox (to serve it) and `npm run api` (to let an operator call it by name).
 */
import type { z } from 'zod';

export interface Operation<
  Name extends string = string,
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  /** Name as in fixtures/vendor/README.md (`cart-add`, `catalog`, …). */
  readonly name: Name;
  readonly method: 'GET' | 'POST';
  /** Path under the base URL, with its leading slash, as the spec spells it. */
  readonly path: string;
  /** camelCase request; the client turns it into wire JSON (POST) or a query string (GET). */
  readonly request: Request;
  /** camelCase response, envelope fields left out (they are read separately). */
  readonly response: Response;
  /** Which envelope the spec gives it; the sandbox answers failures in this one. */
  readonly envelope: 'A' | 'B';
  /**
   * `read` operations are retried on timeouts, 5xx and network errors. `write` operations
   * change state at the service (Add, Confirm, Sale, Remove, CancelConfirm) and are never
   * retried automatically: after an ambiguous failure the caller must reconcile.
   */
  readonly effect: 'read' | 'write';
  /** Per-attempt time limit. */
  readonly timeoutMs: number;
  /** In the vendor's documentation but not in the spec: the service may not offer it. */
  readonly optional?: boolean;
}

/** What callers pass: the clean, normalized form (the schema accepts its own output). */
export type RequestOf<Op extends Operation> = z.output<Op['request']>;
export type ResponseOf<Op extends Operation> = z.output<Op['response']>;

export function defineOperation<
  const Name extends string,
  Request extends z.ZodType,
  Response extends z.ZodType,
>(operation: Operation<Name, Request, Response>): Operation<Name, Request, Response> {
  return operation;
}
