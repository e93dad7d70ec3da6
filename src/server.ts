/**
 * The bot's HTTP servers: the public one, where webhooks and callbacks of every channel
 * are mounted as routes (`/telegram/webhook`, `/slack/events`, `/payments/return/ok|ko`,
 * `/healthz`), and the private metrics listener (`/metrics`, `/health`). Routes carry
 * transport only; what they mean is decided elsewhere.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './log.js';
import type { RateLimit } from './store/store.js';

export interface RouteRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  /** The raw body (signatures are computed over it). */
  body: Buffer;
  raw: IncomingMessage;
}

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  /**
   * Checked on the headers before the body is read: false answers 401 and reads nothing
   * (the Telegram secret header). Routes whose check needs the body (Slack's signature)
   * check in `handle`, and keep a small `maxBodyBytes`.
   */
  authorize?(headers: IncomingMessage['headers']): boolean;
  /** The largest body this route reads; 1 MB by default. */
  maxBodyBytes?: number;
  /**
   * Every request counts against its client address's limit (routes anyone may call with
   * a link, such as the payment returns). Elsewhere only refused requests count.
   */
  limitedPerAddress?: boolean;
  /** Never limited nor counted per address (health checks: a prober is never refused). */
  unlimited?: boolean;
  handle(request: RouteRequest, response: ServerResponse): Promise<void> | void;
}

export interface HttpServer {
  readonly url: string;
  readonly server: Server;
  /** Adds routes to a running server (a channel that needs the server up first). */
  mount(...routes: Route[]): void;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Why a request was refused before its route ran. */
export type Refusal = 'not-found' | 'unauthorized' | 'too-large' | 'timeout' | 'rate-limited';

/** Refusals that count against the client address's limit (a 429 itself does not). */
const COUNTED: ReadonlySet<Refusal> = new Set([
  'not-found',
  'unauthorized',
  'too-large',
  'timeout',
]);

/** A route's own answers that say "refused" (Slack's bad signature, an unknown payment link). */
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
  headersTimeoutMs: number;
  maxConnections: number;
  /** At most one log line per this interval about refused requests. */
  refusedLogIntervalMs: number;
}

/**
 * Requests per client address, counted where the limit keeps them (Redis: every instance
 * shares the count). What counts: refused requests, and every request of the routes
 * `limitedPerAddress`. A request that passed its route's header check (Telegram's
 * secret) is never limited: the channels' own servers call from a few addresses, often.
 * An address whose points are spent is answered 429 before its body is read.
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
  headersTimeoutMs: 10_000,
  maxConnections: 512,
  refusedLogIntervalMs: 60_000,
};

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startHttpServer(options: {
  port: number;
  host?: string;
  routes: Route[];
  logger: Logger;
  limits?: Partial<ServerLimits>;
  /** Requests per client address (the public server); unset: none. */
  addressLimit?: AddressLimit;
  /** Told each refused request (a metrics counter). */
  onRefused?: (reason: Refusal) => void;
}): Promise<HttpServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const table = new Map(options.routes.map((route) => [`${route.method} ${route.path}`, route]));
  // Refusals are counted and summed up in one line per interval: a flood of bad requests
  // must not become a flood of log lines.
  const refusedSince = new Map<Refusal, number>();
  let lastRefusedLog = -Infinity;
  const perAddress = options.addressLimit;
  /** Spends one of the address's points; never fails a request (a down store lets it be). */
  const count = async (address: string | undefined) => {
    if (perAddress && address !== undefined) await perAddress.limit.take(address);
  };
  const refuse = async (
    response: ServerResponse,
    reason: Refusal,
    status: number,
    address?: string,
  ) => {
    options.onRefused?.(reason);
    // Counted before the answer: the address's next request sees it.
    if (COUNTED.has(reason)) await count(address);
    refusedSince.set(reason, (refusedSince.get(reason) ?? 0) + 1);
    const now = performance.now();
    if (now - lastRefusedLog >= limits.refusedLogIntervalMs) {
      lastRefusedLog = now;
      options.logger.warn(Object.fromEntries(refusedSince), 'http: requests refused');
      refusedSince.clear();
    }
    if (!response.headersSent) {
      // Close the connection: what remains of a refused body is not read.
      response.writeHead(status, {
        connection: 'close',
        'content-type': 'text/plain',
        ...(reason === 'rate-limited' && perAddress
          ? { 'retry-after': String(perAddress.windowSeconds) }
          : {}),
      });
      response.end(reason);
    }
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const route = table.get(`${request.method} ${url.pathname}`);
      const authorized = route?.authorize?.(request.headers);
      // Authenticated on its headers: the channel's own servers, never limited.
      const address =
        perAddress && authorized !== true && route?.unlimited !== true
          ? clientAddress(request, perAddress.proxyHops)
          : undefined;
      if (perAddress && address !== undefined) {
        const allowed = route?.limitedPerAddress
          ? await perAddress.limit.take(address)
          : !(await perAddress.limit.spent(address));
        if (!allowed) return refuse(response, 'rate-limited', 429);
      }
      if (!route) return refuse(response, 'not-found', 404, address);
      if (authorized === false) return refuse(response, 'unauthorized', 401, address);
      const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      if (Number(request.headers['content-length'] ?? 0) > maxBytes)
        return refuse(response, 'too-large', 413, address);
      let body: Buffer;
      try {
        body = await readBody(request, maxBytes, limits.requestTimeoutMs);
      } catch (error) {
        if (error instanceof Refused) return refuse(response, error.reason, error.status, address);
        response.destroy();
        return;
      }
      try {
        await route.handle(
          { method: request.method ?? 'GET', url, headers: request.headers, body, raw: request },
          response,
        );
        // A refusal of the route's own (a bad signature, an unknown link) counts too.
        if (!route.limitedPerAddress && REFUSED_STATUS.has(response.statusCode))
          await count(address);
      } catch (error) {
        options.logger.error({ err: error, path: url.pathname }, 'route failed');
        sendJson(response, 500, { error: 'internal error' });
      }
    })();
  });
  server.requestTimeout = limits.requestTimeoutMs;
  server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  server.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', resolve);
  });
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
