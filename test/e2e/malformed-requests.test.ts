/**
 * The bot as a real process survives every malformed request on both of its listeners
 * (the public one on PORT, the metrics one): each request line below is sent over a raw
 * TCP socket, and after each the process still answers a good request there (/healthz,
 * /metrics). A target Node parses but no URL can read is answered 400, never thrown.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBotProcess, type BotProcess } from '#test/support/bot-process.js';
import { startFakeTelegram, type FakeTelegram } from '#test/support/fake-telegram.js';
import { startTestSandbox, type TestSandbox } from '#test/support/sandbox.js';

let fake: FakeTelegram;
let sandbox: TestSandbox;
let bot: BotProcess;
let metricsUrl: string;

beforeAll(async () => {
  fake = await startFakeTelegram();
  sandbox = await startTestSandbox();
  bot = await createBotProcess({
    name: 'malformed',
    env: {
      PARTNER_API_URL: sandbox.sandbox.url,
      PARTNER_API_KEY: 'sandbox-key',
      PARTNER_LANGUAGE: 'en',
      REDIS_URL: inject('redisUrl'),
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.url,
      TELEGRAM_WEBHOOK_SECRET: 'the-right-secret',
      // Every malformed request counts against 127.0.0.1: never 429 in this test.
      RATE_LIMIT_ADDRESS_REQUESTS: '100000',
    },
    webhookSet: (url, since) =>
      fake
        .callsOf('setWebhook')
        .some((call) => call.params.url === url && call.at >= since && call.error === undefined),
  });
  await bot.start();
  const listening = bot.logs.find((line) => line.msg === 'listening');
  metricsUrl = `http://127.0.0.1:${String(listening?.metricsPort)}`;
}, 60_000);
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  await sandbox?.close();
});

const CRLF = '\r\n';
/** Whole requests as sent on the wire; most end with the blank line, some never do. */
const MALFORMED: string[] = [
  `GET // HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET //a:b@ HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET //a:b@/healthz HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET ///metrics HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET //[::1 HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET http:// HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET http://[::1/healthz HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET http://a:b@x:99999/healthz HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET https://x/telegram/webhook HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET javascript:alert(1) HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET x HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET * HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `OPTIONS * HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `CONNECT x:443 HTTP/1.1${CRLF}Host: x:443${CRLF}${CRLF}`,
  `GET %zz HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET /%zz%00%ff?%%% HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET /\\\\x\\..\\..\\etc HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET /../../../etc/passwd HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET /healthz?${'a'.repeat(20_000)} HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET /${'é'.repeat(10)} HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
  `GET / HTTP/9.9${CRLF}Host: x${CRLF}${CRLF}`,
  `GET /${CRLF}${CRLF}`,
  `GET${CRLF}${CRLF}`,
  `BREW /coffee HTCPCP/1.0${CRLF}${CRLF}`,
  `GARBAGE${CRLF}${CRLF}`,
  `\u0000\u0001\u0002\u0003${CRLF}${CRLF}`,
  `${CRLF}${CRLF}${CRLF}`,
  `GET / HTTP/1.1${CRLF}No colon here${CRLF}${CRLF}`,
  `GET / HTTP/1.1${CRLF}Host: x${CRLF}X-Big: ${'b'.repeat(20_000)}${CRLF}${CRLF}`,
  `POST /telegram/webhook HTTP/1.1${CRLF}Host: x${CRLF}Content-Length: -1${CRLF}${CRLF}`,
  `POST /telegram/webhook HTTP/1.1${CRLF}Host: x${CRLF}Content-Length: abc${CRLF}${CRLF}`,
  `POST /slack/events HTTP/1.1${CRLF}Host: x${CRLF}Content-Length: 5${CRLF}Content-Length: 6${CRLF}${CRLF}hello`,
  `POST /slack/events HTTP/1.1${CRLF}Host: x${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}zz${CRLF}nonsense${CRLF}`,
  `POST /slack/events HTTP/1.1${CRLF}Host: x${CRLF}Transfer-Encoding: chunked${CRLF}Content-Length: 3${CRLF}${CRLF}0${CRLF}${CRLF}`,
  `POST /slack/events HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/x-www-form-urlencoded${CRLF}Content-Length: 11${CRLF}${CRLF}ssl_check=1`,
  `POST /slack/events HTTP/1.1${CRLF}Host: x${CRLF}X-Slack-Signature: v0=${CRLF}X-Slack-Request-Timestamp: NaN${CRLF}Content-Length: 2${CRLF}${CRLF}{}`,
  `POST /telegram/webhook HTTP/1.1${CRLF}Host: x${CRLF}X-Telegram-Bot-Api-Secret-Token: the-right-secret${CRLF}Content-Length: 9${CRLF}${CRLF}{"a":nul`,
  `POST /telegram/webhook HTTP/1.1${CRLF}Host: x${CRLF}X-Telegram-Bot-Api-Secret-Token: the-right-secret${CRLF}Content-Length: 4${CRLF}${CRLF}null`,
  `POST /payments/return/ok?sale=%E0%A4%A HTTP/1.1${CRLF}Host: x${CRLF}Content-Length: 3${CRLF}${CRLF}abc`,
  `GET /payments/return/ko?sale=${'A'.repeat(43)}&sale=x HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`,
];
/** Cut short: the client ends the connection mid-headers, or mid-body. */
const CUT_SHORT: string[] = [
  `GET /healthz HTTP/1.1${CRLF}Host: x`,
  `POST /slack/events HTTP/1.1${CRLF}Host: x${CRLF}Content-Length: 100${CRLF}${CRLF}only part`,
  `POST /telegram/webhook HTTP/1.1${CRLF}Host: x${CRLF}X-Telegram-Bot-Api-Secret-Token: the-right-secret${CRLF}Content-Length: 100${CRLF}${CRLF}{`,
];

/**
 * Sends `raw` (then ends the connection when `end`); resolves with the answer's status
 * line once it has come, or '' when the server closed the connection without one.
 */
function sendRaw(url: string, raw: string, end = false): Promise<string> {
  return new Promise((resolve) => {
    const { port } = new URL(url);
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => {
      if (end) socket.end(raw, 'latin1');
      else socket.write(raw, 'latin1');
    });
    const done = () => {
      socket.destroy();
      resolve(answer.split(CRLF)[0] ?? '');
    };
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes(CRLF)) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
  });
}

describe('malformed requests', () => {
  it.each([
    ['the public listener', () => bot.url, '/healthz'],
    ['the metrics listener', () => metricsUrl, '/metrics'],
  ])('never stop the process: %s', { timeout: 120_000 }, async (_name, base, good) => {
    const answers: string[] = [];
    for (const [raw, end] of [
      ...MALFORMED.map((raw) => [raw, false] as const),
      ...CUT_SHORT.map((raw) => [raw, true] as const),
    ]) {
      answers.push(await sendRaw(base(), raw, end));
      const after = await fetch(`${base()}${good}`);
      expect(after.status, JSON.stringify(raw.slice(0, 80))).toBe(200);
      expect(bot.running()).toBe(true);
    }
    // Answered as malformed where Node let the request through to us.
    expect(answers[0]).toBe('HTTP/1.1 404 Not Found');
    expect(answers[MALFORMED.indexOf(`GET x HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`)]).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(bot.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
