/**
 * The HTTP calls of the partner client, made with undici's `request` on one keep-alive
 * connection pool per client: the `fetch` ky calls (its `fetch` option).
 *
 * Node's global `fetch` (undici's WHATWG layer: Request, Response, their streams) costs
 * about twice the CPU of undici's `request` for a call of the partner's usual size (a
 * JSON body of a few hundred bytes, a few KB back), and ky's own copies of the request
 * come on top. ky keeps its part (time limits, which calls are retried and how, HTTP
 * errors); this file only carries ky's `Request` to the service and the answer back.
 *
 * The answer is read whole before it is handed over, so a connection always goes back to
 * the pool, whatever the client does with a refusal or a retry; and it is a small object
 * with what ky and the client read (`ok`, `status`, `headers.get`, `text()`, `json()`),
 * not a WHATWG `Response`, whose streams would cost what this saves. ky's time limit and
 * the caller's abort reach here as the request's signal, which undici honours.
 *
 * The client hands the JSON body beside ky's `Request` (`SIDE_BODY`, an option ky does not
 * know and so passes to its `fetch`), not inside it: a body inside a `Request` is a web
 * stream, which ky tees for its retries and cancels after, and which this file would read
 * back to text, a few hundred µs of CPU a call for a string the client already had.
 *
 * The service's own headers, the same on every call (the API key, the JSON types), are
 * given here once (`createPartnerFetch(headers)`) and added to each request's, not kept
 * in ky's options: ky copies its headers into a new WHATWG `Headers` four times a call
 * (merging its defaults, its options, the `Request` and its clone), each copy checking
 * every name and value, on every call. A
 * call's own header (`AdminPartnerUserId`) still comes in ky's `Request`, and wins over
 * these.
 */
import { Agent, request, type Dispatcher } from 'undici';

/** The option under which the client passes a call's JSON text beside ky's `Request`. */
export const SIDE_BODY = 'partnerBody';

/** What ky passes its `fetch` besides the `Request`: the options it does not know. */
export interface SideOptions {
  [SIDE_BODY]?: string;
}

export interface PartnerFetch {
  /**
   * The `fetch` ky calls (`Options.fetch`): ky always passes a `Request`, and the body
   * beside it when the client sends one that way (`SIDE_BODY`).
   */
  fetch: typeof fetch;
  /** Closes the pool's idle connections. */
  close(): Promise<void>;
}

/** What ky and the client read of an answer (see above). */
export interface PartnerAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

type RequestBody = Dispatcher.RequestOptions['body'];

/** Header names and values, the names in lower case. */
export type FixedHeaders = Readonly<Record<string, string>>;

/** `headers`: the service's, sent with every request (see above). */
export function createPartnerFetch(headers: FixedHeaders = {}): PartnerFetch {
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
  const send = async (
    input: string | URL | Request,
    side?: SideOptions,
  ): Promise<PartnerAnswer> => {
    if (!(input instanceof Request)) throw new TypeError('ky passes a Request');
    const body = side?.[SIDE_BODY] ?? (input.body ? await input.text() : null);
    const sent: Record<string, string> = { ...headers };
    input.headers.forEach((value, name) => {
      sent[name] = value;
    });
    const answer = await request(input.url, {
      dispatcher,
      method: input.method as Dispatcher.HttpMethod,
      headers: sent,
      body: body as RequestBody,
      signal: input.signal,
    });
    const text = await readText(answer.body);
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      statusText: '',
      headers: { get: (name) => headerOf(answer.headers, name) },
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    };
  };
  return {
    // ky reads only what PartnerAnswer has (see above): the narrower answer is what this
    // file exists for.
    fetch: send as unknown as typeof fetch,
    close: () => dispatcher.close(),
  };
}

/**
 * The answer's text, decoded as its chunks arrive (a BOM dropped, as `fetch`'s `text()`
 * does). Not undici's `body.text()`, which joins the chunks into one buffer first: for the
 * catalog (100 MB of JSON at 50,000 products, read in the catalog's worker thread) that
 * buffer leaves the process tens of MB larger once the worker is gone.
 */
function readText(body: Dispatcher.ResponseData['body']): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    const parts: string[] = [];
    body.on('data', (chunk: Buffer) => parts.push(decoder.decode(chunk, { stream: true })));
    body.on('end', () => resolve(parts.join('') + decoder.decode()));
    body.on('error', reject);
  });
}

function headerOf(headers: Dispatcher.ResponseData['headers'], name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Another `fetch` (`PartnerClientOptions.fetch`: tests, embedding), given the body and
 * the service's headers inside the `Request` as any `fetch` expects them.
 */
export function withBodyInside(other: typeof fetch, headers: FixedHeaders = {}): typeof fetch {
  const send = (input: Request, side?: SideOptions) => {
    const all = new Headers(headers);
    input.headers.forEach((value, name) => all.set(name, value));
    const body = side?.[SIDE_BODY];
    return other(
      new Request(input, body === undefined ? { headers: all } : { body, headers: all }),
    );
  };
  return send as typeof fetch;
}
