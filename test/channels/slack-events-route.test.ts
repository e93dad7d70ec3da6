/**
 * `POST /slack/events` on the bot's server, with bolt's real receiver behind it: nothing
 * unsigned reaches bolt. An unsigned request (Slack's `ssl_check=1` included, still
 * answered 200) counts against its address, which is answered 429 once spent, and is
 * logged only in the server's one summary line, never a line each; a signed request is
 * served and never counted. A body announced over the route's cap is refused unread.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, SLACK_MAX_BODY_BYTES } from '#src/channels/slack/transport.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/log.js';
import { startHttpServer, type HttpServer } from '#src/server.js';
import { memoryRateLimit } from '#src/store/rate-limits.js';
import { slackSignature } from '#test/support/fake-slack.js';

const SECRET = 'test-signing-secret-0123456789';
let server: HttpServer | undefined;
let lines: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(points: number) {
  lines = [];
  const logger = createLogger({
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    }),
  });
  const config = parseConfig({
    SLACK_BOT_TOKEN: 'xoxb-test-bot-token',
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_API_URL: 'http://127.0.0.1:1/api/',
  });
  const transport = createTransport(config.slack!, logger);
  server = await startHttpServer({
    port: 0,
    host: '127.0.0.1',
    routes: [transport.route!],
    logger,
    addressLimit: {
      limit: memoryRateLimit(`test-${randomUUID()}`, points, 600),
      windowSeconds: 600,
      proxyHops: 0,
    },
  });
  return `${server.url}/slack/events`;
}

const FORM = 'application/x-www-form-urlencoded';
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': FORM, ...headers }, body });

const challenge = JSON.stringify({ type: 'url_verification', challenge: 'c-123' });
const signedChallenge = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...slackSignature(SECRET, challenge) },
    body: challenge,
  });

describe('/slack/events', () => {
  it('counts an unsigned ssl_check against its address, though answered 200', async () => {
    const url = await start(3);
    for (let i = 0; i < 3; i += 1) expect((await post(url, 'ssl_check=1')).status).toBe(200);
    expect((await post(url, 'ssl_check=1')).status).toBe(429);
  });

  it('refuses unsigned requests itself, with one summary line and no line each', async () => {
    const url = await start(1000);
    for (let i = 0; i < 20; i += 1) {
      expect((await post(url, 'command=/sales&text=x')).status).toBe(401);
      const forged = 'command=/giftcard';
      expect(
        (await post(url, forged, slackSignature('another-secret-entirely', forged))).status,
      ).toBe(401);
    }
    expect(lines.filter((line) => line.includes('http: requests refused'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"component":"slack"'))).toEqual([]);
  });

  it('serves signed requests and never counts them', async () => {
    const url = await start(2);
    for (let i = 0; i < 5; i += 1) {
      const answer = await signedChallenge(url);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ challenge: 'c-123' });
    }
    expect((await post(url, 'x=1')).status).toBe(401);
    expect((await post(url, 'x=1')).status).toBe(401);
    expect((await post(url, 'x=1')).status).toBe(429);
  });

  it('refuses a body announced over its cap before reading it', async () => {
    const url = await start(1000);
    const announced = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: { 'content-length': SLACK_MAX_BODY_BYTES + 1, 'content-type': FORM },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(announced).toBe(413);
    expect((await signedChallenge(url)).status).toBe(200);
  });
});
