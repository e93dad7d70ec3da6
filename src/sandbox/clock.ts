/**
 * The sandbox's own time: real time plus an offset that tests move forward
 * (POST /__sandbox/clock) to expire reservations or close sale windows.
 *
 * It may start at a given instant instead of the real time (tests, demos: CLOCK_START):
 * it then runs on from there at the real pace, and a reset goes back to that instant, so
 * that "today" and the time of day do not depend on when or where the tests run.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
  set(instant: Date): void;
  reset(): void;
}

export function createClock(start?: Date): Clock {
  const initialOffset = () => (start === undefined ? 0 : start.getTime() - Date.now());
  let offsetMs = initialOffset();
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
    set(instant) {
      offsetMs = instant.getTime() - Date.now();
    },
    reset() {
      offsetMs = initialOffset();
    },
  };
}
