/**
 * SUPPORT_HOURS read once at start; whether staff answer at an instant, and from when,
 * in the hours' own zone (summer time included). Instants are pinned, never the clock.
 */
import { describe, expect, it } from 'vitest';
import {
  describeOpening,
  HoursError,
  isOpen,
  nextOpening,
  parseHours,
} from '#src/conversation/handoff/hours.js';

const madrid = parseHours('mon-fri 09:00-18:00 Europe/Madrid');

function rangesOf(text: string) {
  const hours = parseHours(text);
  if (hours.always) throw new Error(`${text} read as always`);
  return hours.ranges;
}

describe('SUPPORT_HOURS', () => {
  it('reads always, days and times in a zone, and several ranges', () => {
    expect(parseHours('always')).toEqual({ always: true });
    expect(madrid).toEqual({
      always: false,
      zone: 'Europe/Madrid',
      ranges: [{ days: [1, 2, 3, 4, 5], start: 540, end: 1080 }],
    });
    expect(rangesOf('mon-fri 09:00-18:00, sat 10:00-14:00 America/New_York')).toEqual([
      { days: [1, 2, 3, 4, 5], start: 540, end: 1080 },
      { days: [6], start: 600, end: 840 },
    ]);
    expect(rangesOf('fri-mon 20:00-23:00 Etc/UTC')[0]!.days).toEqual([0, 1, 5, 6]);
  });

  it.each([
    ['mon-fri 09:00-18:00', /time zone/],
    ['mon-fri 09:00-18:00 Mars/Olympus', /time zone/],
    ['moon-fri 09:00-18:00 Europe/Madrid', /could not read 'moon-fri 09:00-18:00'/],
    ['mon-fri 18:00-09:00 Europe/Madrid', /could not read/],
    ['mon-fri 9-18 Europe/Madrid', /could not read/],
  ])('refuses %s, saying what it expected', (text, reason) => {
    expect(() => parseHours(text)).toThrow(HoursError);
    expect(() => parseHours(text)).toThrow(reason);
  });

  it("is open on the zone's wall clock, winter and summer", () => {
    // Tuesday 2026-01-13: Madrid is UTC+1; 08:30 UTC is 09:30 there.
    expect(isOpen(madrid, new Date('2026-01-13T08:30:00Z'))).toBe(true);
    expect(isOpen(madrid, new Date('2026-01-13T07:59:00Z'))).toBe(false);
    expect(isOpen(madrid, new Date('2026-01-13T17:00:00Z'))).toBe(false);
    // Tuesday 2026-07-14: UTC+2; 07:30 UTC is 09:30 there, 16:30 UTC is 18:30.
    expect(isOpen(madrid, new Date('2026-07-14T07:30:00Z'))).toBe(true);
    expect(isOpen(madrid, new Date('2026-07-14T16:30:00Z'))).toBe(false);
    // Saturday.
    expect(isOpen(madrid, new Date('2026-01-17T10:00:00Z'))).toBe(false);
    expect(isOpen(parseHours('always'), new Date('2026-01-17T03:00:00Z'))).toBe(true);
  });

  it('names the next opening: now when open, the next morning, Monday after a Friday night', () => {
    const open = new Date('2026-01-13T08:30:00Z');
    expect(nextOpening(madrid, open)).toEqual(open);
    // Tuesday 19:00 in Madrid → Wednesday 09:00 (08:00 UTC).
    expect(nextOpening(madrid, new Date('2026-01-13T18:00:00Z'))).toEqual(
      new Date('2026-01-14T08:00:00Z'),
    );
    // Friday 20:00 → Monday 09:00.
    expect(nextOpening(madrid, new Date('2026-01-16T19:00:00Z'))).toEqual(
      new Date('2026-01-19T08:00:00Z'),
    );
    // Early morning, same day.
    expect(nextOpening(madrid, new Date('2026-01-13T05:10:20Z'))).toEqual(
      new Date('2026-01-13T08:00:00Z'),
    );
  });

  it('counts across a change to summer time in the zone', () => {
    // Saturday 2026-03-28 12:00 in Madrid (UTC+1); Monday 30th it is UTC+2: 09:00 = 07:00 UTC.
    expect(nextOpening(madrid, new Date('2026-03-28T11:00:00Z'))).toEqual(
      new Date('2026-03-30T07:00:00Z'),
    );
  });

  it("says when, in the customer's language and the hours' zone", () => {
    const at = new Date('2026-01-19T08:00:00Z');
    expect(describeOpening(madrid, at, 'en')).toBe('Monday 19 January at 09:00 (Europe/Madrid)');
    expect(describeOpening(madrid, at, 'es')).toMatch(
      /^lunes, 19 de enero.*09:00 \(Europe\/Madrid\)$/,
    );
  });
});
