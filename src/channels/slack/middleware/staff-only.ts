/**
 * Only staff use the commands: a user listed in SLACK_STAFF_USERS, or anyone in a
 * channel listed in SLACK_STAFF_CHANNELS. Everyone else gets a polite refusal, and the
 * attempt is logged (ids only).
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { REFUSAL } from '../blocks/common.js';
import type { SlackConfig, SlackDeps } from '../deps.js';
import { decodeMetadata } from '../metadata.js';

export interface Requester {
  userId?: string;
  channelId?: string;
  /** The command, action or view asked for, for the log. */
  what: string;
  kind: 'command' | 'action' | 'view' | 'other';
}

type Body = Record<string, unknown> & {
  user?: { id?: string };
  channel?: { id?: string };
  container?: { type?: string; channel_id?: string };
  view?: { callback_id?: string; private_metadata?: string };
  actions?: { action_id?: string }[];
};

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Who is asking and from where, for any kind of request body. */
export function requester(raw: unknown): Requester {
  const body = (raw ?? {}) as Body;
  if (typeof body.command === 'string')
    return {
      kind: 'command',
      what: body.command,
      userId: str(body.user_id),
      channelId: str(body.channel_id),
    };
  if (body.type === 'block_actions') {
    const inView = body.container?.type === 'view';
    return {
      kind: 'action',
      what: body.actions?.[0]?.action_id ?? 'action',
      userId: body.user?.id,
      channelId: inView
        ? decodeMetadata(body.view?.private_metadata).channelId
        : (body.channel?.id ?? body.container?.channel_id),
    };
  }
  if (body.type === 'view_submission')
    return {
      kind: 'view',
      what: body.view?.callback_id ?? 'view',
      userId: body.user?.id,
      channelId: decodeMetadata(body.view?.private_metadata).channelId,
    };
  return { kind: 'other', what: str(body.type) ?? 'unknown', userId: body.user?.id };
}

export function isStaff(
  config: Pick<SlackConfig, 'staffUsers' | 'staffChannels'>,
  who: Requester,
): boolean {
  return (
    (who.userId !== undefined && config.staffUsers.includes(who.userId)) ||
    (who.channelId !== undefined && config.staffChannels.includes(who.channelId))
  );
}

interface LooseArgs {
  ack?: (response?: unknown) => Promise<void>;
  respond?: (message: unknown) => Promise<unknown>;
  next: () => Promise<void>;
}

export function staffOnly(deps: SlackDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const who = requester(args.body);
    const { ack, respond, next } = args as unknown as LooseArgs;
    if (isStaff(deps.config, who)) {
      deps.logger.info(
        { slackUserId: who.userId, slackChannelId: who.channelId, request: who.what },
        'slack: staff request',
      );
      await next();
      return;
    }
    deps.logger.warn(
      { slackUserId: who.userId, slackChannelId: who.channelId, request: who.what },
      'slack: refused a request from outside the staff',
    );
    if (who.kind === 'command') {
      await ack?.({ response_type: 'ephemeral', text: REFUSAL });
    } else if (who.kind === 'view') {
      await ack?.({
        response_action: 'update',
        view: {
          type: 'modal',
          title: { type: 'plain_text', text: 'Staff only' },
          close: { type: 'plain_text', text: 'Close' },
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: REFUSAL } }],
        },
      });
    } else {
      await ack?.();
      await respond?.({ response_type: 'ephemeral', replace_original: false, text: REFUSAL });
    }
  };
}
