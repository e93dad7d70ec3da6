/**
 * How Slack reaches the app, and nothing else (listeners are registered elsewhere).
 *
 * - HTTP mode: bolt's own HTTPReceiver parses the body and acknowledges; it does not
 *   open a port. Its request listener is mounted as the `POST /slack/events` route of
 *   our one server, which has already read the body (at most SLACK_MAX_BODY_BYTES): the
 *   route checks the signature first (bolt's own check: the signing secret, a timestamp
 *   under 5 minutes old), and hands bolt signed requests only, the body as `rawBody`
 *   so that bolt does not read the stream again.
 * - Socket Mode (SLACK_APP_TOKEN set): bolt's SocketModeReceiver opens a WebSocket to
 *   Slack; no route at all.
 *
 * `deferInitialization`: otherwise bolt calls auth.test in its constructor and keeps the
 * promise; with Slack out of reach at start that promise rejects unhandled (the process
 * dies, Telegram with it) and every later event fails on the cached rejection. Deferred,
 * startSlack awaits `app.init()` (one auth.test, whose bot ids bolt keeps) and can fail
 * and be started again.
 *
 * The Web API root is SLACK_API_URL (a local fake in tests), for the bot's calls and for
 * Socket Mode's apps.connections.open alike.
 */
import { App, HTTPReceiver, isValidSlackRequest, type BufferedIncomingMessage } from '@slack/bolt';
import type { Logger } from '#src/log.js';
import type { Route, RouteRequest } from '#src/server.js';
import { boltLogger } from './bolt-logger.js';
import type { SlackConfig } from './deps.js';

export const SLACK_EVENTS_PATH = '/slack/events';

/**
 * The most `/slack/events` reads before the signature is checked. The largest deliveries
 * to this app are a support thread's message event, which carries the text twice (`text`
 * and the rich-text `blocks`): Slack's longest message, 40,000 characters, at 3 bytes a
 * character is 240,000 bytes; and an interaction's payload (URL-encoded JSON of the
 * message its button is on: ours are a few kilobytes). Above it: 413, unread.
 */
export const SLACK_MAX_BODY_BYTES = 256 * 1024;

/** Slack's signature over the body with the signing secret, and a timestamp under 5 minutes old. */
function signedBySlack(request: RouteRequest, signingSecret: string): boolean {
  const signature = request.headers['x-slack-signature'];
  const timestamp = Number(request.headers['x-slack-request-timestamp']);
  if (typeof signature !== 'string' || !Number.isFinite(timestamp)) return false;
  return isValidSlackRequest({
    signingSecret,
    body: request.body.toString('utf8'),
    headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp },
  });
}

function isSslCheck(request: RouteRequest): boolean {
  return (
    request.headers['content-type'] === 'application/x-www-form-urlencoded' &&
    new URLSearchParams(request.body.toString('utf8')).get('ssl_check') === '1'
  );
}

export interface SlackTransport {
  mode: 'http' | 'socket';
  app: App;
  /** HTTP mode: the route to mount on our server. */
  route?: Route;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function clientOptions(config: SlackConfig) {
  return {
    slackApiUrl: config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`,
    timeout: 10_000,
    // The client's default retries for half an hour; an alert that late is noise.
    retryConfig: { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2_000 },
  };
}

export function createTransport(config: SlackConfig, logger: Logger): SlackTransport {
  const log = boltLogger(logger);
  if (config.appToken) {
    const app = new App({
      token: config.botToken,
      appToken: config.appToken,
      socketMode: true,
      logger: log,
      clientOptions: clientOptions(config),
      convoStore: false,
      deferInitialization: true,
    });
    return {
      mode: 'socket',
      app,
      start: async () => {
        await app.start();
      },
      stop: async () => {
        await app.stop();
      },
    };
  }

  const receiver = new HTTPReceiver({
    signingSecret: config.signingSecret,
    endpoints: SLACK_EVENTS_PATH,
    logger: log,
    // Acknowledge first, work after: Slack wants an answer within 3 s.
    processBeforeResponse: false,
  });
  const app = new App({
    token: config.botToken,
    receiver,
    logger: log,
    clientOptions: clientOptions(config),
    convoStore: false,
    deferInitialization: true,
  });
  const route: Route = {
    method: 'POST',
    path: SLACK_EVENTS_PATH,
    maxBodyBytes: SLACK_MAX_BODY_BYTES,
    handle(request, response) {
      if (!signedBySlack(request, config.signingSecret)) {
        // Refused here, not by bolt: counted against the address and summed up in the
        // server's one line a minute, where bolt would log each one. Slack's own
        // certificate check (ssl_check=1, unsigned) is still answered as bolt would.
        response.writeHead(isSslCheck(request) ? 200 : 401).end();
        return 'unauthenticated';
      }
      const raw = request.raw as BufferedIncomingMessage;
      raw.rawBody = request.body;
      // Settles when bolt has answered (it answers even when no listener does, after 3 s).
      const answered = new Promise<'authenticated'>((resolve) =>
        response.once('close', () => resolve('authenticated')),
      );
      receiver.requestListener(raw, response);
      return answered;
    },
  };
  return { mode: 'http', app, route, start: async () => undefined, stop: async () => undefined };
}
