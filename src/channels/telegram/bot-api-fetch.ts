/**
 * The HTTP calls of grammY's Bot API client, on undici's dispatcher (one keep-alive pool
 * per process): every update makes two to four Bot API calls, and grammY's own client
 * (node-fetch, its per-call signal and payload walk) costs about four times the CPU a call
 * (docs/decisions/http-transports.md).
 *
 * `fetch` is what grammY's client calls: it reads nothing of the answer but `json()`, so
 * the answer is a small object with `ok`, `status` and `json()`; an upload's multipart
 * stream is read whole and sent in one write. `calls` is an API transformer, installed
 * next to the client, that makes grammY's JSON calls here with the client's URL, headers,
 * JSON (null fields left out), timeout, abort and errors (`HttpError`; Telegram's answer
 * as it is); an upload or a payload that is not plain data goes on to grammY's client.
 * test/channels/telegram-bot-api-fetch.test.ts compares each call with grammY's own.
 */
import { HttpError, type Transformer } from 'grammy';
import type { ApiResponse } from 'grammy/types';
import { Agent, errors, type Dispatcher } from 'undici';

/** What grammY's client is given, which the JSON calls made here follow. */
export interface ClientOptions {
  apiRoot: string;
  token: string;
  timeoutSeconds: number;
}

export interface BotApiFetch {
  /** The `fetch` grammY's client calls (`ApiClientOptions.fetch`): its uploads. */
  fetch: typeof fetch;
  /**
   * grammY's JSON calls, made here: an API transformer, installed first (next to the
   * client, under auto-retry), that does not call on for them.
   */
  calls(client: ClientOptions): Transformer;
  /** Closes the pool's idle connections (the channel's stop). */
  close(): Promise<void>;
}

type Body = Dispatcher.DispatchOptions['body'];

/** A URL grammY built (its API root, the token, the method), split once per method. */
interface Target {
  origin: string;
  path: string;
}

/** grammY's client's headers for a JSON call (`createJsonPayload`). */
const JSON_HEADERS = { 'content-type': 'application/json', connection: 'keep-alive' };

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

/** What grammY's `fetch` gives back: the status, and the body read when asked. */
class Answer {
  readonly ok: boolean;

  constructor(
    readonly status: number,
    private readonly chunks: Buffer[],
  ) {
    this.ok = status >= 200 && status < 300;
  }

  async json(): Promise<unknown> {
    return JSON.parse(textOf(this.chunks)) as unknown;
  }
}

/**
 * Collects one call's answer for `done`; settles once. Cancelled (a signal aborted, a
 * timeout) before undici has connected it, it is aborted as it connects.
 */
abstract class Exchange implements Dispatcher.DispatchHandlers {
  private status = 0;
  private readonly chunks: Buffer[] = [];
  private abort: ((error: Error) => void) | undefined;
  private cancelled: Error | undefined;
  private settled = false;
  private readonly onAbort: (() => void) | undefined;

  constructor(protected readonly signal: AbortSignal | undefined) {
    if (signal) {
      this.onAbort = () => this.cancel(reasonOf(signal));
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  /** The answer, whole. */
  protected abstract done(status: number, chunks: Buffer[]): void;
  /** The call failed (undici's error, or what cancelled it). */
  protected abstract failed(error: Error): void;

  /** Ends the call with `error` now; the request is aborted. */
  protected cancel(error: Error): void {
    const abort = this.abort;
    this.onError(error);
    if (abort) abort(error);
    else this.cancelled = error;
  }

  onConnect(abort: (error?: Error) => void): void {
    const cancelled = this.cancelled ?? (this.signal?.aborted ? reasonOf(this.signal) : undefined);
    if (cancelled) abort(cancelled);
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
    if (!this.settle()) return;
    this.done(this.status, this.chunks);
  }

  onError(error: Error): void {
    if (!this.settle()) return;
    this.failed(error);
  }

  /** True the first time only. */
  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.abort = undefined;
    if (this.onAbort) this.signal!.removeEventListener('abort', this.onAbort);
    return true;
  }
}

/** A call made through `fetch`: its answer for grammY to read. */
class FetchExchange extends Exchange {
  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (error: Error) => void,
    signal: AbortSignal | undefined,
  ) {
    super(signal);
  }

  protected done(status: number, chunks: Buffer[]): void {
    this.resolve(new Answer(status, chunks));
  }

  protected failed(error: Error): void {
    this.reject(error);
  }
}

/**
 * A JSON call made here for grammY's client (`calls`): Telegram's JSON, or grammY's
 * `HttpError` as its client makes it (the network, the timeout, an answer that is not
 * JSON). The timeout is the client's: the same seconds, the same error.
 */
class CallExchange extends Exchange {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly method: string,
    seconds: number,
    private readonly resolve: (answer: ApiResponse<unknown>) => void,
    private readonly reject: (error: Error) => void,
    signal: AbortSignal | undefined,
  ) {
    super(signal);
    this.timer = setTimeout(() => {
      this.cancel(new Error(`Request to '${method}' timed out after ${seconds} seconds`));
    }, 1000 * seconds);
  }

  protected done(_status: number, chunks: Buffer[]): void {
    clearTimeout(this.timer);
    let answer: ApiResponse<unknown>;
    try {
      answer = JSON.parse(textOf(chunks)) as ApiResponse<unknown>;
    } catch (error) {
      this.reject(httpError(this.method, error));
      return;
    }
    this.resolve(answer);
  }

  protected failed(error: Error): void {
    clearTimeout(this.timer);
    this.reject(httpError(this.method, error));
  }
}

/** grammY's client's error for a call that got no answer of Telegram's (its `toHttpError`). */
const httpError = (method: string, error: unknown): HttpError =>
  new HttpError(`Network request for '${method}' failed!`, error);

const reasonOf = (signal: AbortSignal): Error =>
  (signal.reason as Error | undefined) ?? new errors.RequestAbortedError();

/** A payload grammY would send as JSON, with null fields or without; or one it must send itself. */
type Shape = 'plain' | 'nulls' | 'other';

/**
 * Whether `value` is plain data (objects and arrays of strings, numbers and booleans), and
 * has null fields (which grammY's client leaves out of the JSON). Anything else (a file to
 * upload, an object of a class: its own JSON) is left to grammY's client.
 */
function shapeOf(value: unknown): Shape {
  if (value === null || typeof value !== 'object') return 'plain';
  let shape: Shape = 'plain';
  if (Array.isArray(value)) {
    for (const item of value) {
      const inner = shapeOf(item);
      if (inner === 'other') return 'other';
      if (inner === 'nulls') shape = 'nulls';
    }
    return shape;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return 'other';
  for (const key in value) {
    if (key === 'toJSON') return 'other';
    const field = (value as Record<string, unknown>)[key];
    if (field === null) {
      shape = 'nulls';
      continue;
    }
    const inner = shapeOf(field);
    if (inner === 'other') return 'other';
    if (inner === 'nulls') shape = 'nulls';
  }
  return shape;
}

/** grammY's JSON of a payload: null fields left out. */
const withoutNulls = (_key: string, value: unknown): unknown => value ?? undefined;

export function createBotApiFetch(): BotApiFetch {
  const dispatcher = new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
    // grammY's timeout (the signal it aborts) bounds a call: undici's own timers, armed
    // and cleared on every call, are off.
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
          // Named one by one: with a spread of the target, undici's handling of the
          // options allocates more on every call.
          origin: target.origin,
          path: target.path,
          method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: (init.headers as Record<string, string> | undefined) ?? null,
          body,
        },
        new FetchExchange(resolve, reject, signal),
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
  const calls = ({ apiRoot, token, timeoutSeconds }: ClientOptions): Transformer => {
    /** Each method's target, as grammY's client builds its URL (`buildUrl`). */
    const methods = new Map<string, Target>();
    const targetFor = (method: string): Target => {
      let target = methods.get(method);
      if (!target) {
        target = targetOf(`${apiRoot}/bot${token}/${method}`);
        methods.set(method, target);
      }
      return target;
    };
    const call = (method: string, json: string, signal: AbortSignal | undefined) =>
      new Promise<ApiResponse<unknown>>((resolve, reject) => {
        if (signal?.aborted) throw httpError(method, reasonOf(signal));
        const target = targetFor(method);
        dispatcher.dispatch(
          {
            origin: target.origin,
            path: target.path,
            method: 'POST',
            headers: JSON_HEADERS,
            body: json,
          },
          new CallExchange(method, timeoutSeconds, resolve, reject, signal),
        );
      });
    return ((prev, method, payload, signal) => {
      const shape = shapeOf(payload ?? {});
      // A file to upload, an object of a class, or a signal that is none (grammY's client
      // tells what was passed wrong): grammY's client makes the call.
      if (
        shape === 'other' ||
        (signal !== undefined && typeof signal.addEventListener !== 'function')
      ) {
        return prev(method, payload, signal);
      }
      const json = JSON.stringify(payload ?? {}, shape === 'nulls' ? withoutNulls : undefined);
      // grammY types the signal as its polyfill's; what is read of it is the same.
      return call(method, json, signal as AbortSignal | undefined);
    }) as Transformer;
  };

  return {
    // grammY calls `fetch(url, init)` and then `json()` only (see above): the narrower
    // answer is what this file exists for.
    fetch: send as unknown as typeof fetch,
    calls,
    close: () => dispatcher.close(),
  };
}
