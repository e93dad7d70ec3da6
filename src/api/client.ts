/**
 * The HTTP client of the partner service, on ky over undici (partner-fetch.ts). One
 * `call` runs any operation: validates the request with the operation's schema, sends it
 * (JSON body for POST, query string for GET, lists repeated), reads the envelope, parses
 * the response leniently, and turns every failure into one PartnerError. Reads retry
 * with backoff; writes never.
 */
import { randomUUID } from 'node:crypto';
import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import type { Logger } from '#src/log.js';
import { currentTurn, maskPersonalData, silentLogger } from '#src/log.js';
import { envelopeFailure } from './envelope.js';
import {
  PartnerEnvelopeError,
  PartnerError,
  PartnerHttpError,
  PartnerInvalidResponseError,
  PartnerNetworkError,
  PartnerTimeoutError,
} from './errors.js';
import type { Operation, RequestOf, ResponseOf } from './operation.js';
import type { Departure } from './departures.js';
import {
  createPartnerFetch,
  SIDE_BODY,
  withBodyInside,
  type SideOptions,
} from './partner-fetch.js';
import { readResponseWith } from './read-response.js';
import { fromWire, toWire, wirePath } from './wire.js';

export interface PartnerClientOptions {
  baseUrl: string;
  apiKey: string;
  logger?: Logger;
  /** Per-operation overrides of the operation's own time limit, by name. */
  timeoutMs?: Partial<Record<string, number>>;
  /** Retries of read operations: how many, and the first delay (doubling, with jitter). */
  retry?: { limit: number; delayMs: number };
  /** For tests and embedding: a fetch other than the client's own (partner-fetch.ts). */
  fetch?: typeof fetch;
  /**
   * Told of every call's outcome: `ok`, `refused` (an error envelope: the service
   * answered), or `unavailable` (no usable answer). For alerts and metrics.
   */
  observe?: (outcome: CallOutcome) => void;
  /** Told of each way a response departed from its schema (departures.ts), for metrics. */
  departures?: (operation: string, departure: Departure) => void;
}

export interface CallOutcome {
  operation: string;
  result: 'ok' | 'refused' | 'unavailable';
  /** The failure's kind when not ok (envelope, http, timeout, network, invalid-response). */
  kind?: string;
  elapsedMs: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Recorded by Confirm and Sale as the partner user who acted (header AdminPartnerUserId). */
  adminPartnerUserId?: string;
  /** Correlates our logs with one logical request; a fresh one is made when absent. */
  requestId?: string;
}

export interface PartnerClient {
  call<Op extends Operation>(
    operation: Op,
    request: RequestOf<Op>,
    options?: CallOptions,
  ): Promise<ResponseOf<Op>>;
}

/** Wire JSON as a query string: lists repeat their key, objects are not expected in GETs. */
export function toQuery(wire: unknown): URLSearchParams {
  const query = new URLSearchParams();
  if (wire === null || typeof wire !== 'object') return query;
  for (const [key, value] of Object.entries(wire)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined) continue;
      query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return query;
}

function firstIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: wirePath(issue?.path ?? []), message: issue?.message ?? 'invalid' };
}

/** An operation's path as ky's `prefixUrl` wants it: without its leading slash. */
const pathOf = (operation: Operation): string =>
  operation.path.startsWith('/') ? operation.path.slice(1) : operation.path;

/** What a call hands ky's hooks (`Options.context`): its logger, made when first asked. */
interface CallContext {
  log: () => Logger;
}

export class PartnerRequestError extends Error {
  override name = 'PartnerRequestError';
}

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const logger = options.logger ?? silentLogger;
  const retry = options.retry ?? { limit: 2, delayMs: 300 };
  // The service's headers go to the transport, not to ky, which would copy them into
  // new `Headers` four times a call (partner-fetch.ts).
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `ApiKey ${options.apiKey}`,
  };
  const http = ky.create({
    prefixUrl: options.baseUrl,
    throwHttpErrors: true,
    fetch: options.fetch
      ? withBodyInside(options.fetch, headers)
      : createPartnerFetch(headers).fetch,
  });
  // ky's options for reads and for writes, merged once here, not on every call: a call
  // adds only its own (method, time limit, signal, body, the logger its retries tell).
  const reads: KyInstance = http.extend({
    retry: {
      limit: retry.limit,
      methods: ['get', 'post'],
      statusCodes: [408, 429, 500, 502, 503, 504],
      retryOnTimeout: true,
      delay: (attempt) => retry.delayMs * 2 ** (attempt - 1),
      jitter: true,
    },
    hooks: {
      beforeRetry: [
        ({ options: { context }, retryCount, error }) => {
          const log = context.log as CallContext['log'];
          log().warn({ retryCount, error: error.name }, 'partner call retried');
        },
      ],
    },
  });
  // Add, Confirm, Sale and every other write: one attempt, whatever happens (see errors.ts).
  const writes: KyInstance = http.extend({ retry: { limit: 0 } });

  // Each departure is logged once per operation and path (the metric counts them all),
  // so an operator learns the day the service changes without a line per call.
  const logged = new Set<string>();
  function reportDepartures(operation: string, departures: readonly Departure[]): void {
    for (const departure of departures) {
      options.departures?.(operation, departure);
      const key = `${operation} ${departure.kind} ${departure.path}`;
      if (logged.has(key)) continue;
      logged.add(key);
      logger.warn(
        { operation, path: departure.path, kind: departure.kind },
        'partner response departs from the schema',
      );
    }
  }

  async function observed<Op extends Operation>(
    operation: Op,
    request: RequestOf<Op>,
    callOptions: CallOptions = {},
  ): Promise<ResponseOf<Op>> {
    if (!options.observe) return call(operation, request, callOptions);
    const started = performance.now();
    const report = (result: CallOutcome['result'], kind?: string) =>
      options.observe?.({
        operation: operation.name,
        result,
        ...(kind ? { kind } : {}),
        elapsedMs: performance.now() - started,
      });
    try {
      const response = await call(operation, request, callOptions);
      report('ok');
      return response;
    } catch (error) {
      if (error instanceof PartnerError) {
        report(error.kind === 'envelope' ? 'refused' : 'unavailable', error.kind);
      }
      throw error;
    }
  }

  async function call<Op extends Operation>(
    operation: Op,
    request: RequestOf<Op>,
    callOptions: CallOptions = {},
  ): Promise<ResponseOf<Op>> {
    const requestId = callOptions.requestId ?? randomUUID();
    // Counted in the customer's turn; its lines carry the conversation's id (log.ts).
    const turn = currentTurn();
    if (turn) turn.partnerCalls += 1;
    const context = { operation: operation.name, requestId };
    const timeoutMs = options.timeoutMs?.[operation.name] ?? operation.timeoutMs;

    // Strict on what we send: a request that fails its own schema is our bug, not the
    // service's, and must never reach the wire.
    const checked = operation.request.safeParse(request);
    if (!checked.success) {
      const { path, message } = firstIssue(checked.error);
      throw new PartnerRequestError(`${operation.name}: request field ${path}: ${message}`);
    }
    const wire = toWire(checked.data);
    const started = performance.now();
    // A child logger serializes its bindings when made: made only for a call that has
    // something to say (a retry, a failure, debug), not for each of a turn's calls.
    let child: Logger | undefined;
    const log = () => (child ??= logger.child({ requestId, operation: operation.name }));

    let status = 0;
    let text: string;
    try {
      const kyOptions: Options & SideOptions = {
        method: operation.method,
        timeout: timeoutMs,
        context: { log } satisfies CallContext,
      };
      if (callOptions.signal) kyOptions.signal = callOptions.signal;
      if (callOptions.adminPartnerUserId)
        kyOptions.headers = { AdminPartnerUserId: callOptions.adminPartnerUserId };
      // A GET's query is written into its path here, not given to ky as `searchParams`,
      // which makes ky build its `Request` twice; a POST's JSON goes beside the `Request`
      // (partner-fetch.ts).
      let path = pathOf(operation);
      if (operation.method === 'GET') {
        const query = toQuery(wire).toString();
        if (query) path += `?${query}`;
      } else kyOptions[SIDE_BODY] = JSON.stringify(wire);
      const response = await (operation.effect === 'read' ? reads : writes)(path, kyOptions);
      status = response.status;
      text = await response.text();
    } catch (error) {
      const elapsedMs = Math.round(performance.now() - started);
      const failure = await toPartnerError(error, context, timeoutMs);
      if (failure instanceof PartnerError) {
        log().warn({ elapsedMs, kind: failure.kind }, 'partner call failed');
      }
      throw failure;
    }

    const elapsedMs = Math.round(performance.now() - started);
    let body: unknown;
    try {
      body = fromWire(JSON.parse(text));
    } catch (error) {
      log().warn({ elapsedMs, status }, 'partner answered with malformed JSON');
      throw new PartnerInvalidResponseError(context, '(root)', 'not JSON', { cause: error });
    }
    const failure = envelopeFailure(body);
    if (failure) {
      // The service's words are for the operator (a customer reads our own: the flows'
      // problem.ts), masked of the personal data a refusal may quote.
      log().info(
        {
          elapsedMs,
          status,
          codes: failure.codes,
          messages: failure.messages.map((message) => maskPersonalData(message)),
        },
        'partner refused',
      );
      throw new PartnerEnvelopeError(context, { ...failure, status });
    }
    const read = readResponseWith(operation.response, body);
    reportDepartures(operation.name, read.departures);
    if (!read.ok) {
      log().warn(
        { elapsedMs, status, path: read.path },
        'partner response does not match the schema',
      );
      throw new PartnerInvalidResponseError(context, read.path, read.message);
    }
    if (logger.isLevelEnabled('debug')) log().debug({ elapsedMs, status }, 'partner call');
    return read.value as ResponseOf<Op>;
  }

  return { call: observed };
}

async function toPartnerError(
  error: unknown,
  context: { operation: string; requestId: string },
  timeoutMs: number,
): Promise<PartnerError | Error> {
  if (error instanceof TimeoutError)
    return new PartnerTimeoutError(context, timeoutMs, { cause: error });
  if (error instanceof HTTPError) {
    const status = error.response.status;
    // A refusal may come with a non-2xx status and an error envelope: keep its codes.
    try {
      const failure = envelopeFailure(fromWire(await error.response.json()));
      if (failure) return new PartnerEnvelopeError(context, { ...failure, status });
    } catch {
      // No readable envelope: the status is all we know.
    }
    return new PartnerHttpError(context, status);
  }
  // The caller's own abort is not a service failure: pass it through untouched.
  if (error instanceof Error && error.name === 'AbortError') return error;
  return new PartnerNetworkError(context, { cause: error });
}
