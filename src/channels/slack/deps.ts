/**
 * What the Slack staff app needs from the rest of the bot. Listeners receive this and
 * nothing else: the partner client for look-ups, the store for retry deduplication and
 * paging state, the event bus for alerts.
 */
import type { PartnerClient } from '../../api/client.js';
import type { Config } from '../../config.js';
import type { BotEventBus } from '../../events.js';
import type { Logger } from '../../log.js';
import type { Store } from '../../store/store.js';

export type SlackConfig = NonNullable<Config['slack']>;

export interface SlackDeps {
  config: SlackConfig;
  client: PartnerClient;
  store: Store;
  events: BotEventBus;
  logger: Logger;
  /** LanguageCode for partner look-ups (product names); the partner's default. */
  language?: string;
  /** For tests: the clock used for "down for …" in outage alerts. */
  now?: () => Date;
}
