/**
 * The HTTP server refuses before it reads, on a real server over loopback: an unknown
 * route or a request without the route's header check is answered at once, a body over
 * the route's limit is refused (by its Content-Length, or when the stream passes it), a
 * slow body is cut at the timeout, and refusals are counted with one log line per
 * interval.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';
import { startHttpServer, type HttpServer, type Refusal, type Route } from '../src/server.js';

let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const handled: string[] = [];
const refusals: Refusal[] = [];
let logLines: string[] = [];

const route: Route = {
  method: 'POST',
  path: '/hook',
  maxBodyBytes: 1000,
  authorize: (headers) => headers['x-secret'] === 'right',
  handle(request, response) {
    handled.push(request.body.toString('utf8'));
    response.writeHead(200).end('ok');
  },
};

async function start(limits: { requestTimeoutMs?: number; refusedLogIntervalMs?: number } = {}) {
  handled.length = 0;
  refusals.length = 0;
  logLines = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [route],
    logger: createLogger({ destination }),
    limits,
    onRefused: (reason) => refusals.push(reason),
  });
  return server;
}

/** Opens a request and sends its headers only; the body is the caller's to write. */
function open(
  base: string,
  headers: Record<string, string | number>,
): { request: ClientRequest; response: Promise<{ status: number; body: string }> } {
  const request = httpRequest(`${base}/hook`, { method: 'POST', headers });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (answer: IncomingMessage) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  return { request, response };
}

describe('http server limits', () => {
  it('refuses a large body without the secret on its headers, before reading it', async () => {
    const { url } = await start();
    // 50 MB announced, not a byte of it sent: the answer comes anyway.
    const { request, response } = open(url, { 'content-length': 50_000_000, 'x-secret': 'no' });
    expect((await response).status).toBe(401);
    request.destroy();
    expect(handled).toEqual([]);
    expect(refusals).toEqual(['unauthorized']);
  });

  it('refuses a Content-Length over the route limit before reading, and a stream that passes it', async () => {
    const { url } = await start();
    const announced = open(url, { 'content-length': 5000, 'x-secret': 'right' });
    expect((await announced.response).status).toBe(413);
    announced.request.destroy();

    const streamed = open(url, { 'transfer-encoding': 'chunked', 'x-secret': 'right' });
    streamed.request.write('x'.repeat(600));
    streamed.request.write('x'.repeat(600));
    expect((await streamed.response).status).toBe(413);
    streamed.request.destroy();
    expect(handled).toEqual([]);
    expect(refusals).toEqual(['too-large', 'too-large']);

    const fine = await fetch(`${url}/hook`, {
      method: 'POST',
      headers: { 'x-secret': 'right' },
      body: 'hello',
    });
    expect(fine.status).toBe(200);
    expect(handled).toEqual(['hello']);
  });

  it('cuts a slow body at the timeout', async () => {
    const { url } = await start({ requestTimeoutMs: 200 });
    const slow = open(url, { 'content-length': 100, 'x-secret': 'right' });
    slow.request.write('only part of it');
    expect((await slow.response).status).toBe(408);
    slow.request.destroy();
    expect(handled).toEqual([]);
    expect(refusals).toEqual(['timeout']);
  });

  it('answers unknown routes 404, counts every refusal, and logs one line per interval', async () => {
    const { url } = await start({ refusedLogIntervalMs: 3_600_000 });
    for (let i = 0; i < 5; i += 1) expect((await fetch(`${url}/nothing`)).status).toBe(404);
    expect(refusals).toEqual(['not-found', 'not-found', 'not-found', 'not-found', 'not-found']);
    const lines = logLines.filter((line) => line.includes('http: requests refused'));
    expect(lines).toHaveLength(1);
  });
});
