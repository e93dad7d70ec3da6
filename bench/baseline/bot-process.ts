/**
 * The baseline bot process: grammY with the conversations plugin, its state in the
 * same Redis through @grammyjs/storage-redis, long polling with the same runner and
 * per-chat sequentialize as our channel, against the same fake Bot API and sandbox. It
 * shares only the partner client and the catalog with our bot. Instrumented and
 * reporting like bench/bot-process.ts.
 */
import { conversations, createConversation } from '@grammyjs/conversations';
import { run, sequentialize } from '@grammyjs/runner';
import { RedisAdapter } from '@grammyjs/storage-redis';
import { Bot } from 'grammy';
import { Redis } from 'ioredis';
import { createPartnerClient } from '#src/api/client.js';
import { createCatalogService } from '#src/catalog/catalog-service.js';
import { newCartId } from '#src/conversation/actors/cart-id.js';
import { createLogger } from '#src/log.js';
import {
  instrumentPartner,
  instrumentRedis,
  instrumentTelegram,
  parent,
  processStats,
  traceUpdates,
} from '#bench/instrument.js';
import type { BotOptions } from '#bench/protocol.js';
import { createBooking, type Outer } from './booking.js';

/** Imports are evaluated first: this is process start → code loaded. */
const loadMs = performance.now();
const options = JSON.parse(process.argv[2] ?? '{}') as BotOptions;
const ipc = parent();
const stats = processStats();
instrumentPartner(options.partnerUrl);
instrumentRedis();
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info' });

const client = createPartnerClient({
  baseUrl: options.partnerUrl,
  apiKey: 'sandbox-key',
  logger,
});
const redis = new Redis(options.redisUrl);
const appMs = performance.now();
// The common way keeps the catalog in memory, loaded at start (not in the conversation).
const catalog = await createCatalogService(client, { logger }).get('en');
const catalogMs = performance.now() - appMs;

const bot = new Bot<Outer>(options.telegramToken, {
  client: { apiRoot: options.telegramApiRoot },
});
bot.use(sequentialize((ctx) => (ctx.chat ? String(ctx.chat.id) : undefined)));
bot.use(
  conversations({
    storage: {
      type: 'key',
      prefix: 'baseline:',
      adapter: new RedisAdapter({ instance: redis, ttl: 72 * 3600 }),
    },
  }),
);
// /start always starts over, even in the middle of a booking.
bot.command('start', async (ctx, next) => {
  await ctx.conversation.exitAll();
  await next();
});
// The tests pin "now" (CLOCK_START), as for our bot and the sandbox; the bench runs on
// real time.
const clockOffsetMs = process.env.CLOCK_START
  ? Date.parse(process.env.CLOCK_START) - Date.now()
  : 0;
bot.use(
  createConversation(createBooking({ client, catalog, newCartId, clockOffsetMs }), 'booking'),
);
bot.command('start', (ctx) => ctx.conversation.enter('booking'));
bot.catch((error) => logger.error({ err: error.error }, 'baseline: update failed'));

await bot.init();
await bot.api.deleteWebhook();
instrumentTelegram(bot);
traceUpdates(bot, (turn) => ipc.send({ type: 'turn', turn }));
const runner = run(bot, {
  runner: { fetch: { allowed_updates: ['message', 'callback_query'], timeout: 30 }, silent: true },
});
ipc.send({
  type: 'ready',
  timings: { loadMs, appMs, readyMs: performance.now(), catalogMs },
  stats: stats.read(true),
});

ipc.on((request) => {
  if (request.type === 'stats') {
    ipc.send({ type: 'stats', id: request.id, stats: stats.read(request.reset) });
  } else if (request.type === 'stop') {
    void (async () => {
      if (runner.isRunning()) await runner.stop();
      await redis.quit();
      ipc.send({ type: 'stopped' });
      process.exit(0);
    })();
  }
});
