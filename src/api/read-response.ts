/**
 * Reading one response: its operation's schema, leniently (departures.ts), the envelope's
 * fields left to envelope.ts. The one way the client and `npm run api -- check` read.
 */
import type { ZodSafeParseResult } from 'zod';
import { readResponse, type Departure } from './departures.js';
import { envelopeFields } from './envelope.js';
import { wirePath } from './wire.js';

const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(Object.keys(envelopeFields.shape));

/** What reading one response gave: its value and departures, or why it cannot be used. */
export type ResponseReading<T> =
  | { ok: true; value: T; departures: Departure[] }
  | { ok: false; path: string; message: string; departures: Departure[] };

/**
 * Reads a response body (wire JSON already through `fromWire`) with its operation's
 * schema, leniently: the one way the client and `npm run api -- check` read responses.
 */
export function readResponseWith<T>(
  schema: { safeParse(input: unknown): ZodSafeParseResult<T> },
  body: unknown,
): ResponseReading<T> {
  const { result, departures } = readResponse(
    body,
    (input) => schema.safeParse(input),
    (parsed) => (parsed.success ? parsed.data : undefined),
    ENVELOPE_FIELDS,
  );
  if (result.success) return { ok: true, value: result.data, departures };
  const issue = result.error.issues[0];
  return {
    ok: false,
    path: wirePath(issue?.path ?? []),
    message: issue?.message ?? 'invalid',
    departures,
  };
}
