// PLACEHOLDER (replaced by the cart helper).
import type { Clock } from '../clock.js';
import type { SandboxData } from '../data.js';
export interface CapacityView {
  /** Places left on a limited day of a product (undefined: not limited). */
  remainingForDay(productId: string, date: string): number | undefined;
  /** Places left in a session (undefined: not limited). */
  remainingForSession(sessionId: string): number | undefined;
}
export interface CartState {
  capacity: CapacityView;
}
export function createCartState(_data: SandboxData, _clock: Clock): CartState {
  return { capacity: { remainingForDay: () => undefined, remainingForSession: () => undefined } };
}
