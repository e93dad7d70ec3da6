/**
 * What the Slack staff app needs from the rest of the bot. Listeners receive this and
 * nothing else: the staff look-ups (the conversation layer's, over the partner), the store
 * for retry deduplication and paging state, the event bus for alerts.
 */
import type { Config } from '#src/config.js';
import type { SupportLine } from '#src/conversation/handoff/ports.js';
import type { StaffLookups } from '#src/conversation/staff/lookups.js';
import type { BotEventBus } from '#src/events.js';
import type { Logger } from '#src/log.js';
import type { Store } from '#src/store/store.js';

export type SlackConfig = NonNullable<Config['slack']>;

export interface SlackDeps {
  config: SlackConfig;
  lookups: StaffLookups;
  store: Store;
  events: BotEventBus;
  logger: Logger;
  /**
   * The configuration's secrets (`Config.secrets`): masked, with personal data, in every
   * free text from outside the channel posts or logs (createTextMasker: a partner's
   * refusal in an alert). Unset: none are known, personal data is still masked.
   */
  secrets?: readonly string[];
  /**
   * Handoff to a person: the channel where each handoff is a thread, and the
   * handoff service that staff's replies and buttons go to. Unset: no support threads.
   */
  support?: { channel: string; line: SupportLine };
  /** For tests: the clock used for "down for …" in outage alerts (and names' cache). */
  now?: () => Date;
}
