/**
 * `npm start`: runs every configured channel. With no channel configured, a terminal chat
 * against the in-process sandbox; `npm start -- --jsonl` speaks JSON lines instead.
 */
import { parseArgs } from 'node:util';
import { warmUp } from '#flows/understanding/understand.js';
import { createApp } from './app.js';
import { runJsonl } from './channels/console/jsonl.js';
import { runTerminal } from './channels/console/terminal.js';
import { FatalChannelError, keepTrying } from './channels/keep-trying.js';
import { SLACK_EVENTS_PATH, startSlack } from './channels/slack/index.js';
import { startTelegram, TELEGRAM_WEBHOOK_PATH } from './channels/telegram/index.js';
import { warmUpTickets } from './channels/telegram/tickets.js';
import { loadConfig } from './config.js';
import { BusyError } from './conversation/engine.js';
import type { SupportDesk } from './conversation/handoff/ports.js';
import { createStaffLookups } from './conversation/staff/lookups.js';
import { createHealth, expectedRoute, type Health } from './health.js';
import { pickLang, warmUpLocales } from './domain/lang.js';
import { reportMissingTextsTo } from './i18n/missing.js';
import { createLogger, logCrashes } from './log.js';
import { paymentReturnRoutes } from './payments/return-route.js';
import { startHttpServer, type Route } from './server.js';
import { checkRedis, listenFailed, startFailed, warnUnknownVariables } from './start-checks.js';
import { addressRateLimit } from './store/keys.js';

const { values } = parseArgs({
  options: {
    jsonl: { type: 'boolean', default: false },
    conversation: { type: 'string', default: 'console:local' },
  },
});

const config = loadConfig();
const channels = Boolean(config.telegram || config.slack);
const logger = createLogger({
  level: config.logLevel ?? (channels ? 'info' : values.jsonl ? 'warn' : 'error'),
  secrets: config.secrets,
});
warnUnknownVariables(config.unknownVariables, logger, config.logLevel !== undefined);
reportMissingTextsTo((missing) =>
  logger.warn(missing, 'a text not written in this language was sent in another'),
);
if (config.redis) await checkRedis(config.redis).catch(startFailed(logger));
logCrashes(logger);
const app = await createApp(config, logger);
const stops: (() => Promise<void>)[] = [];
/** The one shutdown under way, once anything has asked for it. */
let stopping: Promise<void> | undefined;
let health: Health | undefined;

if (channels) {
  health = createHealth({ store: app.store, events: app.events });
  const { detailRoute, publicRoutes } = health;
  // Metrics and the detailed health on a listener of their own (loopback by default):
  // nothing of them is for whoever can reach the webhooks on PORT.
  const metricsServer = await startHttpServer({
    port: config.metrics.port,
    host: config.metrics.host,
    routes: [app.metrics.route, detailRoute],
    logger,
  }).catch(listenFailed(logger, 'METRICS_PORT', config.metrics.port));
  stops.push(() => metricsServer.close());
  // The server first: Telegram's setWebhook and Slack's checks may call back at once.
  const server = await startHttpServer({
    port: config.port,
    routes: [
      ...publicRoutes,
      // The channels' routes, 503 until each channel mounts its own (health.ts).
      ...(config.slack && !config.slack.appToken ? [expectedRoute('POST', SLACK_EVENTS_PATH)] : []),
      ...(config.telegram?.webhookSecret ? [expectedRoute('POST', TELEGRAM_WEBHOOK_PATH)] : []),
      ...paymentReturnRoutes({ store: app.store, push: app.push, logger, urls: app.returnUrls }),
    ],
    logger,
    // Counted per deployment: its public host names the keys, so every instance behind
    // it shares them and another bot on the same Redis does not.
    addressLimit: {
      limit: app.store.rateLimit(
        addressRateLimit(new URL(config.publicUrl).host),
        config.addressLimit.points,
        config.addressLimit.seconds,
      ),
      windowSeconds: config.addressLimit.seconds,
      proxyHops: config.addressLimit.proxyHops,
    },
    onRefused: (reason) => app.metrics.refused(reason),
  }).catch(listenFailed(logger, 'PORT', config.port));
  stops.push(() => server.close());
  /** Reports a channel's link to its API in the detailed health and the metrics. */
  const report = (name: string) => (status: 'up' | 'down') => {
    health?.channel(name, status);
    app.metrics.channel(name, status === 'up');
  };
  /**
   * Starts a channel; when its API is out of reach, keeps trying with backoff in the
   * background while the other channels run. A refused token still stops the process.
   */
  const startChannel = async (
    name: string,
    start: () => Promise<{ route?: Route; stop(): Promise<void> }>,
  ): Promise<void> => {
    const attempt = async () => {
      try {
        const channel = await start();
        if (channel.route) server.mount(channel.route);
        stops.unshift(() => channel.stop());
        report(name)('up');
        return true;
      } catch (error) {
        if (error instanceof FatalChannelError) throw error;
        report(name)('down');
        logger.warn({ err: error, channel: name }, 'channel could not start; retrying');
        return false;
      }
    };
    if (await attempt()) return;
    const retrying = keepTrying(attempt, {
      immediately: false,
      onFatal: (error) => {
        logger.fatal({ err: error, channel: name }, 'channel refused its credentials');
        void shutdown().then(() => process.exit(1));
      },
    });
    stops.push(() => Promise.resolve(retrying.stop()));
  };
  // Before any channel takes updates: the first customer does not wait for the catalog,
  // nor for the reading of typed messages and the tickets' codes to compile, nor for the
  // languages' number and date data (while the catalog loads).
  const catalogLoaded = app.loadCatalog();
  warmUp();
  warmUpTickets();
  warmUpLocales();
  await catalogLoaded;
  if (config.slack) {
    const slackConfig = config.slack;
    const support = app.support;
    // Handing conversations to a person: the channel's threads are the desk the
    // handoff uses, and what staff do there goes to the conversation through its line.
    const slackDeps = {
      config: slackConfig,
      lookups: createStaffLookups({
        client: app.client,
        logger,
        language: config.partner.language,
      }),
      store: app.store,
      events: app.events,
      logger,
      secrets: config.secrets,
      ...(support ? { support: { channel: support.channel, line: support.line } } : {}),
    };
    await startChannel('slack', async () => {
      const channel: { desk?: SupportDesk } & Awaited<ReturnType<typeof startSlack>> =
        await startSlack(slackDeps);
      if (channel.desk) support?.useDesk(channel.desk);
      return channel;
    });
  }
  if (config.telegram) {
    const telegramConfig = config.telegram;
    await startChannel('telegram', () =>
      startTelegram({
        config: telegramConfig,
        engine: app.engine,
        store: app.store,
        logger,
        publicUrl: config.publicUrl,
        push: app.push,
        defaultLanguage: pickLang(config.partner.language),
        preCheckout: app.preCheckout,
        refunds: app.refunds,
        onChatLimited: () => app.metrics.chatLimited('telegram'),
        onUnhandled: (fate) => app.metrics.updateUnhandled('telegram', fate),
        observeApi: {
          refused: (method, code, retryAfter) =>
            app.metrics.telegramError(method, code, retryAfter),
          throttled: (seconds) => app.metrics.telegramThrottled(seconds),
        },
      }),
    );
  }
  // Said once every route is mounted: operators and tests take it as "ready".
  const metricsPort = Number(new URL(metricsServer.url).port);
  health.started();
  logger.info({ port: config.port, metricsPort }, 'listening');
} else {
  // The payment page calls PUBLIC_URL back (the sandbox's page with nothing configured):
  // the local chat takes the return on PORT as Telegram's deployment does, and the
  // purchase is confirmed in the chat without "I have paid". A port already taken only
  // costs that: the customer can still tell the chat they paid.
  const returns = await startHttpServer({
    port: config.port,
    routes: paymentReturnRoutes({ store: app.store, push: app.push, logger, urls: app.returnUrls }),
    logger,
    addressLimit: {
      limit: app.store.rateLimit(
        addressRateLimit(new URL(config.publicUrl).host),
        config.addressLimit.points,
        config.addressLimit.seconds,
      ),
      windowSeconds: config.addressLimit.seconds,
      proxyHops: config.addressLimit.proxyHops,
    },
  }).catch((error: unknown) => {
    logger.warn({ err: error, port: config.port }, 'payment returns not taken: PORT in use');
    return undefined;
  });
  if (returns) stops.push(() => returns.close());
  const onError = (error: unknown): string => {
    if (error instanceof BusyError) return error.message;
    logger.error({ err: error }, 'turn failed');
    return 'Something went wrong on our side; nothing was lost. Please try again.';
  };
  const io = {
    engine: app.engine,
    conversationId: values.conversation,
    input: process.stdin,
    output: process.stdout,
    onError,
    push: app.push,
  };
  if (values.jsonl) await runJsonl(io);
  else await runTerminal(io);
  await shutdown();
}

/** Stops everything once, however many callers ask (a signal, a channel's fatal refusal). */
function shutdown(): Promise<void> {
  stopping ??= (async () => {
    // Out of the load balancer's rotation first, while what is under way finishes.
    health?.draining();
    for (const stop of stops.splice(0)) await stop().catch(() => undefined);
    await app.close();
  })();
  return stopping;
}

/**
 * A signal's stop: no more updates are taken, the turns in flight finish, the rest is
 * closed, and the process exits. Whatever is down (Redis, the Bot API, the partner
 * service) and might hold a step forever, it exits once SHUTDOWN_TIMEOUT_SECONDS have
 * passed. A second signal is not caught: it ends the process at once.
 */
function stopOnSignal(signal: NodeJS.Signals): void {
  for (const other of SIGNALS) process.removeListener(other, stopOnSignal);
  logger.info(
    { signal, timeoutSeconds: config.shutdownTimeoutMs / 1000 },
    'shutting down: no new updates; finishing the turns in flight',
  );
  setTimeout(() => {
    logger.warn('shutdown: time is up; exiting with work unfinished');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  void shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
for (const signal of SIGNALS) process.once(signal, stopOnSignal);
