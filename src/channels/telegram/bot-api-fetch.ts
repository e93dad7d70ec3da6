/**
 * The HTTP calls of grammY's Bot API client, made on undici's dispatcher, one keep-alive
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
 * answer is a small object with `ok`, `status` and `json()`, not a WHATWG `Response`. The
 * call goes straight to the dispatcher with a handler that keeps the answer's bytes:
 * undici's `request` would wrap each call in an async resource and its answer in a
 * readable stream, read back whole anyway (docs/decisions.md, "The Bot API's calls,
 * leaner"). A body grammY builds for an upload (ticket images, documents: a stream of
 * multipart parts, about ten for a photo) is read whole and sent with its length: undici
 * writes each part of a stream with a syscall of its own, and a ticket's whole body is
 * about a kilobyte.
 *
 * Timeouts and stopping are grammY's own: it aborts the signal it passes here, on its
 * `timeoutSeconds` (every call, the long poll's included) or when the bot stops. undici's
 * own header and body timers, armed and cleared on every call, are off.
 */
import { Agent, errors, type Dispatcher } from 'undici';

export interface BotApiFetch {
  /** The `fetch` grammY's client calls (`ApiClientOptions.fetch`). */
  fetch: typeof fetch;
  /** Closes the pool's idle connections (the channel's stop). */
  close(): Promise<void>;
}

/** What grammY reads of an answer. */
interface Answer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

type Body = Dispatcher.DispatchOptions['body'];

/** A URL grammY built (its API root, the token, the method), split once per method. */
interface Target {
  origin: string;
  path: string;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The answer's text, as undici's `json()` read it (a byte-order mark dropped). */
function textOf(chunks: Buffer[]): string {
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  const bom = bytes.length >= 3 && UTF8_BOM.every((byte, at) => bytes[at] === byte);
  return bytes.toString('utf8', bom ? 3 : 0);
}

/** An upload's multipart parts, as one buffer. */
async function wholeOf(parts: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const part of parts) chunks.push(part);
  return Buffer.concat(chunks);
}

/** Collects one call's answer for `send`; settles its promise once. */
class Exchange implements Dispatcher.DispatchHandlers {
  private status = 0;
  private readonly chunks: Buffer[] = [];
  private abort: ((error: Error) => void) | undefined;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (error: Error) => void,
    private readonly signal: AbortSignal | undefined,
  ) {
    if (signal) {
      this.onAbort = () => this.abort?.(reasonOf(signal));
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  onConnect(abort: (error?: Error) => void): void {
    if (this.signal?.aborted) abort(reasonOf(this.signal));
    else this.abort = abort;
  }

  onHeaders(status: number): boolean {
    // An informational answer (1xx) comes before the real one.
    if (status >= 200) this.status = status;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    this.forget();
    const { status, chunks } = this;
    this.resolve({
      ok: status >= 200 && status < 300,
      status,
      json: async () => JSON.parse(textOf(chunks)) as unknown,
    });
  }

  onError(error: Error): void {
    this.forget();
    this.reject(error);
  }

  private forget(): void {
    this.abort = undefined;
    if (this.onAbort) this.signal!.removeEventListener('abort', this.onAbort);
  }
}

const reasonOf = (signal: AbortSignal): Error =>
  (signal.reason as Error | undefined) ?? new errors.RequestAbortedError();

export function createBotApiFetch(): BotApiFetch {
  const dispatcher = new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  /** grammY's URLs are one per method: each is split into origin and path once. */
  const targets = new Map<string, Target>();
  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      targets.set(url, target);
    }
    return target;
  };

  const dispatch = (target: Target, init: RequestInit, body: Body) =>
    new Promise<Answer>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) throw reasonOf(signal);
      dispatcher.dispatch(
        {
          // Named one by one: a spread of the target made undici's handling of the
          // options allocate ~1 KB more a call (measured in isolation).
          origin: target.origin,
          path: target.path,
          method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: (init.headers as Record<string, string> | undefined) ?? null,
          body,
        },
        new Exchange(resolve, reject, signal),
      );
    });

  const send = (input: string | URL | Request, init: RequestInit = {}): Promise<Answer> => {
    if (input instanceof Request) {
      return Promise.reject(new TypeError('the Bot API client passes a URL'));
    }
    const target = targetOf(String(input));
    const body = init.body ?? null;
    if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
      return dispatch(target, init, body);
    }
    // An upload: read whole first, sent in one write (see above). grammY's parts end early
    // when one fails, and it aborts the signal then: the cut body is not sent.
    return wholeOf(body as unknown as AsyncIterable<Uint8Array>).then((whole) =>
      dispatch(target, init, whole),
    );
  };
  return {
    // grammY calls `fetch(url, init)` and then `json()` only (see above): the narrower
    // answer is what this file exists for.
    fetch: send as unknown as typeof fetch,
    close: () => dispatcher.close(),
  };
}
