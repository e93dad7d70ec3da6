/**
 * A file staff share in a customer's thread, fetched for the customer: Slack's message
 * event names it (`files`, with a private download URL that takes the bot token), and its
 * bytes are read here, at most STAFF_FILE_MAX_BYTES. The token goes only to Slack's own
 * file host (or, with SLACK_API_URL, the host that URL names: a local Slack in tests),
 * never to a URL an event could point elsewhere.
 */
import type { OutgoingFile } from '#src/conversation/handoff/ports.js';

/** What Telegram lets a bot send is 50 MB; a turn's input is held in memory, so less. */
export const STAFF_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The fields of a message event's file this reads. */
export interface SharedFile {
  name?: string;
  title?: string;
  mimetype?: string;
  size?: number;
  url_private_download?: string;
  url_private?: string;
}

export type FetchedFile =
  { ok: true; file: OutgoingFile } | { ok: false; why: 'too-large' | 'unreadable' };

const SLACK_FILES = 'https://files.slack.com';

/** Whether `url` is where Slack serves private files (so the token may go with it). */
function slackHosted(url: URL, apiUrl: string | undefined): boolean {
  if (url.origin === SLACK_FILES) return true;
  return apiUrl !== undefined && url.origin === new URL(apiUrl).origin;
}

export async function fetchSharedFile(
  shared: SharedFile,
  options: { token: string; apiUrl?: string; fetch?: typeof fetch },
): Promise<FetchedFile> {
  if ((shared.size ?? 0) > STAFF_FILE_MAX_BYTES) return { ok: false, why: 'too-large' };
  const address = shared.url_private_download ?? shared.url_private;
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    return { ok: false, why: 'unreadable' };
  }
  if (!slackHosted(url, options.apiUrl)) return { ok: false, why: 'unreadable' };
  const response = await (options.fetch ?? fetch)(url, {
    headers: { authorization: `Bearer ${options.token}` },
    redirect: 'error',
  }).catch(() => undefined);
  if (!response?.ok) return { ok: false, why: 'unreadable' };
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > STAFF_FILE_MAX_BYTES) return { ok: false, why: 'too-large' };
  return {
    ok: true,
    file: {
      name: shared.name ?? shared.title ?? 'file',
      mime: shared.mimetype ?? 'application/octet-stream',
      base64: bytes.toString('base64'),
    },
  };
}
