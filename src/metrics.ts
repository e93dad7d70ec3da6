/**
 * Prometheus metrics (prom-client), served at GET /metrics on the metrics listener
 * (METRICS_HOST:METRICS_PORT, never PORT): turns (by outcome, with
 * their duration), partner calls by operation and outcome with latency histograms,
 * sales, failed reservations and sales, and errors; payments, handoffs, the scheduler's
 * queue, Telegram's refusals and the throttler's waits, Redis errors and lost updates. One registry per app, so tests and
 * benchmarks can run several apps in one process.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CallOutcome } from './api/client.js';
import type { Departure } from './api/departures.js';
import type { HandoffChange } from './conversation/handoff/beside.js';
import type { BotEventBus } from './events.js';
import { TIMED_OUT, within } from './http/within.js';
import type { Route } from './server.js';

export interface Metrics {
  registry: Registry;
  /** Records one customer turn. */
  turn(outcome: 'ok' | 'busy' | 'error', seconds: number): void;
  /** Records one partner call (wire it to the client's `observe`). */
  partnerCall(outcome: CallOutcome): void;
  /** Records a request the public server refused before its route ran. */
  refused(reason: string): void;
  /** Records whether a channel reaches its API (Telegram, Slack). */
  channel(name: string, up: boolean): void;
  /** Records how a partner response departed from its schema (the client's `departures`). */
  schemaDeparture(operation: string, departure: Departure): void;
  /** Records a message or tap skipped because its chat went over its rate limit. */
  chatLimited(channel: string): void;
  /** Records an update that could not be handled: delivered again by its channel, or lost. */
  updateUnhandled(channel: string, fate: 'redelivered' | 'lost'): void;
  /** Reports, when scraped, how many conversations keep a running actor (LIVE_CONVERSATIONS). */
  liveConversations(read: () => number): void;
  /** Records a payment taken, or refused before it was taken (refunds needed come as events). */
  payment(outcome: 'taken' | 'refused'): void;
  /** Records a handoff to a person opening, first answered by staff, or ending. */
  handoff(change: HandoffChange): void;
  /** Reports, when scraped, the scheduler's jobs not yet done (the queue's depth). */
  queueDepth(read: () => Promise<number>): void;
  /** Records a Bot API call Telegram refused (429 included: `retryAfter` its wait). */
  telegramError(method: string, code: number, retryAfter?: number): void;
  /** Records how long an outgoing Telegram call waited for its turn under Telegram's limits. */
  telegramThrottled(seconds: number): void;
  /** Records an error of a Redis connection (the store's, the scheduler's). */
  redisError(source: string): void;
  route: Route;
}

/** Longer than this under the throttler is a wait for Telegram's limits, not scheduling. */
const THROTTLED_SECONDS = 0.05;
/** How long a scrape waits for the scheduler's queue depth (NaN after it). */
const DEPTH_WAIT_MS = 1_000;

export function createMetrics(events: BotEventBus, options: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaults ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    ...turnMetrics(registry),
    ...partnerMetrics(registry, events),
    ...channelMetrics(registry),
    ...paymentMetrics(registry, events),
    ...handoffMetrics(registry),
    ...telegramMetrics(registry),
    ...scrapedGauges(registry),
    route: metricsRoute(registry),
  };
}

/** Customer turns: how many by outcome, how long, how many failed unexpectedly. */
function turnMetrics(registry: Registry): Pick<Metrics, 'turn'> {
  const turns = new Counter({
    name: 'bot_turns_total',
    help: 'Customer turns handled, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const turnSeconds = new Histogram({
    name: 'bot_turn_duration_seconds',
    help: 'Time to handle one customer turn, partner calls included.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'bot_errors_total',
    help: 'Turns that ended in an unexpected error.',
    registers: [registry],
  });
  return {
    turn(outcome, seconds) {
      turns.inc({ outcome });
      turnSeconds.observe(seconds);
      if (outcome === 'error') errors.inc();
    },
  };
}

/**
 * The partner service: calls and their latency, whether it answers, how its responses
 * depart from their schema, catalogs refused, and the sales and failures at it.
 */
function partnerMetrics(
  registry: Registry,
  events: BotEventBus,
): Pick<Metrics, 'partnerCall' | 'schemaDeparture'> {
  const calls = new Counter({
    name: 'bot_partner_calls_total',
    help: 'Calls to the partner service, by operation and outcome (ok, refused, unavailable).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const callSeconds = new Histogram({
    name: 'bot_partner_call_duration_seconds',
    help: 'Latency of calls to the partner service, by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const sales = new Counter({
    name: 'bot_sales_total',
    help: 'Sales confirmed at the partner.',
    registers: [registry],
  });
  const failures = new Counter({
    name: 'bot_failures_total',
    help: 'Failed reservations and sales.',
    labelNames: ['what'] as const,
    registers: [registry],
  });
  const departures = new Counter({
    name: 'partner_schema_departures_total',
    help: 'Ways partner responses departed from their schema, by operation, wire path and kind (missing, coerced, skipped, unknown).',
    labelNames: ['operation', 'path', 'kind'] as const,
    registers: [registry],
  });
  const catalogsRejected = new Counter({
    name: 'bot_catalog_rejected_total',
    help: 'Refreshed catalogs not put in service: empty or under half the products of the one kept.',
    labelNames: ['language'] as const,
    registers: [registry],
  });
  events.on('catalog.rejected', ({ language }) => catalogsRejected.inc({ language }));
  const partnerUp = new Gauge({
    name: 'bot_partner_up',
    help: "Whether the partner service answered this instance's last call (1) or not (0).",
    registers: [registry],
  });
  events.on('partner.available', () => partnerUp.set(1));
  events.on('partner.unavailable', () => partnerUp.set(0));
  events.on('sale.confirmed', () => sales.inc());
  events.on('reservation.failed', () => failures.inc({ what: 'reservation' }));
  events.on('sale.failed', () => failures.inc({ what: 'sale' }));
  return {
    schemaDeparture(operation, departure) {
      departures.inc({ operation, path: departure.path, kind: departure.kind }, departure.count);
    },
    partnerCall(outcome) {
      calls.inc({ operation: outcome.operation, outcome: outcome.result });
      callSeconds.observe({ operation: outcome.operation }, outcome.elapsedMs / 1000);
    },
  };
}

/**
 * What comes in and what it rests on: channels up, requests refused, chats over their
 * rate limit, updates left unhandled, Redis connection errors.
 */
function channelMetrics(
  registry: Registry,
): Pick<Metrics, 'channel' | 'refused' | 'chatLimited' | 'updateUnhandled' | 'redisError'> {
  const channels = new Gauge({
    name: 'bot_channel_up',
    help: 'Whether a channel reaches its API (1) or is retrying (0), by channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const refusedRequests = new Counter({
    name: 'bot_http_refused_total',
    help: 'Requests refused before their route ran, by reason (bad-request, not-found, unauthorized, too-large, timeout, rate-limited, busy, unavailable), and connections closed to make room (evicted).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const limited = new Counter({
    name: 'bot_chat_rate_limited_total',
    help: 'Messages and taps skipped because their chat went over its rate limit, by channel.',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const unhandled = new Counter({
    name: 'bot_updates_unhandled_total',
    help: 'Updates that could not be handled, by channel and fate (redelivered: refused for the channel to send again; lost).',
    labelNames: ['channel', 'fate'] as const,
    registers: [registry],
  });
  const redisErrors = new Counter({
    name: 'bot_redis_errors_total',
    help: 'Errors of Redis connections, by source (store, scheduler).',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  return {
    refused(reason) {
      refusedRequests.inc({ reason });
    },
    channel(name, up) {
      channels.set({ channel: name }, up ? 1 : 0);
    },
    chatLimited(channel) {
      limited.inc({ channel });
    },
    updateUnhandled(channel, fate) {
      unhandled.inc({ channel, fate });
    },
    redisError(source) {
      redisErrors.inc({ source });
    },
  };
}

// The deployment's state, whatever instance handled what: sum these over instances.

/** Payments in the channel: taken, refused before taken, or to refund. */
function paymentMetrics(registry: Registry, events: BotEventBus): Pick<Metrics, 'payment'> {
  const payments = new Counter({
    name: 'bot_payments_total',
    help: 'Payments in the channel, by outcome (taken, refused before taken, refund_needed: taken and no sale made, staff must refund).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  events.on('payment.refund-needed', () => payments.inc({ outcome: 'refund_needed' }));
  return {
    payment(outcome) {
      payments.inc({ outcome });
    },
  };
}

/** Handoffs to a person: under way, waiting for staff, and each change. */
function handoffMetrics(registry: Registry): Pick<Metrics, 'handoff'> {
  const handoffsOpen = new Gauge({
    name: 'bot_handoffs_open',
    help: 'Handoffs to a person under way (this instance opened minus ended: sum over instances).',
    registers: [registry],
  });
  const handoffsWaiting = new Gauge({
    name: 'bot_handoffs_waiting',
    help: 'Handoffs no staff member has answered yet (sum over instances).',
    registers: [registry],
  });
  const handoffs = new Counter({
    name: 'bot_handoffs_total',
    help: 'Handoff changes, by kind (opened, answered, ended).',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  return {
    handoff(change) {
      handoffs.inc({ kind: change.kind });
      if (change.kind === 'opened') {
        handoffsOpen.inc();
        handoffsWaiting.inc();
      } else if (change.kind === 'answered') {
        handoffsWaiting.dec();
      } else {
        handoffsOpen.dec();
        if (!change.answered) handoffsWaiting.dec();
      }
    },
  };
}

/** Telegram's refusals (429 and its waits) and the throttler's holds under its limits. */
function telegramMetrics(registry: Registry): Pick<Metrics, 'telegramError' | 'telegramThrottled'> {
  const telegramErrors = new Counter({
    name: 'bot_telegram_errors_total',
    help: 'Bot API calls Telegram refused, by method and error code (429: over its limits).',
    labelNames: ['method', 'code'] as const,
    registers: [registry],
  });
  const telegramFloodWait = new Counter({
    name: 'bot_telegram_flood_wait_seconds_total',
    help: "Seconds Telegram's 429 answers told the bot to wait (retry_after).",
    registers: [registry],
  });
  const throttleWait = new Histogram({
    name: 'bot_telegram_throttle_wait_seconds',
    help: "Time outgoing Telegram calls waited for their turn under Telegram's limits (the throttler).",
    buckets: [THROTTLED_SECONDS, 0.25, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'bot_telegram_throttled_total',
    help: "Outgoing Telegram calls held back by the throttler to keep to Telegram's limits.",
    registers: [registry],
  });
  return {
    telegramError(method, code, retryAfter) {
      telegramErrors.inc({ method, code: String(code) });
      if (retryAfter !== undefined) telegramFloodWait.inc(retryAfter);
    },
    telegramThrottled(seconds) {
      throttleWait.observe(seconds);
      if (seconds >= THROTTLED_SECONDS) throttled.inc();
    },
  };
}

/** Gauges read when scraped, from what the app hands in: live conversations, the queue. */
function scrapedGauges(registry: Registry): Pick<Metrics, 'liveConversations' | 'queueDepth'> {
  let readLive = () => 0;
  new Gauge({
    name: 'bot_live_conversations',
    help: 'Conversations whose running actor this process keeps between turns (bounded by LIVE_CONVERSATIONS).',
    registers: [registry],
    collect() {
      this.set(readLive());
    },
  });
  let readDepth: () => Promise<number> = () => Promise.resolve(0);
  new Gauge({
    name: 'bot_scheduler_jobs',
    help: "Scheduled jobs not yet done (reservation expiries, payment checks, handoff timeouts): the scheduler queue's depth.",
    registers: [registry],
    // The scheduler's queue waits for Redis however long it is away: a scrape must not.
    async collect() {
      const depth = await within(readDepth(), DEPTH_WAIT_MS).catch(() => TIMED_OUT);
      this.set(typeof depth === 'number' ? depth : Number.NaN);
    },
  });
  return {
    liveConversations(read) {
      readLive = read;
    },
    queueDepth(read) {
      readDepth = read;
    },
  };
}

/** GET /metrics: the registry in Prometheus' text format. */
function metricsRoute(registry: Registry): Route {
  return {
    method: 'GET',
    path: '/metrics',
    async handle(_request, response) {
      const text = await registry.metrics();
      response.writeHead(200, { 'content-type': registry.contentType });
      response.end(text);
    },
  };
}
