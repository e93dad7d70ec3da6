/**
 * The bytes of unauthenticated request bodies the process holds at once, whatever the
 * routes and addresses: what a flood of unsigned posts can make the process keep is this,
 * not the number of requests times a route's limit. A request takes its share before a
 * byte of its body is read (its Content-Length, or its route's limit when streamed), and
 * gives it back when its route is done; with no room left it is answered 503, unread.
 */
export interface BodyBudget {
  /** Takes `bytes`; false when they would pass the budget (nothing taken). */
  take(bytes: number): boolean;
  give(bytes: number): void;
  /** Bytes taken now. */
  readonly used: number;
}

export function createBodyBudget(limit: number): BodyBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used + bytes > limit) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used = Math.max(0, used - bytes);
    },
    get used() {
      return used;
    },
  };
}
