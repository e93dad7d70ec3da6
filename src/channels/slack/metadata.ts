/**
 * What our modals remember in `private_metadata` (Slack returns it untouched with every
 * submission and action of the view): the channel the command came from, so that a
 * staff channel's permission carries over to its form.
 */
export interface ViewMetadata {
  channelId?: string;
}

export function encodeMetadata(metadata: ViewMetadata): string {
  return JSON.stringify(metadata);
}

export function decodeMetadata(text: string | undefined): ViewMetadata {
  try {
    const value: unknown = JSON.parse(text ?? '');
    if (value && typeof value === 'object' && 'channelId' in value) {
      const { channelId } = value as { channelId: unknown };
      return typeof channelId === 'string' ? { channelId } : {};
    }
  } catch {
    // Not ours, or empty: no channel.
  }
  return {};
}
