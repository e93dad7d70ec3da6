/**
 * Partner outages as transitions: the first failure after a success opens an outage,
 * the first answer after a failure closes it. Alerts go out on transitions only, never
 * for every failed call: the tracker sees this process's transitions, the announcer
 * (below) picks one instance of the deployment to announce each.
 */
import type { Store } from '#src/store/store.js';

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

/** The deployment's partner outage as the instances share it in the store. */
interface SharedOutage {
  down: boolean;
  /** ISO instant the outage opened. */
  since: string;
}

/** Kept this long past its last change, so that a forgotten "down" cannot mute alerts forever. */
const SHARED_OUTAGE_TTL_SECONDS = 24 * 60 * 60;

/**
 * Decides which instance announces an outage's start and end: every instance sees the
 * partner fail, one alert is wanted per deployment. The edge is written in the store
 * under a compare-and-set (the store's versioned `put`): the instance whose write lands
 * announces it, the others find it already written. The key is scoped by the channel the
 * alerts go to, so deployments sharing a Redis and a channel share the announcement too.
 */
export interface OutageAnnouncer {
  /** True when this instance is to announce that an outage opened. */
  opened(at: Date): Promise<boolean>;
  /** The outage's length in ms when this instance is to announce its end. */
  closed(at: Date): Promise<number | undefined>;
}

export function createOutageAnnouncer(
  store: Pick<Store, 'get' | 'put'>,
  key: string,
): OutageAnnouncer {
  /** Writes `next` over what is stored if `wanted` says so; false when another wrote first. */
  const turn = async (
    wanted: (stored: SharedOutage | undefined) => boolean,
    next: (stored: SharedOutage | undefined) => SharedOutage,
  ): Promise<SharedOutage | undefined> => {
    const stored = await store.get<SharedOutage>(key);
    if (!wanted(stored?.value)) return undefined;
    const written = await store.put(
      key,
      next(stored?.value),
      stored?.version ?? 0,
      SHARED_OUTAGE_TTL_SECONDS,
    );
    return written === undefined ? undefined : (stored?.value ?? next(undefined));
  };
  return {
    async opened(at) {
      const won = await turn(
        (stored) => stored?.down !== true,
        () => ({ down: true, since: at.toISOString() }),
      );
      return won !== undefined;
    },
    async closed(at) {
      const won = await turn(
        (stored) => stored?.down === true,
        (stored) => ({ down: false, since: stored?.since ?? at.toISOString() }),
      );
      return won === undefined ? undefined : at.getTime() - Date.parse(won.since);
    },
  };
}
