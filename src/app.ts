/**
 * Builds the bot from its configuration: where partner calls go (the real service, or
 * the sandbox in-process), the store, the local catalog, and the conversation engine.
 * Channels (terminal, Telegram, Slack) are started on top of it by main.ts.
 */
import { randomBytes } from 'node:crypto';
import { bookingMachine } from '../flows/booking/machine.js';
import { createPartnerClient, type PartnerClient } from './api/client.js';
import { createCatalogService, type CatalogService } from './catalog/catalog-service.js';
import { startPartnerTarget } from './cli/partner-target.js';
import type { Config } from './config.js';
import { createBookingActors } from './conversation/actors/index.js';
import { createEngine, type Engine } from './conversation/engine.js';
import { pickLang } from './domain/lang.js';
import type { Logger } from './log.js';
import { createMemoryStore } from './store/memory-store.js';
import { createRedisStore } from './store/redis-store.js';
import type { Store } from './store/store.js';

export interface App {
  engine: Engine;
  client: PartnerClient;
  catalog: CatalogService;
  store: Store;
  /** Where partner calls go (the sandbox's URL when embedded). */
  partnerUrl: string;
  close(): Promise<void>;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A ShoppingCartId like the catalog's identifiers: 13 lowercase alphanumerics. */
export function newCartId(): string {
  return Array.from(randomBytes(13), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

export async function createApp(config: Config, logger: Logger): Promise<App> {
  const target = await startPartnerTarget(config, logger);
  const client = createPartnerClient({
    baseUrl: target.baseUrl,
    apiKey: config.partner.apiKey,
    logger,
  });
  const store = config.redisUrl ? createRedisStore(config.redisUrl) : createMemoryStore();
  const catalog = createCatalogService(client, { logger });
  const now = () => new Date();
  const machine = bookingMachine.provide({
    actors: createBookingActors({
      client,
      catalog,
      store,
      now,
      publicUrl: config.publicUrl,
      logger,
    }),
  });
  const engine = createEngine({
    machine,
    store,
    catalog,
    defaultLanguage: pickLang(config.partner.language),
    now,
    newCartId,
    logger,
  });
  return {
    engine,
    client,
    catalog,
    store,
    partnerUrl: target.baseUrl,
    async close() {
      await store.close();
      await target.close();
    },
  };
}
