/**
 * The sandbox's mutable state, one slice per area: carts, reservations, capacity, sales,
 * gift cards and cancellation requests (cart/); package quotes (packages/). Reset
 * (POST /__sandbox/reset) builds a fresh one.
 */
import { createCartState, type CartState } from './cart/state.js';
import type { Clock } from './clock.js';
import type { SandboxData } from './data.js';
import { createPackageState, type PackageState } from './packages/state.js';

export interface SandboxState {
  readonly cart: CartState;
  readonly packages: PackageState;
}

export function createState(data: SandboxData, clock: Clock): SandboxState {
  return { cart: createCartState(data, clock), packages: createPackageState(data) };
}
