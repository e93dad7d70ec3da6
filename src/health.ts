/**
 * GET /healthz: is the store answering, and did the partner service answer its last
 * call? (The spec has no ping operation; the last outcome of real traffic tells.)
 * 200 when both are fine, 503 otherwise, with the detail as JSON.
 */
import type { BotEventBus } from './events.js';
import type { Route } from './server.js';
import { sendJson } from './server.js';
import type { Store } from './store/store.js';

export function healthRoute(deps: { store: Store; events: BotEventBus }): Route {
  let partner: 'unknown' | 'up' | 'down' = 'unknown';
  deps.events.on('partner.available', () => {
    partner = 'up';
  });
  deps.events.on('partner.unavailable', () => {
    partner = 'down';
  });
  return {
    method: 'GET',
    path: '/healthz',
    async handle(_request, response) {
      const store = await deps.store
        .claim(`healthz:${Date.now()}`, 1)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const healthy = store === 'up' && partner !== 'down';
      sendJson(response, healthy ? 200 : 503, {
        status: healthy ? 'ok' : 'degraded',
        store,
        partner,
      });
    },
  };
}
