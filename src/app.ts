/**
 * Builds the bot from its configuration: where partner calls go (the real service, or
 * the sandbox in-process), the store, the local catalog, the scheduler, the events, and
 * the conversation engine. Channels (terminal, Telegram, Slack) are started on top of
 * it by main.ts.
 */
import { bookingMachine } from '#flows/booking/machine.js';
import type { BookingContext } from '#flows/booking/types.js';
import { commonSearchesAhead, nameTypesAhead } from '#flows/booking/choosing/finder.js';
import { offerAhead } from '#flows/booking/choosing/offerable.js';
import {
  createPartnerClient,
  type PartnerClient,
  type PartnerClientOptions,
} from './api/client.js';
import { clientLoader, workerLoader } from './catalog/catalog-loader.js';
import { createCatalogService, type CatalogService } from './catalog/catalog-service.js';
import { startPartnerTarget } from './cli/partner-target.js';
import type { Config } from './config.js';
import { createBookingActors } from './conversation/actors/index.js';
import { newCartId } from './conversation/actors/cart-id.js';
import { createEngine, type Engine } from './conversation/engine.js';
import { allWork, type TurnWork } from './conversation/turn-work.js';
import { createPush, type Push } from './conversation/outbox.js';
import { createFetchAhead } from './conversation/actors/fetch-ahead.js';
import { createQuestionReads } from './conversation/actors/questions.js';
import { quantityReadsAhead, ticketQuestionsAhead } from './conversation/reads-ahead.js';
import { warmQuantityReads } from './conversation/actors/selection.js';
import { createHandoffBeside } from './conversation/handoff/beside.js';
import { createTicketsAgain } from './conversation/handoff/tickets-again.js';
import { createSupportLine } from './conversation/handoff/line.js';
import type { SupportDesk, SupportLine } from './conversation/handoff/ports.js';
import { watchReservations } from './conversation/reservation-watch.js';
import { recordBookings } from './conversation/bookings-record.js';
import { reportConfirmedSales } from './conversation/sale-events.js';
import { reportCancellationRequests } from './conversation/cancel-events.js';
import {
  checkPreCheckout,
  rememberInvoices,
  type PreCheckoutAnswer,
  type PreCheckoutQuery,
} from './conversation/invoices.js';
import { createRefunds, type Refunds } from './conversation/refunds.js';
import type { PaymentSettings } from './conversation/actors/payments.js';
import { pickLang } from './domain/lang.js';
import { createEventBus, type BotEventBus } from './events.js';
import type { Logger } from './log.js';
import { createMetrics, type Metrics } from './metrics.js';
import { logSales, observeEngine, observePreCheckout, reportPayments } from './observed-engine.js';
import { rememberPaymentReturns } from './payments/return-route.js';
import { createReturnUrls, returnKeys, type ReturnUrls } from './payments/return-token.js';
import { createBullmqScheduler } from './scheduler/bullmq-scheduler.js';
import { createMemoryScheduler } from './scheduler/memory-scheduler.js';
import type { Scheduler } from './scheduler/scheduler.js';
import { createClock } from './sandbox/clock.js';
import { createMemoryStore } from './store/memory-store.js';
import { createRedisStore } from './store/redis-store.js';
import type { Store } from './store/store.js';

export interface App {
  engine: Engine;
  client: PartnerClient;
  catalog: CatalogService;
  store: Store;
  scheduler: Scheduler;
  push: Push;
  events: BotEventBus;
  metrics: Metrics;
  /** The bot's clock (see AppOptions.now). */
  now: () => Date;
  /** The channels' refunders (Telegram registers its Stars refunds). */
  refunds: Refunds;
  /** The fast pre-checkout check of an invoice (conversation/invoices.ts). */
  preCheckout(query: PreCheckoutQuery): Promise<PreCheckoutAnswer>;
  /** The payment page's return URLs (signed per sale), for the return routes. */
  returnUrls: ReturnUrls;
  /** Where partner calls go (the sandbox's URL when embedded). */
  partnerUrl: string;
  /**
   * Handing conversations to a person, when SLACK_SUPPORT_CHANNEL is set: the
   * line staff's side calls, and the desk given once the Slack channel has started.
   */
  support?: { channel: string; line: SupportLine; useDesk(desk: SupportDesk): void };
  /**
   * Loads the catalog of the partner's language, for main.ts to call before channels
   * take updates: the first customer then finds it ready (and the date reader's patterns
   * compiled). Never fails: when the service cannot be reached, the first turn that needs
   * the catalog tries again.
   */
  loadCatalog(): Promise<void>;
  close(): Promise<void>;
}

export { newCartId };

/** What tests (and embedders) may change beyond the configuration. */
export interface AppOptions {
  /**
   * Partner calls: per-operation time limits by operation name and the read retries
   * (the client's defaults otherwise). The fault tests use short ones.
   */
  partner?: Pick<PartnerClientOptions, 'timeoutMs' | 'retry'>;
  /**
   * The bot's clock. Default: the built-in sandbox's when embedded (so that moving the
   * sandbox's clock moves the bot's), else CLOCK_START's running clock, else real time.
   * Tests pass the sandbox's clock so that "today" is the same on both sides.
   */
  now?: () => Date;
  /**
   * The catalog read on this thread instead of a worker thread of its own. The worker
   * keeps a large catalog from stalling turns; under a TypeScript loader (the tests) each
   * worker compiles its modules again, which costs an in-process test's app more than its
   * whole conversation with the demo catalog. test/catalog/catalog-loader.test.ts proves
   * both read the same catalog, and the tests of real processes run the worker.
   */
  catalogOnThisThread?: boolean;
  /**
   * How long a Redis command may wait before it fails (the store's default otherwise).
   * A long walk of a test on a loaded shared runner can see a command wait longer than
   * production allows, which would fail the test for the runner, not for the bot.
   */
  storeCommandTimeoutMs?: number;
}

/** How payments are taken, from the configuration (conversation/actors/payments.ts). */
export function paymentSettingsOf(config: Config): PaymentSettings {
  return {
    onAccount: config.payments.onAccount,
    currency: config.payments.currency,
    ...(config.payments.starsPerEur !== undefined
      ? { starsPerEur: config.payments.starsPerEur }
      : {}),
    channels: config.telegram?.paymentProviderToken !== undefined ? ['tg'] : [],
  };
}

/**
 * One warn line at start when a partner without a debit contract could not be paid in
 * any configured channel (the demo's sandbox is a debit partner: nothing to say).
 */
function warnUnpayable(config: Config, logger: Logger): void {
  if (config.partner.baseUrl === undefined || config.payments.onAccount) return;
  if (config.telegram?.paymentProviderToken !== undefined) return;
  logger.warn(
    'TELEGRAM_PAYMENT_PROVIDER_TOKEN is unset: customers of a partner without a debit contract cannot pay here, and nothing is sold to them (set it, or PAYMENT_MODE=on-account if the partner bills its customers elsewhere)',
  );
}

const CATALOG_REFRESH_MS = 15 * 60_000;

type TurnHook = (
  conversationId: string,
  before: BookingContext,
  after: BookingContext,
) => TurnWork | undefined;

export async function createApp(
  config: Config,
  logger: Logger,
  options: AppOptions = {},
): Promise<App> {
  // The demo's sandbox is a debit partner: the whole path shows, payment page included.
  const target = await startPartnerTarget(config, logger, { debitPartner: true });
  const events = createEventBus();
  const metrics = createMetrics(events);
  const partner = {
    baseUrl: target.baseUrl,
    apiKey: config.partner.apiKey,
    ...options.partner,
  };
  const watch: Pick<PartnerClientOptions, 'departures' | 'observe'> = {
    departures: (operation, departure) => metrics.schemaDeparture(operation, departure),
    observe: (outcome) => {
      metrics.partnerCall(outcome);
      if (outcome.result === 'unavailable') {
        events.emit('partner.unavailable', {
          operation: outcome.operation,
          kind: outcome.kind ?? 'unknown',
        });
      } else {
        events.emit('partner.available', { operation: outcome.operation });
      }
    },
  };
  const client = createPartnerClient({ ...partner, logger, ...watch });
  const now = options.now ?? target.now ?? createClock(config.clockStart).now;
  const store = config.redis
    ? createRedisStore(config.redis, {
        logger,
        onError: () => metrics.redisError('store'),
        ...(options.storeCommandTimeoutMs !== undefined
          ? { commandTimeoutMs: options.storeCommandTimeoutMs }
          : {}),
      })
    : createMemoryStore();
  // Jobs are due by the bot's clock (a reservation's expiry is an instant of that clock).
  const scheduler = config.redis
    ? createBullmqScheduler(config.redis, { logger, now })
    : createMemoryScheduler({ logger, now });
  // Read in a worker thread and taken in by slices: a large catalog never stalls turns.
  const catalog = createCatalogService(client, {
    logger,
    load: options.catalogOnThisThread
      ? clientLoader(client)
      : workerLoader({ partner, logger, ...watch }),
    // Each product name's ticket type, for messages naming one ("2 adult museum"), and
    // what is on sale now (the first "Book tickets" of the version), and the first search
    // of each word most products hold in it.
    ahead: [nameTypesAhead, offerAhead(now), commonSearchesAhead(now)],
    events,
  });
  const returnUrls = createReturnUrls(
    config.publicUrl,
    await returnKeys(store, {
      current: config.payments.returnSecret,
      previous: config.payments.previousReturnSecret,
    }),
  );
  const refunds = createRefunds();
  warnUnpayable(config, logger);
  // One store of reads fetched ahead: the actors' and what a turn asks for ahead.
  const ahead = createFetchAhead();
  const actors = createBookingActors({
    ahead,
    client,
    catalog,
    store,
    now,
    returnUrls,
    logger,
    events,
    payments: paymentSettingsOf(config),
    refunds,
    customerTtlSeconds: config.customerTtlSeconds,
  });
  const machine = bookingMachine.provide({ actors });
  const hooks: TurnHook[] = [
    watchReservations(scheduler, now),
    rememberPaymentReturns(returnUrls),
    reportConfirmedSales(events),
    reportCancellationRequests(events),
    recordBookings(),
    rememberInvoices(now),
    reportPayments(metrics, logger),
    ticketQuestionsAhead(
      createQuestionReads({ client, catalog, store, now, returnUrls, logger, ahead }).warmTickets,
    ),
    quantityReadsAhead((day) => warmQuantityReads({ client, ahead }, day)),
  ];
  const support = config.support;
  const beside = support
    ? createHandoffBeside({
        store,
        scheduler,
        hours: support.hours,
        timeoutMinutes: support.timeoutMinutes,
        ttlSeconds: config.dataTtlSeconds,
        now,
        logger,
        onChange: (change) => metrics.handoff(change),
        tickets: createTicketsAgain({ store, catalog, loadTickets: actors.loadTickets }),
      })
    : undefined;
  const untimed = createEngine({
    machine,
    store,
    catalog,
    defaultLanguage: pickLang(config.partner.language),
    now,
    newCartId,
    logger,
    ttlSeconds: config.dataTtlSeconds,
    ...(beside ? { beside } : {}),
    liveConversations: config.liveConversations,
    // Follow-up work never fails the customer's turn, which is saved (or about to be).
    onSettled: (conversationId, before, after) =>
      allWork(
        hooks.flatMap((hook) => hook(conversationId, before, after) ?? []),
        (error: unknown) => logger.error({ err: error, conversationId }, 'after-turn work failed'),
      ),
  });
  const engine = observeEngine(untimed, { metrics, logger });
  metrics.liveConversations(() => untimed.live?.() ?? 0);
  metrics.queueDepth(() => scheduler.depth?.() ?? Promise.resolve(0));
  logSales(events, logger);
  const push = createPush(engine);
  // Each process keeps its own indexed catalog in memory, so each refreshes its own: a
  // once-per-cluster job would update one process only. The refresh is cheap when
  // nothing changed (the index is swapped only when LastUpdatedDateTime moved).
  const refresh = setInterval(() => {
    for (const language of catalog.languages()) {
      catalog
        .refresh(language)
        .catch((error: unknown) => logger.warn({ err: error, language }, 'catalog refresh failed'));
    }
  }, CATALOG_REFRESH_MS);
  refresh.unref();
  scheduler.start(async (job) => {
    if (job.kind === 'support.timeout') {
      const event = { type: job.kind, at: job.at.toISOString() };
      await push.run(job.conversationId, { kind: 'support', event });
    } else {
      await push.send(job.conversationId, { type: job.kind });
    }
  });
  return {
    engine,
    client,
    catalog,
    store,
    scheduler,
    push,
    events,
    metrics,
    now,
    refunds,
    returnUrls,
    preCheckout: observePreCheckout(
      (query) => checkPreCheckout(store, query, now),
      metrics,
      logger,
    ),
    partnerUrl: target.baseUrl,
    ...(support && beside
      ? {
          support: {
            channel: support.channel,
            line: createSupportLine(store, push),
            useDesk: (desk: SupportDesk) => beside.useDesk(desk),
          },
        }
      : {}),
    async loadCatalog() {
      const language = pickLang(config.partner.language);
      await catalog
        .get(language)
        .catch((error: unknown) =>
          logger.warn({ err: error, language }, 'catalog not loaded at start; loaded on use'),
        );
    },
    async close() {
      clearInterval(refresh);
      await scheduler.close();
      await store.close();
      await target.close();
    },
  };
}
