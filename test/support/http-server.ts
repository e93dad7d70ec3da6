/**
 * A programmable HTTP server on loopback, for testing the client over real HTTP. Each
 * test sets how it answers; every request it saw is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  seen: SeenRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = (_request, response) => json(response, 404, {});
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seenRequest: SeenRequest = {
        method: request.method ?? 'GET',
        url: new URL(request.url ?? '/', 'http://127.0.0.1'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(seenRequest);
      void Promise.resolve(handler(seenRequest, response)).catch(() => {
        response.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
