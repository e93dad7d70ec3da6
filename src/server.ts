/**
 * The bot's HTTP servers: the public one, where webhooks and callbacks of every channel
 * are mounted as routes (`/telegram/webhook`, `/slack/events`, `/payments/return/ok|ko`,
 * `/healthz`), and the private metrics listener (`/metrics`, `/health`). Routes carry
 * transport only; what they mean is decided elsewhere.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './log.js';

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
export type Refusal = 'not-found' | 'unauthorized' | 'too-large' | 'timeout';

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
  /** Told each refused request (a metrics counter). */
  onRefused?: (reason: Refusal) => void;
}): Promise<HttpServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const table = new Map(options.routes.map((route) => [`${route.method} ${route.path}`, route]));
  // Refusals are counted and summed up in one line per interval: a flood of bad requests
  // must not become a flood of log lines.
  const refusedSince = new Map<Refusal, number>();
  let lastRefusedLog = -Infinity;
  const refuse = (response: ServerResponse, reason: Refusal, status: number) => {
    options.onRefused?.(reason);
    refusedSince.set(reason, (refusedSince.get(reason) ?? 0) + 1);
    const now = performance.now();
    if (now - lastRefusedLog >= limits.refusedLogIntervalMs) {
      lastRefusedLog = now;
      options.logger.warn(Object.fromEntries(refusedSince), 'http: requests refused');
      refusedSince.clear();
    }
    if (!response.headersSent) {
      // Close the connection: what remains of a refused body is not read.
      response.writeHead(status, { connection: 'close', 'content-type': 'text/plain' });
      response.end(reason);
    }
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const route = table.get(`${request.method} ${url.pathname}`);
      if (!route) return refuse(response, 'not-found', 404);
      if (route.authorize && !route.authorize(request.headers))
        return refuse(response, 'unauthorized', 401);
      const maxBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      if (Number(request.headers['content-length'] ?? 0) > maxBytes)
        return refuse(response, 'too-large', 413);
      let body: Buffer;
      try {
        body = await readBody(request, maxBytes, limits.requestTimeoutMs);
      } catch (error) {
        if (error instanceof Refused) return refuse(response, error.reason, error.status);
        response.destroy();
        return;
      }
      try {
        await route.handle(
          { method: request.method ?? 'GET', url, headers: request.headers, body, raw: request },
          response,
        );
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
