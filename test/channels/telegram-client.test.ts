import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { GrammyError, HttpError, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot, type TelegramDeps } from '#src/channels/telegram/index.js';
import type { Logger } from '#src/log.js';

/** A server on a free loopback port, answering with `handler`. */
async function serve(handler: RequestListener): Promise<{ server: Server; root: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, root: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
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

describe('grammY’s client with our transformers (createBot)', () => {
  let server: Server;
  let root: string;
  const warned: string[] = [];
  const logger = {
    warn: (_details: unknown, message: string) => warned.push(message),
  } as unknown as Logger;
  const botOn = (apiRoot: string) =>
    createBot({ config: { token: '7:T', apiRoot }, logger } as unknown as TelegramDeps);

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

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

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

  it('sends an upload as multipart', async () => {
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
});
