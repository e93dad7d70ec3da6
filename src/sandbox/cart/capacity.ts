/**
 * The capacity ledger: the initial places of every limited product day and limited
 * session (data.capacity), the places held by reservations (Confirm) and those sold.
 * Places are counted in quota tickets, as the spec's capacity is (the number of products
 * that fit is the reads' business: remaining ÷ quota tickets, rounded down).
 *
 * A hold lasts until its reservation's expiry instant. Expiry is lazy: every access first
 * drops the holds whose instant has passed (by the sandbox clock), so moving the clock
 * forward frees their places without any timer.
 */
import type { Clock } from '../clock.js';
import type { SandboxData } from '../data.js';

export interface CapacityView {
  /** Places left on a limited day of a product (undefined: not limited). */
  remainingForDay(productId: string, date: string): number | undefined;
  /** Places left in a session (undefined: not limited). */
  remainingForSession(sessionId: string): number | undefined;
}

/** Places wanted, by product day (`dayKey`) and by session. */
export interface CapacityNeeds {
  days: Map<string, number>;
  sessions: Map<string, number>;
}

export const dayKey = (productId: string, date: string): string => `${productId}|${date}`;

export function emptyNeeds(): CapacityNeeds {
  return { days: new Map(), sessions: new Map() };
}

export function addNeeds(into: CapacityNeeds, more: CapacityNeeds): void {
  for (const [key, n] of more.days) into.days.set(key, (into.days.get(key) ?? 0) + n);
  for (const [key, n] of more.sessions) into.sessions.set(key, (into.sessions.get(key) ?? 0) + n);
}

export function isEmptyNeeds(needs: CapacityNeeds): boolean {
  return needs.days.size === 0 && needs.sessions.size === 0;
}

/** What does not fit: the first product day or session short of places. */
export type Shortage =
  | { kind: 'day'; productId: string; date: string; wanted: number; remaining: number }
  | { kind: 'session'; sessionId: string; wanted: number; remaining: number };

export interface CapacityLedger extends CapacityView {
  /** Whether `needs` fit in what remains, once `alsoTaken` (already promised) is counted. */
  shortage(needs: CapacityNeeds, alsoTaken?: CapacityNeeds): Shortage | undefined;
  /** Holds `needs` under `holdId` until `expiresAtMs` (replacing a hold of that id). */
  hold(holdId: string, needs: CapacityNeeds, expiresAtMs: number): void;
  /** Whether a hold is still live (not released, not expired). */
  isHeld(holdId: string): boolean;
  release(holdId: string): void;
  /** Turns a live hold into places sold under `saleKey`; false when the hold is gone. */
  sell(holdId: string, saleKey: string): boolean;
  /** Gives back the places of a sale (a debit payment that failed). */
  unsell(saleKey: string): void;
}

interface Hold {
  needs: CapacityNeeds;
  expiresAtMs: number;
}

export function createCapacityLedger(data: SandboxData, clock: Clock): CapacityLedger {
  const initialDays = new Map(
    data.capacity.products.map((entry) => [dayKey(entry.productId, entry.date), entry.capacity]),
  );
  const initialSessions = new Map(
    data.capacity.sessions
      .filter((session) => session.capacity !== undefined)
      .map((session) => [session.sessionId, session.capacity!]),
  );
  const holds = new Map<string, Hold>();
  const sold = new Map<string, CapacityNeeds>();
  // Running totals of what live holds and sales take, so a lookup never scans them all.
  const taken = emptyNeeds();
  const count = (needs: CapacityNeeds, sign: 1 | -1): void => {
    for (const [key, n] of needs.days) taken.days.set(key, (taken.days.get(key) ?? 0) + sign * n);
    for (const [key, n] of needs.sessions)
      taken.sessions.set(key, (taken.sessions.get(key) ?? 0) + sign * n);
  };
  const dropHold = (id: string): void => {
    const hold = holds.get(id);
    if (hold === undefined) return;
    holds.delete(id);
    count(hold.needs, -1);
  };

  /** Lazy expiry: holds whose instant has passed are dropped before anything is read. */
  const purge = (): void => {
    const now = clock.now().getTime();
    for (const [id, hold] of holds) if (hold.expiresAtMs <= now) dropHold(id);
  };

  const dayRemaining = (key: string): number | undefined => {
    const initial = initialDays.get(key);
    return initial === undefined ? undefined : initial - (taken.days.get(key) ?? 0);
  };
  const sessionRemaining = (sessionId: string): number | undefined => {
    const initial = initialSessions.get(sessionId);
    return initial === undefined ? undefined : initial - (taken.sessions.get(sessionId) ?? 0);
  };

  return {
    remainingForDay(productId, date) {
      purge();
      const remaining = dayRemaining(dayKey(productId, date));
      return remaining === undefined ? undefined : Math.max(0, remaining);
    },
    remainingForSession(sessionId) {
      purge();
      const remaining = sessionRemaining(sessionId);
      return remaining === undefined ? undefined : Math.max(0, remaining);
    },
    shortage(needs, alsoTaken = emptyNeeds()) {
      purge();
      for (const [key, wanted] of needs.days) {
        const remaining = dayRemaining(key);
        if (remaining === undefined) continue;
        const left = remaining - (alsoTaken.days.get(key) ?? 0);
        if (wanted > left) {
          const [productId = '', date = ''] = key.split('|');
          return { kind: 'day', productId, date, wanted, remaining: Math.max(0, left) };
        }
      }
      for (const [sessionId, wanted] of needs.sessions) {
        const remaining = sessionRemaining(sessionId);
        if (remaining === undefined) continue;
        const left = remaining - (alsoTaken.sessions.get(sessionId) ?? 0);
        if (wanted > left)
          return { kind: 'session', sessionId, wanted, remaining: Math.max(0, left) };
      }
      return undefined;
    },
    hold(holdId, needs, expiresAtMs) {
      purge();
      dropHold(holdId);
      const own = { days: new Map(needs.days), sessions: new Map(needs.sessions) };
      holds.set(holdId, { needs: own, expiresAtMs });
      count(own, 1);
    },
    isHeld(holdId) {
      purge();
      return holds.has(holdId);
    },
    release(holdId) {
      dropHold(holdId);
    },
    sell(holdId, saleKey) {
      purge();
      const hold = holds.get(holdId);
      if (hold === undefined) return false;
      holds.delete(holdId);
      sold.set(saleKey, hold.needs);
      return true;
    },
    unsell(saleKey) {
      const needs = sold.get(saleKey);
      if (needs === undefined) return;
      sold.delete(saleKey);
      count(needs, -1);
    },
  };
}
