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
  handle(request: RouteRequest, response: ServerResponse): Promise<void> | void;
}

export interface HttpServer {
  readonly url: string;
  readonly server: Server;
  /** Adds routes to a running server (a channel that needs the server up first). */
  mount(...routes: Route[]): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 25 * 1024 * 1024;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

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
}): Promise<HttpServer> {
  const table = new Map(options.routes.map((route) => [`${route.method} ${route.path}`, route]));
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const route = table.get(`${request.method} ${url.pathname}`);
      if (!route) {
        sendJson(response, 404, { error: 'not found' });
        return;
      }
      try {
        const body = await readBody(request);
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
