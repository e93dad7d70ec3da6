/**
 * Our bot as it runs in production (createApp from the configuration, the Telegram
 * channel in long polling on top), in a process of its own so that its CPU, memory and
 * start time are its own. Started by the bench with fork(); instrumented from outside
 * (instrument.ts) and reporting each handled update over IPC.
 */
import { warmUp } from '#flows/understanding/understand.js';
import { createApp } from '#src/app.js';
import { startTelegram } from '#src/channels/telegram/index.js';
import { warmUpTickets } from '#src/channels/telegram/tickets.js';
import { warmUpLocales } from '#src/domain/lang.js';
import { parseConfig } from '#src/config.js';
import type { Engine } from '#src/conversation/engine.js';
import { createLogger } from '#src/log.js';
import { redisEnv } from '#src/store/redis-target.js';
import {
  instrumentPartner,
  instrumentRedis,
  heapSampling,
  instrumentTelegram,
  parent,
  processStats,
  timeEngine,
  traceUpdates,
} from './instrument.js';
import type { BotOptions } from './protocol.js';

/** Imports are evaluated first: this is process start → code loaded (Node, tsx, modules). */
const loadMs = performance.now();
const options = JSON.parse(process.argv[2] ?? '{}') as BotOptions;
const ipc = parent();
/** The app's engine, once made: how many conversations keep a running actor. */
let live: () => number = () => 0;
const stats = processStats(() => live());
instrumentPartner(options.partnerUrl);
instrumentRedis();

const config = parseConfig({
  PARTNER_API_URL: options.partnerUrl,
  PARTNER_API_KEY: 'sandbox-key',
  PARTNER_LANGUAGE: 'en',
  ...redisEnv(options.redisCluster ? { cluster: options.redisCluster } : options.redisUrl),
  TELEGRAM_BOT_TOKEN: options.telegramToken,
  // The fake Bot API has no limits, and the baseline's bot keeps to none: both are measured
  // for their own work, not for Telegram's pace.
  TELEGRAM_THROTTLE: 'off',
  RATE_LIMIT_CHAT_MESSAGES: '1000',
  RATE_LIMIT_CHAT_SECONDS: process.env.RATE_LIMIT_CHAT_SECONDS,
  // Unset: the default; 0 measures every turn restoring its conversation.
  LIVE_CONVERSATIONS: process.env.LIVE_CONVERSATIONS,
  TELEGRAM_API_ROOT: options.telegramApiRoot,
  // The tests pin "now" for both processes; the bench itself runs on real time.
  CLOCK_START: process.env.CLOCK_START,
  // The benchmark measures booking turns, not payments: sold on account, as before.
  PAYMENT_MODE: 'on-account',
});
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info' });
const app = await createApp(config, logger);
// As main.ts does: the catalog loaded, the reading of messages, the tickets' codes and the
// languages' number and date data warmed up before the channel takes updates.
const catalogLoaded = app.loadCatalog();
warmUp();
warmUpTickets();
warmUpLocales();
await catalogLoaded;
live = () => app.engine.live?.() ?? 0;
const appMs = performance.now();

/** The engine, with its time added to the update's trace. */
const engine: Engine = {
  handle: (conversationId, input, turnOptions) =>
    timeEngine(() => app.engine.handle(conversationId, input, turnOptions)),
  current: (conversationId) => app.engine.current(conversationId),
  languageOf: (conversationId) => app.engine.languageOf(conversationId),
  // The conversation's lease taken with the update, as the app's engine allows.
  ...(app.engine.turnBegins ? { turnBegins: app.engine.turnBegins.bind(app.engine) } : {}),
};
const channel = await startTelegram({
  config: config.telegram!,
  engine,
  store: app.store,
  logger,
  publicUrl: config.publicUrl,
  push: app.push,
  defaultLanguage: 'en',
});
instrumentTelegram(channel.bot);
const heap = heapSampling();
await heap.start();
traceUpdates(channel.bot, (turn) => ipc.send({ type: 'turn', turn }));
ipc.send({
  type: 'ready',
  timings: { loadMs, appMs, readyMs: performance.now() },
  stats: stats.read(true),
});

ipc.on((request) => {
  if (request.type === 'stats') {
    ipc.send({ type: 'stats', id: request.id, stats: stats.read(request.reset) });
  } else if (request.type === 'stop') {
    void (async () => {
      await heap.stop();
      await channel.stop();
      await app.close();
      ipc.send({ type: 'stopped' });
      process.exit(0);
    })();
  }
});
