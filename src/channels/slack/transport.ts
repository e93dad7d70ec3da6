/**
 * How Slack reaches the app, and nothing else (listeners are registered elsewhere).
 *
 * - HTTP mode: bolt's own HTTPReceiver verifies the signature (and rejects timestamps
 *   older than 5 minutes), parses the body and acknowledges; it does not open a port.
 *   Its request listener is mounted as the `POST /slack/events` route of our one server,
 *   which has already read the body: handing it over as `rawBody` makes bolt use it
 *   instead of reading the stream again.
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
import { App, HTTPReceiver, type BufferedIncomingMessage } from '@slack/bolt';
import type { Logger } from '#src/log.js';
import type { Route } from '#src/server.js';
import { boltLogger } from './bolt-logger.js';
import type { SlackConfig } from './deps.js';

export const SLACK_EVENTS_PATH = '/slack/events';

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
    // The signature needs the body: read, but at most 1 MB (Slack's payloads are small).
    maxBodyBytes: 1024 * 1024,
    handle(request, response) {
      const raw = request.raw as BufferedIncomingMessage;
      raw.rawBody = request.body;
      // Settles when bolt has answered (it answers even when no listener does, after 3 s).
      const answered = new Promise<void>((resolve) => response.once('close', resolve));
      receiver.requestListener(raw, response);
      return answered;
    },
  };
  return { mode: 'http', app, route, start: async () => undefined, stop: async () => undefined };
}
