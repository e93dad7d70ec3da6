import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotApiFetch } from '#src/channels/telegram/bot-api-fetch.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('the Bot API client’s HTTP calls (undici request)', () => {
  let server: Server;
  let root: string;
  const seen: Seen[] = [];
  const http = createBotApiFetch();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url?.endsWith('/hang')) return; // never answers: the caller aborts
        const refused = req.url?.endsWith('/refused');
        res.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            refused
              ? { ok: false, error_code: 400, description: 'Bad Request: chat not found' }
              : { ok: true, result: { echoed: body.length } },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await http.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts a JSON call with its headers and reads the answer', async () => {
    const payload = JSON.stringify({ chat_id: 7, text: 'Hola' });
    const response = await http.fetch(`${root}/botT/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'keep-alive' },
      body: payload,
    });
    expect(response.ok).toBe(true);
    expect(await response.json()).toEqual({ ok: true, result: { echoed: payload.length } });
    const call = seen.at(-1);
    expect(call).toMatchObject({ method: 'POST', url: '/botT/sendMessage', body: payload });
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it('gives a refusal’s JSON to grammY, which reads ok: false from it', async () => {
    const response = await http.fetch(`${root}/botT/refused`, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error_code: 400 });
  });

  it('streams an upload grammY builds as an async iterable of parts', async () => {
    async function* parts() {
      yield new TextEncoder().encode(
        '--b\r\ncontent-disposition: form-data; name="chat_id"\r\n\r\n7',
      );
      yield new TextEncoder().encode('\r\n--b--\r\n');
    }
    const response = await http.fetch(`${root}/botT/sendPhoto`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: parts() as unknown as RequestInit['body'],
    });
    expect(await response.json()).toMatchObject({ ok: true });
    expect(seen.at(-1)?.body).toBe(
      '--b\r\ncontent-disposition: form-data; name="chat_id"\r\n\r\n7\r\n--b--\r\n',
    );
  });

  it('stops waiting when grammY aborts the call (its timeout, or the bot stopping)', async () => {
    const controller = new AbortController();
    const pending = http.fetch(`${root}/botT/hang`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
