import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bot, GrammyError, HttpError, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotApiFetch } from '#src/channels/telegram/bot-api-fetch.js';
import { createBot, type TelegramDeps } from '#src/channels/telegram/index.js';
import type { Logger } from '#src/log.js';

/** A server on a free loopback port, answering with `handler`. */
async function serve(handler: RequestListener): Promise<{ server: Server; root: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, root: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The client's pool and the server, closed. */
async function closeBoth(http: { close(): Promise<void> }, server: Server): Promise<void> {
  await http.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A Bot API answer: `result`, or a refusal (400, chat not found). */
function answer(res: ServerResponse, refused: boolean, result: unknown): void {
  res.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      refused
        ? { ok: false, error_code: 400, description: 'Bad Request: chat not found' }
        : { ok: true, result },
    ),
  );
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A server's handler that reads each request whole, records it in `seen`, then answers. */
function recording(
  seen: Seen[],
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  };
}

describe('the Bot API client’s HTTP calls (undici’s dispatcher)', () => {
  let server: Server;
  let root: string;
  const seen: Seen[] = [];
  const http = createBotApiFetch();

  beforeAll(async () => {
    ({ server, root } = await serve(
      recording(seen, (req, res, body) => {
        if (req.url?.endsWith('/hang')) return; // never answers: the caller aborts
        if (req.url?.endsWith('/getUpdates')) {
          // A long answer, written in pieces: read whole before it is parsed.
          const updates = Array.from({ length: 100 }, (_, at) => ({
            update_id: at + 1,
            message: { message_id: at, text: `¿Mañana? ${'✓'.repeat(400)}` },
          }));
          const text = JSON.stringify({ ok: true, result: updates });
          res.writeHead(200, { 'content-type': 'application/json' });
          const third = Math.ceil(text.length / 3);
          res.write(text.slice(0, third));
          setImmediate(() => {
            res.write(text.slice(third, 2 * third));
            setImmediate(() => res.end(text.slice(2 * third)));
          });
          return;
        }
        if (req.url?.endsWith('/early')) {
          // An informational answer first (103 Early Hints), then the real one.
          res.writeEarlyHints({ link: '</x>; rel=preload' });
        }
        if (req.url?.endsWith('/broken')) {
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<html>Bad gateway</html>');
          return;
        }
        answer(res, req.url?.endsWith('/refused') ?? false, { echoed: body.length });
      }),
    ));
  });

  afterAll(() => closeBoth(http, server));

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

  it('sends an upload grammY builds as a stream of parts in one piece, with its length', async () => {
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
    const sent = '--b\r\ncontent-disposition: form-data; name="chat_id"\r\n\r\n7\r\n--b--\r\n';
    expect(seen.at(-1)?.body).toBe(sent);
    // Not chunked: one write of the whole request, not one per part.
    expect(seen.at(-1)?.headers['transfer-encoding']).toBeUndefined();
    expect(seen.at(-1)?.headers['content-length']).toBe(String(Buffer.byteLength(sent)));
  });

  it('does not send an upload whose parts failed (grammY aborts it)', async () => {
    const before = seen.length;
    const controller = new AbortController();
    async function* parts() {
      yield new TextEncoder().encode('--b\r\n');
      // grammY's parts end quietly when one fails, and its call aborts the signal.
      controller.abort();
    }
    await expect(
      http.fetch(`${root}/botT/sendPhoto`, {
        method: 'POST',
        body: parts() as unknown as RequestInit['body'],
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    await (await http.fetch(`${root}/botT/sendMessage`, { method: 'POST', body: '{}' })).json();
    expect(seen.length).toBe(before + 1);
  });

  it('reads an answer that comes in pieces whole (a long poll’s hundred updates)', async () => {
    const response = await http.fetch(`${root}/botT/getUpdates`, { method: 'POST', body: '{}' });
    const answer = (await response.json()) as { result: { message: { text: string } }[] };
    expect(answer.result).toHaveLength(100);
    expect(answer.result[99]!.message.text).toBe(`¿Mañana? ${'✓'.repeat(400)}`);
  });

  it('takes the status of the real answer, not of an informational one before it', async () => {
    const response = await http.fetch(`${root}/botT/early`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true });
  });

  it('lets grammY see an answer that is not JSON as a failed call', async () => {
    const response = await http.fetch(`${root}/botT/broken`, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(502);
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('keeps its connections open for calls made one after another', async () => {
    const ports = new Set<number>();
    const note = (request: IncomingMessage) => ports.add(request.socket.remotePort!);
    server.on('request', note);
    try {
      for (let call = 0; call < 6; call += 1) {
        const response = await http.fetch(`${root}/botT/sendMessage`, {
          method: 'POST',
          body: '{}',
        });
        await response.json();
      }
    } finally {
      server.off('request', note);
    }
    // undici's pool may open a second one (the first is not yet free when the next call
    // comes, in the same turn of the loop as the answer), then goes back and forth.
    expect(ports.size).toBeLessThan(6);
  });

  it('sends nothing for a call whose signal was aborted before it began', async () => {
    const before = seen.length;
    const controller = new AbortController();
    controller.abort();
    await expect(
      http.fetch(`${root}/botT/sendMessage`, {
        method: 'POST',
        body: '{}',
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    // A call after it is answered, and it is the only one the server saw.
    await (await http.fetch(`${root}/botT/sendMessage`, { method: 'POST', body: '{}' })).json();
    expect(seen.length).toBe(before + 1);
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

describe('grammY’s client on it (createBot)', () => {
  const http = createBotApiFetch();
  let server: Server;
  let root: string;
  const warned: string[] = [];
  const logger = {
    warn: (_details: unknown, message: string) => warned.push(message),
  } as unknown as Logger;
  const botOn = (apiRoot: string) =>
    createBot({ config: { token: '7:T', apiRoot }, logger } as unknown as TelegramDeps, http);

  /** The calls the server saw, and how many refusals of a flood wait it has left to give. */
  const seen: Seen[] = [];
  let floodWaits = 0;
  /** Calls left unanswered whose connection the client closed, by path. */
  const cuts = new Map<string, () => void>();
  const cut = (path: string) => cuts.get(path)?.();
  const whenCut = (path: string) =>
    new Promise<void>((resolve) => cuts.set(path, resolve)).finally(() => cuts.delete(path));

  beforeAll(async () => {
    ({ server, root } = await serve(
      recording(seen, (req, res, body) => {
        if (req.url?.endsWith('/getUpdates') || req.url?.endsWith('/getChat')) {
          // A long poll with nothing to give; a call never answered (it times out). Either
          // is cut by the client: its connection closed.
          res.on('close', () => cut(req.url!));
          return;
        }
        if (req.url?.endsWith('/sendDice') && floodWaits > 0) {
          floodWaits -= 1;
          res.writeHead(429, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              ok: false,
              error_code: 429,
              description: 'Too Many Requests: retry after 0',
              parameters: { retry_after: 0 },
            }),
          );
          return;
        }
        answer(res, (req.url?.endsWith('/sendPhoto') ?? false) && !body.startsWith('--'), {
          message_id: 5,
          date: 0,
          chat: { id: 7, type: 'private' },
        });
      }),
    ));
  });

  afterAll(() => closeBoth(http, server));

  it('gives a call’s result, and a refusal as Telegram’s error', async () => {
    const bot = botOn(root);
    await expect(bot.api.sendMessage(7, 'Hola')).resolves.toMatchObject({ message_id: 5 });
    await expect(bot.api.sendPhoto(7, 'file-id')).rejects.toBeInstanceOf(GrammyError);
  });

  it('logs a failed fetch of updates, and leaves other calls’ failures to their callers', async () => {
    // A port nothing listens on: every call fails to connect.
    const closed = await serve(() => {});
    await new Promise((resolve) => closed.server.close(resolve));
    const bot = botOn(closed.root);
    warned.length = 0;
    await expect(bot.api.sendMessage(7, 'Hola')).rejects.toBeInstanceOf(HttpError);
    expect(warned).toEqual([]);
    await expect(bot.api.getUpdates({ timeout: 0 })).rejects.toBeInstanceOf(HttpError);
    expect(warned).toEqual(['telegram: fetching updates failed; retrying']);
  });

  it('stops a long poll when the runner aborts it, without logging it as a failure', async () => {
    const bot = botOn(root);
    warned.length = 0;
    const runner = new AbortController();
    const cutOff = whenCut('/bot7:T/getUpdates');
    const polling = bot.api.getUpdates(
      { timeout: 30 },
      // grammY types its signal as its polyfill's; the runner passes Node's, as here.
      runner.signal as Parameters<typeof bot.api.getUpdates>[1],
    );
    // The call is on its way (grammY's own signal, linked to this one, is what reaches
    // the transport) when it is stopped.
    await new Promise((resolve) => setImmediate(resolve));
    runner.abort();
    await expect(polling).rejects.toBeInstanceOf(HttpError);
    expect(warned).toEqual([]);
    // Not only given up on: the request is aborted, its connection closed.
    await cutOff;
  });

  it('sends a JSON call as grammY’s own client does, null fields left out', async () => {
    const own = new Bot('7:T', { client: { apiRoot: root, fetch: http.fetch } });
    const calls = async (bot: Bot) => {
      const before = seen.length;
      const keyboard = { inline_keyboard: [[{ text: 'Sí ✓', callback_data: 'v:a:1' }]] };
      await bot.api.sendMessage(7, '¿Mañana a las 10?', {
        reply_markup: keyboard,
        // A null field, at the top and deeper down: left out of the JSON.
        message_thread_id: null as unknown as undefined,
        link_preview_options: { is_disabled: true, url: null as unknown as undefined },
      });
      await bot.api.getMe();
      // (A long poll of a test before may reach the server meanwhile.)
      const made = seen.slice(before).filter((call) => !call.url.endsWith('/getUpdates'));
      return made.map(({ method, url, headers, body }) => ({
        method,
        url,
        type: headers['content-type'],
        body,
      }));
    };
    const made = await calls(botOn(root) as unknown as Bot);
    expect(made).toEqual(await calls(own));
    expect(JSON.parse(made[0]!.body)).toEqual({
      chat_id: 7,
      text: '¿Mañana a las 10?',
      reply_markup: { inline_keyboard: [[{ text: 'Sí ✓', callback_data: 'v:a:1' }]] },
      link_preview_options: { is_disabled: true },
    });
  });

  it('leaves an upload to grammY’s client (multipart)', async () => {
    const bot = botOn(root);
    const before = seen.length;
    await expect(
      bot.api.sendPhoto(7, new InputFile(Buffer.from('PNG'), 'ticket.png')),
    ).resolves.toMatchObject({ message_id: 5 });
    expect(seen.slice(before).filter((call) => call.url.endsWith('/sendPhoto'))).toHaveLength(1);
    expect(seen.at(-1)?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)?.body).toContain('filename=ticket.png');
  });

  it('has each call retried by auto-retry after a flood wait (429), as before', async () => {
    const bot = botOn(root);
    floodWaits = 1;
    const before = seen.length;
    await expect(bot.api.sendDice(7, '🎲')).resolves.toMatchObject({ message_id: 5 });
    const sent = seen.slice(before).filter((call) => !call.url.endsWith('/getUpdates'));
    expect(sent.map((call) => call.url)).toEqual(['/bot7:T/sendDice', '/bot7:T/sendDice']);
  });

  it('times a call out as grammY’s client does: its seconds, its error', async () => {
    const calls = http.calls({ apiRoot: root, token: '7:T', timeoutSeconds: 0.05 });
    const own = new Bot('7:T', {
      client: { apiRoot: root, fetch: http.fetch, timeoutSeconds: 0.05 },
    });
    const bot = new Bot('7:T', {
      client: { apiRoot: root, fetch: http.fetch, timeoutSeconds: 0.05 },
    });
    bot.api.config.use(calls);
    const failure = async (api: Bot['api']) => {
      const error = (await api.getChat(7).catch((caught: unknown) => caught)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      return { message: error.message, cause: (error.error as Error).message };
    };
    const cutOff = whenCut('/bot7:T/getChat');
    const ours = await failure(bot.api);
    await cutOff; // the request aborted, its connection closed
    expect(ours).toEqual(await failure(own.api));
    expect(await failure(bot.api)).toEqual({
      message: "Network request for 'getChat' failed!",
      cause: "Request to 'getChat' timed out after 0.05 seconds",
    });
  });
});
