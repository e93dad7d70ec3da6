/**
 * A local fake of Slack on loopback, for running the real bolt app against it:
 * - the Web API (`<url>/api/<method>`, what SLACK_API_URL points at): records every call
 *   with its arguments (blocks parsed) and answers like Slack (auth.test, chat.*,
 *   views.*, users.info, conversations.open, apps.connections.open, and the file upload trio:
 *   files.getUploadURLExternal hands out an upload URL on this same loopback server,
 *   the bytes posted there are kept, files.completeUploadExternal shares them in a
 *   channel or thread); the messages posted are kept (chat.update changes them,
 *   conversations.history reads them back by `ts`); `answer()` changes an answer,
 *   `person()` names a user;
 * - response URLs (`responseUrl()`), recording what is posted to them;
 * - a Socket Mode WebSocket endpoint (what apps.connections.open hands out), minimal
 *   but real (RFC 6455 framing): `socket.send()` delivers an envelope, acks are recorded;
 * - helpers that build and sign requests to an app's `/slack/events`, as Slack does:
 *   slash commands, interactions, and Events API callbacks (`message` events in
 *   threads), redelivered with X-Slack-Retry-Num when a test asks.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const FAKE_TEAM_ID = 'T0FAKE';
export const FAKE_BOT_USER_ID = 'U0BOT';

export interface ApiCall {
  method: string;
  args: Record<string, unknown>;
  /** The bearer token the call carried. */
  token?: string;
  /** What the fake answered (a posted message's `ts`, for one). */
  result?: Record<string, unknown>;
}

export interface ResponseUrlPost {
  /** The id given to `responseUrl(id)`. */
  id: string;
  body: Record<string, unknown>;
}

export interface SocketAck {
  envelope_id: string;
  payload?: Record<string, unknown>;
}

type Answer = (args: Record<string, unknown>) => Record<string, unknown>;

/** A message the fake keeps, as Slack would show it now. */
export interface StoredMessage {
  ts: string;
  channel: string;
  text?: string;
  blocks?: unknown[];
  threadTs?: string;
}

/** A file as it reached the fake: bytes posted to its upload URL, then shared. */
export interface UploadedFile {
  id: string;
  filename: string;
  data: Buffer;
  /** Set by files.completeUploadExternal. */
  channel?: string;
  threadTs?: string;
  initialComment?: string;
}

/** A file a person shared in Slack, as a message event names it (`files`). */
export interface SharedSlackFile {
  id: string;
  name: string;
  mimetype: string;
  size: number;
  url_private: string;
  url_private_download: string;
}

export interface FakeSlack {
  /**
   * A file as if a person had shared it: served at its private URL to a request that
   * carries a bearer token (each download recorded with the token), as Slack serves them.
   */
  shareFile(name: string, mimetype: string, data: Buffer): SharedSlackFile;
  /** The downloads of shared files, in order. */
  downloads: { id: string; token?: string }[];
  /** Base URL of the fake. */
  url: string;
  /** What SLACK_API_URL should be (ends with a slash). */
  apiUrl: string;
  calls: ApiCall[];
  responses: ResponseUrlPost[];
  /** Files uploaded (the upload trio), in order. */
  files: UploadedFile[];
  /** A posted message as it stands now (chat.update applied), by channel and `ts`. */
  message(channel: string, ts: string): StoredMessage | undefined;
  /** The messages posted in a thread (chat.postMessage with its `thread_ts`). */
  threadReplies(threadTs: string): ApiCall[];
  /** users.info of `id` answers this display name (and a real name). */
  person(id: string, displayName: string, realName?: string): void;
  /** A response_url that records what is posted to it under `id`. */
  responseUrl(id?: string): string;
  /** Replaces the answer of one Web API method (undefined: its usual answer again). */
  answer(method: string, answer: Answer | undefined): void;
  /** The first call of `method` matching `where` (now or when it comes). */
  waitForCall(method: string, where?: (call: ApiCall) => boolean): Promise<ApiCall>;
  /** The first post to a response URL matching `where` (now or when it comes). */
  waitForResponse(where?: (post: ResponseUrlPost) => boolean): Promise<ResponseUrlPost>;
  socket: {
    /** Resolves when a Socket Mode client is connected and has been sent "hello". */
    connected(): Promise<void>;
    /**
     * Delivers an envelope; resolves with the client's ack. `retryAttempt` marks a
     * redelivery (Events API envelopes carry it as Slack's HTTP retries carry a header).
     */
    send(type: string, payload: Record<string, unknown>, retryAttempt?: number): Promise<SocketAck>;
    /** Whether a client is connected. */
    readonly open: boolean;
  };
  close(): Promise<void>;
}

function parseForm(text: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (/^[[{]/.test(value)) {
      try {
        args[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: keep the text.
      }
    }
    args[key] = value;
  }
  return args;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The first file part of a multipart/form-data body, as the Web API client posts it. */
async function filePart(body: Buffer, contentType: string): Promise<Buffer | undefined> {
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  for (const value of form.values())
    if (typeof value !== 'string') return Buffer.from(await value.arrayBuffer());
  return undefined;
}

function send(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

// --- A minimal WebSocket server side (text frames, ping/pong, close) ----------------

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 65_536
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(length)]);
  return Buffer.concat([header, payload]);
}

function bigLength(length: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(length));
  return buffer;
}

/** Reads client frames (always masked) from a byte stream. */
function frameReader(onFrame: (opcode: number, payload: Buffer) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (pending.length < 2) return;
      const opcode = pending[0]! & 0x0f;
      const masked = (pending[1]! & 0x80) !== 0;
      let length = pending[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (pending.length < 4) return;
        length = pending.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (pending.length < 10) return;
        length = Number(pending.readBigUInt64BE(2));
        offset = 10;
      }
      const maskLength = masked ? 4 : 0;
      if (pending.length < offset + maskLength + length) return;
      const mask = pending.subarray(offset, offset + maskLength);
      const payload = Buffer.from(
        pending.subarray(offset + maskLength, offset + maskLength + length),
      );
      if (masked) for (let i = 0; i < payload.length; i += 1) payload[i]! ^= mask[i % 4]!;
      pending = pending.subarray(offset + maskLength + length);
      onFrame(opcode, payload);
    }
  };
}

/** `port`: a given one (a Slack that comes back where it was); any free one otherwise. */
export async function startFakeSlack(options: { port?: number } = {}): Promise<FakeSlack> {
  const calls: ApiCall[] = [];
  const responses: ResponseUrlPost[] = [];
  const acks: SocketAck[] = [];
  const seen = new EventEmitter();
  const overrides = new Map<string, Answer>();
  const files: UploadedFile[] = [];
  const shared = new Map<string, Buffer>();
  const downloads: { id: string; token?: string }[] = [];
  const people = new Map<string, { displayName: string; realName: string }>();
  const stored = new Map<string, StoredMessage>();
  const keep = (channel: unknown, ts: string, args: Record<string, unknown>): void => {
    const key = `${String(channel)}/${ts}`;
    const before = stored.get(key);
    stored.set(key, {
      ...before,
      ts,
      channel: String(channel),
      ...(typeof args.text === 'string' ? { text: args.text } : {}),
      ...(Array.isArray(args.blocks) ? { blocks: args.blocks as unknown[] } : {}),
      ...(typeof args.thread_ts === 'string' ? { threadTs: args.thread_ts } : {}),
    });
  };
  let viewCounter = 0;
  let messageCounter = 0;
  // Each fake's messages have timestamps of their own second: test files running at once
  // share one Redis, where the bot keys a support thread by its channel and timestamp.
  // Always before the staff messages' (`messageEvent`), which answer them.
  const second = 1_690_000_000 + randomInt(0, 9_000_000);
  const nextTs = () => {
    messageCounter += 1;
    return `${second}.${String(messageCounter).padStart(6, '0')}`;
  };
  let fileCounter = 0;
  let client: Socket | undefined;
  let baseUrl = '';

  const defaults: Record<string, Answer> = {
    'auth.test': () => ({
      ok: true,
      url: 'https://fake.slack.test/',
      team: 'Fake team',
      user: 'bot',
      team_id: FAKE_TEAM_ID,
      user_id: FAKE_BOT_USER_ID,
      bot_id: 'B0BOT',
    }),
    'chat.postMessage': (args) => {
      const ts = nextTs();
      keep(args.channel, ts, args);
      return { ok: true, channel: args.channel, ts, message: args };
    },
    'chat.postEphemeral': () => {
      return { ok: true, message_ts: nextTs() };
    },
    'chat.update': (args) => {
      keep(args.channel, String(args.ts), args);
      return { ok: true, channel: args.channel, ts: args.ts };
    },
    'chat.getPermalink': (args) => ({
      ok: true,
      channel: args.channel,
      permalink: `https://fake.slack.test/archives/${String(args.channel)}/p${String(args.message_ts).replace('.', '')}`,
    }),
    // Only what the app asks: one message by its ts (latest + inclusive).
    'conversations.history': (args) => {
      const found = stored.get(`${String(args.channel)}/${String(args.latest)}`);
      const messages = found
        ? [
            {
              type: 'message',
              user: FAKE_BOT_USER_ID,
              ts: found.ts,
              text: found.text,
              blocks: found.blocks,
            },
          ]
        : [];
      return { ok: true, messages, has_more: false };
    },
    'views.open': (args) => {
      viewCounter += 1;
      return {
        ok: true,
        view: { ...(args.view as object), id: `V${viewCounter}`, hash: `h${viewCounter}` },
      };
    },
    'views.update': (args) => ({
      ok: true,
      view: { ...(args.view as object), id: args.view_id, hash: `h${(viewCounter += 1)}` },
    }),
    'views.push': (args) => {
      viewCounter += 1;
      return { ok: true, view: { ...(args.view as object), id: `V${viewCounter}` } };
    },
    'apps.connections.open': () => ({ ok: true, url: `${baseUrl.replace(/^http/, 'ws')}/socket` }),
    'users.info': (args) => {
      const id = String(args.user);
      const person = people.get(id);
      if (!person) return { ok: false, error: 'user_not_found' };
      return {
        ok: true,
        user: {
          id,
          name: person.displayName.toLowerCase(),
          real_name: person.realName,
          profile: { display_name: person.displayName, real_name: person.realName },
        },
      };
    },
    // A direct message with the bot: one channel per user, as Slack keeps it.
    'conversations.open': (args) => ({ ok: true, channel: { id: `D${String(args.users)}` } }),
    'files.getUploadURLExternal': (args) => {
      fileCounter += 1;
      const id = `F0FAKE${fileCounter}`;
      files.push({ id, filename: String(args.filename), data: Buffer.alloc(0) });
      return { ok: true, upload_url: `${baseUrl}/upload/${id}`, file_id: id };
    },
    'files.completeUploadExternal': (args) => {
      const shared = (args.files as { id: string; title?: string }[]).map(({ id, title }) => {
        const file = files.find((candidate) => candidate.id === id);
        if (file) {
          file.channel = args.channel_id as string | undefined;
          file.threadTs = args.thread_ts as string | undefined;
          file.initialComment = args.initial_comment as string | undefined;
        }
        return { id, title };
      });
      return { ok: true, files: shared };
    },
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const bytes = await readBody(request);
      const text = bytes.toString('utf8');
      const upload = /^\/upload\/(\w+)$/.exec(url.pathname);
      if (upload && request.method === 'POST') {
        const file = files.find((candidate) => candidate.id === upload[1]);
        const contentType = request.headers['content-type'] ?? '';
        const data = contentType.startsWith('multipart/form-data')
          ? await filePart(bytes, contentType)
          : bytes;
        if (!file || !data) {
          response.writeHead(400).end();
          return;
        }
        file.data = data;
        response.writeHead(200, { 'content-type': 'text/plain' }).end(`OK - ${data.length}`);
        return;
      }
      const download = /^\/files-pri\/(\w+)\//.exec(url.pathname);
      if (download && request.method === 'GET') {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        downloads.push({ id: download[1]!, ...(token ? { token } : {}) });
        const data = shared.get(download[1]!);
        // Without the token Slack answers its sign-in page, never the file.
        if (!data || !token) {
          response.writeHead(token ? 404 : 302, { location: 'https://fake.slack.test/' }).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(data);
        return;
      }
      const api = /^\/api\/([\w.]+)$/.exec(url.pathname);
      if (api && request.method === 'POST') {
        const method = api[1]!;
        const json = (request.headers['content-type'] ?? '').includes('application/json');
        const args = json ? (JSON.parse(text || '{}') as Record<string, unknown>) : parseForm(text);
        const token =
          /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ??
          (typeof args.token === 'string' ? args.token : undefined);
        const answer = overrides.get(method) ?? defaults[method];
        const result = answer ? answer(args) : { ok: false, error: 'unknown_method' };
        const call: ApiCall = { method, args, token, result };
        calls.push(call);
        seen.emit('call', call);
        send(response, result);
        return;
      }
      const respond = /^\/respond\/([\w-]+)$/.exec(url.pathname);
      if (respond && request.method === 'POST') {
        const post: ResponseUrlPost = {
          id: respond[1]!,
          body: JSON.parse(text || '{}') as Record<string, unknown>,
        };
        responses.push(post);
        seen.emit('response', post);
        send(response, { ok: true });
        return;
      }
      response.writeHead(404).end();
    })().catch(() => response.destroy());
  });

  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    const key = request.headers['sec-websocket-key'];
    if (
      new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/socket' ||
      typeof key !== 'string'
    ) {
      socket.destroy();
      return;
    }
    const accept = createHash('sha1').update(`${key}${WS_GUID}`).digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    client = socket;
    socket.on(
      'data',
      frameReader((opcode, payload) => {
        if (opcode === 0x9) socket.write(frame(0xa, payload));
        else if (opcode === 0x8) {
          socket.end(frame(0x8, payload.subarray(0, 2)));
        } else if (opcode === 0x1) {
          const ack = JSON.parse(payload.toString('utf8')) as SocketAck;
          acks.push(ack);
          seen.emit('ack', ack);
        }
      }),
    );
    const forget = (): void => {
      if (client === socket) client = undefined;
    };
    socket.on('close', forget);
    socket.on('error', forget);
    socket.write(frame(0x1, Buffer.from(JSON.stringify({ type: 'hello', num_connections: 1 }))));
    seen.emit('socket');
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function waitFor<T>(event: string, list: T[], where: (item: T) => boolean): Promise<T> {
    const found = list.find(where);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const listener = (item: T): void => {
        if (!where(item)) return;
        seen.off(event, listener);
        resolve(item);
      };
      seen.on(event, listener);
    });
  }

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}/api/`,
    calls,
    responses,
    files,
    downloads,
    shareFile(name, mimetype, data) {
      fileCounter += 1;
      const id = `F0SHARED${fileCounter}`;
      shared.set(id, data);
      const address = `${baseUrl}/files-pri/${id}/${encodeURIComponent(name)}`;
      return {
        id,
        name,
        mimetype,
        size: data.length,
        url_private: address,
        url_private_download: `${address}?download=1`,
      };
    },
    message: (channel, ts) => stored.get(`${channel}/${ts}`),
    threadReplies: (threadTs) =>
      calls.filter(
        (call) => call.method === 'chat.postMessage' && call.args.thread_ts === threadTs,
      ),
    person(id, displayName, realName = displayName) {
      people.set(id, { displayName, realName });
    },
    responseUrl: (id = randomBytes(6).toString('hex')) => `${baseUrl}/respond/${id}`,
    answer(method, answer) {
      if (answer) overrides.set(method, answer);
      else overrides.delete(method);
    },
    waitForCall: (method, where = () => true) =>
      waitFor('call', calls, (call) => call.method === method && where(call)),
    waitForResponse: (where = () => true) => waitFor('response', responses, where),
    socket: {
      connected: () =>
        client ? Promise.resolve() : new Promise((resolve) => seen.once('socket', () => resolve())),
      async send(type, payload, retryAttempt) {
        if (!client) throw new Error('no Socket Mode client connected');
        const envelopeId = randomBytes(8).toString('hex');
        const acked = waitFor('ack', acks, (ack) => ack.envelope_id === envelopeId);
        client.write(
          frame(
            0x1,
            Buffer.from(
              JSON.stringify({
                envelope_id: envelopeId,
                type,
                payload,
                accepts_response_payload: true,
                ...(retryAttempt !== undefined
                  ? { retry_attempt: retryAttempt, retry_reason: 'timeout' }
                  : {}),
              }),
            ),
          ),
        );
        return acked;
      },
      get open() {
        return client !== undefined;
      },
    },
    close: () =>
      new Promise((resolve) => {
        client?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- Requests to an app, signed as Slack signs them --------------------------------

/** X-Slack-Signature and X-Slack-Request-Timestamp for a body (v0 scheme). */
export function slackSignature(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return {
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': `v0=${signature}`,
  };
}

export interface CommandOptions {
  command: string;
  text?: string;
  userId: string;
  channelId: string;
  responseUrl: string;
  triggerId?: string;
  /** The workspace the command comes from (another's: a Slack Connect channel). */
  teamId?: string;
}

/** A slash command as Slack posts it (form-encoded). */
export function commandBody(options: CommandOptions): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token',
    team_id: options.teamId ?? FAKE_TEAM_ID,
    team_domain: 'fake',
    channel_id: options.channelId,
    channel_name: 'staff',
    user_id: options.userId,
    user_name: 'someone',
    command: options.command,
    text: options.text ?? '',
    api_app_id: 'A0FAKE',
    is_enterprise_install: 'false',
    response_url: options.responseUrl,
    trigger_id: options.triggerId ?? `${Date.now()}.${randomBytes(4).toString('hex')}`,
  }).toString();
}

/** An interaction (block_actions, view_submission…) as Slack posts it: payload=<json>. */
export function interactionBody(payload: Record<string, unknown>): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface PostOptions {
  secret: string;
  /** Seconds since the epoch for the signature; now by default. */
  timestamp?: number;
  /** Sign with this secret instead (a forged request). */
  signWith?: string;
  headers?: Record<string, string>;
}

/** POSTs a form body to an app's events URL, signed; returns status and body. */
export async function postToSlackApp(
  url: string,
  body: string,
  options: PostOptions,
): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...slackSignature(options.signWith ?? options.secret, body, options.timestamp),
      ...options.headers,
    },
    body,
  });
  return { status: response.status, body: await response.text() };
}

export interface MessageEventOptions {
  channel: string;
  user?: string;
  text: string;
  /** The thread's root `ts`; unset: a top-level message. */
  threadTs?: string;
  /** Who wrote the thread's root (Slack sends it with a reply). */
  parentUserId?: string;
  ts?: string;
  subtype?: string;
  botId?: string;
  eventId?: string;
  /** The author's workspace (`user_team`): another's in a Slack Connect channel. */
  userTeam?: string;
  /** Files shared with it (subtype `file_share`). */
  files?: SharedSlackFile[];
}

let eventCounter = 0;

/** An Events API callback carrying a `message` event, as Slack posts it (JSON). */
export function messageEvent(options: MessageEventOptions): Record<string, unknown> {
  eventCounter += 1;
  const ts = options.ts ?? `1700001000.${String(eventCounter).padStart(6, '0')}`;
  return {
    token: 'deprecated-verification-token',
    team_id: FAKE_TEAM_ID,
    api_app_id: 'A0FAKE',
    type: 'event_callback',
    event_id: options.eventId ?? `Ev0FAKE${eventCounter}${randomBytes(3).toString('hex')}`,
    event_time: Math.floor(Number(ts)),
    authorizations: [{ team_id: FAKE_TEAM_ID, user_id: FAKE_BOT_USER_ID, is_bot: true }],
    event: {
      type: 'message',
      channel: options.channel,
      channel_type: 'channel',
      text: options.text,
      ts,
      event_ts: ts,
      ...(options.user ? { user: options.user } : {}),
      ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
      ...(options.parentUserId ? { parent_user_id: options.parentUserId } : {}),
      ...(options.subtype ? { subtype: options.subtype } : {}),
      ...(options.botId ? { bot_id: options.botId } : {}),
      ...(options.userTeam ? { user_team: options.userTeam, team: options.userTeam } : {}),
      ...(options.files ? { files: options.files } : {}),
    },
  };
}

/**
 * POSTs an Events API callback to an app's events URL, signed; `retryNum` marks it a
 * redelivery (X-Slack-Retry-Num), as Slack sends one it thinks went unanswered.
 */
export async function postEventToSlackApp(
  url: string,
  event: Record<string, unknown>,
  options: PostOptions & { retryNum?: number },
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(event);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...slackSignature(options.signWith ?? options.secret, body, options.timestamp),
      ...(options.retryNum !== undefined
        ? { 'x-slack-retry-num': String(options.retryNum), 'x-slack-retry-reason': 'http_timeout' }
        : {}),
      ...options.headers,
    },
    body,
  });
  return { status: response.status, body: await response.text() };
}
