/**
 * The sandbox's realistic latency: SANDBOX_LATENCY's values, and delays drawn with the
 * medians and 95th percentiles asked for (reads apart from Add, Confirm and Sale).
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#src/config.js';
import {
  createLatency,
  parseLatency,
  REALISTIC_LATENCY,
  seededRandom,
} from '#src/sandbox/latency.js';
import { percentile } from '#bench/stats.js';

describe("the sandbox's latency", () => {
  it('reads SANDBOX_LATENCY: off by default, realistic, or shapes of its own', () => {
    expect(parseLatency(undefined)).toBeUndefined();
    expect(parseLatency('off')).toBeUndefined();
    expect(parseLatency('realistic')).toEqual(REALISTIC_LATENCY);
    expect(parseLatency('reads=100/300')).toEqual({
      reads: { p50Ms: 100, p95Ms: 300 },
      writes: REALISTIC_LATENCY.writes,
    });
    expect(() => parseLatency('reads=300/100')).toThrow(/p50 ≤ p95/);
    expect(parseConfig({}).sandbox.latency).toBe('off');
    expect(() => parseConfig({ SANDBOX_LATENCY: 'slow' })).toThrow(/SANDBOX_LATENCY/);
  });

  it('draws reads and the writes that take money apart, at the medians and p95 asked', () => {
    const delay = createLatency(REALISTIC_LATENCY, seededRandom(7));
    const draws = (operation: string) => Array.from({ length: 20_000 }, () => delay(operation));
    const reads = draws('checkticketsquestions');
    const sales = draws('cart-sale');
    expect(percentile(reads, 50)).toBeGreaterThan(140);
    expect(percentile(reads, 50)).toBeLessThan(160);
    expect(percentile(reads, 95)).toBeGreaterThan(560);
    expect(percentile(reads, 95)).toBeLessThan(640);
    expect(percentile(sales, 50)).toBeGreaterThan(380);
    expect(percentile(sales, 50)).toBeLessThan(420);
    expect(percentile(sales, 95)).toBeGreaterThan(1130);
    expect(percentile(sales, 95)).toBeLessThan(1270);
    // The tail is a tail, not a hang.
    expect(Math.max(...sales)).toBeLessThanOrEqual(4 * 1200);
  });
});
