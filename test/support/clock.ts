/**
 * The one "now" of the test suite. Every sandbox the tests start, and every bot (in
 * process or spawned), starts its clock at this instant rather than at the machine's
 * time, so that "today" and the time of day are the same wherever and whenever the
 * suite runs. TEST_NOW (an ISO instant) moves it, to prove that nothing depends on it:
 *
 *   TEST_NOW=2026-11-24T22:30:00Z npx vitest run     # 23:30 in Madrid
 *   TEST_NOW=2026-10-25T00:30:00Z npx vitest run     # Madrid's clocks go back that night
 *
 * Tests that need a particular time of day set it themselves (the sandbox's clock, or
 * an injected `now`) instead of relying on this default.
 */

/** A Wednesday, 10:00 in Madrid: an ordinary moment, nowhere near midnight or a DST change. */
export const DEFAULT_TEST_NOW = '2026-06-10T08:00:00Z';

export function testNow(): Date {
  const text = process.env.TEST_NOW?.trim() || DEFAULT_TEST_NOW;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) {
    throw new Error(`TEST_NOW: expected an ISO instant such as 2026-11-24T22:30:00Z, got ${text}`);
  }
  return instant;
}
