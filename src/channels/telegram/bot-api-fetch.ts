/**
 * The HTTP calls of grammY's Bot API client, made with undici's `request` on one keep-alive
 * connection pool per process.
 *
 * grammY's default in Node is node-fetch over an `http.Agent`; a call of a turn's usual size
 * (a JSON body of a few hundred bytes, a message back) costs it about twice the CPU of
 * undici's `request` on loopback (~200 µs against ~115 µs a call, measured in isolation),
 * and its wall time is longer too. Every update makes two to four Bot API calls (the
 * update's own `getUpdates` share, the view sent or edited, the tap answered, old buttons
 * removed), so this is paid on every turn. Node's global `fetch` (undici's WHATWG layer)
 * costs more than either (~500 µs), which is why it is not the choice.
 *
 * grammY reads nothing from the response but its JSON (`client.js`: `res.json()`), so the
 * answer is a small object with `ok`, `status` and `json()`, not a WHATWG `Response`,
 * whose streams would cost what this saves. A body grammY builds for an upload (ticket
 * images, documents: an async iterable of multipart parts) is sent as it is, chunked.
 * Timeouts and stopping are grammY's own: it aborts the signal it passes here.
 */
import { Agent, request, type Dispatcher } from 'undici';

export interface BotApiFetch {
  /** The `fetch` grammY's client calls (`ApiClientOptions.fetch`). */
  fetch: typeof fetch;
  /** Closes the pool's idle connections (the channel's stop). */
  close(): Promise<void>;
}

type RequestBody = Dispatcher.RequestOptions['body'];

export function createBotApiFetch(): BotApiFetch {
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
  const send = async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) throw new TypeError('the Bot API client passes a URL');
    const answer = await request(input, {
      dispatcher,
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      headers: init.headers as Record<string, string> | undefined,
      body: (init.body ?? null) as RequestBody,
      signal: init.signal ?? undefined,
    });
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      json: () => answer.body.json(),
    };
  };
  return {
    // grammY calls `fetch(url, init)` and then `json()` only (see above): the narrower
    // answer is what this file exists for.
    fetch: send as unknown as typeof fetch,
    close: () => dispatcher.close(),
  };
}
