/**
 * The Slack staff app: look-ups of gift cards, sales and cancellation requests for
 * staff, alerts to a staff channel, and (with `deps.support`) the support threads where
 * staff talk to customers handed to a person. `startSlack` returns the route to mount
 * (HTTP mode) or runs the Socket Mode connection, the support desk, and `stop()`.
 */
import type { App } from '@slack/bolt';
import type { SupportDesk } from '#src/conversation/handoff/ports.js';
import type { Route } from '#src/server.js';
import { createTextMasker } from '#src/log.js';
import { FatalChannelError } from '../keep-trying.js';
import type { SlackDeps } from './deps.js';
import { registerAlertOpenCase } from './listeners/alert-open-case.js';
import { subscribeAlerts, type Alerts } from './listeners/alerts.js';
import { registerCancellationsCommand } from './listeners/cancellations-command.js';
import { registerCancellationsPaging } from './listeners/cancellations-paging.js';
import { registerGiftCardCommand } from './listeners/giftcard-command.js';
import { registerHandoffsCommand } from './listeners/handoffs-command.js';
import { registerSalesCommand } from './listeners/sales-command.js';
import { registerSalesFormSubmit } from './listeners/sales-form-submit.js';
import { registerSalesPaging } from './listeners/sales-paging.js';
import { registerSupportReplies } from './listeners/support-replies.js';
import { registerSupportReturn } from './listeners/support-return.js';
import { registerSupportSendCart } from './listeners/support-send-cart.js';
import { registerSupportTake } from './listeners/support-take.js';
import { registerSupportTickets } from './listeners/support-tickets.js';
import { dedupeDeliveries } from './middleware/dedupe.js';
import { createInFlight, type InFlight } from './middleware/in-flight.js';
import { workspaceOnly } from './middleware/workspace-only.js';
import { createSlackSupportDesk } from './support/desk.js';
import { createStaffNames } from './support/staff-names.js';
import { createTransport } from './transport.js';
import { createIdBook } from './id-book.js';
import { startDailySummary, type DailySummary } from './daily-summary.js';

export type { SlackDeps } from './deps.js';
export { SLACK_EVENTS_PATH } from './transport.js';
export { createSlackSupportDesk } from './support/desk.js';

export interface SlackChannel {
  mode: 'http' | 'socket';
  /** HTTP mode: mount on the bot's server (POST /slack/events). */
  route?: Route;
  app: App;
  /** With `deps.support`: the support threads, for the handoff service. */
  desk?: SupportDesk;
  /** Resolves when the work started so far (look-ups, replies) has finished. */
  idle(): Promise<void>;
  /** Stops receiving, lets running replies and alerts finish. */
  stop(): Promise<void>;
}

/** Slack answers these when the bot token itself is wrong: no point in starting. */
const FATAL_AUTH = new Set(['invalid_auth', 'not_authed', 'account_inactive', 'token_revoked']);

/**
 * Initializes bolt, which checks the token (auth.test) and keeps the bot's ids. A token
 * Slack refuses is fatal; Slack out of reach throws as is, and the caller tries again.
 */
async function checkToken(app: App, deps: SlackDeps): Promise<void> {
  try {
    await app.init();
    deps.logger.info('slack: bot token accepted');
  } catch (error) {
    const code = (error as { data?: { error?: string } }).data?.error;
    if (code && FATAL_AUTH.has(code))
      throw new FatalChannelError(`SLACK_BOT_TOKEN: Slack refused the token (${code})`, {
        cause: error,
      });
    deps.logger.warn(
      { code: code ?? (error as Error).name },
      'slack: could not check the bot token',
    );
    throw error;
  }
}

/**
 * Everything the staff app does, on any bolt App (ours from the transport, or one with
 * a fake receiver in tests). Returns what tracks the work still running.
 */
export function registerStaffApp(app: App, deps: SlackDeps): InFlight {
  const inFlight = createInFlight();
  app.use(inFlight.middleware);
  // Before anything else reads the request: another workspace gets nothing, not even a claim.
  app.use(
    workspaceOnly({ configured: deps.config.teamIds, client: app.client, logger: deps.logger })
      .middleware,
  );
  app.use(dedupeDeliveries(deps));
  const mask = createTextMasker(deps.secrets ?? []);
  app.error(async (error) => {
    deps.logger.error({ code: error.code, error: mask(error.message) }, 'slack: a listener failed');
  });
  const book = createIdBook({
    store: deps.store,
    events: deps.events,
    now: deps.now ?? (() => new Date()),
    mask,
    onError: (error) =>
      deps.logger.warn({ error: (error as Error).name }, 'slack: a number not kept for /sales'),
  });
  registerGiftCardCommand(app, deps, book);
  registerSalesCommand(app, deps, book);
  registerSalesFormSubmit(app, deps);
  registerSalesPaging(app, deps);
  registerCancellationsCommand(app, deps);
  registerCancellationsPaging(app, deps);
  registerAlertOpenCase(app, deps);
  if (deps.support) {
    const names = createStaffNames(app.client, deps.logger, deps.now);
    registerSupportReplies(app, deps, deps.support, names);
    registerSupportReturn(app, deps, deps.support, names);
    registerSupportSendCart(app, deps, deps.support, names);
    registerSupportTake(app, deps, deps.support, names);
    registerSupportTickets(app, deps, deps.support, names);
    registerHandoffsCommand(app, deps, deps.support);
  }
  return inFlight;
}

export async function startSlack(deps: SlackDeps): Promise<SlackChannel> {
  const transport = createTransport(deps.config, deps.logger);
  const { app } = transport;
  const inFlight = registerStaffApp(app, deps);

  // Slack out of reach: this throws, and main.ts starts the channel again later.
  await checkToken(app, deps);
  const alerts: Alerts | undefined = deps.config.alertsChannel
    ? subscribeAlerts(
        app.client,
        deps.config.alertsChannel,
        deps,
        deps.config.salesChannel ?? deps.config.alertsChannel,
      )
    : undefined;
  const summaryChannel = deps.config.salesChannel ?? deps.config.alertsChannel;
  const summary: DailySummary | undefined =
    deps.config.dailySummaryHour !== undefined && summaryChannel
      ? startDailySummary(app.client, summaryChannel, deps, deps.config.dailySummaryHour)
      : undefined;
  try {
    await transport.start();
  } catch (error) {
    summary?.stop();
    await alerts?.stop();
    throw error;
  }
  deps.logger.info({ mode: transport.mode }, 'slack: staff app started');

  return {
    mode: transport.mode,
    route: transport.route,
    app,
    desk: deps.support ? createSlackSupportDesk(app.client, deps.support.channel, deps) : undefined,
    idle: () => inFlight.drain(),
    async stop() {
      await transport.stop();
      await inFlight.drain();
      summary?.stop();
      await alerts?.stop();
    },
  };
}
