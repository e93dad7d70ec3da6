/**
 * The public server under the loads of its hardening, on loopback, as a real bot process
 * (Telegram webhook at the fake Bot API, Slack in HTTP mode at the fake Web API, the
 * sandbox, a private Redis):
 * - a customer's reply time (a text update through the webhook to the bot's sendMessage,
 *   and /healthz) with 520 slow-header connections open from one address;
 * - the process's resident memory after 400 unsigned 1 MB posts to /slack/events (50 at a
 *   time), announced by Content-Length and then chunked; the address limit set high, as if
 *   they came from many addresses.
 * Run: node --import tsx bench/http-surface.ts
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createBotProcess } from '#test/support/bot-process.js';
import { startFakeSlack } from '#test/support/fake-slack.js';
import { startFakeTelegram } from '#test/support/fake-telegram.js';
import { startRedisServer } from '#test/support/redis-server.js';
import { startTestSandbox } from '#test/support/sandbox.js';

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

const redis = await startRedisServer();
const fake = await startFakeTelegram();
const slack = await startFakeSlack();
const sandbox = await startTestSandbox();
const bot = await createBotProcess({
  name: 'bench',
  env: {
    PARTNER_API_URL: sandbox.sandbox.url,
    PARTNER_API_KEY: 'sandbox-key',
    PARTNER_LANGUAGE: 'en',
    REDIS_URL: redis.url,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.url,
    TELEGRAM_WEBHOOK_SECRET: 'the-right-secret',
    SLACK_BOT_TOKEN: 'xoxb-bench',
    SLACK_SIGNING_SECRET: 'a-signing-secret-for-the-bench',
    SLACK_API_URL: slack.apiUrl,
    // As if from many addresses: what the caps and the budget hold, not the 429s.
    RATE_LIMIT_ADDRESS_REQUESTS: '100000',
  },
  webhookSet: (url, since) =>
    fake
      .callsOf('setWebhook')
      .some((call) => call.params.url === url && call.at >= since && call.error === undefined),
});
await bot.start();
const listening = bot.logs.find((line) => line.msg === 'listening');
const metricsUrl = `http://127.0.0.1:${String(listening?.metricsPort)}`;
const rss = async () => {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1] ?? 0) / MB;
};

/** A customer's text, until the bot's first sendMessage to that chat. */
async function replyTime(user: number): Promise<number> {
  const since = fake.calls.length;
  const start = performance.now();
  fake.text({ id: user, firstName: 'Ana', languageCode: 'en' }, '/start');
  for (;;) {
    const answered = fake.calls
      .slice(since)
      .some((call) => call.method === 'sendMessage' && Number(call.params.chat_id) === user);
    if (answered) return performance.now() - start;
    if (performance.now() - start > 60_000) return Infinity;
    await sleep(5);
  }
}
async function healthTime(): Promise<number> {
  const start = performance.now();
  await (await fetch(`${bot.url}/healthz`)).text();
  return performance.now() - start;
}

// Warm up: the first turn loads what every later one reuses.
await replyTime(900);
const quiet = { reply: [] as number[], health: [] as number[] };
for (let i = 0; i < 5; i += 1) {
  quiet.reply.push(await replyTime(1000 + i));
  quiet.health.push(await healthTime());
}

const { port } = new URL(bot.url);
const slow: Socket[] = [];
for (let i = 0; i < 520; i += 1) {
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  // Read, so that a connection the server closed is seen closed here.
  socket.resume();
  socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
  slow.push(socket);
}
// Keep them slow: a header line now and then, never the blank line.
const drip = setInterval(() => {
  for (const socket of slow) if (!socket.destroyed) socket.write('X-a: b\r\n');
}, 1_000);
await sleep(500);
const loaded = { reply: [] as number[], health: [] as number[] };
for (let i = 0; i < 5; i += 1) {
  loaded.reply.push(await replyTime(2000 + i));
  loaded.health.push(await healthTime());
}
const open = slow.filter((socket) => !socket.destroyed).length;
clearInterval(drip);
for (const socket of slow) socket.destroy();

console.log(
  `reply, quiet: median ${median(quiet.reply).toFixed(0)} ms; /healthz ${median(quiet.health).toFixed(1)} ms`,
);
console.log(
  `reply with 520 slow connections: median ${median(loaded.reply).toFixed(0)} ms, max ${Math.max(...loaded.reply).toFixed(0)} ms; /healthz median ${median(loaded.health).toFixed(1)} ms (slow connections still open: ${open})`,
);

/** One unsigned 1 MB post; `chunked`: no Content-Length, streamed. */
function unsignedPost(chunked: boolean): Promise<number> {
  return new Promise((resolve) => {
    const body = Buffer.alloc(MB, 'x');
    const request = httpRequest(`${bot.url}/slack/events`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': MB }),
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}
async function flood(chunked: boolean): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  for (let wave = 0; wave < 8; wave += 1) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => unsignedPost(chunked)));
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}
const before = await rss();
const announced = await flood(false);
const afterAnnounced = await rss();
const streamed = await flood(true);
const afterStreamed = await rss();
console.log(
  `RSS: ${before.toFixed(0)} MB before; ${afterAnnounced.toFixed(0)} MB after 400 unsigned 1 MB posts with Content-Length (${JSON.stringify(announced)}); ${afterStreamed.toFixed(0)} MB after 400 more, chunked (${JSON.stringify(streamed)})`,
);

await bot.stop();
await sandbox.close();
await slack.close();
await fake.close();
await redis.stop();
