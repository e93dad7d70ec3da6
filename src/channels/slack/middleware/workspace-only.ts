/**
 * Only the configured workspace: a request is refused unless every workspace (team) it
 * names is one of SLACK_TEAM_ID, whatever its channel. A request signed with our secret
 * can still come from another team: a Slack Connect channel shared with another company
 * delivers its members' commands, clicks and messages to us, in a channel that may be a
 * staff or the support channel. The user's own team is checked, not only the team the
 * app is installed in (which is ours for every delivery of a shared channel).
 *
 * SLACK_TEAM_ID unset: the workspace the bot token belongs to (auth.test, asked once on
 * the first request and kept; asked again if it failed). A request naming no team at
 * all is refused too: nothing here is answered on trust.
 */
import type { AnyMiddlewareArgs, Middleware, webApi } from '@slack/bolt';
import type { Logger } from '#src/log.js';

export const OTHER_WORKSPACE =
  'Sorry, this app answers only the workspace it was installed for. Nothing was looked up or passed on.';

type Body = Record<string, unknown> & {
  team_id?: unknown;
  team?: { id?: unknown } | null;
  user?: { team_id?: unknown } | null;
  view?: { team_id?: unknown } | null;
  event?: { user_team?: unknown; source_team?: unknown; team?: unknown } | null;
  command?: unknown;
};

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * Every team a request names: the outer team (a command's, an interaction's, an event
 * callback's), the user's own team, a view's, and a message event's author's
 * (`user_team`) and source team (`source_team`, a shared channel's other side).
 */
export function teamsOf(raw: unknown): string[] {
  const body = (raw ?? {}) as Body;
  const found = [
    str(body.team_id),
    str(body.team?.id),
    str(body.user?.team_id),
    str(body.view?.team_id),
    str(body.event?.user_team),
    str(body.event?.source_team),
    str(body.event?.team),
  ].filter((team): team is string => team !== undefined);
  return [...new Set(found)];
}

export interface WorkspaceGate {
  middleware: Middleware<AnyMiddlewareArgs>;
  /** The teams accepted (the configured ones, or the token's once asked). */
  teams(): Promise<readonly string[]>;
}

interface LooseArgs {
  ack?: (response?: unknown) => Promise<void>;
  respond?: (message: unknown) => Promise<unknown>;
  next: () => Promise<void>;
}

export function workspaceOnly(options: {
  configured: readonly string[];
  client: webApi.WebClient;
  logger: Logger;
}): WorkspaceGate {
  const { configured, client, logger } = options;
  let own: Promise<readonly string[]> | undefined;

  /** The token's workspace; a failure is not kept, so the next request asks again. */
  function tokenTeam(): Promise<readonly string[]> {
    own ??= client.auth.test().then(
      (answer) => {
        const team = str(answer.team_id);
        if (!team) throw new Error('auth.test named no team');
        logger.info({ slackTeamId: team }, 'slack: requests accepted from the token’s workspace');
        return [team];
      },
      (error: unknown) => {
        own = undefined;
        throw error;
      },
    );
    return own;
  }

  const teams = (): Promise<readonly string[]> =>
    configured.length > 0 ? Promise.resolve(configured) : tokenTeam();

  return {
    teams,
    middleware: async (args) => {
      const named = teamsOf(args.body);
      let accepted: readonly string[] = [];
      try {
        accepted = await teams();
      } catch (error) {
        logger.warn(
          { code: (error as { data?: { error?: string } }).data?.error ?? (error as Error).name },
          'slack: could not learn the token’s workspace; request refused',
        );
      }
      if (named.length > 0 && named.every((team) => accepted.includes(team))) {
        await args.next();
        return;
      }
      logger.warn(
        { slackTeamIds: named, accepted, request: (args.body as Body).command ?? args.body.type },
        'slack: refused a request from another workspace',
      );
      const { ack, respond } = args as unknown as LooseArgs;
      if (typeof (args.body as Body).command === 'string') {
        await ack?.({ response_type: 'ephemeral', text: OTHER_WORKSPACE });
        return;
      }
      // Events and clicks: acknowledged (Slack would redeliver otherwise), nothing done.
      // A view submission's ack closes the modal; a click's sender is told where it can be.
      await ack?.();
      if (respond && (args.body as Body).type === 'block_actions')
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: OTHER_WORKSPACE,
        }).catch(() => undefined);
    },
  };
}
