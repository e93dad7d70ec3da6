/**
 * Health, for machines and for operators. On the public PORT, for load balancers and
 * orchestrators, status only (which dependency is down is for operators, not for the
 * internet), and never rate-limited:
 * - `GET /livez`: the process serves (200 while it answers at all);
 * - `GET /readyz`: it should be sent traffic: started (every configured channel mounted,
 *   or retrying its API in the background), the store answering, not draining;
 * - `GET /healthz`: as /readyz, kept for what was configured against it.
 * Neither depends on the partner service: its outage is the same for every instance, and
 * taking them all out would turn a partner's slowness into a bot that answers nobody
 * (customers are told the service is unavailable instead). The partner's state is in the
 * detailed `GET /health` (JSON, beside /metrics on the private listener), the metrics and
 * the staff alerts.
 *
 * Until the channels are mounted, their routes answer 503 with Retry-After (`expected`),
 * never 404: Slack shows a 404 as a failed command, and Telegram drops nothing on a 503.
 *
 * The store is probed with a read: a probe that wrote would add a key per request, which
 * anyone could use to fill Redis.
 */
import type { ServerResponse } from 'node:http';
import type { BotEventBus } from './events.js';
import type { Route } from './server.js';
import { sendJson } from './server.js';
import { HEALTH_PROBE_KEY } from './store/keys.js';
import type { Store } from './store/store.js';

export type Status = 'unknown' | 'up' | 'down';

export interface HealthReport {
  /** Traffic may be sent here (the readiness). */
  ready: boolean;
  /** Start-up is over: every configured channel is mounted (or retrying). */
  started: boolean;
  draining: boolean;
  store: 'up' | 'down';
  /** Not part of the readiness: for the detail, the metrics and the alerts. */
  partner: Status;
  /** Each started channel's link to its own API (Telegram, Slack). */
  channels: Record<string, Status>;
}

export interface Health {
  check(): Promise<HealthReport>;
  /** Tells the health a channel's API link changed (a channel down does not fail readiness). */
  channel(name: string, status: Status): void;
  /** Start-up is over (main.ts, where it logs "listening"): readiness may say yes. */
  started(): void;
  /** The process is shutting down: readiness says no from now on, so traffic goes elsewhere. */
  draining(): void;
  /** `/livez`, `/readyz` and `/healthz`, for PORT. */
  publicRoutes: Route[];
  /** GET /health for the metrics listener: the detail as JSON. */
  detailRoute: Route;
}

/** Seconds a caller is told to wait before trying a route that is not mounted yet. */
export const NOT_YET_RETRY_SECONDS = 5;

/** Longer than this and the store counts as down: a probe must not hang the health check. */
const STORE_PROBE_MS = 2_000;

function answerStatus(response: ServerResponse, ok: boolean, retryAfter = false): void {
  response.writeHead(ok ? 200 : 503, {
    'content-type': 'text/plain; charset=utf-8',
    ...(!ok && retryAfter ? { 'retry-after': String(NOT_YET_RETRY_SECONDS) } : {}),
  });
  response.end(ok ? 'ok' : 'unavailable');
}

/**
 * Stands for a channel's route until the channel mounts its own under the same method
 * and path (server.mount replaces it): 503 with Retry-After, what the channel's servers
 * retry, instead of the 404 of a route that does not exist.
 */
export function expectedRoute(method: Route['method'], path: string): Route {
  return {
    method,
    path,
    handle(_request, response) {
      answerStatus(response, false, true);
    },
  };
}

export function createHealth(deps: {
  store: Store;
  events: BotEventBus;
  /** How long the store may take to answer the probe; 2 s by default. */
  storeProbeMs?: number;
}): Health {
  let partner: Status = 'unknown';
  let started = false;
  let draining = false;
  const channels: Record<string, Status> = {};
  deps.events.on('partner.available', () => {
    partner = 'up';
  });
  deps.events.on('partner.unavailable', () => {
    partner = 'down';
  });
  const probeMs = deps.storeProbeMs ?? STORE_PROBE_MS;

  async function storeAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), probeMs);
      timer.unref();
    });
    const probe = deps.store.get(HEALTH_PROBE_KEY).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function check(): Promise<HealthReport> {
    const store = (await storeAnswers()) ? 'up' : 'down';
    // One channel's outage leaves the others serving: the process is still ready.
    const ready = started && !draining && store === 'up';
    return { ready, started, draining, store, partner, channels: { ...channels } };
  }

  const readiness = (path: string): Route => ({
    method: 'GET',
    path,
    unlimited: true,
    async handle(_request, response) {
      const { ready, started: done } = await check();
      answerStatus(response, ready, !done);
    },
  });

  return {
    check,
    channel(name, status) {
      channels[name] = status;
    },
    started() {
      started = true;
    },
    draining() {
      draining = true;
    },
    publicRoutes: [
      {
        method: 'GET',
        path: '/livez',
        unlimited: true,
        handle(_request, response) {
          answerStatus(response, true);
        },
      },
      readiness('/readyz'),
      readiness('/healthz'),
    ],
    detailRoute: {
      method: 'GET',
      path: '/health',
      async handle(_request, response) {
        const { ready, ...detail } = await check();
        const status = !ready ? 'unavailable' : detail.partner === 'down' ? 'degraded' : 'ok';
        sendJson(response, ready ? 200 : 503, { status, ready, ...detail });
      },
    },
  };
}
