/**
 * The sandbox's own time: real time plus an offset that tests move forward
 * (POST /__sandbox/clock) to expire reservations or close sale windows.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
  set(instant: Date): void;
  reset(): void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
    set(instant) {
      offsetMs = instant.getTime() - Date.now();
    },
    reset() {
      offsetMs = 0;
    },
  };
}
