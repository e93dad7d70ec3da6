/**
 * Who a staff member is, for the customer: the Slack display name that goes before
 * each of their messages (users.info), kept per user for a while so that a busy thread
 * does not ask Slack on every reply. A name Slack does not give falls back to the real
 * name, then to "Staff": a reply is never held back for a name.
 */
import type { webApi } from '@slack/bolt';
import type { StaffMember } from '#src/conversation/handoff/ports.js';
import type { Logger } from '#src/log.js';

export const NAME_CACHE_MS = 10 * 60 * 1000;

export type StaffNames = (userId: string) => Promise<StaffMember>;

interface UserInfo {
  user?: {
    name?: string;
    real_name?: string;
    profile?: { display_name?: string; real_name?: string };
  };
}

export function createStaffNames(
  client: webApi.WebClient,
  logger: Logger,
  now: () => Date = () => new Date(),
): StaffNames {
  const cache = new Map<string, { name: string; until: number }>();
  return async (userId) => {
    const cached = cache.get(userId);
    if (cached && cached.until > now().getTime()) return { id: userId, name: cached.name };
    let name: string | undefined;
    try {
      const { user } = (await client.users.info({ user: userId })) as UserInfo;
      name = [user?.profile?.display_name, user?.profile?.real_name, user?.real_name]
        .map((value) => value?.trim())
        .find((value) => value !== undefined && value !== '');
    } catch (error) {
      logger.warn(
        { slackUserId: userId, code: (error as { data?: { error?: string } }).data?.error },
        'slack: staff name not found',
      );
      return { id: userId, name: 'Staff' };
    }
    const found = name ?? 'Staff';
    cache.set(userId, { name: found, until: now().getTime() + NAME_CACHE_MS });
    return { id: userId, name: found };
  };
}
