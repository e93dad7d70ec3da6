/**
 * Health, in two forms. The public `GET /healthz` (on PORT, reachable by anyone who can
 * reach the webhooks) answers 200 or 503 and nothing else: which dependency is down is
 * for operators, not for the internet. The detailed `GET /health` (JSON: store, partner,
 * each channel) is served beside /metrics on the private listener.
 *
 * The store is probed with a read: a probe that wrote would add a key per request, which
 * anyone could use to fill Redis.
 */
import type { BotEventBus } from './events.js';
import type { Route } from './server.js';
import { sendJson } from './server.js';
import { HEALTH_PROBE_KEY } from './store/keys.js';
import type { Store } from './store/store.js';

export type Status = 'unknown' | 'up' | 'down';

export interface HealthReport {
  healthy: boolean;
  store: 'up' | 'down';
  partner: Status;
  /** Each started channel's link to its own API (Telegram, Slack). */
  channels: Record<string, Status>;
}

export interface Health {
  check(): Promise<HealthReport>;
  /** Tells the health a channel's API link changed (a channel down does not fail /healthz). */
  channel(name: string, status: Status): void;
  /** GET /healthz for PORT: 200 or 503, no detail. */
  publicRoute: Route;
  /** GET /health for the metrics listener: the detail as JSON. */
  detailRoute: Route;
}

export function createHealth(deps: { store: Store; events: BotEventBus }): Health {
  let partner: Status = 'unknown';
  const channels: Record<string, Status> = {};
  deps.events.on('partner.available', () => {
    partner = 'up';
  });
  deps.events.on('partner.unavailable', () => {
    partner = 'down';
  });

  async function check(): Promise<HealthReport> {
    const store = await deps.store
      .get(HEALTH_PROBE_KEY)
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    // One channel's outage leaves the others serving: the process is still healthy.
    const healthy = store === 'up' && partner !== 'down';
    return { healthy, store, partner, channels: { ...channels } };
  }

  return {
    check,
    channel(name, status) {
      channels[name] = status;
    },
    publicRoute: {
      method: 'GET',
      path: '/healthz',
      async handle(_request, response) {
        const { healthy } = await check();
        response.writeHead(healthy ? 200 : 503, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(healthy ? 'ok' : 'unavailable');
      },
    },
    detailRoute: {
      method: 'GET',
      path: '/health',
      async handle(_request, response) {
        const { healthy, ...detail } = await check();
        sendJson(response, healthy ? 200 : 503, {
          status: healthy ? 'ok' : 'degraded',
          ...detail,
        });
      },
    },
  };
}
