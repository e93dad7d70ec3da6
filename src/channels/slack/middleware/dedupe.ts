/**
 * Slack redelivers a request it thinks was not acknowledged in time, marked with
 * X-Slack-Retry-Num; bolt verifies it but does not deduplicate. Each delivery is claimed
 * in the store by what identifies it (an event's event_id; a command's or interaction's
 * trigger_id); a repeat is acknowledged and dropped, so that no look-up or message
 * happens twice, even across instances sharing Redis.
 */
import { createHash } from 'node:crypto';
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { slackDeliveryKey } from '#src/store/keys.js';
import type { SlackDeps } from '../deps.js';

export const DELIVERY_TTL_SECONDS = 60 * 60;

export function deliveryKey(raw: unknown): string {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (typeof body.event_id === 'string') return `event:${body.event_id}`;
  if (typeof body.trigger_id === 'string') return `trigger:${body.trigger_id}`;
  return `body:${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}`;
}

export function dedupeDeliveries(deps: SlackDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const key = deliveryKey(args.body);
    if (await deps.store.claim(slackDeliveryKey(key), DELIVERY_TTL_SECONDS)) {
      await args.next();
      return;
    }
    deps.logger.info(
      {
        delivery: key.split(':')[0],
        retryNum: args.context.retryNum,
        retryReason: args.context.retryReason,
      },
      'slack: repeated delivery ignored',
    );
    const { ack } = args as unknown as { ack?: () => Promise<void> };
    await ack?.();
  };
}
