/**
 * A local fake of the Telegram Bot API on loopback, for end-to-end tests of the bot.
 *
 * It speaks the Bot API's HTTP protocol (`POST /bot<token>/<method>`, JSON or
 * multipart; `{ok, result}` or `{ok: false, error_code, description, parameters}`) for
 * the methods the bot uses, keeps the chats' messages as Telegram would (edits, "message
 * is not modified", inline keyboards), and records every call. Customers are played by
 * the test: messages, button taps, contacts, documents and photos become updates,
 * fetched by getUpdates (long polling with offset semantics) or POSTed to the webhook
 * set with setWebhook (with the secret header; redelivered until answered 2xx).
 *
 * Payments (Telegram Payments, as the Bot API documents them): `sendInvoice` (one price
 * for Stars, a provider token otherwise), `answerPreCheckoutQuery` (within 10 seconds,
 * once per query, a reason when refusing), `refundStarPayment` (a Stars charge, once),
 * and the customer's side: a `pre_checkout_query` update for an invoice, then a message
 * with `successful_payment`. Updates whose type is not in the bot's `allowed_updates`
 * (getUpdates or setWebhook) are never delivered, as Telegram does.
 *
 * Faults: a flood wait on a method (429 with retry_after, enforced until it passes, as
 * Telegram does), a chat whose customer blocked the bot (403), one-off errors.
 *
 * Several instances (`balance`): the fake plays Telegram and a load balancer in front of
 * the bot's instances. Every webhook set becomes a target, and each delivery attempt
 * goes to the one the router picks (round robin by default); a failed attempt is tried
 * again, routed anew (so an instance that died is passed over).
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface ApiCall {
  method: string;
  params: Json;
  /** Files sent as multipart: field → name, size, type. */
  files: Record<string, { name: string; size: number; type: string; bytes: Buffer }>;
  at: number;
  /** Set when the fake answered with an error. */
  error?: { code: number; description: string };
}

export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
}

export interface BotMessage {
  messageId: number;
  chatId: number;
  text?: string;
  caption?: string;
  photo?: { name: string; size: number; type: string; bytes: Buffer };
  /** The inline keyboard it shows now, if any. */
  inlineKeyboard?: InlineButton[][];
  /** An invoice (sendInvoice). */
  invoice?: SentInvoice;
  /** The reply keyboard sent with it, or its removal. */
  replyKeyboard?: Json;
  edits: number;
}

export interface SentInvoice {
  title: string;
  description: string;
  payload: string;
  currency: string;
  prices: { label: string; amount: number }[];
  totalAmount: number;
  providerToken: string;
}

export interface PreCheckoutAnswer {
  ok: boolean;
  errorMessage?: string;
  /** Milliseconds from the query's delivery to the answer. */
  afterMs: number;
}

export interface Charge {
  telegramChargeId: string;
  providerChargeId: string;
  userId: number;
  currency: string;
  amount: number;
  refunded: boolean;
}

export interface Delivery {
  updateId: number;
  status: number | 'error';
  /** `balance`: the target it went to. */
  url?: string;
}

export interface FakeUser {
  id: number;
  firstName?: string;
  languageCode?: string;
}

export interface FakeTelegram {
  /** The API root to configure the bot with (TELEGRAM_API_ROOT). */
  url: string;
  token: string;
  botId: number;
  calls: ApiCall[];
  /** Webhook deliveries and their answers, in order. */
  deliveries: Delivery[];
  /** Every update made so far, in order. */
  updates(): Json[];
  webhook(): { url: string; secret?: string } | undefined;

  // The customer's side: each returns the update_id of the update it made.
  text(user: FakeUser, text: string): number;
  tap(user: FakeUser, messageId: number, data: string): number;
  /** Taps the button whose label matches, on the newest message showing one. */
  tapButton(user: FakeUser, label: string | RegExp): number;
  contact(user: FakeUser, phoneNumber: string): number;
  document(user: FakeUser, file: { name: string; mime: string; content: Buffer }): number;
  /** A photo, with the caption typed under it if any. */
  photo(user: FakeUser, content: Buffer, caption?: string): number;
  /**
   * The customer presses Pay on an invoice (the newest of the chat, or this one):
   * a pre_checkout_query update. `answer(queryId)` tells how the bot answered.
   */
  preCheckout(user: FakeUser, invoice?: SentInvoice): { updateId: number; queryId: string };
  answer(queryId: string): PreCheckoutAnswer | undefined;
  /**
   * The payment went through after an `ok` pre-checkout: a message with
   * successful_payment (Telegram refuses to make one for a query not answered ok).
   */
  paid(user: FakeUser, queryId: string): number;
  /** Charges made so far (successful payments), with whether they were refunded. */
  charges(): Charge[];
  /** The invoices sent to a chat, oldest first. */
  invoices(chatId: number): SentInvoice[];
  /** The customer blocks the bot: 403 for everything sent to them, and a my_chat_member update. */
  block(user: FakeUser): number;
  /** Queues a raw update (its update_id is given when absent). */
  inject(update: Json): number;
  /** Delivers an update again, as Telegram does after a timeout (webhook mode). */
  redeliver(updateId: number): void;
  /** `balance`: the webhook URLs set so far (one per instance). */
  targets(): string[];
  /** `balance`: picks the target of each delivery attempt (attempt 0 first). */
  route(router: WebhookRouter): void;

  // The bot's side, as the customer sees it.
  messages(chatId: number): BotMessage[];
  /** The newest message of the chat with an inline keyboard. */
  lastKeyboard(chatId: number): BotMessage | undefined;
  buttons(message: BotMessage | undefined): InlineButton[];
  callsOf(method: string, chatId?: number): ApiCall[];

  // Faults.
  /** `method` answers 429 until `seconds` have passed since the first refusal. */
  floodWait(method: string, seconds: number): void;
  /** The next call (or `times` calls) of `method` fails with this error. */
  failNext(method: string, code: number, description: string, times?: number): void;
  /**
   * The next call of `method` is held `ms` before it is acted on; if its caller has gone
   * meanwhile (the bot's process died), it is dropped, as a call never sent would be.
   * `holding()` tells how many held calls are waiting now.
   */
  holdNext(method: string, ms: number): void;
  holding(): number;
  /** Lets every held call go on now. */
  release(): void;

  /** Waits until `check` is true (polls), or fails after `timeoutMs`. */
  until(check: () => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

/** Which of `targets` gets this delivery attempt of `update`. */
export type WebhookRouter = (update: Json, targets: string[], attempt: number) => string;

export interface FakeTelegramOptions {
  token?: string;
  /** Several bot instances: every setWebhook adds a target; deliveries are spread. */
  balance?: boolean;
  /** Wait before redelivering a webhook update that was not answered 2xx. */
  webhookRetryMs?: number;
  /** Refuse URL buttons to local addresses, as Telegram does. */
  rejectLocalUrls?: boolean;
  /** Listen there (the Bot API coming up where a bot already looks for it); unset: any. */
  port?: number;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Json,
  ) {
    super(description);
  }
}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

/** A multipart/form-data body's parts (grammY writes unquoted file names, which undici refuses). */
function multipartParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF.
    const chunk = body.subarray(start + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.subarray(0, split).toString('utf8');
    const content = chunk.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
    const filename = /filename=("?)([^";\r\n]*)\1/i.exec(head)?.[2];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim();
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(type ? { type } : {}),
      content,
    });
    at = next;
  }
  return parts;
}

const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? `${randomInt(100000, 999999)}:FAKE-${randomInt(1e9)}`;
  const botId = randomInt(1_000_000, 2_000_000_000);
  const retryMs = options.webhookRetryMs ?? 50;
  const rejectLocalUrls = options.rejectLocalUrls ?? true;
  const calls: ApiCall[] = [];
  const deliveries: Delivery[] = [];
  const chats = new Map<number, BotMessage[]>();
  const nextMessageId = new Map<number, number>();
  const files = new Map<string, { path: string; content: Buffer }>();
  const blocked = new Set<number>();
  const floods = new Map<string, { seconds: number; until?: number }>();
  const failures = new Map<string, { code: number; description: string; times: number }>();
  const holds = new Map<string, number>();
  let held = 0;
  /** Ends the wait of each call held now. */
  const releases = new Set<() => void>();
  /** Updates not yet confirmed (polling) or not yet acknowledged (webhook). */
  let pending: Json[] = [];
  const history = new Map<number, Json>();
  let nextUpdateId = randomInt(100_000, 900_000);
  let hook: { url: string; secret?: string } | undefined;
  const targets: string[] = [];
  let turn = 0;
  let router: WebhookRouter = (_update, list) => list[turn++ % list.length]!;
  let pollWaiters: Array<() => void> = [];
  let delivering = false;
  let closed = false;
  let callbackCounter = 0;
  /** allowed_updates of getUpdates / setWebhook; undefined: Telegram's default (all). */
  let allowed: string[] | undefined;
  const queries = new Map<
    string,
    { user: FakeUser; invoice: SentInvoice; deliveredAt?: number; answer?: PreCheckoutAnswer }
  >();
  const charges: Charge[] = [];
  let queryCounter = 0;

  const messageIdFor = (chatId: number) => {
    const id = (nextMessageId.get(chatId) ?? 0) + 1;
    nextMessageId.set(chatId, id);
    return id;
  };
  const chatOf = (chatId: number) => {
    let list = chats.get(chatId);
    if (!list) chats.set(chatId, (list = []));
    return list;
  };
  const botUser = {
    id: botId,
    is_bot: true,
    first_name: 'Fake booking bot',
    username: 'fake_booking_bot',
  };
  const userJson = (user: FakeUser) => ({
    id: user.id,
    is_bot: false,
    first_name: user.firstName ?? 'Ana',
    language_code: user.languageCode ?? 'en',
  });
  const privateChat = (user: FakeUser) => ({
    id: user.id,
    type: 'private',
    first_name: user.firstName ?? 'Ana',
  });
  const now = () => Math.floor(Date.now() / 1000);

  function messageJson(message: BotMessage): Json {
    return {
      message_id: message.messageId,
      date: now(),
      chat: { id: message.chatId, type: 'private', first_name: 'Ana' },
      from: botUser,
      ...(message.text !== undefined ? { text: message.text } : {}),
      ...(message.caption !== undefined ? { caption: message.caption } : {}),
      ...(message.photo
        ? {
            photo: [
              {
                file_id: `photo-${message.messageId}`,
                file_unique_id: `u${message.messageId}`,
                width: 512,
                height: 512,
                file_size: message.photo.size,
              },
            ],
          }
        : {}),
      ...(message.inlineKeyboard
        ? { reply_markup: { inline_keyboard: message.inlineKeyboard } }
        : {}),
      ...(message.invoice
        ? {
            invoice: {
              title: message.invoice.title,
              description: message.invoice.description,
              start_parameter: '',
              currency: message.invoice.currency,
              total_amount: message.invoice.totalAmount,
            },
          }
        : {}),
    };
  }

  const typeOf = (update: Json) => Object.keys(update).find((key) => key !== 'update_id') ?? '';
  const isAllowed = (update: Json) => allowed === undefined || allowed.includes(typeOf(update));
  const readAllowed = (value: unknown): string[] | undefined => {
    const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    return Array.isArray(list) && list.length > 0 ? (list as string[]) : undefined;
  };
  /** Telegram never delivers an update the bot did not ask for: it is dropped. */
  const dropUnwanted = () => {
    pending = pending.filter(isAllowed);
  };
  /** A pre-checkout query's clock starts when it reaches the bot. */
  const delivered = (updates: Json[]) => {
    for (const update of updates) {
      const query = update.pre_checkout_query as Json | undefined;
      const entry = query ? queries.get(String(query.id)) : undefined;
      if (entry && entry.deliveredAt === undefined) entry.deliveredAt = Date.now();
    }
  };

  function wake(): void {
    const waiters = pollWaiters;
    pollWaiters = [];
    for (const waiter of waiters) waiter();
    void deliver();
  }

  function inject(update: Json): number {
    const updateId = typeof update.update_id === 'number' ? update.update_id : nextUpdateId++;
    const full = { ...update, update_id: updateId };
    history.set(updateId, full);
    pending.push(full);
    wake();
    return updateId;
  }

  /** Webhook mode: POST pending updates in order, each until answered 2xx. */
  async function deliver(): Promise<void> {
    if (delivering) return;
    delivering = true;
    try {
      let attempt = 0;
      while (!closed && hook && pending.length > 0) {
        dropUnwanted();
        if (pending.length === 0) break;
        const update = pending[0]!;
        delivered([update]);
        const target = options.balance
          ? { ...hook, url: router(update, [...targets], attempt) }
          : hook;
        let status: number | 'error';
        try {
          const response = await fetch(target.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(target.secret ? { 'x-telegram-bot-api-secret-token': target.secret } : {}),
            },
            body: JSON.stringify(update),
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 'error';
        }
        deliveries.push({
          updateId: update.update_id as number,
          status,
          ...(options.balance ? { url: target.url } : {}),
        });
        if (typeof status === 'number' && status >= 200 && status < 300) {
          if (pending[0] === update) pending.shift();
          else pending = pending.filter((item) => item !== update);
          attempt = 0;
        } else {
          attempt += 1;
          await new Promise((resolve) => setTimeout(resolve, retryMs));
        }
      }
    } finally {
      delivering = false;
    }
  }

  function checkInlineKeyboard(markup: unknown): InlineButton[][] | undefined {
    if (!markup || typeof markup !== 'object') return undefined;
    const rows = (markup as Json).inline_keyboard;
    if (!Array.isArray(rows)) return undefined;
    for (const row of rows as InlineButton[][]) {
      for (const button of row) {
        if (typeof button.text !== 'string' || button.text === '') {
          throw new ApiError(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
        }
        if (button.callback_data !== undefined) {
          if (Buffer.byteLength(button.callback_data) > 64 || button.callback_data === '') {
            throw new ApiError(400, 'Bad Request: BUTTON_DATA_INVALID');
          }
        } else if (button.url !== undefined) {
          let url: URL;
          try {
            url = new URL(button.url);
          } catch {
            throw new ApiError(400, 'Bad Request: wrong HTTP URL');
          }
          if (rejectLocalUrls && /^(localhost|127\.|0\.0\.0\.0|\[::1\])/.test(url.host)) {
            throw new ApiError(400, 'Bad Request: wrong HTTP URL specified');
          }
        } else {
          throw new ApiError(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
        }
      }
    }
    return rows as InlineButton[][];
  }

  function findMessage(params: Json): BotMessage {
    const chatId = Number(params.chat_id);
    const message = chatOf(chatId).find((item) => item.messageId === Number(params.message_id));
    if (!message) throw new ApiError(400, 'Bad Request: message to edit not found');
    return message;
  }

  const notModified = () =>
    new ApiError(
      400,
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );

  async function getUpdates(params: Json, request: IncomingMessage): Promise<Json[]> {
    if (hook) {
      throw new ApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    if (params.allowed_updates !== undefined) allowed = readAllowed(params.allowed_updates);
    dropUnwanted();
    const offset = Number(params.offset ?? 0);
    const limit = Math.min(Math.max(Number(params.limit ?? 100), 1), 100);
    const timeout = Math.max(Number(params.timeout ?? 0), 0);
    if (offset > 0) pending = pending.filter((update) => (update.update_id as number) >= offset);
    const available = () =>
      pending
        .filter((update) => offset <= 0 || (update.update_id as number) >= offset)
        .slice(0, limit);
    let found = available();
    if (found.length > 0 || timeout === 0) {
      delivered(found);
      return found;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeout * 1000);
      function done() {
        clearTimeout(timer);
        pollWaiters = pollWaiters.filter((waiter) => waiter !== done);
        request.off('close', done);
        resolve();
      }
      pollWaiters.push(done);
      request.once('close', done);
    });
    dropUnwanted();
    found = available();
    delivered(found);
    return found;
  }

  async function call(
    method: string,
    params: Json,
    request: IncomingMessage,
    record: ApiCall,
  ): Promise<unknown> {
    const hold = holds.get(method);
    if (hold !== undefined) {
      holds.delete(method);
      held += 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, hold);
        function done() {
          clearTimeout(timer);
          releases.delete(done);
          resolve();
        }
        releases.add(done);
      });
      held -= 1;
      if (request.socket.destroyed) throw new ApiError(499, 'caller gone');
    }
    const failure = failures.get(method);
    if (failure) {
      if (failure.times <= 1) failures.delete(method);
      else failure.times -= 1;
      throw new ApiError(failure.code, failure.description);
    }
    const flood = floods.get(method);
    if (flood) {
      const at = Date.now();
      flood.until ??= at + flood.seconds * 1000;
      if (at < flood.until) {
        const left = Math.max(1, Math.ceil((flood.until - at) / 1000));
        throw new ApiError(429, `Too Many Requests: retry after ${left}`, { retry_after: left });
      }
      floods.delete(method);
    }
    const chatId = params.chat_id !== undefined ? Number(params.chat_id) : undefined;
    if (chatId !== undefined && blocked.has(chatId)) {
      throw new ApiError(403, 'Forbidden: bot was blocked by the user');
    }
    switch (method) {
      case 'getMe':
        return {
          ...botUser,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: false,
        };
      case 'getUpdates':
        return getUpdates(params, request);
      case 'setWebhook': {
        if (typeof params.url !== 'string' || params.url === '') {
          hook = undefined;
          return true;
        }
        allowed = readAllowed(params.allowed_updates);
        hook = {
          url: params.url,
          ...(typeof params.secret_token === 'string' ? { secret: params.secret_token } : {}),
        };
        if (!targets.includes(params.url)) targets.push(params.url);
        if (params.drop_pending_updates === true) pending = [];
        wake();
        return true;
      }
      case 'deleteWebhook':
        hook = undefined;
        targets.length = 0;
        if (params.drop_pending_updates === true) pending = [];
        wake();
        return true;
      case 'getWebhookInfo':
        return {
          url: hook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: pending.length,
        };
      case 'setMyCommands':
      case 'deleteMyCommands':
        return true;
      case 'sendChatAction':
        return true;
      case 'answerCallbackQuery':
        if (typeof params.callback_query_id !== 'string')
          throw new ApiError(
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        return true;
      case 'sendMessage': {
        const text = String(params.text ?? '');
        if (text.trim() === '') throw new ApiError(400, 'Bad Request: message text is empty');
        if (text.length > MAX_TEXT) throw new ApiError(400, 'Bad Request: message is too long');
        const inlineKeyboard = checkInlineKeyboard(params.reply_markup);
        const message: BotMessage = {
          messageId: messageIdFor(chatId!),
          chatId: chatId!,
          text,
          ...(inlineKeyboard ? { inlineKeyboard } : {}),
          ...(params.reply_markup && !inlineKeyboard
            ? { replyKeyboard: params.reply_markup as Json }
            : {}),
          edits: 0,
        };
        chatOf(chatId!).push(message);
        return messageJson(message);
      }
      case 'sendPhoto':
      case 'sendDocument': {
        const field = method === 'sendPhoto' ? 'photo' : 'document';
        const file = record.files[field];
        if (!file && typeof params[field] !== 'string')
          throw new ApiError(400, `Bad Request: there is no ${field} in the request`);
        const caption = params.caption === undefined ? undefined : String(params.caption);
        if (caption !== undefined && caption.length > MAX_CAPTION)
          throw new ApiError(400, 'Bad Request: message caption is too long');
        const message: BotMessage = {
          messageId: messageIdFor(chatId!),
          chatId: chatId!,
          ...(caption !== undefined ? { caption } : {}),
          ...(file ? { photo: file } : {}),
          edits: 0,
        };
        chatOf(chatId!).push(message);
        return messageJson(message);
      }
      case 'editMessageText': {
        const message = findMessage(params);
        if (message.text === undefined)
          throw new ApiError(400, 'Bad Request: there is no text in the message to edit');
        const text = String(params.text ?? '');
        if (text.trim() === '') throw new ApiError(400, 'Bad Request: message text is empty');
        if (text.length > MAX_TEXT) throw new ApiError(400, 'Bad Request: MESSAGE_TOO_LONG');
        const inlineKeyboard = checkInlineKeyboard(params.reply_markup);
        if (
          text === message.text &&
          JSON.stringify(inlineKeyboard) === JSON.stringify(message.inlineKeyboard)
        ) {
          throw notModified();
        }
        message.text = text;
        if (inlineKeyboard) message.inlineKeyboard = inlineKeyboard;
        else delete message.inlineKeyboard;
        message.edits += 1;
        return messageJson(message);
      }
      case 'editMessageReplyMarkup': {
        const message = findMessage(params);
        const inlineKeyboard = checkInlineKeyboard(params.reply_markup);
        const next = inlineKeyboard && inlineKeyboard.length > 0 ? inlineKeyboard : undefined;
        if (JSON.stringify(next) === JSON.stringify(message.inlineKeyboard)) throw notModified();
        if (next) message.inlineKeyboard = next;
        else delete message.inlineKeyboard;
        message.edits += 1;
        return messageJson(message);
      }
      case 'sendInvoice': {
        const title = String(params.title ?? '');
        const description = String(params.description ?? '');
        const payload = String(params.payload ?? '');
        const currency = String(params.currency ?? '');
        const providerToken =
          params.provider_token === undefined ? '' : String(params.provider_token);
        const prices = (
          typeof params.prices === 'string' ? JSON.parse(params.prices) : params.prices
        ) as { label: string; amount: number }[] | undefined;
        if (title.length < 1 || title.length > 32)
          throw new ApiError(400, 'Bad Request: INVOICE_TITLE_INVALID');
        if (description.length < 1 || description.length > 255)
          throw new ApiError(400, 'Bad Request: INVOICE_DESCRIPTION_INVALID');
        if (Buffer.byteLength(payload) < 1 || Buffer.byteLength(payload) > 128)
          throw new ApiError(400, 'Bad Request: INVOICE_PAYLOAD_INVALID');
        if (!/^[A-Z]{3}$/.test(currency)) throw new ApiError(400, 'Bad Request: CURRENCY_INVALID');
        if (
          !Array.isArray(prices) ||
          prices.length === 0 ||
          prices.some(
            (price) =>
              typeof price.label !== 'string' ||
              price.label === '' ||
              !Number.isInteger(price.amount),
          )
        )
          throw new ApiError(400, 'Bad Request: PRICES_INVALID');
        if (currency === 'XTR' && (prices.length !== 1 || providerToken !== ''))
          throw new ApiError(400, 'Bad Request: STARS_INVOICE_INVALID');
        if (currency !== 'XTR' && providerToken === '')
          throw new ApiError(400, 'Bad Request: PAYMENT_PROVIDER_INVALID');
        const totalAmount = prices.reduce((sum, price) => sum + price.amount, 0);
        if (totalAmount <= 0) throw new ApiError(400, 'Bad Request: TOTAL_AMOUNT_INVALID');
        const message: BotMessage = {
          messageId: messageIdFor(chatId!),
          chatId: chatId!,
          invoice: { title, description, payload, currency, prices, totalAmount, providerToken },
          edits: 0,
        };
        chatOf(chatId!).push(message);
        return messageJson(message);
      }
      case 'answerPreCheckoutQuery': {
        const id = String(params.pre_checkout_query_id ?? '');
        const entry = queries.get(id);
        if (!entry || entry.answer) throw new ApiError(400, 'Bad Request: QUERY_ID_INVALID');
        const afterMs = Date.now() - (entry.deliveredAt ?? Date.now());
        if (afterMs > 10_000)
          throw new ApiError(
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        const ok = params.ok === true || params.ok === 'true';
        const errorMessage =
          params.error_message === undefined ? undefined : String(params.error_message);
        if (!ok && !errorMessage) throw new ApiError(400, 'Bad Request: ERROR_MESSAGE_EMPTY');
        entry.answer = { ok, ...(errorMessage !== undefined ? { errorMessage } : {}), afterMs };
        return true;
      }
      case 'refundStarPayment': {
        const charge = charges.find(
          (item) => item.telegramChargeId === String(params.telegram_payment_charge_id ?? ''),
        );
        if (!charge || charge.currency !== 'XTR' || charge.userId !== Number(params.user_id))
          throw new ApiError(400, 'Bad Request: CHARGE_NOT_FOUND');
        if (charge.refunded) throw new ApiError(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
        charge.refunded = true;
        return true;
      }
      case 'getFile': {
        const stored = files.get(String(params.file_id));
        if (!stored) throw new ApiError(400, 'Bad Request: invalid file_id');
        return {
          file_id: params.file_id,
          file_unique_id: `u-${params.file_id}`,
          file_size: stored.content.length,
          file_path: stored.path,
        };
      }
      default:
        throw new ApiError(404, 'Not Found: method not found');
    }
  }

  async function parseParams(
    request: IncomingMessage,
    body: Buffer,
    url: URL,
  ): Promise<{ params: Json; files: ApiCall['files'] }> {
    const params: Json = Object.fromEntries(url.searchParams);
    const found: ApiCall['files'] = {};
    const type = request.headers['content-type'] ?? '';
    if (body.length === 0) return { params, files: found };
    if (type.startsWith('application/json')) {
      Object.assign(params, JSON.parse(body.toString('utf8')) as Json);
    } else if (type.startsWith('multipart/form-data')) {
      const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
      if (!boundary) throw new ApiError(400, 'Bad Request: no multipart boundary');
      for (const part of multipartParts(body, boundary)) {
        if (part.filename !== undefined) {
          found[part.name] = {
            name: part.filename,
            size: part.content.length,
            type: part.type ?? '',
            bytes: part.content,
          };
        } else {
          const value = part.content.toString('utf8');
          params[part.name] = /^[[{]/.test(value) ? JSON.parse(value) : value;
        }
      }
      // grammY may attach a file under a random field and point to it with attach://.
      for (const [key, value] of Object.entries(params)) {
        if (typeof value === 'string' && value.startsWith('attach://')) {
          const attached = found[value.slice('attach://'.length)];
          if (attached) found[key] = attached;
        }
      }
    } else if (type.startsWith('application/x-www-form-urlencoded')) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    }
    return { params, files: found };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      const fileRoute = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
      if (fileRoute) {
        const stored = [...files.values()].find(
          (file) => file.path === decodeURIComponent(fileRoute[2]!),
        );
        if (fileRoute[1] !== token || !stored) {
          send(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
          return;
        }
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': stored.content.length,
        });
        response.end(stored.content);
        return;
      }
      const apiRoute = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!apiRoute) {
        send(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      if (apiRoute[1] !== token) {
        send(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return;
      }
      const method = apiRoute[2]!;
      let record: ApiCall = { method, params: {}, files: {}, at: Date.now() };
      try {
        const parsed = await parseParams(request, body, url);
        record = { ...record, params: parsed.params, files: parsed.files };
        calls.push(record);
        const result = await call(method, parsed.params, request, record);
        send(response, 200, { ok: true, result });
      } catch (error) {
        if (!calls.includes(record)) calls.push(record);
        if (error instanceof ApiError) {
          record.error = { code: error.code, description: error.description };
          send(response, error.code, {
            ok: false,
            error_code: error.code,
            description: error.description,
            ...(error.parameters ? { parameters: error.parameters } : {}),
          });
          return;
        }
        record.error = { code: 500, description: String(error) };
        send(response, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const userMessage = (user: FakeUser, fields: Json): Json => ({
    message: {
      message_id: messageIdFor(user.id),
      date: now(),
      chat: privateChat(user),
      from: userJson(user),
      ...fields,
    },
  });

  const storeFile = (content: Buffer, kind: string) => {
    const fileId = `${kind}-${randomInt(1e9)}`;
    files.set(fileId, {
      path: `${kind}s/file_${files.size}.${kind === 'photo' ? 'jpg' : 'bin'}`,
      content,
    });
    return fileId;
  };

  const fake: FakeTelegram = {
    url: `http://127.0.0.1:${port}`,
    token,
    botId,
    calls,
    deliveries,
    updates: () => [...history.values()],
    webhook: () => hook,
    inject,
    text(user, text) {
      const command = /^\/\w+/.exec(text);
      return inject(
        userMessage(user, {
          text,
          ...(command
            ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }
            : {}),
        }),
      );
    },
    tap(user, messageId, data) {
      const message = chatOf(user.id).find((item) => item.messageId === messageId);
      callbackCounter += 1;
      return inject({
        callback_query: {
          id: `cb-${botId}-${callbackCounter}`,
          from: userJson(user),
          chat_instance: `ci-${user.id}`,
          data,
          message: message
            ? messageJson(message)
            : { message_id: messageId, date: now(), chat: privateChat(user), text: '…' },
        },
      });
    },
    tapButton(user, label) {
      const matches = (text: string) =>
        typeof label === 'string'
          ? text.toLowerCase().includes(label.toLowerCase())
          : label.test(text);
      const list = chatOf(user.id);
      for (let at = list.length - 1; at >= 0; at -= 1) {
        const message = list[at]!;
        const button = fake
          .buttons(message)
          .find((item) => item.callback_data && matches(item.text));
        if (button) return fake.tap(user, message.messageId, button.callback_data!);
      }
      const shown = fake.buttons(fake.lastKeyboard(user.id)).map((item) => item.text);
      throw new Error(
        `no button ${String(label)} in chat ${user.id}; last keyboard: ${shown.join(' | ')}`,
      );
    },
    contact(user, phoneNumber) {
      return inject(
        userMessage(user, {
          contact: {
            phone_number: phoneNumber,
            first_name: user.firstName ?? 'Ana',
            user_id: user.id,
          },
        }),
      );
    },
    document(user, file) {
      const fileId = storeFile(file.content, 'document');
      return inject(
        userMessage(user, {
          document: {
            file_id: fileId,
            file_unique_id: `u-${fileId}`,
            file_name: file.name,
            mime_type: file.mime,
            file_size: file.content.length,
          },
        }),
      );
    },
    photo(user, content, caption) {
      const fileId = storeFile(content, 'photo');
      return inject(
        userMessage(user, {
          ...(caption !== undefined ? { caption } : {}),
          photo: [
            {
              file_id: fileId,
              file_unique_id: `u-${fileId}`,
              width: 800,
              height: 600,
              file_size: content.length,
            },
          ],
        }),
      );
    },
    preCheckout(user, invoice) {
      const sent =
        invoice ??
        [...chatOf(user.id)].reverse().find((message) => message.invoice !== undefined)?.invoice;
      if (!sent) throw new Error(`no invoice in chat ${user.id}`);
      queryCounter += 1;
      const queryId = `pcq-${botId}-${queryCounter}`;
      queries.set(queryId, { user, invoice: sent });
      const updateId = inject({
        pre_checkout_query: {
          id: queryId,
          from: userJson(user),
          currency: sent.currency,
          total_amount: sent.totalAmount,
          invoice_payload: sent.payload,
        },
      });
      return { updateId, queryId };
    },
    answer: (queryId) => queries.get(queryId)?.answer,
    paid(user, queryId) {
      const entry = queries.get(queryId);
      if (!entry?.answer?.ok) throw new Error(`pre-checkout ${queryId} was not answered ok`);
      const stars = entry.invoice.currency === 'XTR';
      const charge: Charge = {
        telegramChargeId: `tgch-${randomInt(1e9)}-${charges.length + 1}`,
        providerChargeId: stars ? '' : `prov-${randomInt(1e9)}`,
        userId: user.id,
        currency: entry.invoice.currency,
        amount: entry.invoice.totalAmount,
        refunded: false,
      };
      charges.push(charge);
      return inject(
        userMessage(user, {
          successful_payment: {
            currency: charge.currency,
            total_amount: charge.amount,
            invoice_payload: entry.invoice.payload,
            telegram_payment_charge_id: charge.telegramChargeId,
            provider_payment_charge_id: charge.providerChargeId,
          },
        }),
      );
    },
    charges: () => charges,
    invoices: (chatId) =>
      chatOf(chatId).flatMap((message) => (message.invoice ? [message.invoice] : [])),
    block(user) {
      blocked.add(user.id);
      return inject({
        my_chat_member: {
          chat: privateChat(user),
          from: userJson(user),
          date: now(),
          old_chat_member: { user: botUser, status: 'member' },
          new_chat_member: { user: botUser, status: 'kicked', until_date: 0 },
        },
      });
    },
    redeliver(updateId) {
      const update = history.get(updateId);
      if (!update) throw new Error(`no update ${updateId}`);
      pending.push(update);
      wake();
    },
    targets: () => [...targets],
    route(next) {
      router = next;
    },
    messages: (chatId) => chatOf(chatId),
    lastKeyboard(chatId) {
      return [...chatOf(chatId)]
        .reverse()
        .find((message) => (message.inlineKeyboard?.length ?? 0) > 0);
    },
    buttons: (message) => message?.inlineKeyboard?.flat() ?? [],
    callsOf: (method, chatId) =>
      calls.filter(
        (item) =>
          item.method === method &&
          (chatId === undefined || Number(item.params.chat_id) === chatId),
      ),
    floodWait(method, seconds) {
      floods.set(method, { seconds });
    },
    holdNext(method, ms) {
      holds.set(method, ms);
    },
    holding: () => held,
    release() {
      for (const done of [...releases]) done();
    },
    failNext(method, code, description, times = 1) {
      failures.set(method, { code, description, times });
    },
    async until(check, timeoutMs = 10_000, what = 'condition') {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`fake Telegram: timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close() {
      closed = true;
      wake();
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return fake;
}
