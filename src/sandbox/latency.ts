/**
 * A realistic partner: each operation answers after a delay drawn for that call, the way
 * a service on the other side of the internet does. Off unless asked for
 * (SANDBOX_LATENCY), so tests and `npm start` stay instant.
 *
 * Delays are log-normal, the usual shape of network and service times (most calls near
 * the median, a long tail), fitted to a median and a 95th percentile. The writes that
 * take money or places (Add, Confirm, Sale) are slower than the reads, as a real
 * service's are: they lock and write.
 */

export interface LatencyShape {
  p50Ms: number;
  p95Ms: number;
}

export interface LatencyProfile {
  reads: LatencyShape;
  /** cart-add, cart-confirm, cart-sale. */
  writes: LatencyShape;
}

/** The partner as measured in production: reads 150 / 600 ms, Add, Confirm, Sale 400 ms / 1.2 s. */
export const REALISTIC_LATENCY: LatencyProfile = {
  reads: { p50Ms: 150, p95Ms: 600 },
  writes: { p50Ms: 400, p95Ms: 1200 },
};

const WRITES = new Set(['cart-add', 'cart-confirm', 'cart-sale']);

/** z of the 95th percentile of the standard normal. */
const Z95 = 1.6448536;

/** Longest delay drawn, as a multiple of the p95: the tail stays a tail, not a hang. */
const CAP_OVER_P95 = 4;

const SHAPE = /^(\d+)\/(\d+)$/;

function shapeOf(name: string, text: string): LatencyShape {
  const match = SHAPE.exec(text.trim());
  if (!match) throw new Error(`${name}: p50/p95 in ms, such as 150/600, not ${text}`);
  const p50Ms = Number(match[1]);
  const p95Ms = Number(match[2]);
  if (p50Ms <= 0 || p95Ms < p50Ms) throw new Error(`${name}: 0 < p50 ≤ p95, not ${text}`);
  return { p50Ms, p95Ms };
}

/**
 * SANDBOX_LATENCY: `off` or empty (none), `realistic`, or shapes of one's own such as
 * `reads=150/600,writes=400/1200` (either may be left out: the realistic one then).
 * Throws with a line naming what is wrong.
 */
export function parseLatency(text: string | undefined): LatencyProfile | undefined {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'off' || value === '0') return undefined;
  if (value === 'realistic') return REALISTIC_LATENCY;
  const profile = { ...REALISTIC_LATENCY };
  for (const part of value.split(',')) {
    const [key, shape = ''] = part.split('=');
    if (key?.trim() === 'reads') profile.reads = shapeOf('reads', shape);
    else if (key?.trim() === 'writes') profile.writes = shapeOf('writes', shape);
    else throw new Error(`off, realistic, or reads=150/600,writes=400/1200, not ${text}`);
  }
  return profile;
}

/** A small seeded generator (mulberry32): the same seed, the same delays. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** The delays of a profile, drawn call by call. */
export function createLatency(
  profile: LatencyProfile,
  random: () => number = Math.random,
): (operation: string) => number {
  return (operation) => {
    const shape = WRITES.has(operation) ? profile.writes : profile.reads;
    const sigma = Math.log(shape.p95Ms / shape.p50Ms) / Z95;
    const drawn = shape.p50Ms * Math.exp(sigma * normal(random));
    return Math.round(Math.min(drawn, shape.p95Ms * CAP_OVER_P95));
  };
}
