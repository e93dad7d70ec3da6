/**
 * The two response envelopes of the spec. Envelope A lists `Errors` of
 * {ErrorMessage, ErrorCode}; envelope B has one `ErrorMessage` and `ErrorCodes`. Both may
 * carry `ErrorEntityBreakDown`. We read either shape from any response, since the
 * examples do not always keep to the operation's declared envelope.
 */
import { z } from 'zod';
import type { EntityRef } from './errors.js';
import { boolean, list, optional, text } from './schema.js';

const entity = z.object({ id: optional(text), name: optional(text) });

export const envelopeFields = z.object({
  success: optional(boolean),
  errors: list(z.object({ errorMessage: optional(text), errorCode: optional(text) })),
  errorMessage: optional(z.union([text, z.boolean().transform(() => undefined)])),
  errorCodes: list(text),
  errorEntityBreakDown: list(entity),
});

/** What `boolean` (schema.ts) reads as false. */
const FALSE: ReadonlySet<unknown> = new Set([false, 'false', 'False']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';

export interface EnvelopeFailure {
  codes: string[];
  messages: string[];
  entities: EntityRef[];
}

/**
 * Reads the envelope of a response (camelCase, after `fromWire`). Returns the failure
 * when Success is false, undefined otherwise. A body that is not an object is no envelope.
 */
export function envelopeFailure(body: unknown): EnvelopeFailure | undefined {
  // Most answers say Success true or nothing: only a Success that reads as false (as
  // `boolean` reads it) is worth the envelope's parse.
  if (!isObject(body) || !FALSE.has(body.success)) return undefined;
  const parsed = envelopeFields.safeParse(body);
  if (!parsed.success || parsed.data.success !== false) return undefined;
  const { errors, errorMessage, errorCodes, errorEntityBreakDown } = parsed.data;
  const messages = [
    ...errors.map((error) => error.errorMessage).filter((m): m is string => Boolean(m)),
    ...(errorMessage ? [errorMessage] : []),
  ];
  const codes = [
    ...errors.map((error) => error.errorCode).filter((c): c is string => Boolean(c)),
    ...errorCodes,
  ];
  return {
    codes: [...new Set(codes)],
    messages,
    entities: errorEntityBreakDown.map((e) => ({ id: e.id ?? '', name: e.name ?? '' })),
  };
}

/** What a sandbox (or test server) answers with on failure, in envelope A or B. */
export function failureEnvelope(
  envelope: 'A' | 'B',
  failure: { code: string; message: string; entities?: EntityRef[] },
  timestamp?: string,
): Record<string, unknown> {
  const entities = (failure.entities ?? []).map((e) => ({ Id: e.id, Name: e.name }));
  return envelope === 'A'
    ? {
        Success: false,
        Errors: [
          { ErrorMessage: failure.message, ErrorCode: Number(failure.code) || failure.code },
        ],
        ErrorEntityBreakDown: entities,
      }
    : {
        Success: false,
        Timestamp: timestamp,
        ErrorMessage: failure.message,
        ErrorCodes: [failure.code],
        ErrorEntityBreakDown: entities,
      };
}
