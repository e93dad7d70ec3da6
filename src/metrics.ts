/**
 * Prometheus metrics (prom-client), served at GET /metrics on the metrics listener
 * (METRICS_HOST:METRICS_PORT, never PORT): turns (by outcome, with
 * their duration), partner calls by operation and outcome with latency histograms,
 * sales, failed reservations and sales, and errors. One registry per app, so tests and
 * benchmarks can run several apps in one process.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CallOutcome } from './api/client.js';
import type { Departure } from './api/departures.js';
import type { BotEventBus } from './events.js';
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
  /** Reports, when scraped, how many conversations keep a running actor (LIVE_CONVERSATIONS). */
  liveConversations(read: () => number): void;
  route: Route;
}

export function createMetrics(events: BotEventBus, options: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaults ?? true) collectDefaultMetrics({ register: registry });
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
  const errors = new Counter({
    name: 'bot_errors_total',
    help: 'Turns that ended in an unexpected error.',
    registers: [registry],
  });

  let readLive = () => 0;
  new Gauge({
    name: 'bot_live_conversations',
    help: 'Conversations whose running actor this process keeps between turns (bounded by LIVE_CONVERSATIONS).',
    registers: [registry],
    collect() {
      this.set(readLive());
    },
  });

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

  const departures = new Counter({
    name: 'partner_schema_departures_total',
    help: 'Ways partner responses departed from their schema, by operation, wire path and kind (missing, coerced, skipped, unknown).',
    labelNames: ['operation', 'path', 'kind'] as const,
    registers: [registry],
  });

  events.on('sale.confirmed', () => sales.inc());
  events.on('reservation.failed', () => failures.inc({ what: 'reservation' }));
  events.on('sale.failed', () => failures.inc({ what: 'sale' }));

  return {
    registry,
    turn(outcome, seconds) {
      turns.inc({ outcome });
      turnSeconds.observe(seconds);
      if (outcome === 'error') errors.inc();
    },
    refused(reason) {
      refusedRequests.inc({ reason });
    },
    channel(name, up) {
      channels.set({ channel: name }, up ? 1 : 0);
    },
    chatLimited(channel) {
      limited.inc({ channel });
    },
    liveConversations(read) {
      readLive = read;
    },
    schemaDeparture(operation, departure) {
      departures.inc({ operation, path: departure.path, kind: departure.kind }, departure.count);
    },
    partnerCall(outcome) {
      calls.inc({ operation: outcome.operation, outcome: outcome.result });
      callSeconds.observe({ operation: outcome.operation }, outcome.elapsedMs / 1000);
    },
    route: {
      method: 'GET',
      path: '/metrics',
      async handle(_request, response) {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(await registry.metrics());
      },
    },
  };
}
