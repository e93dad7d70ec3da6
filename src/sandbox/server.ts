/**
 * The sandbox's HTTP face: routes the spec's paths (case-insensitively, as the real
 * service does) to handlers, checks `Authorization: ApiKey`, reads bodies with the
 * client's own request schemas (so the two cannot drift), applies injected faults, and
 * answers every refusal with the operation's error envelope — never a 5xx of its own.
 * Also serves the `/__sandbox` extras and the debit partner's payment page.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { failureEnvelope } from '#src/api/envelope.js';
import type { Operation } from '#src/api/operation.js';
import { operations } from '#src/api/operations.js';
import { fromWire, toWire, wirePath } from '#src/api/wire.js';
import type { Logger } from '#src/log.js';
import { SandboxCode, SandboxRefusal } from './codes.js';
import {
  isWireBody,
  wireBodyOf,
  type Handler,
  type Handlers,
  type SandboxContext,
} from './context.js';
import type { Faults } from './faults.js';

export interface Extras {
  /** `/__sandbox/...` and the payment page: answer and return true, or return false. */
  handle(request: IncomingMessage, body: string, response: ServerResponse): Promise<boolean>;
}

export interface SandboxServerParts {
  context: () => SandboxContext;
  handlers: Handlers;
  faults: Faults;
  stats: Map<string, number>;
  extras: Extras;
  logger: Logger;
  /** The delay of each call (latency.ts); absent: answered at once. */
  latency?: (operation: string) => number;
  /**
   * Awaited as each call arrives, before it is worked on (tests hold calls with it to see
   * which arrive together).
   */
  arriving?: (operation: string) => Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

function send(response: ServerResponse, status: number, body: unknown, raw = false): void {
  if (response.headersSent || response.destroyed) return;
  const text = raw ? String(body) : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new SandboxRefusal(SandboxCode.InvalidRequest, 'request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** GET parameters: repeated keys make lists; JSON-looking values are read as JSON. */
function queryToWire(url: URL): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

const routes = new Map<string, Operation>(
  Object.values(operations).map((operation) => [
    `${operation.method} ${operation.path.toLowerCase()}`,
    operation as Operation,
  ]),
);

function timestamp(now: Date): string {
  return now.toISOString().replace('Z', '0000').slice(0, 27);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSandboxServer(parts: SandboxServerParts): Server {
  async function serveOperation(
    operation: Operation,
    request: IncomingMessage,
    url: URL,
    body: string,
    response: ServerResponse,
  ): Promise<void> {
    const context = parts.context();
    const refuse = (
      status: number,
      code: string,
      message: string,
      entities?: { id: string; name: string }[],
    ) =>
      send(
        response,
        status,
        failureEnvelope(
          operation.envelope,
          { code, message, entities },
          timestamp(context.clock.now()),
        ),
      );

    if (request.headers.authorization !== `ApiKey ${context.options.apiKey}`) {
      refuse(401, SandboxCode.Unauthorized, 'missing or wrong Authorization: ApiKey');
      return;
    }
    parts.stats.set(operation.name, (parts.stats.get(operation.name) ?? 0) + 1);

    if (parts.arriving) await parts.arriving(operation.name);
    const drawn = parts.latency?.(operation.name) ?? 0;
    if (drawn > 0) await sleep(drawn);
    const fault = parts.faults.take(operation.name);
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    const failNow = (): boolean => {
      if (!fault) return false;
      if (fault.drop) {
        request.socket.destroy();
        return true;
      }
      if (fault.status) {
        send(response, fault.status, `Service Unavailable (${fault.status})`, true);
        return true;
      }
      if (fault.malformedJson) {
        send(response, 200, '{"Success": true, "Broken', true);
        return true;
      }
      if (fault.failure) {
        refuse(200, fault.failure.code, fault.failure.message);
        return true;
      }
      return false;
    };
    if (fault?.phase !== 'after' && failNow()) return;

    let wire: unknown;
    if (operation.method === 'GET') {
      wire = queryToWire(url);
    } else {
      try {
        wire = body.trim() === '' ? {} : JSON.parse(body);
      } catch {
        refuse(400, SandboxCode.InvalidRequest, 'the body is not valid JSON');
        return;
      }
    }
    const parsed = operation.request.safeParse(fromWire(wire));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refuse(
        400,
        SandboxCode.InvalidRequest,
        `${wirePath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`,
      );
      return;
    }

    const handler = (parts.handlers as Partial<Record<string, Handler<Operation>>>)[operation.name];
    if (!handler) {
      refuse(404, SandboxCode.NotFound, `${operation.name} is not offered by this sandbox`);
      return;
    }
    const adminPartnerUserId = request.headers.adminpartneruserid;
    let result: unknown;
    try {
      result = await handler(parsed.data, context, {
        adminPartnerUserId: typeof adminPartnerUserId === 'string' ? adminPartnerUserId : undefined,
        capacityExhausted: fault?.capacityExhausted === true,
      });
    } catch (error) {
      if (error instanceof SandboxRefusal) {
        refuse(200, error.code, error.message, error.entities);
        return;
      }
      parts.logger.error({ err: error, operation: operation.name }, 'sandbox handler failed');
      refuse(200, SandboxCode.InvalidRequest, 'the sandbox could not process this request');
      return;
    }
    if (fault?.phase === 'after' && failNow()) return;

    const envelope =
      operation.envelope === 'B'
        ? {
            Success: true,
            Timestamp: timestamp(context.clock.now()),
            ErrorMessage: null,
            ErrorCodes: [],
          }
        : { Success: true, Errors: [] };
    const wireResult = isWireBody(result)
      ? wireBodyOf(result)
      : (toWire(result) as Record<string, unknown>);
    send(response, 200, { ...envelope, ...wireResult });
  }

  return createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://sandbox');
      let body = '';
      try {
        body = await readBody(request);
        if (await parts.extras.handle(request, body, response)) return;
        const operation = routes.get(`${request.method} ${url.pathname.toLowerCase()}`);
        if (!operation) {
          send(
            response,
            404,
            failureEnvelope('A', {
              code: SandboxCode.NotFound,
              message: `no operation at ${request.method} ${url.pathname}`,
            }),
          );
          return;
        }
        await serveOperation(operation, request, url, body, response);
      } catch (error) {
        parts.logger.error({ err: error }, 'sandbox request failed');
        send(
          response,
          400,
          failureEnvelope('A', { code: SandboxCode.InvalidRequest, message: 'unreadable request' }),
        );
      }
    })();
  });
}
