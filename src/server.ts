/**
 * The bot's HTTP servers: the public one, where webhooks and callbacks of every channel
 * are mounted as routes (`/telegram/webhook`, `/slack/events`, `/payments/return/ok|ko`,
 * `/healthz`), and the private metrics listener (`/metrics`, `/health`). Routes carry
 * transport only; what they mean is decided elsewhere.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createBodyBudget } from './http/body-budget.js';
import { createConnectionSlots } from './http/connection-slots.js';
import { parseTarget } from './http/request-target.js';
import { TIMED_OUT, within } from './http/within.js';
import type { Logger } from './log.js';
import type { RateLimit } from './store/store.js';

export interface RouteRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  /** The raw body (signatures are computed over it); empty for routes that read none. */
  body: Buffer;
  raw: IncomingMessage;
}

/**
 * What a route that checks its caller in the body (Slack's signature) found:
 * `authenticated` reserves the connection's slot and is never counted; `unauthenticated`
 * counts against the client address and in the refused summary, whatever was answered.
 */
export type Caller = 'authenticated' | 'unauthenticated';

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  /**
   * Checked on the headers before the body is read: false answers 401 and reads nothing
   * (the Telegram secret header). Routes whose check needs the body (Slack's signature)
   * check in `handle`, keep a small `maxBodyBytes`, and return what they found.
   */
  authorize?(headers: IncomingMessage['headers']): boolean;
  /**
   * The largest body this route reads; 1 MB by default. 0: none is read (nor refused),
   * and a connection that sent one is closed after the answer.
   */
  maxBodyBytes?: number;
  /**
   * Every request counts against its client address's limit (routes anyone may call with
   * a link, such as the payment returns). Elsewhere only refused requests count.
   */
  limitedPerAddress?: boolean;
  /** Never limited nor counted per address (health checks: a prober is never refused). */
  unlimited?: boolean;
  handle(request: RouteRequest, response: ServerResponse): Promise<Caller | void> | Caller | void;
}

export interface HttpServer {
  readonly url: string;
  readonly server: Server;
  /** Adds routes to a running server (a channel that needs the server up first). */
  mount(...routes: Route[]): void;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Why a request (or a connection) was refused before its route ran. `bad-request`: a
 * target or request line that cannot be read; `evicted`: a connection closed to make room
 * (connection-slots.ts); `busy`: no room left in the budget of unauthenticated bodies;
 * `unavailable`: the address limit's store did not answer in time.
 */
export type Refusal =
  | 'bad-request'
  | 'not-found'
  | 'unauthorized'
  | 'too-large'
  | 'timeout'
  | 'rate-limited'
  | 'evicted'
  | 'busy'
  | 'unavailable';

/** Refusals that count against the client address's limit (a 429 itself does not). */
const COUNTED: ReadonlySet<Refusal> = new Set([
  'bad-request',
  'not-found',
  'unauthorized',
  'too-large',
  'timeout',
]);

/** A route's own answers that say "refused" (an unknown payment link). */
const REFUSED_STATUS = new Set([401, 403, 404]);

class Refused extends Error {
  constructor(
    readonly reason: Refusal,
    readonly status: number,
  ) {
    super(reason);
  }
}

/** Reads at most `maxBytes`, within `timeoutMs` (a slow body holds a connection). */
function readBody(request: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new Refused('timeout', 408)), timeoutMs);
    timer.unref();
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        clearTimeout(timer);
        reject(new Refused('too-large', 413));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export interface ServerLimits {
  /** Whole request (headers and body); Node's requestTimeout too. */
  requestTimeoutMs: number;
  /** Until the last header line: slow headers (or none) hold a slot no longer. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections that have not proved their caller (connection-slots.ts). */
  maxConnections: number;
  /** Beyond maxConnections, for connections that carried the webhook secret or a Slack signature. */
  reservedConnections: number;
  /** Per client address, for direct connections (no proxy: AddressLimit.proxyHops 0). */
  connectionsPerAddress: number;
  /** Bytes of unauthenticated bodies held at once by the process (body-budget.ts). */
  unauthenticatedBodyBytes: number;
  /** How long the address limit's store may take before the request is answered 503. */
  addressLimitTimeoutMs: number;
  /** At most one log line per this interval about refused requests. */
  refusedLogIntervalMs: number;
}

/**
 * Requests per client address, counted where the limit keeps them (Redis: every instance
 * shares the count). What counts: refused requests, and every request of the routes
 * `limitedPerAddress`. A request that passed its route's header check (Telegram's
 * secret) is never limited: the channels' own servers call from a few addresses, often.
 * An address whose points are spent is answered 429 before its body is read; with the
 * store failing or slow, a request without credentials is answered 503 (Retry-After).
 */
export interface AddressLimit {
  /** Its keys are the deployment's (the caller names it), so servers on one Redis differ. */
  limit: RateLimit;
  /** Sent as Retry-After with a 429. */
  windowSeconds: number;
  /**
   * Proxies in front of the server that append to X-Forwarded-For: the client is the
   * address that many from the right. 0: the connection's address (the header is ignored,
   * since anyone can write it).
   */
  proxyHops: number;
}

/** The client's address: the connection's, or the one our proxies saw (AddressLimit.proxyHops). */
export function clientAddress(request: IncomingMessage, proxyHops: number): string {
  const socket = request.socket.remoteAddress ?? 'unknown';
  if (proxyHops <= 0) return socket;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  // Fewer entries than proxies: it did not come through them all; the header is not ours.
  return forwarded[forwarded.length - proxyHops] ?? socket;
}

export const DEFAULT_LIMITS: ServerLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  reservedConnections: 64,
  connectionsPerAddress: 32,
  unauthenticatedBodyBytes: 8 * 1024 * 1024,
  addressLimitTimeoutMs: 500,
  refusedLogIntervalMs: 60_000,
};

/** Sent with a 503: the store or the body budget may have room again by then. */
const RETRY_AFTER_SECONDS = 5;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Bytes a request says it will send: its Content-Length, `streamed` when chunked, else none. */
function announcedBytes(request: IncomingMessage, streamed: number): number {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length);
  return request.headers['transfer-encoding'] !== undefined ? streamed : 0;
}

/** Node's answers to a request it could not parse (what it sends with no 'clientError' listener). */
const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

const ignore = () => undefined;

interface HttpServerOptions {
  port: number;
  host?: string;
  routes: Route[];
  logger: Logger;
  limits?: Partial<ServerLimits>;
  /** Requests per client address (the public server); unset: none. */
  addressLimit?: AddressLimit;
  /** Told each refused request (a metrics counter). */
  onRefused?: (reason: Refusal) => void;
}

export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const table = new Map(options.routes.map((route) => [`${route.method} ${route.path}`, route]));
  const perAddress = options.addressLimit;
  const direct = (perAddress?.proxyHops ?? 0) <= 0;
  const budget = createBodyBudget(limits.unauthenticatedBodyBytes);
  const gate = createGate(options, limits);
  const slots = createConnectionSlots(
    {
      total: limits.maxConnections,
      reserved: limits.reservedConnections,
      perAddress: direct ? limits.connectionsPerAddress : undefined,
    },
    () => gate.tally('evicted'),
  );
  const serving: Serving = { table, limits, perAddress, budget, slots, gate };

  const server = createServer(
    { connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs) },
    (request, response) => {
      // A client that goes away mid-request is not an error of the process.
      request.on('error', ignore);
      response.on('error', ignore);
      const socket = request.socket;
      slots.busy(socket, true);
      response.once('close', () => slots.busy(socket, false));
      serve(serving, request, response).catch((error: unknown) => {
        options.logger.error(
          { err: error, path: parseTarget(request.url)?.pathname },
          'route failed',
        );
        if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
        else response.destroy();
      });
    },
  );
  server.on('connection', (socket: Socket) => slots.admit(socket));
  server.on('clientError', clientErrorListener(gate, direct));
  server.requestTimeout = limits.requestTimeoutMs;
  server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  await listen(server, options.port, options.host ?? '0.0.0.0');
  // Accepting can fail while running (out of file descriptors): logged, never thrown.
  server.on('error', (error) => options.logger.error({ err: error }, 'http: listener error'));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    mount(...routes) {
      for (const route of routes) table.set(`${route.method} ${route.path}`, route);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** How the server turns requests away: counted, logged in sum, answered with a status. */
interface Gate {
  /** Counts a refusal (the metrics, and the log line of the interval). */
  tally(reason: Refusal): void;
  /** Spends one of the address's points; never fails nor holds a request for long. */
  count(address: string | undefined): Promise<void>;
  /** Answers a refused request, closing its connection. */
  refuse(
    response: ServerResponse,
    reason: Refusal,
    status: number,
    address?: string,
  ): Promise<void>;
  /** Whether the address may go on: spent (429), or the store failing or slow (503). */
  admitAddress(
    route: Route | undefined,
    address: string,
  ): Promise<'allowed' | 'rate-limited' | 'unavailable'>;
}

function createGate(options: HttpServerOptions, limits: ServerLimits): Gate {
  const perAddress = options.addressLimit;
  // Refusals are counted and summed up in one line per interval: a flood of bad requests
  // must not become a flood of log lines.
  const refusedSince = new Map<Refusal, number>();
  let lastRefusedLog = -Infinity;
  const tally = (reason: Refusal) => {
    options.onRefused?.(reason);
    refusedSince.set(reason, (refusedSince.get(reason) ?? 0) + 1);
    const now = performance.now();
    if (now - lastRefusedLog >= limits.refusedLogIntervalMs) {
      lastRefusedLog = now;
      options.logger.warn(Object.fromEntries(refusedSince), 'http: requests refused');
      refusedSince.clear();
    }
  };
  const count = async (address: string | undefined) => {
    if (!perAddress || address === undefined) return;
    await within(perAddress.limit.take(address), limits.addressLimitTimeoutMs).catch(ignore);
  };
  const refuse = async (
    response: ServerResponse,
    reason: Refusal,
    status: number,
    address?: string,
  ) => {
    // Counted before the answer: the address's next request sees it.
    if (COUNTED.has(reason)) await count(address);
    tally(reason);
    if (response.headersSent) return;
    const retryAfter =
      reason === 'rate-limited' && perAddress
        ? perAddress.windowSeconds
        : reason === 'busy' || reason === 'unavailable'
          ? RETRY_AFTER_SECONDS
          : undefined;
    // Close the connection: what remains of a refused body is not read.
    response.writeHead(status, {
      connection: 'close',
      'content-type': 'text/plain',
      ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
    });
    response.end(reason);
  };
  const admitAddress: Gate['admitAddress'] = async (route, address) => {
    if (!perAddress) return 'allowed';
    try {
      const allowed = await within(
        route?.limitedPerAddress
          ? perAddress.limit.take(address)
          : perAddress.limit.spent(address).then((spent) => !spent),
        limits.addressLimitTimeoutMs,
      );
      if (allowed === TIMED_OUT) return 'unavailable';
      return allowed ? 'allowed' : 'rate-limited';
    } catch {
      return 'unavailable';
    }
  };
  return { tally, count, refuse, admitAddress };
}

/**
 * A request line or headers Node cannot parse, or headers too slow: answered as Node
 * would, counted, and against the address when it is the client's own.
 */
function clientErrorListener(gate: Gate, direct: boolean) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, text] = CLIENT_ERROR_STATUS[error.code ?? ''] ?? [400, 'Bad Request'];
    gate.tally(status === 408 ? 'timeout' : 'bad-request');
    if (direct) void gate.count(socket.remoteAddress);
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
}

/** What the server's requests are served with. */
interface Serving {
  table: Map<string, Route>;
  limits: ServerLimits;
  perAddress: AddressLimit | undefined;
  /** The bytes unauthenticated bodies may hold at once, shared by the process. */
  budget: ReturnType<typeof createBodyBudget>;
  slots: ReturnType<typeof createConnectionSlots>;
  gate: Gate;
}

/** One request: admitted (address, route, authorization, size), read, and routed. */
async function serve(
  { table, limits, perAddress, budget, slots, gate }: Serving,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { refuse, count } = gate;
  const url = parseTarget(request.url);
  const route = url && table.get(`${request.method} ${url.pathname}`);
  const authorized = route?.authorize?.(request.headers);
  // Authenticated on its headers: the channel's own servers, never limited.
  if (authorized === true) slots.prove(request.socket);
  const address =
    perAddress && authorized !== true && route?.unlimited !== true
      ? clientAddress(request, perAddress.proxyHops)
      : undefined;
  if (address !== undefined) {
    const admitted = await gate.admitAddress(route, address);
    if (admitted === 'rate-limited') return refuse(response, 'rate-limited', 429);
    if (admitted === 'unavailable') return refuse(response, 'unavailable', 503);
  }
  if (!url) return refuse(response, 'bad-request', 400, address);
  if (!route) return refuse(response, 'not-found', 404, address);
  if (authorized === false) return refuse(response, 'unauthorized', 401, address);
  const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const announced = announcedBytes(request, maxBytes);
  if (maxBytes === 0 && announced > 0) response.setHeader('connection', 'close');
  if (maxBytes > 0 && announced > maxBytes) return refuse(response, 'too-large', 413, address);
  // Unauthenticated bodies share the process's budget; a webhook with its secret does not.
  const held = maxBytes > 0 && authorized !== true ? announced : 0;
  if (held > 0 && !budget.take(held)) return refuse(response, 'busy', 503);
  try {
    let body: Buffer = Buffer.alloc(0);
    if (maxBytes > 0 && announced > 0) {
      try {
        body = await readBody(request, maxBytes, limits.requestTimeoutMs);
      } catch (error) {
        if (error instanceof Refused)
          return await refuse(response, error.reason, error.status, address);
        response.destroy();
        return;
      }
    }
    const caller = await route.handle(
      { method: request.method ?? 'GET', url, headers: request.headers, body, raw: request },
      response,
    );
    if (caller === 'authenticated') slots.prove(request.socket);
    else if (caller === 'unauthenticated') {
      await count(address);
      gate.tally('unauthorized');
    } else if (!route.limitedPerAddress && REFUSED_STATUS.has(response.statusCode))
      // A refusal of the route's own (an unknown link) counts too.
      await count(address);
  } finally {
    if (held > 0) budget.give(held);
  }
}
