/**
 * Reading one response: its operation's schema, leniently (departures.ts), the envelope's
 * fields left to envelope.ts. The one way the client and `npm run api -- check` read.
 */
import type { ZodSafeParseResult } from 'zod';
import { readResponse, type Departure } from './departures.js';
import { envelopeFields } from './envelope.js';
import { readInZone } from './schema.js';
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
    (input) => {
      try {
        return schema.safeParse(input);
      } finally {
        // A provider's zone never outlives the response it was read in.
        readInZone(undefined);
      }
    },
    (parsed) => (parsed.success ? parsed.data : undefined),
    ENVELOPE_FIELDS,
  );
  if (result.success) {
    const wrapper = wrapperOf(body, result.data, departures);
    if (wrapper === undefined) return { ok: true, value: result.data, departures };
    return {
      ok: false,
      path: wrapper,
      message: `the answer is wrapped in ${wrapper}, unknown: none of its own fields came`,
      departures,
    };
  }
  const issue = result.error.issues[0];
  return {
    ok: false,
    path: wirePath(issue?.path ?? []),
    message: issue?.message ?? 'invalid',
    departures,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The unknown field a body came wrapped in (`{"Data": {...}}`), if it did: every field
 * of its own (the envelope's aside) was unknown to a schema that declares some, and one
 * of them holds an object. Read as it is, such a body would pass for an empty answer (a
 * catalog of no providers, a list of no sales): it is invalid instead.
 */
function wrapperOf(
  body: unknown,
  value: unknown,
  departures: readonly Departure[],
): string | undefined {
  if (!isRecord(body) || !isRecord(value) || Object.keys(value).length === 0) return undefined;
  const own = Object.keys(body).filter((name) => !ENVELOPE_FIELDS.has(name));
  if (own.length === 0) return undefined;
  const unknown = departures.filter(
    (departure) => departure.kind === 'unknown' && !/[.[]/.test(departure.path),
  );
  if (unknown.length < own.length) return undefined;
  const holder = own.find((name) => body[name] !== null && typeof body[name] === 'object');
  return holder === undefined ? undefined : wirePath([holder]);
}
