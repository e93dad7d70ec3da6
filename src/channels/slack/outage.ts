/**
 * Partner outages as transitions: the first failure after a success opens an outage,
 * the first answer after a failure closes it. Alerts go out on transitions only, never
 * for every failed call. State is per process.
 */
export interface OutageTracker {
  /** True when this failure opens an outage. */
  failed(at: Date): boolean;
  /** The outage's length in ms when this answer closes one; undefined otherwise. */
  answered(at: Date): number | undefined;
}

export function createOutageTracker(): OutageTracker {
  let downSince: Date | undefined;
  return {
    failed(at) {
      if (downSince) return false;
      downSince = at;
      return true;
    },
    answered(at) {
      if (!downSince) return undefined;
      const length = at.getTime() - downSince.getTime();
      downSince = undefined;
      return length;
    },
  };
}
