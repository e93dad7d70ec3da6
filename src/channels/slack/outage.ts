/**
 * Partner outages as transitions, debounced: a failed call followed by an answer is no
 * outage (a single look-up that timed out would otherwise post "down" and "up" each
 * time). An outage opens when failures go on without an answer between them: the
 * OUTAGE_FAILURES-th in a row, or one OUTAGE_CONFIRM_MS after the first; it closes at
 * the first answer after that. One "down" and one "up" per outage, however many calls
 * failed between: the tracker sees this process's transitions, the announcer (below)
 * picks one instance of the deployment to announce each.
 */
import type { Store } from '#src/store/store.js';

/** Failures in a row (no answer between) that make an outage. */
export const OUTAGE_FAILURES = 3;
/** Or this long between the first failure and a later one, with no answer between. */
export const OUTAGE_CONFIRM_MS = 30_000;

export interface OutageTracker<Failure = unknown> {
  /**
   * The streak's first failure when this one opens an outage (it is to be announced as
   * such); undefined otherwise.
   */
  failed(at: Date, failure?: Failure): { first: Failure | undefined } | undefined;
  /** The outage's length in ms when this answer closes one; undefined otherwise. */
  answered(at: Date): number | undefined;
}

export function createOutageTracker<Failure = unknown>(): OutageTracker<Failure> {
  let streak: { since: Date; count: number; first: Failure | undefined } | undefined;
  let open = false;
  return {
    failed(at, failure) {
      streak ??= { since: at, count: 0, first: failure };
      streak.count += 1;
      if (open) return undefined;
      const lasting = at.getTime() - streak.since.getTime() >= OUTAGE_CONFIRM_MS;
      if (streak.count < OUTAGE_FAILURES && !lasting) return undefined;
      open = true;
      return { first: streak.first };
    },
    answered(at) {
      const was = streak;
      streak = undefined;
      if (!open || !was) return undefined;
      open = false;
      return at.getTime() - was.since.getTime();
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
